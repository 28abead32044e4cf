import ArgumentParser
import TallyCore
import TallyStore

extension Tally {
    /// `tally budget add|list|status|history`.
    struct BudgetCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "budget",
            abstract: "Spending budgets: a limit per period.",
            subcommands: [Add.self, List.self, Status.self, History.self]
        )
    }
}

extension Tally.BudgetCommand {
    /// `tally budget add --name N --limit L ...`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a budget.",
            discussion:
                "Example: tally budget add --name Food --limit 400 --category Food --start 2026-03-01 --mode spender"
        )
        @Option(help: "What it is for.") var name: String
        @Option(help: "The limit of one period: 400") var limit: String
        @Option(help: "daily, weekly, biweekly, fourweekly, monthly, quarterly or yearly (default: monthly).")
        var cycle: String?
        @Option(help: "The first day of a weekly period, monday … sunday (default: monday).") var weekStart: String?
        @Option(help: "The budget's first day, YYYY-MM-DD (default: today).") var start: String?
        @Option(help: "The day of the month monthly, quarterly and yearly periods begin, 1–31 (default: 1).")
        var dayOfMonth: String?
        @Option(
            name: .customLong("category"),
            help: "A category in scope, with its sub-categories (repeatable; default: all spending)."
        )
        var categories: [String] = []
        @Option(name: .customLong("account"), help: "An account in scope (repeatable; default: every account).")
        var accounts: [String] = []
        @Option(help: "saver (each period starts at the limit) or spender (what is left or overspent carries over).")
        var mode: String?
        @Flag(help: "Make it the main budget (a book's first budget always is).") var main = false
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let input = BudgetInput(
                name: name,
                limit: limit,
                cycle: cycle,
                weekStart: weekStart,
                start: start,
                dayOfMonth: dayOfMonth,
                categories: categories.isEmpty ? nil : categories,
                accounts: accounts.isEmpty ? nil : accounts,
                mode: mode,
                main: main ? true : nil
            )
            try await reportingErrors {
                let line = try await store.withBackend(who) { backend in
                    let budget = try await backend.createBudget(input)
                    let covers = PlanText.scope(budget, try await backend.categories(), try await backend.accounts())
                    return "Added budget #\(budget.id): \(PlanText.describe(budget, scope: covers))"
                }
                print(line)
            }
        }
    }

    /// `tally budget list`: every budget with its current period.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List budgets with where each stands.")
        @Option(help: "The day to show, YYYY-MM-DD (default: today).") var date: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let day = try PlanText.date(date, field: "date")
                let rows = try await store.withBackend(who) { backend in
                    let standings = try await backend.budgetStandings(on: day)
                    let categories = try await backend.categories()
                    let accounts = try await backend.accounts()
                    return standings.map { s -> [String] in
                        let b = s.budget
                        let st = s.status
                        return [
                            String(b.id), b.name + (b.isMain ? " (main)" : ""), b.schedule.cycle.title, b.mode.rawValue,
                            PlanText.scope(b, categories, accounts), b.limit.formatted, st.spent.formatted,
                            st.remaining.formatted,
                            st.usedBasisPoints.map(Share.percent) ?? "n/a",
                        ]
                    }
                }
                guard !rows.isEmpty else { return print("No budgets.") }
                print(
                    Listing.table(
                        header: ["ID", "Budget", "Cycle", "Mode", "Scope", "Limit", "Spent", "Remaining", "Used"],
                        rows: rows,
                        rightAligned: [0, 5, 6, 7, 8]
                    ),
                    terminator: ""
                )
            }
        }
    }

    /// `tally budget status ID [--date]`: one period in full, with a warning near or over the limit.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show where a budget stands in the period holding a date."
        )
        @Argument(help: "The budget's id (see `tally budget list`).") var id: BudgetID
        @Option(help: "The day to show, YYYY-MM-DD (default: today).") var date: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let day = try PlanText.date(date, field: "date")
                let (id, who) = (id, who)
                let text = try await store.withBackend(who) { backend in
                    let standing = try await backend.budgetStatus(id, on: day)
                    let covers = PlanText.scope(
                        standing.budget,
                        try await backend.categories(),
                        try await backend.accounts()
                    )
                    return PlanText.status(standing, scope: covers)
                }
                print(text, terminator: "")
            }
        }
    }

    /// `tally budget history ID`: the latest periods, newest first.
    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a budget's past periods, newest first.")
        @Argument(help: "The budget's id (see `tally budget list`).") var id: BudgetID
        @Option(help: "The last period shown is the one holding this day, YYYY-MM-DD (default: today).") var date:
            String?
        @Option(help: "How many periods, 1–500.") var limit = 12
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let day = try PlanText.date(date, field: "date")
                let (id, limit) = (id, limit)
                let (budget, periods) = try await store.withBackend(who) { backend in
                    (try await backend.budget(id), try await backend.budgetHistory(id, through: day, limit: limit))
                }
                let spender = budget.mode == .spender
                let rows = periods.map { p -> [String] in
                    [PlanText.range(p.period), p.limit.formatted] + (spender ? [p.carried.formatted] : [])
                        + [p.spent.formatted, p.remaining.formatted, p.usedBasisPoints.map(Share.percent) ?? "n/a"]
                }
                let header = ["Period", "Limit"] + (spender ? ["Carried"] : []) + ["Spent", "Remaining", "Used"]
                print("\(budget.name) (#\(budget.id)), \(budget.schedule.cycle.title), \(budget.mode.rawValue)")
                print(Listing.table(header: header, rows: rows, rightAligned: Set(1..<header.count)), terminator: "")
            }
        }
    }
}

