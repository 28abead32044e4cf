import TallyCore
import TallyStore
import Testing

@Suite("Reports equal sums computed from the records")
struct ReportTests {
    static let payees = ["Starbucks", "Trader Joe's", "Shell", "Café Zoë", "Amazon"]
    static let categories = ["Food:Coffee", "Food:Groceries", "Auto:Fuel", "Home", "Travel:Hotels"]
    static let accounts = ["Cash", "Debit Card", "Credit Card"]

    /// A book with records spread over 2023–2025 (leap day included), transfers, euro records in
    /// a dollar book, then edits and deletions made after the totals were kept.
    static func seeded(_ store: Store) async throws -> (User, Book, [ModelRecord]) {
        let (user, book) = try await owner(store)
        var dice = Dice(state: 0x9E37_79B9_7F4A_7C15)
        var model: [ModelRecord] = []
        let start = LocalDate(year: 2023, month: 11, day: 1)!
        for i in 0..<240 {
            let date = i == 0 ? LocalDate(year: 2024, month: 2, day: 29)! : start.adding(days: dice.next(700))
            let roll = dice.next(10)
            let kind: TransactionKind = roll < 6 ? .expense : roll < 8 ? .income : .transfer
            let currency = dice.next(8) == 0 ? "EUR" : "USD"
            let amount = Int64(1 + dice.next(50_000))
            var input = TransactionInput(
                kind: kind.rawValue,
                amount: Money(minorUnits: amount, currency: Currency(code: currency)!).decimalString,
                currency: currency,
                date: date.description,
                payee: kind == .transfer ? "" : payees[dice.next(payees.count)],
                account: accounts[dice.next(accounts.count)],
                note: dice.next(5) == 0 ? "split with Sam" : ""
            )
            if kind == .expense { input.category = categories[dice.next(categories.count)] }
            if kind == .income { input.category = ["Salary", "Refunds"][dice.next(2)] }
            if kind == .transfer { input.toAccount = accounts.first { $0 != input.account }! }
            let added = try await store.records.addTransaction(to: try await store.scope(user, book: book.id), input)
            model.append(
                ModelRecord(
                    id: added.transaction.id,
                    kind: kind,
                    amount: amount,
                    currency: currency,
                    date: date,
                    payee: input.payee ?? "",
                    category: added.categoryPath ?? "",
                    account: input.account!,
                    toAccount: input.toAccount ?? "",
                    note: input.note ?? ""
                )
            )
        }
        // Edits after the totals were kept: amount, date, category, account, kind, payee.
        for n in 0..<40 {
            let i = dice.next(model.count)
            guard model[i].kind == .expense else { continue }
            var change = TransactionInput()
            switch n % 4 {
            case 0:
                model[i].amount += 1_234
                change.amount =
                    Money(minorUnits: model[i].amount, currency: Currency(code: model[i].currency)!).decimalString
            case 1:
                model[i].date = model[i].date.adding(days: 40)
                change.date = model[i].date.description
            case 2:
                model[i].category = "Travel:Hotels"
                change.category = "Travel:Hotels"
            default:
                model[i].account = "Cash"
                model[i].payee = "Starbucks"
                change.account = "Cash"
                change.payee = "Starbucks"
            }
            _ = try await store.records.updateTransaction(
                model[i].id,
                in: try await store.scope(user, book: book.id),
                change
            )
        }
        for _ in 0..<25 {
            let doomed = model.remove(at: dice.next(model.count))
            try await store.records.deleteTransaction(doomed.id, in: try await store.scope(user, book: book.id))
        }
        return (user, book, model)
    }

    static let ranges: [(String, String)] = [
        ("2024-02-29", "2024-02-29"),  // leap day alone
        ("2024-02-14", "2024-03-20"),  // starts mid-week, ends mid-month
        ("2024-01-01", "2024-12-31"),  // a whole year
        ("2023-11-01", "2025-12-31"),  // everything
        ("2024-03-01", "2024-03-31"),  // one whole month
        ("2030-01-01", "2030-06-30"),  // empty
        ("2023-12-31", "2025-01-02"),  // whole months between two edge days
        ("2024-01-01", "2025-12-31"),  // two whole years (by payee and account: year_payee_totals)
        ("2023-11-15", "2025-06-30"),  // an edge day, months, a whole year, months
    ]

