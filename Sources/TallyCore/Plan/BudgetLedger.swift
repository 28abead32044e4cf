/// Whether a budget's unused money (or overspending) moves into the next period.
public enum BudgetMode: String, Sendable, Codable, CaseIterable {
    /// Each period starts at the limit.
    case saver
    /// Each period starts at the limit plus whatever the past periods left (or minus what they
    /// overspent), counted from the budget's first period.
    case spender
}

/// How close a period is to its limit: the warnings on the dashboard and the calendar.
public enum BudgetAlert: String, Sendable, Codable {
    /// Under 80% used.
    case none
    /// 80% or more used.
    case near
    /// All used, or more.
    case over
}

/// One period of a budget, computed from the records: the limit, what was spent in scope, and
/// what the periods before carried in.
public struct BudgetPeriodStatus: Sendable, Hashable {
    /// The period's first and last day.
    public let period: DateRange
    /// The budget's limit for one period.
    public let limit: Money
    /// Spending in scope during the period.
    public let spent: Money
    /// Carried in from earlier periods (spender mode; zero for saver). Negative after overspending.
    public let carried: Money

    /// Makes a status.
    public init(period: DateRange, limit: Money, spent: Money, carried: Money) {
        self.period = period
        self.limit = limit
        self.spent = spent
        self.carried = carried
    }

    /// What the period may spend: the limit plus what was carried in.
    public var available: Money { Money(minorUnits: limit.minorUnits + carried.minorUnits, currency: limit.currency) }

    /// What is left to spend; negative when over.
    public var remaining: Money { Money(minorUnits: available.minorUnits - spent.minorUnits, currency: limit.currency) }

    /// Spent ÷ available in basis points (10 000 = all of it), or `nil` when nothing was
    /// available (the limit was eaten by past overspending).
    public var usedBasisPoints: Int64? {
        guard available.minorUnits > 0 else { return nil }
        return Share.basisPoints(max(0, spent.minorUnits), of: available.minorUnits)
    }

    /// The warning level.
    public var alert: BudgetAlert {
        guard let used = usedBasisPoints else {
            return spent.minorUnits > 0 || available.minorUnits < 0 ? .over : .near
        }
        return used >= 10_000 ? .over : used >= 8_000 ? .near : .none
    }

    /// Days from `date` to the period's end, both counted (0 once the period is over, the whole
    /// length before it starts).
    public func daysLeft(on date: LocalDate) -> Int {
        let from = max(date, period.from)
        return max(0, period.to.dayNumber - from.dayNumber + 1)
    }

    /// What can still be spent each day from `date` to the end, rounded down so that spending
    /// it never goes over; zero when nothing is left.
    public func perDay(on date: LocalDate) -> Money {
        let days = daysLeft(on: date)
        guard days > 0, remaining.minorUnits > 0 else { return .zero(limit.currency) }
        return Money(minorUnits: remaining.minorUnits / Int64(days), currency: limit.currency)
    }
}

/// The budget arithmetic: per-period spending and the carry from one period to the next.
/// Figures are always recomputed from the records, never kept as a running balance.
public enum BudgetLedger {
    /// Statuses of consecutive periods, oldest first, given each one's spending in minor units.
    /// In spender mode each period carries in what the one before left (limit + carried − spent).
    public static func statuses(
        limit: Money,
        mode: BudgetMode,
        periods: [DateRange],
        spent: [Int64]
    ) -> [BudgetPeriodStatus] {
        precondition(periods.count == spent.count, "one spending figure per period")
        var carried: Int64 = 0
        var result: [BudgetPeriodStatus] = []
        result.reserveCapacity(periods.count)
        for (period, amount) in zip(periods, spent) {
            let status = BudgetPeriodStatus(
                period: period,
                limit: limit,
                spent: Money(minorUnits: amount, currency: limit.currency),
                carried: Money(minorUnits: mode == .spender ? carried : 0, currency: limit.currency)
            )
            result.append(status)
            carried = status.remaining.minorUnits
        }
        return result
    }

    /// Sums per-day spending into the periods holding each day. `periods` must be consecutive
    /// and in order; days outside them are ignored.
    public static func bucket(
        _ days: [(date: LocalDate, minor: Int64)],
        into periods: [DateRange]
    ) throws(FieldError) -> [Int64] {
        var sums = [Int64](repeating: 0, count: periods.count)
        guard let first = periods.first, let last = periods.last else { return sums }
        var index = 0
        for day in days.sorted(by: { $0.date < $1.date }) where first.from <= day.date && day.date <= last.to {
            while periods[index].to < day.date { index += 1 }
            try sums[index].checkedAdd(day.minor)
        }
        return sums
    }
}

/// Exact shares as basis points (hundredths of a percent), with no floating point.
public enum Share {
    /// `part ÷ whole` × 10 000, rounded down, capped at 1 000 000 (10 000%); `whole` must be > 0.
    public static func basisPoints(_ part: Int64, of whole: Int64) -> Int64 {
        guard whole > 0 else { return 0 }  // no share of nothing (callers check; a trap here would end the server)
        if part / whole >= 100 { return 1_000_000 }
        let product = part.multipliedFullWidth(by: 10_000)
        return whole.dividingFullWidth(product).quotient
    }

    /// "0.8125" for 8 125 basis points: the API's `used_share`.
    public static func decimal(_ basisPoints: Int64) -> String {
        let whole = basisPoints / 10_000
        let fraction = basisPoints % 10_000
        let digits = String(fraction)
        return "\(whole).\(String(repeating: "0", count: 4 - digits.count))\(digits)"
    }

    /// "81%" (rounded down), for pages.
    public static func percent(_ basisPoints: Int64) -> String { "\(basisPoints / 100)%" }
}
