import Foundation
import SQLKit
import TallyCore
import TallyFiles
import Testing

@testable import TallyStore

/// Issue 42, finding 6: a rule applied to a whole book, its undo and a book's deletion run in
/// batches of bounded size and time, each its own transaction, and stay one change to the person.
@Suite("Long writes in batches")
struct LongWriteTests {
    /// Seven changes a batch: the book below takes dozens of batches.
    static let small = LongWriteLimits(rows: 7, duration: .seconds(3600))
    /// Everything in one batch, as before batches.
    static let whole = LongWriteLimits(rows: 1_000_000, duration: .seconds(3600))

    /// 300 records of every kind a rule meets: plain, split, tagged, transfers, another currency.
    static func csv() -> String {
        var csv = "date,amount,kind,payee,category,subcategory,account,currency,note,to_account,split,line_note,tags\n"
        for i in 0..<300 {
            let day = String(format: "2024-%02d-%02d", i % 12 + 1, i % 28 + 1)
            let payee = ["Coffee Shop \(i % 5)", "Market", "Bakery café"][i % 3]
            switch i % 10 {
            case 0:
                csv += "\(day),3.25,expense,\(payee),Food,Snacks,Cash,USD,,,s\(i),one,\n"
                csv += "\(day),2.50,expense,\(payee),Home,,Cash,USD,,,s\(i),two,\n"
            case 1: csv += "\(day),\(i % 90 + 1).10,expense,\(payee),Food,,Card,USD,n\(i),,,,t\(i % 4)\n"
            case 2: csv += "\(day),40.00,transfer,,,,Cash,USD,,Savings,,,\n"
            case 3: csv += "\(day),12.00,income,\(payee),Salary,,Card,EUR,,,,,\n"
            default: csv += "\(day),\(i % 70 + 1).0\(i % 10),expense,\(payee),Food,,Cash,USD,,,,,\n"
            }
        }
        return csv
    }

    /// A user, their book filled with `csv()`, and a rule that changes category, account, note
    /// and tags of most of it.
    static func seeded(_ store: Store, email: String = "owner@example.com") async throws -> (BookScope, Rule) {
        let (user, book) = try await owner(store, email: email)
        let scope = try await store.scope(user, book: book.id)
        let source = try TallyCSVImport(
            bytes: Array(csv().utf8),
            bookCurrency: book.currency,
            today: LocalDate(year: 2024, month: 12, day: 31)!
        )
        _ = try await store.imports.importRecords(into: scope, from: source)
        let rule = try await store.rules.addRule(
            in: scope,
            RuleInput(payeeContains: "c", setCategory: "Food", setNote: "ruled", setAccount: "Savings", addTag: "seen")
        )
        return (try await store.scope(user, book: book.id), rule)
    }

    /// The book's records, their tags by name and every kept total, as text (cells and moves of
    /// zero left out: an undo may leave an emptied row where there was none).
    static func snapshot(_ store: Store, _ book: BookID) async throws -> [String] {
        try await store.database.read { db in
            var out: [String] = []
            func rows(_ columns: [String], _ from: String, _ order: String) async throws {
                let list = columns.map { "CAST(\($0) AS TEXT) AS \($0.split(separator: ".").last!)" }
                for row in try await db.raw(
                    "SELECT \(unsafeRaw: list.joined(separator: ", ")) FROM \(unsafeRaw: from) ORDER BY \(unsafeRaw: order)"
                ).all() {
                    let values = try columns.map {
                        try row.decode(column: String($0.split(separator: ".").last!), as: String?.self) ?? "-"
                    }
                    out.append(from.prefix(20) + ": " + values.joined(separator: "|"))
                }
            }
            let id = book.rawValue
            try await rows(
                [
                    "id", "kind", "date", "payee", "payee_key", "note", "category_id", "account_id", "to_account_id",
                    "amount_minor", "base_minor", "line_count", "tag_count",
                ],
                "transactions WHERE book_id = \(id)",
                "id"
            )
            try await rows(
                ["tt.transaction_id", "g.name", "tt.position"],
                "transaction_tags tt JOIN tags g ON g.id = tt.tag_id WHERE g.book_id = \(id)",
                "tt.transaction_id, tt.position"
            )
            for table in TotalsTable.all {
                try await rows(
                    table.columns,
                    "\(table.name) WHERE book_id = \(id) AND records <> 0",
                    // Every key column: month_totals' seventh (currency) orders a payee's cells too.
                    table.keyColumns.joined(separator: ", ")
                )
            }
            for table in AccountMovesTable.all {
                try await rows(table.columns, "\(table.name) WHERE book_id = \(id) AND delta_minor <> 0", "2, 3, 4")
            }
            try await rows(
                ["account_id", "currency", "balance_minor"],
                "account_balances WHERE book_id = \(id) AND balance_minor <> 0",
                "1, 2"
            )
            return out
        }
    }

    static func jobs(_ store: Store) async throws -> Int {
        try await store.database.read { db in
            try await db.raw("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM long_writes").first()!.decode(
                column: "n",
                as: Int.self
            )
        }
    }

