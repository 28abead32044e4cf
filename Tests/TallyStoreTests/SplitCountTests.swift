import Foundation
import TallyCore
import TallyStore
import Testing

/// A category filter over a parent and its sub-categories counts a split record once, however
/// many of them its lines are in (the kept totals count it once per category).
@Suite("Split records in a category filter's count")
struct SplitCountTests {
    @Test("lines in two sub-categories of the filter: one record", arguments: Backend.available)
    func filterCountsRecordsOnce(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            _ = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    amount: "30",
                    date: "2026-03-11",
                    payee: "Market hall",
                    lines: [
                        LineInput(category: "Food", subcategory: "Groceries", amount: "20"),
                        LineInput(category: "Food", subcategory: "Restaurants", amount: "7"),
                        LineInput(category: "Household", amount: "3"),
                    ]
                )
            )
            _ = try await store.records.addTransaction(
                to: scope,
                TransactionInput(amount: "5", date: "2026-03-12", payee: "Bakery", category: "Food:Groceries")
            )
            let food = try await store.records.transactions(
                in: scope,
                filter: TransactionFilter(category: "Food"),
                summarize: true
            )
            #expect(food.records.count == 2)
            #expect(food.summary?.count == 2, "the split is one record, not two")
            #expect(food.summary?.total(.expense).minorUnits == 3_200, "its two food lines and the bakery")
            // The same count through the records path (an amount range makes it read records).
            let read = try await store.records.transactions(
                in: scope,
                filter: TransactionFilter(category: "Food", amountMin: "0"),
                summarize: true
            )
            #expect(read.summary?.count == 2 && read.summary?.total(.expense).minorUnits == 3_200)
        }
    }
}
