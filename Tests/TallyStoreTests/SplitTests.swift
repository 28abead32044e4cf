import TallyCore
import TallyStore
import Testing

/// Split records: each line counts under its own category everywhere, the record counts once,
/// and every change keeps the kept totals and the lines exact (`tally check` finds nothing).
@Suite("Split records")
struct SplitTests {
    /// The receipt of the issue: 52.50 at Costco, 40 of food and 12.50 of household.
    static let costco = TransactionInput(
        kind: "expense",
        amount: "52.50",
        date: "2026-03-14",
        payee: "Costco",
        account: "Cash",
        lines: [
            LineInput(category: "Food", subcategory: "Groceries", amount: "40", note: "week's food"),
            LineInput(category: "Household", amount: "12.50"),
        ]
    )

    static let march = try! DateRange(from: LocalDate("2026-03-01")!, to: LocalDate("2026-03-31")!)

    /// The month's expense rows as key → (total, count), and the expense total and its count.
    static func expenses(
        _ store: Store,
        _ scope: BookScope,
        by: ReportGrouping = .category
    ) async throws -> (
        rows: [String: (Int64, Int)], total: Int64, count: Int
    ) {
        let report = try await store.reports.summaryReport(ReportQuery(range: march, by: by, kind: .expense), in: scope)
        var rows: [String: (Int64, Int)] = [:]
        for row in report.rows where row.kind == .expense { rows[row.key] = (row.total.minorUnits, row.count) }
        return (rows, report.total(.expense).total.minorUnits, report.total(.expense).count)
    }

