import Foundation
import TallyCore
import Testing

@testable import TallyStore

/// The one-read access check, the group commit of adds and the versioned catalogue.
@Suite("Scopes, group commit and the catalogue")
struct ScopeBatchTests {
    @Test(
        "a token and a session each reach a book in one read; strangers and unknown tokens do not",
        arguments: Backend.available
    )
    func scopes(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let (_, token) = try await store.users.createToken(for: user, name: "t")
            let byToken = try #require(try await store.scope(token: token, book: book.id))
            #expect(byToken.user == user && byToken.book == book && byToken.book.role == .owner)
            let bySession = try #require(try await store.scope(userID: user.id, book: book.id))
            #expect(bySession.user == user && bySession.bookID == book.id)
            #expect(try await store.scope(token: "tly_unknown", book: book.id) == nil)
            #expect(try await store.scope(userID: 999_999, book: book.id) == nil)
            let stranger = try await store.users.signUp(
                email: "s@example.com",
                password: "correct horse",
                openSignup: true
            )
            let (_, strangerToken) = try await store.users.createToken(for: stranger, name: "s")
            await #expect(throws: StoreError.notFound("book")) {
                try await store.scope(token: strangerToken, book: book.id)
            }
            await #expect(throws: StoreError.notFound("book")) { try await store.scope(stranger, book: book.id) }
        }
    }

    @Test("60 adds at once are all stored with their names, and the totals agree", arguments: Backend.available)
    func concurrentAdds(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let records = try await withThrowingTaskGroup(of: TransactionRecord.self) { group in
                for n in 0..<60 {
                    group.addTask {
                        try await store.records.addTransaction(
                            to: scope,
                            TransactionInput(
                                amount: "\(n + 1).25",
                                date: "2026-03-" + String(format: "%02d", n % 28 + 1),
                                payee: "Shop \(n % 7)",
                                category: "Food:Coffee",
                                account: "Cash"
                            )
                        )
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(records.map(\.transaction.id)).count == 60)
            #expect(records.allSatisfy { $0.categoryPath == "Food:Coffee" && $0.accountName == "Cash" })
            let page = try await store.records.transactions(in: scope, limit: 500, summarize: true)
            #expect(page.records.count == 60)
            // 60 × 0.25 + (1 + … + 60)
            #expect(page.summary?.totals.first?.total == Money(minorUnits: 1_830_00 + 15_00, currency: .usd))
            #expect(try await store.checks.check().isClean)
            // Every add's answer is the record stored under its id (a batch's records go in as
            // one INSERT … RETURNING id, and its ids must line up with its rows).
            let stored = Dictionary(uniqueKeysWithValues: page.records.map { ($0.transaction.id, $0) })
            #expect(records.allSatisfy { stored[$0.transaction.id] == $0 })
        }
    }

    @Test("in a batch, an add with an unknown category fails alone", arguments: Backend.available)
    func oneBadAdd(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for n in 0..<20 {
                    group.addTask {
                        let input = TransactionInput(
                            amount: "1.00",
                            date: "2026-03-02",
                            payee: "P",
                            category: n == 7 ? "No:Such" : "Food:Coffee"
                        )
                        do {
                            _ = try await store.records.addTransaction(to: scope, input)
                            return true
                        } catch let error as FieldError {
                            return error.field == "category" ? false : true
                        } catch {
                            return true
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { !$0 }.count == 1)
            #expect(try await store.records.transactions(in: scope, limit: 500).records.count == 19)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test(
        "adds to two books in one batch: one book's all refused, the other's all stored",
        arguments: Backend.available
    )
    func twoBooks(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (alice, aliceBook) = try await owner(store)
            let (bob, bobBook) = try await owner(store, email: "bob@example.com")
            let good = try await store.scope(alice, book: aliceBook.id)
            let bad = try await store.scope(bob, book: bobBook.id)
            let stored = await withTaskGroup(of: Bool.self) { group in
                for n in 0..<20 {
                    group.addTask {
                        let input = TransactionInput(
                            amount: "2.00",
                            date: "2026-03-03",
                            payee: "Q",
                            category: n.isMultiple(of: 2) ? "Food:Coffee" : "No:Such"
                        )
                        return (try? await store.records.addTransaction(to: n.isMultiple(of: 2) ? good : bad, input))
                            != nil
                    }
                }
                return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(stored == 10)
            #expect(try await store.records.transactions(in: good, limit: 500).records.count == 10)
            #expect(try await store.records.transactions(in: bad, limit: 500).records.isEmpty)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test("a renamed category shows in the next report, also when another process renamed it")
    func catalogueFollowsChanges() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/tally.sqlite"
        let first = try await Store.open(.sqliteFile(path), bcryptCost: 4)
        let second = try await Store.open(.sqliteFile(path), bcryptCost: 4)
        do {
            try await first.migrate()
            let (user, book) = try await owner(first)
            let scope = try await first.scope(user, book: book.id)
            _ = try await first.records.addTransaction(
                to: scope,
                TransactionInput(amount: "4.50", date: "2026-03-02", payee: "Cafe", category: "Food:Coffee")
            )
            let query = try ReportQuery.parse(
                { ["from": "2026-03-01", "to": "2026-03-31", "by": "category"][$0] },
                today: scope.today
            )
            func names(_ store: Store) async throws -> [String] {
                try await store.reports.summaryReport(query, in: try await store.scope(user, book: book.id)).rows.map(
                    \.key
                )
            }
            #expect(try await names(first) == ["Food"])
            // The other process renames the category; the first sees it on its next request.
            let coffee = try #require(
                try await second.books.categories(in: second.scope(user, book: book.id)).first { $0.name == "Food" }
            )
            _ = try await second.books.updateCategory(
                coffee.id,
                in: try await second.scope(user, book: book.id),
                changes: CategoryChanges(name: "Eating")
            )
            #expect(try await names(first) == ["Eating"])
            // And its own changes, at once.
            let eating = try #require(
                try await first.books.categories(in: first.scope(user, book: book.id)).first { $0.name == "Eating" }
            )
            _ = try await first.books.updateCategory(
                eating.id,
                in: try await first.scope(user, book: book.id),
                changes: CategoryChanges(name: "Meals")
            )
            #expect(try await names(first) == ["Meals"])
            #expect(try await names(second) == ["Meals"])
        } catch {
            await first.database.close()
            await second.database.close()
            throw error
        }
        await first.database.close()
        await second.database.close()
    }
}