    @Test("summary by category, sub-category, payee and account, kept apart by currency", arguments: Backend.available)
    func summaries(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book, model) = try await Self.seeded(store)
            for (f, t) in Self.ranges {
                let range = try DateRange(from: LocalDate(f)!, to: LocalDate(t)!)
                // The seeded records carry no tags (TagTests covers a report by tag).
                for by in ReportGrouping.allCases where by != .tag {
                    let report = try await store.reports.summaryReport(
                        ReportQuery(range: range, by: by, kind: .both),
                        in: try await store.scope(user, book: book.id)
                    )
                    for kind in [TransactionKind.expense, .income] {
                        for currency in ["USD", "EUR"] {
                            let expected = model.sums(kind, currency, from: range.from, to: range.to) { r in
                                switch by {
                                case .category: r.topCategory
                                case .subcategory: r.category
                                case .payee: r.payee
                                case .account: r.account
                                case .tag: ""  // not reached: see the loop
                                }
                            }
                            #expect(
                                same(report.table(kind, currency), expected),
                                "\(f)…\(t) by \(by) \(kind) \(currency)"
                            )
                        }
                    }
                    let spent = model.filter {
                        $0.kind == .expense && $0.currency == "USD" && $0.date >= range.from && $0.date <= range.to
                    }
                    #expect(report.total(.expense).total.minorUnits == spent.reduce(0) { $0 + $1.amount })
                    // The count covers every record; without rates the euro ones are unconverted.
                    let unconverted = report.rows.filter { $0.kind == .expense }.reduce(0) { $0 + $1.unconverted }
                    #expect(report.total(.expense).count - unconverted == spent.count)
                }
            }
        }
    }

    @Test("trend and cash flow per day, week, month and year", arguments: Backend.available)
    func trends(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book, model) = try await Self.seeded(store)
            let range = try DateRange(from: LocalDate("2024-02-14")!, to: LocalDate("2024-07-03")!)
            /// Checks every period of a trend against sums of the model's records.
            func check(
                by: ReportGrouping,
                _ interval: ReportInterval,
                key: @escaping (ModelRecord) -> String
            ) async throws {
                let trend = try await store.reports.trendReport(
                    ReportQuery(range: range, by: by, kind: .expense),
                    interval: interval,
                    in: try await store.scope(user, book: book.id)
                )
                #expect(trend.periods == interval.periods(in: range))
                for (i, period) in trend.periods.enumerated() {
                    let expected = model.sums(.expense, "USD", from: range.from, to: range.to) { r in
                        interval.period(of: r.date) == period ? key(r) : "-"
                    }.filter { $0.key != "-" }
                    var got: [String: (Int64, Int)] = [:]
                    // Without rates, a series' euro records are counted, not summed: the test's
                    // model holds the dollar part, so the euro records are taken out of the count.
                    let euros = model.sums(.expense, "EUR", from: range.from, to: range.to) { r in
                        interval.period(of: r.date) == period ? key(r) : "-"
                    }
                    for s in trend.series where s.currency.code == "USD" && s.counts[i] > 0 {
                        let count = s.counts[i] - (euros[s.key]?.1 ?? 0)
                        if count > 0 { got[s.key] = (s.values[i], count) }
                    }
                    #expect(same(got, expected), "\(by) \(interval) \(period)")
                }
            }
            for interval in ReportInterval.allCases {
                try await check(by: .category, interval) { $0.topCategory }
                let flow = try await store.reports.cashFlow(
                    range,
                    interval: interval,
                    in: try await store.scope(user, book: book.id)
                )
                for p in flow.periods {
                    let inPeriod = model.filter {
                        $0.currency == "USD" && $0.date >= range.from && $0.date <= range.to
                            && interval.period(of: $0.date) == p.period
                    }
                    #expect(p.income.minorUnits == inPeriod.filter { $0.kind == .income }.reduce(0) { $0 + $1.amount })
                    #expect(
                        p.expense.minorUnits == inPeriod.filter { $0.kind == .expense }.reduce(0) { $0 + $1.amount }
                    )
                }
            }
            // Payees at day and week grain come from the records of those days.
            try await check(by: .payee, .day) { $0.payee }
            try await check(by: .payee, .week) { $0.payee }
            // The week of a range that starts on a Wednesday is labelled by its Monday.
            #expect(ReportInterval.week.periods(in: range).first == "2024-02-12")
            await #expect(
                throws: FieldError(
                    "interval",
                    "day gives more than 1000 periods over this range; choose a longer interval or a shorter range"
                )
            ) {
                _ = try await store.reports.trendReport(
                    ReportQuery(range: try DateRange(from: LocalDate("2023-01-01")!, to: LocalDate("2025-12-31")!)),
                    interval: .day,
                    in: try await store.scope(user, book: book.id)
                )
            }
        }
    }

    @Test("search count and totals: from kept totals and from records", arguments: Backend.available)
    func searchTotals(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book, model) = try await Self.seeded(store)
            func check(_ filter: TransactionFilter, _ match: (ModelRecord) -> Bool) async throws {
                let page = try await store.records.transactions(
                    in: try await store.scope(user, book: book.id),
                    filter: filter,
                    limit: 10,
                    summarize: true
                )
                let hits = model.filter(match)
                let summary = try #require(page.summary)
                #expect(summary.count == hits.count, "\(filter)")
                #expect(
                    summary.total(.expense).minorUnits
                        == hits.filter { $0.kind == .expense && $0.currency == "USD" }.reduce(0) { $0 + $1.amount },
                    "\(filter)"
                )
                #expect(
                    summary.total(.income).minorUnits
                        == hits.filter { $0.kind == .income && $0.currency == "USD" }.reduce(0) { $0 + $1.amount },
                    "\(filter)"
                )
                #expect(page.records.count == min(10, hits.count))
            }
            let from = LocalDate("2024-02-14")!
            let to = LocalDate("2024-11-20")!
            try await check(TransactionFilter(payee: "starbucks", kind: .expense)) {
                $0.payee == "Starbucks" && $0.kind == .expense
            }
            try await check(TransactionFilter(from: from, to: to)) { $0.date >= from && $0.date <= to }
            try await check(TransactionFilter(category: "Food")) { $0.topCategory == "Food" }
            try await check(TransactionFilter(account: "Cash")) { $0.account == "Cash" || $0.toAccount == "Cash" }
            try await check(TransactionFilter(kind: .transfer)) { $0.kind == .transfer }
            try await check(TransactionFilter(payee: "CAFÉ ZOË")) { $0.payee == "Café Zoë" }
            // Ranges with edge days: a payee reads those days' records, an account the daily totals.
            try await check(TransactionFilter(from: from, to: to, payee: "starbucks")) {
                $0.payee == "Starbucks" && $0.date >= from && $0.date <= to
            }
            try await check(TransactionFilter(from: from, to: to, account: "Cash", payee: "shell")) {
                $0.payee == "Shell" && $0.account == "Cash" && $0.date >= from && $0.date <= to
            }
            try await check(TransactionFilter(from: from, to: to, account: "Cash")) {
                ($0.account == "Cash" || $0.toAccount == "Cash") && $0.date >= from && $0.date <= to
            }
            try await check(TransactionFilter(from: from, to: to, category: "Food")) {
                $0.topCategory == "Food" && $0.date >= from && $0.date <= to
            }
            // Free text and amounts read the records.
            try await check(TransactionFilter(text: "star")) { $0.payee == "Starbucks" }
            try await check(TransactionFilter(text: "sam")) { $0.note.contains("Sam") }
            try await check(TransactionFilter(text: "coffee")) { $0.category == "Food:Coffee" }
            try await check(TransactionFilter(text: "food split")) {
                $0.topCategory == "Food" && $0.note.contains("split")
            }
            try await check(TransactionFilter(amountMin: "100", amountMax: "250.00")) {
                $0.currency == "USD" && $0.amount >= 10_000 && $0.amount <= 25_000
            }
            await #expect(throws: FieldError("amount_min", "'ten' is not an amount")) {
                _ = try await store.records.transactions(
                    in: try await store.scope(user, book: book.id),
                    filter: TransactionFilter(amountMin: "ten"),
                    summarize: true
                )
            }
        }
    }

    @Test("account balances and the calendar follow edits and deletions", arguments: Backend.available)
    func balances(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book, model) = try await Self.seeded(store)
            for balance in try await store.books.accounts(in: try await store.scope(user, book: book.id)) {
                let name = balance.account.name
                var expected: Int64 = 0
                for r in model where r.currency == balance.account.currency.code {
                    if r.account == name { expected += r.kind == .income ? r.amount : -r.amount }
                    if r.toAccount == name { expected += r.amount }
                }
                #expect(balance.balance.minorUnits == expected, "\(name)")
            }
            let month = try await store.reports.month(
                YearMonth(LocalDate("2024-02-01")!),
                in: try await store.scope(user, book: book.id)
            )
            let feb = model.filter { $0.date.year == 2024 && $0.date.month == 2 }
            #expect(
                month.expense.minorUnits
                    == feb.filter { $0.kind == .expense && $0.currency == "USD" }.reduce(0) { $0 + $1.amount }
            )
            #expect(month.count == feb.count)
        }
    }

    @Test("moving a category's records on delete moves their totals", arguments: Backend.available)
    func categoryMove(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book, model) = try await Self.seeded(store)
            let auto = try #require(
                try await store.books.categories(in: try await store.scope(user, book: book.id)).first {
                    $0.name == "Auto" && $0.parentID == nil
                }
            )
            try await store.books.deleteCategory(
                auto.id,
                in: try await store.scope(user, book: book.id),
                moveTo: "Home"
            )
            let range = try DateRange(from: LocalDate("2023-01-01")!, to: LocalDate("2026-12-31")!)
            let report = try await store.reports.summaryReport(
                ReportQuery(range: range, by: .category),
                in: try await store.scope(user, book: book.id)
            )
            let expected = model.sums(.expense, "USD", from: range.from, to: range.to) {
                $0.topCategory == "Auto" ? "Home" : $0.topCategory
            }
            #expect(same(report.table(.expense, "USD"), expected))
        }
    }
}