    /// Stops a job after its `n`th batch, with `error`.
    static func stopping(
        after n: Int,
        with error: any Error & Sendable,
        _ limits: LongWriteLimits = small
    )
        -> LongWriteLimits
    {
        var limits = limits
        limits.afterBatch = { batch in if batch == n { throw error } }
        return limits
    }

    struct Injected: Error {}

    @Test(
        "a rule applied in batches of 7 changes exactly what one transaction did; undone in batches, the book is as before",
        arguments: Backend.available
    )
    func sameAsOneBatch(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (scope, rule) = try await Self.seeded(store)
            let before = try await Self.snapshot(store, scope.bookID)
            let preview = try await store.rules.applyRule(rule.id!, in: scope, dryRun: true)
            #expect(preview.count > 150)
            let once = try await store.rules.applyRule(rule.id!, in: scope, dryRun: false, limits: Self.whole)
            let applied = try await Self.snapshot(store, scope.bookID)
            #expect(applied != before)
            #expect(once.count == preview.count && once.changes == preview.changes)
            #expect(try await store.checks.check().isClean)
            #expect(try await store.rules.undoRun(once.id!, in: scope, limits: Self.small) == once.count)
            #expect(try await Self.snapshot(store, scope.bookID) == before)
            #expect(try await store.checks.check().isClean)

            let batched = try await store.rules.applyRule(rule.id!, in: scope, dryRun: false, limits: Self.small)
            #expect(batched.count == once.count && batched.changes == once.changes)
            #expect(try await Self.snapshot(store, scope.bookID) == applied)
            #expect(try await store.checks.check().isClean)
            #expect(try await Self.jobs(store) == 0)
            // The run is one change: one undo takes all of it back.
            #expect(try await store.rules.undoRun(batched.id!, in: scope, limits: Self.small) == batched.count)
            #expect(try await Self.snapshot(store, scope.bookID) == before)
            await #expect(throws: StoreError.notFound("rule run")) {
                _ = try await store.rules.undoRun(batched.id!, in: scope)
            }
        }
    }

    @Test(
        "a failure after batch 5 of an apply undoes batches 1 to 5: the book is as before, the run gone",
        arguments: Backend.available
    )
    func failureUndoes(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (scope, rule) = try await Self.seeded(store)
            let before = try await Self.snapshot(store, scope.bookID)
            await #expect(throws: Injected.self) {
                _ = try await store.rules.applyRule(
                    rule.id!,
                    in: scope,
                    dryRun: false,
                    limits: Self.stopping(after: 5, with: Injected())
                )
            }
            #expect(try await Self.snapshot(store, scope.bookID) == before)
            #expect(try await store.checks.check().isClean)
            #expect(try await Self.jobs(store) == 0)
            let runs = try await store.database.read { db in try await db.raw("SELECT id FROM rule_runs").all() }
            #expect(runs.isEmpty)
            // The book is free again.
            #expect(try await store.rules.applyRule(rule.id!, in: scope, dryRun: false, limits: Self.small).count > 150)
        }
    }

    @Test(
        "an apply whose process died: the totals are right after its last batch, the book refuses a second one (409), and resuming undoes it",
        arguments: Backend.available
    )
    func deadApplyIsUndone(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (scope, rule) = try await Self.seeded(store)
            let before = try await Self.snapshot(store, scope.bookID)
            await #expect(throws: LongWriteAbandoned.self) {
                _ = try await store.rules.applyRule(
                    rule.id!,
                    in: scope,
                    dryRun: false,
                    limits: Self.stopping(after: 4, with: LongWriteAbandoned())
                )
            }
            #expect(try await Self.snapshot(store, scope.bookID) != before)
            #expect(try await store.checks.check().isClean)
            #expect(try await Self.jobs(store) == 1)
            let busy = StoreError.conflict("this book is busy: a rule is being applied; try again when it is done")
            await #expect(throws: busy) { _ = try await store.rules.applyRule(rule.id!, in: scope, dryRun: false) }
            await #expect(throws: busy) { try await store.books.delete(in: scope) }
            // The preview still answers.
            #expect(try await store.rules.applyRule(rule.id!, in: scope, dryRun: true).count > 0)
            // Alive (a fresh heartbeat): left alone.
            #expect(try await store.longWrites.resumeAbandoned(limits: Self.small) == 0)
            var now = Self.small
            now.staleAfter = .zero
            #expect(try await store.longWrites.resumeAbandoned(limits: now) == 1)
            #expect(try await Self.snapshot(store, scope.bookID) == before)
            #expect(try await store.checks.check().isClean)
            #expect(try await Self.jobs(store) == 0)
        }
    }

    @Test(
        "an undo whose process died is finished on resume; a stale job is taken over by the next apply",
        arguments: Backend.available
    )
    func deadUndoIsFinished(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (scope, rule) = try await Self.seeded(store)
            let before = try await Self.snapshot(store, scope.bookID)
            let run = try await store.rules.applyRule(rule.id!, in: scope, dryRun: false, limits: Self.small)
            let applied = try await Self.snapshot(store, scope.bookID)
            await #expect(throws: LongWriteAbandoned.self) {
                _ = try await store.rules.undoRun(
                    run.id!,
                    in: scope,
                    limits: Self.stopping(after: 3, with: LongWriteAbandoned())
                )
            }
            #expect(try await store.checks.check().isClean)
            await #expect(
                throws: StoreError.conflict("this book is busy: a rule run is being undone; try again when it is done")
            ) {
                _ = try await store.rules.undoRun(run.id!, in: scope)
            }
            var stale = Self.small
            stale.staleAfter = .zero
            // The next apply finds the dead undo, finishes it, then applies.
            let again = try await store.rules.applyRule(rule.id!, in: scope, dryRun: false, limits: stale)
            #expect(again.count == run.count)
            #expect(try await Self.snapshot(store, scope.bookID) == applied)
            let status = try await store.database.read { db in
                try await db.raw("SELECT status FROM rule_runs WHERE id = \(bind: run.id!)").first()!.decode(
                    column: "status",
                    as: String.self
                )
            }
            #expect(status == "undone")
            _ = try await store.rules.undoRun(again.id!, in: scope, limits: Self.small)
            #expect(try await Self.snapshot(store, scope.bookID) == before)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test(
        "a book deleted in batches: gone to its members at once, the other book untouched, and a dead deletion finished on resume",
        arguments: Backend.available
    )
    func deleteInBatches(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (scope, _) = try await Self.seeded(store)
            let (other, _) = try await Self.seeded(store, email: "other@example.com")
            let kept = try await Self.snapshot(store, other.bookID)
            await #expect(throws: LongWriteAbandoned.self) {
                try await store.books.delete(in: scope, limits: Self.stopping(after: 6, with: LongWriteAbandoned()))
            }
            #expect(try await store.checks.check().isClean)
            await #expect(throws: StoreError.notFound("book")) {
                _ = try await store.scope(scope.user, book: scope.bookID)
            }
            #expect(try await store.books.all(for: scope.user).allSatisfy { $0.id != scope.bookID })
            var stale = Self.small
            stale.staleAfter = .zero
            #expect(try await store.longWrites.resumeAbandoned(limits: stale) == 1)
            let left = try await store.database.read { db in
                try await db.raw("SELECT id FROM books WHERE id = \(bind: scope.bookID)").all().count
            }
            #expect(left == 0)
            #expect(try await Self.jobs(store) == 0)
            #expect(try await Self.snapshot(store, other.bookID) == kept)
            #expect(try await store.checks.check().isClean)
            // Straight through, in batches.
            try await store.books.delete(in: other, limits: Self.small)
            #expect(try await Self.snapshot(store, other.bookID).isEmpty)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test(
        "an account deleted: its own book goes in batches, a dead deletion is finished on resume, a shared book stays",
        arguments: Backend.available
    )
    func accountDeletedInBatches(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (scope, _) = try await Self.seeded(store)
            let (other, _) = try await Self.seeded(store, email: "other@example.com")
            let kept = try await Self.snapshot(store, other.bookID)
            // The account goes at once; its book's batches stop after the 6th, as a kill would.
            try await store.users.deleteAccount(
                scope.user,
                password: "correct horse",
                client: nil,
                limits: .standard,
                writes: Self.stopping(after: 6, with: LongWriteAbandoned())
            )
            await #expect(throws: StoreError.self) {
                _ = try await store.users.authenticate(email: "owner@example.com", password: "correct horse")
            }
            #expect(try await Self.jobs(store) == 1)
            #expect(try await store.checks.check().isClean)
            var stale = Self.small
            stale.staleAfter = .zero
            #expect(try await store.longWrites.resumeAbandoned(limits: stale) == 1)
            let left = try await store.database.read { db in
                try await db.raw("SELECT id FROM transactions WHERE book_id = \(bind: scope.bookID)").all().count
                    + db.raw("SELECT id FROM books WHERE id = \(bind: scope.bookID)").all().count
            }
            #expect(left == 0)
            #expect(try await Self.jobs(store) == 0)
            #expect(try await Self.snapshot(store, other.bookID) == kept)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test(
        "an account whose book is busy with a long write is not deleted: 409, nothing taken away",
        arguments: Backend.available
    )
    func accountDeletionWaitsForBusyBook(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (scope, _) = try await Self.seeded(store)
            try await store.database.write { db in
                _ = try await LongWrite.claim(db, book: scope.bookID, kind: .reconvert, subject: nil)
            }
            await #expect(
                throws: StoreError.conflict(
                    "this book is busy: its records are being converted at new rates; try again when it is done"
                )
            ) {
                try await store.users.deleteAccount(scope.user, password: "correct horse")
            }
            #expect(
                try await store.users.authenticate(email: "owner@example.com", password: "correct horse").id
                    == scope.user.id
            )
            #expect(try await store.books.all(for: scope.user).map(\.id) == [scope.bookID])
        }
    }
}
