import Foundation
import SQLKit
import TallyCore
import TallyFiles
import Testing

@testable import TallyStore

/// Issue 42, finding 6: a big import commits in batches of bounded size and time, each its own
/// transaction, and stays all-or-nothing: a failed one is undone before its error is answered, a
/// dead one by the next start; a small one is one transaction, as before.
@Suite("Imports in batches", .serialized)
struct ImportBatchTests {
    typealias Long = LongWriteTests
    static let today = LocalDate(year: 2024, month: 12, day: 31)!

    /// A book with a rate for EUR and a few records (Food, Cash and a payee already there).
    static func book(_ store: Store, _ email: String) async throws -> BookScope {
        let (user, book) = try await owner(store, email: email)
        let scope = try await store.scope(user, book: book.id)
        _ = try await store.rates.setRate(
            in: scope,
            currency: Currency(code: "EUR")!,
            date: LocalDate(year: 2024, month: 1, day: 1)!,
            rate: ExchangeRate("1.1")!
        )
        let seed = """
            date,amount,kind,payee,category,subcategory,account,currency,note,to_account,split,line_note,tags
            2023-12-01,5.00,expense,Market,Food,,Cash,USD,,,,,old
            2023-12-02,7.00,expense,Bakery café,Food,Bread,Cash,EUR,,,,,
            """
        _ = try await load(store, scope, seed, Long.whole)
        return try await store.scope(user, book: book.id)
    }

    static func load(
        _ store: Store,
        _ scope: BookScope,
        _ csv: String,
        _ limits: LongWriteLimits
    ) async throws
        -> ImportResult
    {
        let source = try TallyCSVImport(bytes: Array(csv.utf8), bookCurrency: scope.book.currency, today: today)
        return try await store.imports.importRecords(into: scope, from: source, limits: limits)
    }

    /// What a person sees of the book, ids replaced by names and records by their place, so that
    /// two books compare: categories, accounts, tags, records with their lines and tags, every
    /// kept total, balance and payee; `names` false leaves out the lists of categories, accounts
    /// and tags (a dead import's stay).
    static func view(_ store: Store, _ book: BookID, names: Bool = true) async throws -> [String] {
        try await store.database.read { db in
            let b = book.rawValue
            var named: [String: String] = ["0": "-"]
            var out: [String] = []
            for row in try await db.raw(
                """
                SELECT CAST(c.id AS TEXT) AS id, c.kind || ':' || COALESCE(p.name || ':', '') || c.name AS name
                FROM categories c LEFT JOIN categories p ON p.id = c.parent_id WHERE c.book_id = \(bind: book)
                UNION ALL SELECT CAST(id AS TEXT) AS id, 'account:' || name || ':' || currency AS name FROM accounts
                WHERE book_id = \(bind: book)
                UNION ALL SELECT CAST(id AS TEXT) AS id, 'tag:' || name AS name FROM tags WHERE book_id = \(bind: book)
                """
            ).all() {
                let name = try row.decode(column: "name", as: String.self)
                named[try row.decode(column: "id", as: String.self) + name.prefix(1)] = name
                if names { out.append(name) }
            }
            out.sort()
            var place: [String: String] = [:]
            func rows(_ all: [String], _ from: String, _ order: String, sorted: Bool = true) async throws {
                let columns = all.filter { $0 != "book_id" }
                let list = columns.map { "CAST(\($0) AS TEXT) AS \($0.split(separator: ".").last!)" }
                var lines: [String] = []
                for row in try await db.raw(
                    "SELECT \(unsafeRaw: list.joined(separator: ", ")) FROM \(unsafeRaw: from) ORDER BY \(unsafeRaw: order)"
                ).all() {
                    let values = try columns.map { column -> String in
                        let key = String(column.split(separator: ".").last!)
                        let value = try row.decode(column: key, as: String?.self) ?? "-"
                        if key.hasSuffix("category_id") { return named[value + "e"] ?? named[value + "i"] ?? value }
                        if key.hasSuffix("account_id") { return named[value + "a"] ?? value }
                        if key == "tag_id" { return named[value + "t"] ?? value }
                        if key == "transaction_id" { return place[value] ?? value }
                        return value
                    }
                    lines.append(from.prefix(18) + ": " + values.joined(separator: "|"))
                }
                out += sorted ? lines.sorted() : lines
            }
            for (i, row) in try await db.raw(
                "SELECT CAST(id AS TEXT) AS place FROM transactions WHERE book_id = \(bind: book) ORDER BY transactions.id"
            )
            .all().enumerated() {
                place[try row.decode(column: "place", as: String.self)] = "#\(i)"
            }
            try await rows(
                [
                    "kind", "date", "time", "payee", "payee_key", "note", "category_id", "account_id", "to_account_id",
                    "amount_minor", "currency", "base_minor", "line_count", "tag_count", "imported_id",
                ],
                "transactions WHERE book_id = \(b)",
                "id",
                sorted: false
            )
            try await rows(
                ["transaction_id", "position", "category_id", "amount_minor", "base_minor", "note"],
                "transaction_lines WHERE book_id = \(b)",
                "transaction_id, position"
            )
            try await rows(
                ["tt.transaction_id", "tt.tag_id", "tt.position"],
                "transaction_tags tt JOIN tags g ON g.id = tt.tag_id WHERE g.book_id = \(b)",
                "1"
            )
            for table in TotalsTable.all {
                try await rows(table.columns, "\(table.name) WHERE book_id = \(b) AND records <> 0", "1")
            }
            for table in AccountMovesTable.all {
                try await rows(table.columns, "\(table.name) WHERE book_id = \(b) AND delta_minor <> 0", "1")
            }
            try await rows(
                ["account_id", "currency", "balance_minor"],
                "account_balances WHERE book_id = \(b) AND balance_minor <> 0",
                "1"
            )
            try await rows(
                [
                    "name", "name_key", "last_category_id", "last_account_id", "last_amount_minor", "last_currency",
                    "use_count",
                ],
                "payees WHERE book_id = \(b)",
                "1"
            )
            try await rows(
                ["account_id", "imported_id", "transaction_id"],
                "imported_ids WHERE book_id = \(b)",
                "1"
            )
            return out
        }
    }

