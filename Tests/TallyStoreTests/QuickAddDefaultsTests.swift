import Foundation
import SQLKit
import TallyCore
import Testing

@testable import TallyStore

/// What the quick-add form fills in: categories by use in the last twelve months, and the
/// account of the newest record that has one (not an archived one).
@Suite("Quick-add defaults")
struct QuickAddDefaultsTests {
    @Test("an empty book: no use, no last account", arguments: Backend.available)
    func emptyBook(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            #expect(try await store.records.quickAddDefaults(in: scope) == .init())
        }
    }

    @Test("use counts per category over twelve months, and the last account used", arguments: Backend.available)
    func countsAndLastAccount(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let today = scope.today
            func add(_ category: String, _ account: String?, daysAgo: Int) async throws {
                _ = try await store.records.addTransaction(
                    to: scope,
                    TransactionInput(
                        kind: category == "Salary" ? "income" : "expense",
                        amount: "1.00",
                        date: today.adding(days: -daysAgo).description,
                        category: category,
                        account: account ?? ""
                    )
                )
            }
            try await add("Transportation", "Cash", daysAgo: 1)
            try await add("Transportation", "Cash", daysAgo: 40)
            try await add("Food:Coffee", "Credit Card", daysAgo: 2)
            // Over a year ago: not counted.
            try await add("Food:Coffee", nil, daysAgo: 400)
            try await add("Salary", nil, daysAgo: 3)
            let categories = try await store.books.categories(in: scope)
            func id(_ path: String) -> CategoryID { categories.first { $0.path(in: categories) == path }!.id }
            let accounts = try await store.books.accounts(in: scope)
            let defaults = try await store.records.quickAddDefaults(in: scope)
            #expect(defaults.categoryUse == [id("Transportation"): 2, id("Food:Coffee"): 1, id("Salary"): 1])
            // The newest record by date with an account was yesterday's fare in cash (the salary,
            // added last, has none; the coffee was two days ago).
            let cash = accounts.first { $0.account.name == "Cash" }!.account.id
            #expect(defaults.lastAccountID == cash)
            // Archived, it is no longer proposed: the one before it is.
            _ = try await store.books.updateAccount(cash, in: scope, changes: AccountChanges(archived: true))
            let card = accounts.first { $0.account.name == "Credit Card" }!.account.id
            #expect(try await store.records.quickAddDefaults(in: scope).lastAccountID == card)
        }
    }

    @Test("the last account is found by walking the date index backwards, with no sort (SQLite)")
    func lastAccountPlan() async throws {
        try await withStore(.sqlite) { store in
            let plan = try await store.database.read { db in
                try await db.raw("EXPLAIN QUERY PLAN " + Records.lastAccountSQL(book: BookID(rawValue: 1))).all()
                    .map { try $0.decode(column: "detail", as: String.self) }.joined(separator: "; ")
            }
            #expect(plan.contains("USING INDEX transactions_book_date"), "plan: \(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "plan: \(plan)")
        }
    }
}
