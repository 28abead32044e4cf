import Foundation
import TallyCore
import TallyStore

/// Budgets, goals and bills on a server: `…/budgets`, `…/goals` and `…/bills` of the book.
extension RemoteBackend {
    private func get<T: Decodable>(_ type: T.Type, _ path: String, _ query: [(String, String)] = []) async throws -> T {
        try RemoteJSON.decode(type, try await client.send(.GET, base + path, query: query).body)
    }

    /// The user's today on the server (`…/today`).
    private func today() async throws -> LocalDate {
        try RemoteJSON.date(try await get(RemoteJSON.TodayEntry.self, "/today").date)
    }

    private static func query(_ name: String, _ date: LocalDate?) -> [(String, String)] {
        date.map { [(name, $0.description)] } ?? []
    }

    func createBudget(_ input: BudgetInput) async throws -> Budget {
        var body: [String: Any] = [:]
        let fields: [(String, String?)] = [
            ("name", input.name), ("limit", input.limit), ("cycle", input.cycle), ("week_start", input.weekStart),
            ("start", input.start), ("day_of_month", input.dayOfMonth), ("mode", input.mode),
        ]
        for case (let name, let value?) in fields { body[name] = value }
        if let categories = input.categories { body["categories"] = categories }
        if let accounts = input.accounts { body["accounts"] = accounts }
        if let main = input.main { body["main"] = main }
        let answer = try await client.send(.POST, base + "/budgets", json: body)
        return try RemoteJSON.decode(RemoteJSON.BudgetEntry.self, answer.body).budget(book: book)
    }

    func budgetStandings(on date: LocalDate?) async throws -> [BudgetStanding] {
        var standings: [BudgetStanding] = []
        for entry in try await get([RemoteJSON.BudgetEntry].self, "/budgets") {
            standings.append(try await standing(try entry.budget(book: book), on: date))
        }
        return standings
    }

    func budgetStatus(_ id: BudgetID, on date: LocalDate?) async throws -> BudgetStanding {
        try await standing(try await budget(id), on: date)
    }

    private func standing(_ budget: Budget, on date: LocalDate?) async throws -> BudgetStanding {
        let path = "/budgets/\(budget.id)/status"
        let entry = try await get(RemoteJSON.PeriodEntry.self, path, Self.query("date", date))
        return BudgetStanding(
            budget: budget,
            status: try entry.status(currency: budget.limit.currency.code),
            date: try RemoteJSON.date(entry.date ?? "")
        )
    }

    func budget(_ id: BudgetID) async throws -> Budget {
        try await get(RemoteJSON.BudgetEntry.self, "/budgets/\(id)").budget(book: book)
    }

    func budgetHistory(_ id: BudgetID, through: LocalDate?, limit: Int) async throws -> [BudgetPeriodStatus] {
        let currency = try await budget(id).limit.currency.code
        let query = Self.query("through", through) + [("limit", String(limit))]
        return try await get([RemoteJSON.PeriodEntry].self, "/budgets/\(id)/history", query)
            .map { try $0.status(currency: currency) }
    }

    func createGoal(_ input: GoalInput) async throws -> GoalStanding {
        var body: [String: Any] = [:]
        let fields: [(String, String?)] = [
            ("name", input.name), ("price", input.price), ("saved", input.saved), ("income", input.income),
            ("cycle", input.cycle), ("percent", input.percent), ("target_date", input.targetDate),
            ("account", input.account),
        ]
        for case (let name, let value?) in fields { body[name] = value }
        let answer = try await client.send(.POST, base + "/goals", json: body)
        let entry = try RemoteJSON.decode(RemoteJSON.GoalEntry.self, answer.body)
        return try entry.standing(book: book, date: try await today())
    }

    func goals(on date: LocalDate?) async throws -> [GoalStanding] {
        let entries = try await get([RemoteJSON.GoalEntry].self, "/goals", Self.query("date", date))
        let day: LocalDate
        if let date { day = date } else { day = try await today() }
        return try entries.map { try $0.standing(book: book, date: day) }
    }

    func goal(_ id: GoalID) async throws -> GoalStanding {
        try await get(RemoteJSON.GoalEntry.self, "/goals/\(id)").standing(book: book, date: try await today())
    }

    func contribute(to id: GoalID, _ money: ContributionInput) async throws -> GoalContribution {
        var body: [String: Any] = ["amount": money.amount]
        let fields: [(String, String?)] = [
            ("date", money.date), ("note", money.note), ("from_account", money.fromAccount),
            ("to_account", money.toAccount),
        ]
        for case (let name, let value?) in fields { body[name] = value }
        let answer = try await client.send(.POST, base + "/goals/\(id)/contributions", json: body)
        let entry = try RemoteJSON.decode(RemoteJSON.ContributionEntry.self, answer.body)
        return try entry.contribution(currency: try await goal(id).goal.price.currency)
    }

    func createBill(_ input: BillInput) async throws -> Bill {
        var body: [String: Any] = [:]
        let fields: [(String, String?)] = [
            ("title", input.title), ("amount", input.amount), ("cycle", input.cycle), ("due_day", input.dueDay),
            ("every_months", input.everyMonths), ("first_due", input.firstDue), ("account", input.account),
            ("category", input.category), ("url", input.url), ("remind_days", input.remindDays), ("note", input.note),
        ]
        for case (let name, let value?) in fields { body[name] = value }
        let answer = try await client.send(.POST, base + "/bills", json: body)
        return try RemoteJSON.decode(RemoteJSON.BillEntry.self, answer.body).bill(book: book)
    }

    func billsMonth(_ chosen: YearMonth?) async throws -> BillMonth {
        let month: YearMonth
        if let chosen { month = chosen } else { month = YearMonth(try await today()) }
        let range = [("from", month.first.description), ("to", month.last.description)]
        var occurrences: [BillOccurrence] = []
        for entry in try await get([RemoteJSON.BillEntry].self, "/bills") {
            let bill = try entry.bill(book: book)
            occurrences += try await get([RemoteJSON.OccurrenceEntry].self, "/bills/\(bill.id)/occurrences", range)
                .map { try $0.occurrence(of: bill) }
        }
        // As the store orders them.
        occurrences.sort { ($0.dueDate, $0.bill.title, $0.bill.id) < ($1.dueDate, $1.bill.title, $1.bill.id) }
        let currency = occurrences.first?.bill.currency ?? .usd
        return try BillMonth(month: month, occurrences: occurrences, currency: currency)
    }

    func payBill(_ id: BillID, due: LocalDate, amount: String?, paidOn: String?) async throws -> BillOccurrence {
        let bill = try await get(RemoteJSON.BillEntry.self, "/bills/\(id)").bill(book: book)
        var body: [String: Any] = [:]
        if let amount { body["amount"] = amount }
        if let paidOn { body["paid_on"] = paidOn }
        let path = base + "/bills/\(id)/occurrences/\(due)/pay"
        let answer = try await client.send(.POST, path, json: body.isEmpty ? nil : body)
        return try RemoteJSON.decode(RemoteJSON.OccurrenceEntry.self, answer.body).occurrence(of: bill)
    }

    func undoBillPayment(_ id: BillID, due: LocalDate) async throws -> Bill {
        let bill = try await get(RemoteJSON.BillEntry.self, "/bills/\(id)").bill(book: book)
        _ = try await client.send(.DELETE, base + "/bills/\(id)/occurrences/\(due)/pay")
        return bill
    }
}