    /// Limits whose hook runs `body` after each batch (with its number).
    static func hooked(
        _ limits: LongWriteLimits = Long.small,
        _ body: @escaping @Sendable (Int) async throws -> Void
    ) -> LongWriteLimits {
        var limits = limits
        limits.afterBatch = body
        return limits
    }

    static let busy = StoreError.conflict("this book is busy: a file is being imported; try again when it is done")

    @Test(
        "a CSV file in batches of 7 ends as the same file in one transaction; meanwhile the book refuses another long write",
        arguments: Backend.available
    )
    func csvSameAsWhole(backend: Backend) async throws {
        try await withStore(backend) { store in
            let once = try await Self.book(store, "once@example.com")
            let batched = try await Self.book(store, "batched@example.com")
            let whole = try await Self.load(store, once, Long.csv(), Long.whole)
            let refusals = Refusals()
            let result = try await Self.load(
                store,
                batched,
                Long.csv(),
                Self.hooked { batch in
                    if batch == 3 { await refusals.note { try await store.books.delete(in: batched) } }
                }
            )
            #expect(result == whole && result.count == 300)
            #expect(result.createdAccounts == 2, "Card and Savings; Cash was there")
            #expect(await refusals.errors == [Self.busy])
            #expect(try await Self.view(store, batched.bookID) == Self.view(store, once.bookID))
            #expect(try await Long.jobs(store) == 0)
            #expect(try await store.checks.check().isClean)
            let stamps = try await store.database.read { db in
                try await db.raw(
                    """
                    SELECT CAST(COUNT(DISTINCT created_at) AS BIGINT) AS n FROM transactions
                    WHERE book_id = \(bind: batched.bookID) AND date > '2023-12-31'
                    """
                ).first()!.decode(column: "n", as: Int.self)
            }
            #expect(stamps == 1, "one created time for every record of the import")
        }
    }