    @Test("a split counts each line under its category and the record once", arguments: Backend.available)
    func counts(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let added = try await store.records.addTransaction(to: scope, Self.costco)
            #expect(added.transaction.categoryID == nil)
            #expect(added.lines.map(\.categoryPath) == ["Food:Groceries", "Household"])
            #expect(added.lines.map(\.line.amount.minorUnits) == [4_000, 1_250])
            _ = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    amount: "5",
                    date: "2026-03-15",
                    payee: "Bakery",
                    category: "Food:Groceries",
                    account: "Cash"
                )
            )
            var report = try await Self.expenses(store, scope)
            #expect(report.rows["Food"]! == (4_500, 2))
            #expect(report.rows["Household"]! == (1_250, 1))
            #expect(report.total == 5_750 && report.count == 2)
            report = try await Self.expenses(store, scope, by: .payee)
            #expect(report.rows["Costco"]! == (5_250, 1))
            report = try await Self.expenses(store, scope, by: .account)
            #expect(report.rows["Cash"]! == (5_750, 2))

            // Search: a category picks the record and sums only its line there.
            let food = try await store.records.transactions(
                in: scope,
                filter: TransactionFilter(category: "Food"),
                summarize: true
            )
            #expect(food.records.count == 2)
            #expect(food.summary?.total(.expense).minorUnits == 4_500)
            #expect(food.summary?.count == 2)
            // The same through the records rather than the kept totals (a word forces that path).
            let words = try await store.records.transactions(
                in: scope,
                filter: TransactionFilter(category: "Household", text: "costco"),
                summarize: true
            )
            #expect(words.records.map(\.transaction.id) == [added.transaction.id])
            #expect(words.summary?.total(.expense).minorUnits == 1_250)
            #expect(words.summary?.count == 1)

            // A budget on Food counts only the food lines.
            let budget = try await store.plans.createBudget(
                in: scope,
                BudgetInput(name: "Food", limit: "100", categories: ["Food"])
            )
            let standing = try await store.plans.budgetStatus(budget.id, in: scope, on: LocalDate("2026-03-20")!)
            #expect(standing.status.spent.minorUnits == 4_500)
            #expect(try await store.checks.check().findings.isEmpty)
        }
    }

    @Test("edit, unsplit, delete and category moves keep every total exact", arguments: Backend.available)
    func edits(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let added = try await store.records.addTransaction(to: scope, Self.costco)
            let id = added.transaction.id
            // New lines: three now, two of them food.
            _ = try await store.records.updateTransaction(
                id,
                in: scope,
                TransactionInput(
                    amount: "60",
                    lines: [
                        LineInput(category: "Food:Groceries", amount: "30"),
                        LineInput(category: "Food:Groceries", amount: "10", note: "snacks"),
                        LineInput(category: "Household:Cleaning", amount: "20"),
                    ]
                )
            )
            var report = try await Self.expenses(store, scope, by: .subcategory)
            #expect(report.rows["Food:Groceries"]! == (4_000, 1))
            #expect(report.rows["Household:Cleaning"]! == (2_000, 1))
            #expect(report.total == 6_000 && report.count == 1)
            #expect(try await store.checks.check().findings.isEmpty)

            // Changing the amount alone would leave the lines short: refused, naming the field.
            await #expect(throws: FieldError("lines", "give the lines again when changing a split record's amount")) {
                _ = try await store.records.updateTransaction(id, in: scope, TransactionInput(amount: "61"))
            }
            // Other fields keep the lines.
            let moved = try await store.records.updateTransaction(id, in: scope, TransactionInput(date: "2026-03-02"))
            #expect(moved.lines.count == 3)

            // Deleting Household moves its line to Food, where the record now counts once.
            let household = try await store.books.categories(in: scope).first { $0.name == "Household" }!
            try await store.books.deleteCategory(household.id, in: scope, moveTo: "Food:Groceries")
            report = try await Self.expenses(store, scope, by: .subcategory)
            #expect(report.rows["Food:Groceries"]! == (6_000, 1))
            #expect(try await store.checks.check().findings.isEmpty)

            // One category again.
            let single = try await store.records.updateTransaction(
                id,
                in: scope,
                TransactionInput(category: "Travel", lines: [])
            )
            #expect(single.lines.isEmpty && single.categoryPath == "Travel")
            report = try await Self.expenses(store, scope)
            #expect(report.rows.count == 1 && report.rows["Travel"]! == (6_000, 1))
            #expect(try await store.checks.check().findings.isEmpty)

            let again = try await store.records.updateTransaction(
                id,
                in: scope,
                TransactionInput(lines: [LineInput(category: "Food", amount: "59.99"), LineInput(amount: "0.01")])
            )
            #expect(again.lines.map(\.categoryPath) == ["Food", nil])
            try await store.records.deleteTransaction(id, in: scope)
            report = try await Self.expenses(store, scope)
            #expect(report.rows.isEmpty && report.count == 0)
            #expect(try await store.checks.check().findings.isEmpty)
        }
    }

    @Test("converted lines add up exactly to the converted record", arguments: Backend.available)
    func conversion(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let eur = Currency(code: "EUR")!
            _ = try await store.rates.setRate(
                in: scope,
                currency: eur,
                date: LocalDate("2026-01-01")!,
                rate: ExchangeRate("1.5")!
            )
            // Three lines of 0.01 EUR: each alone converts to 0.015, the record to 0.045.
            let added = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    amount: "0.03",
                    currency: "EUR",
                    date: "2026-03-03",
                    payee: "Kiosk",
                    lines: (0..<3).map { _ in LineInput(category: "Food", amount: "0.01") }
                )
            )
            let base = try #require(added.transaction.baseMinor)
            #expect(added.lines.compactMap(\.line.baseMinor).reduce(0, +) == base)
            // A new rate converts the record again, and its lines with it.
            _ = try await store.rates.setRate(
                in: scope,
                currency: eur,
                date: LocalDate("2026-03-01")!,
                rate: ExchangeRate("1.0857")!
            )
            let after = try await store.records.transaction(added.transaction.id, in: scope)
            let rebased = try #require(after.transaction.baseMinor)
            #expect(rebased != base)
            #expect(after.lines.compactMap(\.line.baseMinor).reduce(0, +) == rebased)
            let report = try await Self.expenses(store, scope)
            #expect(report.rows["Food"]?.0 == rebased)
            #expect(try await store.checks.check().findings.isEmpty)
        }
    }

    @Test("bad splits are refused, naming the field")
    func refused() async throws {
        try await withStore(.sqlite) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            func refuse(_ input: TransactionInput, _ error: FieldError) async {
                await #expect(throws: error) { _ = try await store.records.addTransaction(to: scope, input) }
            }
            var input = Self.costco
            input.lines![1].amount = "10"
            await refuse(input, FieldError("lines", "add up to 50.00, 2.50 short of the amount 52.50"))
            input.lines![1].amount = "13"
            await refuse(input, FieldError("lines", "add up to 53.00, 0.50 over the amount 52.50"))
            input.lines = [LineInput(category: "Food", amount: "52.50")]
            await refuse(input, FieldError("lines", "a split needs at least 2 lines, not 1"))
            input.lines = Array(repeating: LineInput(category: "Food", amount: "0.01"), count: 101)
            await refuse(input, FieldError("lines", "a split has at most 100 lines, not 101"))
            input.lines = [LineInput(category: "Food", amount: "52.50"), LineInput(category: "Food", amount: "0")]
            await refuse(input, FieldError("lines[2].amount", "must be greater than zero"))
            input.lines = [LineInput(category: "Nope", amount: "50"), LineInput(category: "Food", amount: "2.50")]
            await refuse(input, FieldError("lines[1].category", "unknown expense category 'Nope'"))
            input = Self.costco
            input.category = "Food"
            await refuse(input, FieldError("category", "a split record's categories are on its lines"))
            input = Self.costco
            input.kind = "transfer"
            input.toAccount = "Debit Card"
            await refuse(input, FieldError("lines", "a transfer cannot be split"))
            // Nothing of the refused records was stored.
            let page = try await store.records.transactions(in: scope)
            #expect(page.records.isEmpty)
        }
    }
}
