/// A spending budget: a limit per period on all spending, or on chosen categories (a parent
/// counts its sub-categories) and, optionally, chosen accounts.
public struct Budget: Sendable, Hashable {
    /// Row id.
    public var id: BudgetID
    /// The book.
    public var bookID: BookID
    /// What it is for: "Weekly allowance".
    public var name: String
    /// The limit of one period, in the book's currency.
    public var limit: Money
    /// When periods begin.
    public var schedule: BudgetSchedule
    /// Saver (each period starts at the limit) or spender (carry-over).
    public var mode: BudgetMode
    /// The categories in scope; empty means all spending.
    public var categoryIDs: [CategoryID]
    /// The accounts in scope; empty means every account.
    public var accountIDs: [AccountID]
    /// The budget the Today view shows.
    public var isMain: Bool

    /// Makes a budget.
    public init(
        id: BudgetID,
        bookID: BookID,
        name: String,
        limit: Money,
        schedule: BudgetSchedule,
        mode: BudgetMode,
        categoryIDs: [CategoryID],
        accountIDs: [AccountID],
        isMain: Bool
    ) {
        self.id = id
        self.bookID = bookID
        self.name = name
        self.limit = limit
        self.schedule = schedule
        self.mode = mode
        self.categoryIDs = categoryIDs
        self.accountIDs = accountIDs
        self.isMain = isMain
    }
}

/// The raw fields of a budget as typed or sent; `nil` means "not given" (default on create,
/// unchanged on edit).
public struct BudgetInput: Sendable, Equatable {
    public var name: String?
    public var limit: String?
    public var cycle: String?
    public var weekStart: String?
    public var start: String?
    public var dayOfMonth: String?
    /// Category ids, names or "Parent:Child" paths; empty = all spending.
    public var categories: [String]?
    /// Account ids or names; empty = every account.
    public var accounts: [String]?
    public var mode: String?
    public var main: Bool?

    /// Makes an input; every field optional.
    public init(
        name: String? = nil,
        limit: String? = nil,
        cycle: String? = nil,
        weekStart: String? = nil,
        start: String? = nil,
        dayOfMonth: String? = nil,
        categories: [String]? = nil,
        accounts: [String]? = nil,
        mode: String? = nil,
        main: Bool? = nil
    ) {
        self.name = name
        self.limit = limit
        self.cycle = cycle
        self.weekStart = weekStart
        self.start = start
        self.dayOfMonth = dayOfMonth
        self.categories = categories
        self.accounts = accounts
        self.mode = mode
        self.main = main
    }
}

/// A budget whose fields are checked; the scope's references are still to be looked up.
public struct BudgetDraft: Sendable, Equatable {
    public var name: String
    public var limit: Money
    public var schedule: BudgetSchedule
    public var mode: BudgetMode
    public var categories: [Reference]?
    public var accounts: [Reference]?
    public var main: Bool?

    /// Checks `input` field by field; with `base` (an edit) fields not given keep its values.
    /// A new budget needs a name and a limit; it starts `today`, monthly on the 1st, weeks
    /// starting on Monday, in saver mode.
    public static func validate(
        _ input: BudgetInput,
        base: Budget?,
        currency: Currency,
        today: LocalDate
    ) throws(FieldError) -> BudgetDraft {
        var name = base?.name ?? ""
        if let raw = input.name ?? (base == nil ? "" : nil) {
            name = try Validate.name(raw, field: "name", maxLength: 60)
        }
        var limit = base?.limit
        if let raw = input.limit { limit = try PlanValidate.amount(raw, field: "limit", currency: currency) }
        guard let limit else { throw FieldError("limit", "is required") }
        let cycle =
            try input.cycle.map { raw throws(FieldError) in
                try Validate.option(raw, field: "cycle", default: BudgetCycle.monthly)
            }
            ?? base?.schedule.cycle ?? .monthly
        let weekStart =
            try input.weekStart.map { raw throws(FieldError) in
                try Validate.option(raw, field: "week_start", default: Weekday.monday)
            }
            ?? base?.schedule.weekStart ?? .monday
        let start =
            try input.start.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map { raw throws(FieldError) in
                try PlanValidate.date(raw, field: "start")
            } ?? base?.schedule.start ?? today
        let day =
            try input.dayOfMonth.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map { raw throws(FieldError) in
                try PlanValidate.integer(raw, field: "day_of_month", in: 1...31)
            } ?? base?.schedule.dayOfMonth ?? 1
        let mode =
            try input.mode.map { raw throws(FieldError) in
                try Validate.option(raw, field: "mode", default: BudgetMode.saver)
            }
            ?? base?.mode ?? .saver
        return BudgetDraft(
            name: name,
            limit: limit,
            schedule: BudgetSchedule(cycle: cycle, weekStart: weekStart, start: start, dayOfMonth: day),
            mode: mode,
            categories: PlanValidate.references(input.categories),
            accounts: PlanValidate.references(input.accounts),
            main: input.main
        )
    }
}