    @Test(
        "a failure after batch 5 undoes the import: the book as before, with what another writer added meanwhile",
        arguments: Backend.available
    )
    func failureUndoes(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Self.book(store, "failed@example.com")
            let reference = try await Self.book(store, "reference@example.com")
            let kept = TransactionInput(
                amount: "3.00",
                date: "2024-02-02",
                payee: "Kept",
                category: "Food",
                account: "Cash"
            )
            _ = try await store.records.addTransaction(to: reference, kept)
            await #expect(throws: Long.Injected.self) {
                _ = try await Self.load(
                    store,
                    scope,
                    Long.csv(),
                    Self.hooked { batch in
                        if batch == 2 { _ = try await store.records.addTransaction(to: scope, kept) }
                        if batch == 5 { throw Long.Injected() }
                    }
                )
            }
            #expect(try await Self.view(store, scope.bookID) == Self.view(store, reference.bookID))
            #expect(try await Long.jobs(store) == 0)
            #expect(try await store.checks.check().isClean)
            // The book is free again.
            #expect(try await Self.load(store, scope, Long.csv(), Long.small).count == 300)
        }
    }

    @Test(
        "a bad line late in the file: the error names it, and the batches before it are undone",
        arguments: Backend.available
    )
    func badLineUndoes(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Self.book(store, "bad@example.com")
            let before = try await Self.view(store, scope.bookID)
            let line = Long.csv().split(separator: "\n").count + 1
            for (bad, error) in [
                (
                    "2024-06-01,9.00,transfer,,,,Cash,USD,,Cash,,,",
                    FieldError("line \(line), to_account", "must differ from account")
                ),
                ("2024-06-01,nine,expense,X,Food,,Cash,USD,,,,,", nil),
            ] {
                do {
                    _ = try await Self.load(store, scope, Long.csv() + bad + "\n", Long.small)
                    Issue.record("a bad line was imported")
                } catch let thrown as FieldError {
                    if let error { #expect(thrown == error) }
                    #expect(thrown.field.hasPrefix("line \(line)"))
                }
                #expect(try await Self.view(store, scope.bookID) == before)
                #expect(try await Long.jobs(store) == 0)
            }
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test(
        "a dead import: the book refuses a second long write but takes a small file, and resuming undoes the import",
        arguments: Backend.available
    )
    func deadImportIsUndone(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Self.book(store, "dead@example.com")
            let reference = try await Self.book(store, "ref@example.com")
            let small = "date,amount,kind,payee,category,account\n2024-03-03,2.00,expense,Kiosk,Food,Cash\n"
            _ = try await Self.load(store, reference, small, .standard)
            await #expect(throws: LongWriteAbandoned.self) {
                _ = try await Self.load(store, scope, Long.csv(), Long.stopping(after: 4, with: LongWriteAbandoned()))
            }
            #expect(
                try await Self.view(store, scope.bookID, names: false)
                    != Self.view(store, reference.bookID, names: false)
            )
            #expect(try await store.checks.check().isClean)
            #expect(try await Long.jobs(store) == 1)
            await #expect(throws: Self.busy) { _ = try await Self.load(store, scope, Long.csv(), Long.small) }
            await #expect(throws: Self.busy) { try await store.books.delete(in: scope) }
            // A file of one batch goes in at once, busy book or not.
            #expect(try await Self.load(store, scope, small, .standard).count == 1)
            #expect(try await store.longWrites.resumeAbandoned(limits: Long.small) == 0, "alive: left alone")
            var stale = Long.small
            stale.staleAfter = .zero
            #expect(try await store.longWrites.resumeAbandoned(limits: stale) == 1)
            #expect(
                try await Self.view(store, scope.bookID, names: false)
                    == Self.view(store, reference.bookID, names: false)
            )
            #expect(try await Long.jobs(store) == 0)
            #expect(try await store.checks.check().isClean)
            // Its categories and accounts stay, with no records.
            let left = try await store.books.accounts(in: scope).map(\.account.name)
            let there = try await store.books.accounts(in: reference).map(\.account.name)
            #expect(left.sorted() == (there + ["Card", "Savings"]).sorted())
        }
    }

    @Test(
        "a file of one batch's rows that outlasts one batch's time goes in batches; in one transaction when the book is busy",
        arguments: Backend.available
    )
    func slowSmallFile(backend: Backend) async throws {
        try await withStore(backend) { store in
            let once = try await Self.book(store, "once@example.com")
            let slow = try await Self.book(store, "slow@example.com")
            let busy = try await Self.book(store, "busy@example.com")
            let file = Long.csv().split(separator: "\n").prefix(41).joined(separator: "\n") + "\n"
            _ = try await Self.load(store, once, file, Long.whole)
            let batches = Refusals()
            let noTime = LongWriteLimits(rows: 1_000, duration: .zero)
            _ = try await Self.load(store, slow, file, Self.hooked(noTime) { _ in await batches.count() })
            #expect(await batches.batches > 30)
            #expect(try await Self.view(store, slow.bookID) == Self.view(store, once.bookID))
            try await store.database.write { db in
                _ = try await LongWrite.claim(db, book: busy.bookID, kind: .reconvert, subject: nil)
            }
            let whole = Refusals()
            _ = try await Self.load(store, busy, file, Self.hooked(noTime) { _ in await whole.count() })
            #expect(await whole.batches == 0)
            #expect(try await Self.view(store, busy.bookID) == Self.view(store, once.bookID))
            await #expect(
                throws: StoreError.conflict(
                    "this book is busy: its records are being converted at new rates; try again when it is done"
                )
            ) {
                _ = try await Self.load(store, busy, Long.csv(), Long.small)
            }
            #expect(try await store.checks.check().isClean)
        }
    }
}

/// What a test's hook saw while an import ran: errors thrown at it, batches counted.
actor Refusals {
    var errors: [StoreError] = []
    var batches = 0

    func note(_ body: @Sendable () async throws -> Void) async {
        do { try await body() } catch let error as StoreError { errors.append(error) } catch {}
    }

    func count() { batches += 1 }
}