/// Text for budgets, goals and bills, shared by their commands.
enum PlanText {
    /// An optional date option, checked like the API checks it.
    static func date(_ raw: String?, field: String) throws -> LocalDate? {
        guard let raw else { return nil }
        return try PlanValidate.date(raw, field: field)
    }

    /// "2026-03-01 – 2026-03-31", or one date for a one-day period.
    static func range(_ range: DateRange) -> String {
        range.from == range.to ? range.from.description : "\(range.from) – \(range.to)"
    }

    /// Label and value pairs: labels padded on the right, values on the left, so figures line up.
    static func figures(_ pairs: [(String, String)]) -> String {
        let labels = pairs.map(\.0.count).max() ?? 0
        let values = pairs.map(\.1.count).max() ?? 0
        return pairs.map { label, value in
            label + String(repeating: " ", count: labels - label.count + 2 + values - value.count) + value
        }.joined(separator: "\n") + "\n"
    }

    /// "Food, Home:Rent · Cash", or "all spending".
    static func scope(_ budget: Budget, _ categories: [Category], _ accounts: [AccountBalance]) -> String {
        let names = budget.categoryIDs.compactMap { id in categories.first { $0.id == id }?.path(in: categories) }
        let sources = budget.accountIDs.compactMap { id in accounts.first { $0.account.id == id }?.account.name }
        return [names.isEmpty ? "all spending" : names.joined(separator: ", "), sources.joined(separator: ", ")]
            .filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// "Food, $400.00 monthly from 2026-03-01, spender, on Food (main)".
    static func describe(_ budget: Budget, scope: String) -> String {
        let s = budget.schedule
        var cycle = "\(s.cycle.title) from \(s.start)"
        if [.monthly, .quarterly, .yearly].contains(s.cycle) && s.dayOfMonth != 1 {
            cycle += ", periods begin on day \(s.dayOfMonth)"
        }
        if s.cycle == .weekly && s.weekStart != .monday { cycle += ", weeks begin on \(s.weekStart.rawValue)" }
        return "\(budget.name), \(budget.limit.formatted) \(cycle), \(budget.mode.rawValue), on \(scope)"
            + (budget.isMain ? " (main)" : "")
    }

    /// The period in full: its figures, then a warning at 80% and at 100%.
    static func status(_ standing: BudgetStanding, scope: String) -> String {
        let b = standing.budget
        let p = standing.status
        let day = standing.date
        var pairs = [("Limit", p.limit.formatted)]
        if b.mode == .spender { pairs.append(("Carried", p.carried.formatted)) }
        pairs += [
            ("Spent", p.spent.formatted), ("Remaining", p.remaining.formatted),
            ("Used", p.usedBasisPoints.map(Share.percent) ?? "n/a"),
            ("Days left", String(p.daysLeft(on: day))), ("Per day", p.perDay(on: day).formatted),
        ]
        var text =
            "\(b.name) (#\(b.id)): \(b.schedule.cycle.title), \(b.mode.rawValue), on \(scope)\n"
            + "Period \(range(p.period)), on \(day)\n\n" + figures(pairs)
        switch p.alert {
        case .none: break
        case .near:
            text +=
                p.usedBasisPoints.map { "\nWarning: \(Share.percent($0)) of the budget is used.\n" }
                ?? "\nWarning: nothing is left to spend this period.\n"
        case .over:
            let over = Money(minorUnits: -p.remaining.minorUnits, currency: p.remaining.currency)
            text +=
                over.minorUnits > 0
                ? "\nWarning: over budget by \(over.formatted).\n" : "\nWarning: the whole budget is used.\n"
        }
        return text
    }
}
