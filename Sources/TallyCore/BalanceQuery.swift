/// A request for balances over time: a range and a step of day, week or month, with the end of
/// each period, checked before anything is read.
public struct BalanceQuery: Sendable, Hashable {
    /// The days covered.
    public let range: DateRange
    /// The step: day, week (Monday to Sunday) or month.
    public let interval: ReportInterval
    /// Each period's label, as `ReportInterval.period(of:)` writes it, oldest first.
    public let periods: [String]
    /// Each period's last day, or `range.to` for the period it cuts short: the day its balances
    /// are taken at.
    public let ends: [LocalDate]

    /// The steps balances go by. A year is left out: ten years are 120 months, and a step of a
    /// year hides the months an account ran low.
    public static let intervals: [ReportInterval] = [.day, .week, .month]

    /// A query; throws on `interval` for a step that is not one of `intervals`, or for a range
    /// that would have more than `ReportInterval.maxPeriods` periods.
    public init(range: DateRange, interval: ReportInterval) throws(FieldError) {
        guard Self.intervals.contains(interval) else { throw Self.intervalError }
        self.range = range
        self.interval = interval
        periods = try interval.checkedPeriods(in: range)
        ends = periods.map { label in
            let first = LocalDate(label + (interval == .month ? "-01" : "")) ?? range.to
            let last: LocalDate =
                switch interval {
                case .day: first
                case .week: first.adding(days: 6)
                default: first.endOfMonth
                }
            return min(last, range.to)
        }
    }

    /// Reads `from`, `to` and `interval` from named text fields: by default the last twelve
    /// months by month, from the first of the month eleven months back to `today`.
    public static func parse(_ field: (String) -> String?, today: LocalDate) throws(FieldError) -> BalanceQuery {
        let range = try DateRange.parse(
            from: field("from"),
            to: field("to"),
            defaultFrom: today.startOfMonth.adding(months: -11),
            defaultTo: today
        )
        let raw = field("interval")?.trimmingSpaces().lowercased() ?? ""
        guard raw.isEmpty || intervals.contains(where: { $0.rawValue == raw }) else { throw intervalError }
        return try BalanceQuery(range: range, interval: ReportInterval(rawValue: raw) ?? .month)
    }

    private static let intervalError = FieldError(
        "interval",
        "must be one of \(intervals.map(\.rawValue).joined(separator: ", "))"
    )
}
