import Foundation
import TallyCore
import Testing

@testable import TallyStore

/// Adds with an idempotency key: a repeat, or many at once, make one record.
@Suite("Idempotent adds")
struct IdempotencyTests {
    private static let coffee = TransactionInput(
        amount: "4.50",
        date: "2026-03-02",
        payee: "Cafe",
        category: "Food:Coffee",
        account: "Cash"
    )

    /// Runs `body` with an empty store on `backend` and its owner's scope on their first book.
    private func withOwnerScope(
        _ backend: Backend,
        _ body: @Sendable (Store, BookScope) async throws -> Void
    ) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            try await body(store, try await store.scope(user, book: book.id))
        }
    }

    /// Records in the book and the count the kept totals give (they must agree).
    private func counts(_ store: Store, _ scope: BookScope) async throws -> (records: Int, kept: Int) {
        let page = try await store.records.transactions(in: scope, limit: 500, summarize: true)
        return (page.records.count, page.summary?.count ?? -1)
    }

    @Test("the same key twice makes one record; the repeat gets it back, not created", arguments: Backend.available)
    func repeatReturnsFirst(backend: Backend) async throws {
        try await withOwnerScope(backend) { store, scope in
            let key = try IdempotencyKey("6f1c1d0e-2c55-4d3b-9a47-0b1f3c6a9e21")
            let first = try await store.records.addTransaction(to: scope, Self.coffee, key: key)
            let again = try await store.records.addTransaction(to: scope, Self.coffee, key: key)
            #expect(first.created && !again.created)
            #expect(again.record == first.record)
            #expect(first.record.transaction.amount == Money(minorUnits: 450, currency: .usd))
            #expect(try await counts(store, scope) == (1, 1))
            // Another key is another record.
            let other = try await store.records.addTransaction(to: scope, Self.coffee, key: IdempotencyKey("k-2"))
            #expect(other.created && other.record.transaction.id != first.record.transaction.id)
            #expect(try await counts(store, scope) == (2, 2))
        }
    }

    @Test("a key used again with another record is refused, naming the header", arguments: Backend.available)
    func otherBodyRefused(backend: Backend) async throws {
        try await withOwnerScope(backend) { store, scope in
            let key = try IdempotencyKey("k-1")
            _ = try await store.records.addTransaction(to: scope, Self.coffee, key: key)
            var changed = Self.coffee
            changed.amount = "4.51"
            await #expect(throws: FieldError("Idempotency-Key", "was already used for a different record")) {
                try await store.records.addTransaction(to: scope, changed, key: key)
            }
            // A field left out is a different request from the same field sent.
            var withoutDate = Self.coffee
            withoutDate.date = nil
            await #expect(throws: FieldError.self) {
                try await store.records.addTransaction(to: scope, withoutDate, key: key)
            }
            #expect(try await counts(store, scope) == (1, 1))
        }
    }

    @Test("ten adds racing with one key store one record, and all ten get it", arguments: Backend.available)
    func raceMakesOne(backend: Backend) async throws {
        try await withOwnerScope(backend) { store, scope in
            let key = try IdempotencyKey("race")
            let adds = try await withThrowingTaskGroup(of: Records.KeyedAdd.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await store.records.addTransaction(to: scope, Self.coffee, key: key) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(adds.count == 10)
            #expect(adds.filter(\.created).count == 1)
            #expect(Set(adds.map(\.record.transaction.id)).count == 1)
            #expect(try await counts(store, scope) == (1, 1))
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test("a repeat after the record was deleted does not bring it back", arguments: Backend.available)
    func deletedStaysDeleted(backend: Backend) async throws {
        try await withOwnerScope(backend) { store, scope in
            let key = try IdempotencyKey("gone")
            let first = try await store.records.addTransaction(to: scope, Self.coffee, key: key)
            try await store.records.deleteTransaction(first.record.transaction.id, in: scope)
            await #expect(throws: StoreError.conflict("The record made with Idempotency-Key gone has been deleted")) {
                try await store.records.addTransaction(to: scope, Self.coffee, key: key)
            }
            #expect(try await counts(store, scope) == (0, 0))
        }
    }

    @Test(
        "a key belongs to its book: the same key in another book makes that book's own record",
        arguments: Backend.available
    )
    func keysPerBook(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let trip = try await store.books.createBook(for: user, name: "Trip", currency: "EUR")
            let key = try IdempotencyKey("same")
            let home = try await store.records.addTransaction(
                to: store.scope(user, book: book.id),
                Self.coffee,
                key: key
            )
            var euros = Self.coffee
            euros.category = nil
            euros.account = nil
            let away = try await store.records.addTransaction(to: store.scope(user, book: trip.id), euros, key: key)
            #expect(home.created && away.created)
            #expect(away.record.transaction.bookID == trip.id && away.record.transaction.amount.currency.code == "EUR")
        }
    }

    @Test("keys are 1 to 255 visible ASCII characters")
    func keyBounds() throws {
        for bad in ["", " ", "a b", "é", "tab\there", String(repeating: "k", count: 256)] {
            #expect(throws: FieldError.self, "\(bad.debugDescription)") { try IdempotencyKey(bad) }
        }
        #expect(try IdempotencyKey(String(repeating: "k", count: 255)).text.count == 255)
        #expect(try IdempotencyKey("~!").text == "~!")
    }

    @Test("the fingerprint tells apart inputs that concatenate alike")
    func fingerprints() {
        let a = TransactionInput(payee: "ab", note: "c")
        let b = TransactionInput(payee: "a", note: "bc")
        let c = TransactionInput(payee: "abc")
        let prints = [a, b, c, TransactionInput()].map(Records.fingerprint)
        #expect(Set(prints).count == 4)
        #expect(Records.fingerprint(a) == Records.fingerprint(TransactionInput(payee: "ab", note: "c")))
    }

    @Test(
        "keys older than 30 days are swept; a late repeat of a swept key makes a new record",
        arguments: Backend.available
    )
    func oldKeysAreSwept(backend: Backend) async throws {
        try await withOwnerScope(backend) { store, scope in
            let old = try IdempotencyKey("old-key")
            let recent = try IdempotencyKey("recent-key")
            _ = try await store.records.addTransaction(to: scope, Self.coffee, key: old)
            _ = try await store.records.addTransaction(to: scope, Self.coffee, key: recent)
            let longAgo = Clock.timestamp(Date().addingTimeInterval(-31 * 24 * 3600))
            try await store.database.write { db in
                try await db.raw(
                    #"UPDATE idempotency_keys SET created_at = \#(bind: longAgo) WHERE "key" = 'old-key'"#
                ).run()
            }
            #expect(try await store.records.purgeOldIdempotencyKeys() == 1)
            #expect(try await store.records.purgeOldIdempotencyKeys() == 0)
            #expect(try await store.records.addTransaction(to: scope, Self.coffee, key: recent).created == false)
            #expect(try await store.records.addTransaction(to: scope, Self.coffee, key: old).created)
            #expect(try await counts(store, scope).records == 3)
        }
    }
}
