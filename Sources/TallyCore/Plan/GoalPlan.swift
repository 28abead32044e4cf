/// Where a savings goal stands.
public enum GoalStatus: String, Sendable, Codable {
    /// Saved at least the price: done.
    case reached
    /// Saved at least what the plan expects by now.
    case onTrack = "on_track"
    /// Saved less than the plan expects by now, or the target date has passed.
    case behind
}

/// What a goal needs, worked out from its price, what is saved and its plan: either a share of
/// income put aside each period (→ the predicted date), or a target date (→ the amount and
/// share needed per period). All exact, in minor units.
public struct GoalPlan: Sendable, Hashable {
    /// Price − saved, never negative.
    public let remaining: Money
    /// Saved ÷ price in basis points, at most 10 000.
    public let progressBasisPoints: Int64
    /// The amount to put aside each income period (chosen percent of income, or what the target
    /// date needs); `nil` when it cannot be worked out (see `message`).
    public let perPeriod: Money?
    /// The percent of income: the one chosen, or the one the target date needs (may be over 100).
    public let percent: Int?
    /// When the goal is (or was planned to be) reached.
    public let predictedDate: LocalDate?
    /// Income periods still to go.
    public let periodsLeft: Int?
    /// Reached, on track or behind.
    public let status: GoalStatus
    /// Why a figure is missing, or a note on the plan, for people.
    public let message: String?

    /// A plan from its figures (as `make` works them out, or as the API reports them).
    public init(
        remaining: Money,
        progressBasisPoints: Int64,
        perPeriod: Money?,
        percent: Int?,
        predictedDate: LocalDate?,
        periodsLeft: Int?,
        status: GoalStatus,
        message: String?
    ) {
        self.remaining = remaining
        self.progressBasisPoints = progressBasisPoints
        self.perPeriod = perPeriod
        self.percent = percent
        self.predictedDate = predictedDate
        self.periodsLeft = periodsLeft
        self.status = status
        self.message = message
    }

    /// The inputs of a plan.
    public struct Inputs: Sendable, Hashable {
        /// The price of the thing.
        public var price: Money
        /// Saved so far, contributions included.
        public var saved: Money
        /// What was already saved when the goal was made.
        public var savedAtStart: Money
        /// Income per period, if known.
        public var income: Money?
        /// The income period.
        public var cycle: BudgetCycle
        /// The percent of income put aside (1–100), or `nil` for a target-date plan.
        public var percent: Int?
        /// The date to reach the goal by, or `nil` for a percentage plan.
        public var targetDate: LocalDate?
        /// The day the goal was made: the start of the plan.
        public var createdOn: LocalDate

        /// Makes the inputs.
        public init(
            price: Money,
            saved: Money,
            savedAtStart: Money,
            income: Money?,
            cycle: BudgetCycle,
            percent: Int?,
            targetDate: LocalDate?,
            createdOn: LocalDate
        ) {
            self.price = price
            self.saved = saved
            self.savedAtStart = savedAtStart
            self.income = income
            self.cycle = cycle
            self.percent = percent
            self.targetDate = targetDate
            self.createdOn = createdOn
        }
    }

