import Foundation
import SQLKit
import TallyCore
import TallyJSON
import Testing

@testable import TallyStore

/// Issue 42, finding 6: a book restore on SQLite goes in batches, each its own transaction, so
/// another book's writes get the one writer between them; to the person it is still one restore,
/// all of it or none (a failure, or a process that died, leaves the book empty as it was found).
@Suite("Book restore in batches", .serialized)
struct RestoreBatchTests {
    /// Seven rows a batch: the book below takes dozens of batches.
    static let small = LongWriteLimits(rows: 7, duration: .seconds(3600))

    struct Injected: Error {}

    /// A backup of alice's Family book with 120 more records (splits, tags, another currency; expenses: the
    /// fixture's rules file income elsewhere),
    /// and that book's figures.
    static func backup() async throws -> (URL, [String]) {
        try await BackupEngine.sqlite.withEmptyStore { store in
            try await BackupFixture.fill(store)
            let alice = try await store.users.user(email: "alice@example.com")!
            let book = try await store.books.all(for: alice).first { $0.name == "Family" }!
            let scope = try await store.scope(alice, book: book.id)
            for i in 0..<120 {
                let day = String(format: "2026-%02d-%02d", i % 3 + 1, i % 27 + 1)
                let input =
                    i % 4 == 0
                    ? TransactionInput(
                        kind: "expense",
                        amount: "10.\(i % 90 + 10)",
                        date: day,
                        payee: "Market \(i % 6)",
                        lines: [
                            LineInput(category: "Food", amount: "4"),
                            LineInput(category: "Home", amount: "6.\(i % 90 + 10)"),
                        ]
                    )
                    : TransactionInput(
                        kind: "expense",
                        amount: "\(i + 1).25",
                        currency: i % 5 == 0 ? "EUR" : nil,
                        date: day,
                        payee: "Shop \(i % 9)",
                        category: "Food",
                        tags: i % 3 == 0 ? ["t\(i % 4)"] : []
                    )
                _ = try await store.records.addTransaction(to: scope, input)
            }
            let zip = try await BackupArchive.write(.books([book.id]), store: store)
            return (zip, try await BackupFixture.figures(store, book: book.id, user: alice))
        }
    }

    /// carol's new, empty book and dave's, which gets a record after every batch of the restore.
    static func people(_ store: Store) async throws -> (BookScope, BookScope) {
        let carol = try await store.users.signUp(
            email: "carol@example.com",
            password: "correct horse",
            openSignup: true
        )
        let dave = try await store.users.signUp(email: "dave@example.com", password: "correct horse", openSignup: true)
        return (
            try await store.scope(carol, book: try await store.books.all(for: carol)[0].id),
            try await store.scope(dave, book: try await store.books.all(for: dave)[0].id)
        )
    }

    static func count(_ store: Store, _ table: String, book: BookID) async throws -> Int {
        try await store.database.read { db in
            try await db.raw("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM \(ident: table) WHERE book_id = \(bind: book)")
                .first()!.decode(column: "n", as: Int.self)
        }
    }

    @Test("restored in batches of 7 while another book is written between them: the same figures, nothing mixed up")
    func sameAsWhole() async throws {
        let (zip, figures) = try await Self.backup()
        defer { BackupArchive.discard(zip) }
        try await BackupEngine.sqlite.withEmptyStore { store in
            let (carol, dave) = try await Self.people(store)
            var limits = Self.small
            limits.afterBatch = { n in
                // Another book's write between batches takes the ids after the restore's last.
                _ = try await store.records.addTransaction(
                    to: dave,
                    TransactionInput(
                        amount: "1.\(n % 90 + 10)",
                        date: "2026-02-02",
                        payee: "Between \(n)",
                        category: "Food"
                    )
                )
            }
            let summary = try await store.backups.restore(
                try BackupArchive.open(zip),
                into: .book(carol, from: nil),
                limits: limits
            )
            #expect(summary.books == [carol.bookID])
            #expect(summary.rows["transactions"] == 122)
            let between = try await Self.count(store, "transactions", book: dave.bookID)
            #expect(between > 50, "the restore took \(between) batches")
            let reopened = try await store.scope(carol.user, book: carol.bookID)
            #expect(reopened.book.name == "Family")
            #expect(try await BackupFixture.figures(store, book: carol.bookID, user: carol.user) == figures)
            #expect(try await Self.count(store, "transactions", book: carol.bookID) == 122)
            #expect(try await Self.count(store, "long_writes", book: carol.bookID) == 0)
            #expect(try await store.checks.check().findings.isEmpty)
        }
    }

    @Test("a restore that fails midway leaves the book empty and free, and a second one then succeeds")
    func failureUndoes() async throws {
        let (zip, figures) = try await Self.backup()
        defer { BackupArchive.discard(zip) }
        try await BackupEngine.sqlite.withEmptyStore { store in
            let (carol, _) = try await Self.people(store)
            var limits = Self.small
            limits.afterBatch = { n in if n == 9 { throw Injected() } }
            await #expect(throws: Injected.self) {
                try await store.backups.restore(
                    try BackupArchive.open(zip),
                    into: .book(carol, from: nil),
                    limits: limits
                )
            }
            for table in ["transactions", "categories", "accounts", "tags", "long_writes"] {
                #expect(try await Self.count(store, table, book: carol.bookID) == 0, "\(table)")
            }
            #expect(try await store.scope(carol.user, book: carol.bookID).book.name != "Family")
            #expect(try await store.checks.check().findings.isEmpty)
            _ = try await store.backups.restore(try BackupArchive.open(zip), into: .book(carol, from: nil))
            #expect(try await BackupFixture.figures(store, book: carol.bookID, user: carol.user) == figures)
        }
    }

    @Test("a restore whose process died keeps the book busy (409) until a restart undoes it")
    func deadRestoreIsUndone() async throws {
        let (zip, figures) = try await Self.backup()
        defer { BackupArchive.discard(zip) }
        try await BackupEngine.sqlite.withEmptyStore { store in
            let (carol, _) = try await Self.people(store)
            var limits = Self.small
            limits.afterBatch = { n in if n == 12 { throw LongWriteAbandoned() } }
            await #expect(throws: LongWriteAbandoned.self) {
                try await store.backups.restore(
                    try BackupArchive.open(zip),
                    into: .book(carol, from: nil),
                    limits: limits
                )
            }
            #expect(try await Self.count(store, "transactions", book: carol.bookID) > 0)
            await #expect(
                throws: StoreError.conflict(
                    "this book is busy: a backup is being restored into it; try again when it is done"
                )
            ) {
                try await store.backups.restore(try BackupArchive.open(zip), into: .book(carol, from: nil))
            }
            var stale = Self.small
            stale.staleAfter = .zero
            #expect(try await store.longWrites.resumeAbandoned(limits: stale) == 1)
            for table in ["transactions", "transaction_lines", "categories", "accounts", "long_writes"] {
                #expect(try await Self.count(store, table, book: carol.bookID) == 0, "\(table)")
            }
            #expect(try await store.checks.check().findings.isEmpty)
            _ = try await store.backups.restore(try BackupArchive.open(zip), into: .book(carol, from: nil))
            #expect(try await BackupFixture.figures(store, book: carol.bookID, user: carol.user) == figures)
            #expect(try await store.checks.check().findings.isEmpty)
        }
    }
}
