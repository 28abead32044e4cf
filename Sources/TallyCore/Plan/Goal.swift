/// A savings goal: something to buy, its price, and a plan to save for it.
public struct Goal: Sendable, Hashable {
    /// Row id.
    public var id: GoalID
    /// The book.
    public var bookID: BookID
    /// What to buy.
    public var name: String
    /// Its price, in the book's currency.
    public var price: Money
    /// What was saved before any recorded contribution.
    public var savedAtStart: Money
    /// The sum of the recorded contributions.
    public var contributed: Money
    /// Income per period, if given.
    public var income: Money?
    /// The income period.
    public var cycle: BudgetCycle
    /// The share of income put aside, 1–100 (a percentage plan).
    public var percent: Int?
    /// The date to reach it by (a target-date plan).
    public var targetDate: LocalDate?
    /// The savings account contributions may be moved into.
    public var accountID: AccountID?
    /// The photo's media type, when there is one.
    public var photoType: String?
    /// The day the goal was made.
    public var createdOn: LocalDate

    /// Makes a goal.
    public init(
        id: GoalID,
        bookID: BookID,
        name: String,
        price: Money,
        savedAtStart: Money,
        contributed: Money,
        income: Money?,
        cycle: BudgetCycle,
        percent: Int?,
        targetDate: LocalDate?,
        accountID: AccountID?,
        photoType: String?,
        createdOn: LocalDate
    ) {
        self.id = id
        self.bookID = bookID
        self.name = name
        self.price = price
        self.savedAtStart = savedAtStart
        self.contributed = contributed
        self.income = income
        self.cycle = cycle
        self.percent = percent
        self.targetDate = targetDate
        self.accountID = accountID
        self.photoType = photoType
        self.createdOn = createdOn
    }

    /// Saved so far: the starting amount plus contributions.
    public var saved: Money {
        Money(minorUnits: savedAtStart.minorUnits + contributed.minorUnits, currency: price.currency)
    }

    /// The plan on `today`.
    public func plan(today: LocalDate) -> GoalPlan {
        GoalPlan.make(
            .init(
                price: price,
                saved: saved,
                savedAtStart: savedAtStart,
                income: income,
                cycle: cycle,
                percent: percent,
                targetDate: targetDate,
                createdOn: createdOn
            ),
            today: today
        )
    }
}

/// The raw fields of a goal; `nil` means "not given".
public struct GoalInput: Sendable, Equatable {
    /// What to buy.
    public var name: String?
    /// Its price.
    public var price: String?
    /// Saved so far (contributions included); on create, the starting amount.
    public var saved: String?
    /// Income per period; "" clears it.
    public var income: String?
    /// The income period (a budget cycle name).
    public var cycle: String?
    /// The share of income to put aside, 1–100; "" clears it.
    public var percent: String?
    /// The date to reach it by; "" clears it.
    public var targetDate: String?
    /// The savings account (id or name); "" clears it.
    public var account: String?

    /// Makes an input; every field optional.
    public init(
        name: String? = nil,
        price: String? = nil,
        saved: String? = nil,
        income: String? = nil,
        cycle: String? = nil,
        percent: String? = nil,
        targetDate: String? = nil,
        account: String? = nil
    ) {
        self.name = name
        self.price = price
        self.saved = saved
        self.income = income
        self.cycle = cycle
        self.percent = percent
        self.targetDate = targetDate
        self.account = account
    }
}

/// A goal whose fields are checked.
public struct GoalDraft: Sendable, Equatable {
    /// What to buy.
    public var name: String
    /// Its price.
    public var price: Money
    /// Saved so far, contributions included.
    public var saved: Money
    /// Income per period.
    public var income: Money?
    /// The income period.
    public var cycle: BudgetCycle
    /// The percentage plan.
    public var percent: Int?
    /// The target-date plan.
    public var targetDate: LocalDate?
    /// The savings account; `nil` = not given, `.some(nil)` = cleared.
    public var account: Reference??

    /// Checks `input`; a goal plans by percent or by target date, never both. A percentage plan
    /// needs an income above zero. A new goal with neither plans 10% of its income.
    public static func validate(
        _ input: GoalInput,
        base: Goal?,
        currency: Currency,
        today: LocalDate
    ) throws(FieldError) -> GoalDraft {
        var name = base?.name ?? ""
        if let raw = input.name ?? (base == nil ? "" : nil) {
            name = try Validate.name(raw, field: "name", maxLength: 60)
        }
        var price = base?.price
        if let raw = input.price { price = try PlanValidate.amount(raw, field: "price", currency: currency) }
        guard let price else { throw FieldError("price", "is required") }
        var saved = base?.saved ?? .zero(currency)
        if let raw = input.saved, !raw.trimmingSpaces().isEmpty {
            saved = try PlanValidate.amount(raw, field: "saved", currency: currency, allowZero: true)
        }
        var income = base?.income
        if let raw = input.income {
            income =
                raw.trimmingSpaces().isEmpty
                ? nil : try PlanValidate.amount(raw, field: "income", currency: currency, allowZero: true)
        }
        let cycle =
            try input.cycle.map { raw throws(FieldError) in
                try Validate.option(raw, field: "cycle", default: BudgetCycle.monthly)
            }
            ?? base?.cycle ?? .monthly
        var percent = base?.percent
        var target = base?.targetDate
        let newPercent = try input.percent.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map {
            raw throws(FieldError) in
            try PlanValidate.integer(raw, field: "percent", in: 1...100)
        }
        let newTarget = try input.targetDate.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map {
            raw throws(FieldError) in
            try PlanValidate.date(raw, field: "target_date")
        }
        if newPercent != nil && newTarget != nil {
            throw FieldError("target_date", "give either percent or target_date, not both")
        }
        if let newPercent {
            percent = newPercent
            target = nil
        }
        if let newTarget {
            if newTarget <= today && newTarget != base?.targetDate {
                throw FieldError("target_date", "must be after today (\(today))")
            }
            target = newTarget
            percent = nil
        }
        if input.percent?.trimmingSpaces().isEmpty == true && newTarget == nil && input.targetDate == nil {
            percent = nil
        }
        if input.targetDate?.trimmingSpaces().isEmpty == true && newPercent == nil { target = nil }
        if percent == nil && target == nil { percent = 10 }
        if percent != nil && (income?.minorUnits ?? 0) <= 0 {
            throw FieldError(
                "income",
                "enter your income per period (more than zero) to save a percentage of it, or give a target_date instead"
            )
        }
        return GoalDraft(
            name: name,
            price: price,
            saved: saved,
            income: income,
            cycle: cycle,
            percent: percent,
            targetDate: target,
            account: input.account.map { Reference($0) }
        )
    }
}