    /// The plan on `today`.
    public static func make(_ inputs: Inputs, today: LocalDate) -> GoalPlan {
        let currency = inputs.price.currency
        let price = inputs.price.minorUnits
        let saved = inputs.saved.minorUnits
        let left = max(0, price - saved)
        let remaining = Money(minorUnits: left, currency: currency)
        let progress = price > 0 ? min(10_000, Share.basisPoints(max(0, saved), of: price)) : 10_000
        if left == 0 {
            return GoalPlan(
                remaining: remaining,
                progressBasisPoints: progress,
                perPeriod: .zero(currency),
                percent: inputs.percent,
                predictedDate: nil,
                periodsLeft: 0,
                status: .reached,
                message: "Goal reached"
            )
        }
        let income = inputs.income.map(\.minorUnits) ?? 0
        if let target = inputs.targetDate {
            // Periods from today until the target: the contributions still to make, at least one.
            let periods = max(1, Self.periods(from: today, to: target, cycle: inputs.cycle))
            let per = (left + Int64(periods) - 1) / Int64(periods)
            let percent = income > 0 ? Int(min(Int64(10_000), (per * 100 + income - 1) / income)) : nil
            let passed = target < today
            let expected = Self.expectedByDate(inputs, today: today, target: target)
            let status: GoalStatus = passed || saved < expected ? .behind : .onTrack
            var message: String? = nil
            if passed {
                message = "The target date has passed"
            } else if income <= 0 {
                message = "Enter your income per period to see the share of it this needs"
            } else if percent! > 100 {
                message = "This needs more than your whole income each period"
            }
            return GoalPlan(
                remaining: remaining,
                progressBasisPoints: progress,
                perPeriod: Money(minorUnits: per, currency: currency),
                percent: percent,
                predictedDate: target,
                periodsLeft: passed ? 0 : periods,
                status: status,
                message: message
            )
        }
        guard income > 0 else {
            return GoalPlan(
                remaining: remaining,
                progressBasisPoints: progress,
                perPeriod: nil,
                percent: inputs.percent,
                predictedDate: nil,
                periodsLeft: nil,
                status: .behind,
                message: "Enter your income per period (more than zero) to see when you will reach this goal"
            )
        }
        let percent = inputs.percent ?? 10
        let per = income * Int64(percent) / 100
        guard per > 0 else {
            return GoalPlan(
                remaining: remaining,
                progressBasisPoints: progress,
                perPeriod: .zero(currency),
                percent: percent,
                predictedDate: nil,
                periodsLeft: nil,
                status: .behind,
                message: "\(percent)% of this income rounds to nothing each period"
            )
        }
        let count = (left + per - 1) / per
        let elapsed = Self.periods(from: inputs.createdOn, to: today, cycle: inputs.cycle)
        // per × elapsed can pass 2⁶³ (10¹⁵ a day for 25 years); anything that large is past the price.
        let (sofar, overflow) = per.multipliedReportingOverflow(by: Int64(max(0, elapsed)))
        let expected = overflow ? price : min(price, inputs.savedAtStart.minorUnits + min(sofar, price))
        let status: GoalStatus = saved >= expected ? .onTrack : .behind
        let date = count <= 12_000 ? Self.step(today, by: Int(count), cycle: inputs.cycle) : nil
        return GoalPlan(
            remaining: remaining,
            progressBasisPoints: progress,
            perPeriod: Money(minorUnits: per, currency: currency),
            percent: percent,
            predictedDate: date,
            periodsLeft: Int(count),
            status: status,
            message: date == nil ? "At this rate the goal is centuries away" : nil
        )
    }

    /// The date `count` income periods after `date`, or `nil` past the plan years.
    public static func step(_ date: LocalDate, by count: Int, cycle: BudgetCycle) -> LocalDate? {
        let result: LocalDate
        if let days = cycle.dayLength {
            result = date.adding(days: days * count)
        } else {
            let months = cycle.monthLength * count
            guard date.year + months / 12 <= PlanValidate.years.upperBound else { return nil }
            result = date.adding(months: months)
        }
        return PlanValidate.years.contains(result.year) ? result : nil
    }

    /// Whole income periods from `from` until `to` (how many steps fit), 0 when `to` is not after.
    public static func periods(from: LocalDate, to: LocalDate, cycle: BudgetCycle) -> Int {
        guard from < to else { return 0 }
        if let days = cycle.dayLength { return (to.dayNumber - from.dayNumber) / days }
        var months = (to.year - from.year) * 12 + to.month - from.month
        if from.adding(months: months) > to { months -= 1 }
        return months / cycle.monthLength
    }

    /// On a straight line from what was saved at the start (on `createdOn`) to the price (on the
    /// target date): what should be saved by `today`, rounded down.
    private static func expectedByDate(_ inputs: Inputs, today: LocalDate, target: LocalDate) -> Int64 {
        let start = inputs.savedAtStart.minorUnits
        let price = inputs.price.minorUnits
        let total = target.dayNumber - inputs.createdOn.dayNumber
        guard total > 0 else { return price }
        let elapsed = min(max(0, today.dayNumber - inputs.createdOn.dayNumber), total)
        let gap = max(0, price - start)
        return start + gap / Int64(total) * Int64(elapsed) + gap % Int64(total) * Int64(elapsed) / Int64(total)
    }
}
