/// The week, month or year a dashboard shows, with its neighbours.
public enum DashboardSpan: String, Sendable, CaseIterable {
    /// Monday to Sunday.
    case week
    /// A calendar month.
    case month
    /// A calendar year.
    case year

    /// The span containing `date`.
    public func range(containing date: LocalDate) -> DateRange {
        switch self {
        case .week:
            let monday = date.adding(days: 1 - date.isoWeekday)
            return try! DateRange(from: monday, to: monday.adding(days: 6))
        case .month:
            return try! DateRange(from: date.startOfMonth, to: date.endOfMonth)
        case .year:
            return try! DateRange(
                from: LocalDate(year: date.year, month: 1, day: 1)!,
                to: LocalDate(year: date.year, month: 12, day: 31)!
            )
        }
    }

    /// A day in the span before or after the one containing `date`.
    public func step(_ date: LocalDate, by steps: Int) -> LocalDate {
        switch self {
        case .week: date.adding(days: 7 * steps)
        case .month: date.startOfMonth.adding(months: steps)
        case .year: date.startOfMonth.adding(months: 12 * steps)
        }
    }

    /// "Week of 4 Mar 2024", "March 2024", "2024".
    public func title(_ range: DateRange) -> String {
        switch self {
        case .week:
            "Week of \(range.from.day) \(LocalDate.monthNames[range.from.month - 1].prefix(3)) \(range.from.year)"
        case .month: YearMonth(range.from).title
        case .year: String(range.from.year)
        }
    }

    /// Days of the span that have begun by `today` (all of them for a past span), at least 1:
    /// the divisor of the daily average.
    public static func elapsedDays(_ range: DateRange, today: LocalDate) -> Int {
        if today < range.from { return 1 }
        return max(1, min(range.to, today).dayNumber - range.from.dayNumber + 1)
    }
}

extension Money {
    /// This amount split `n` ways, rounded half away from zero.
    public func divided(by n: Int) -> Money {
        guard n > 0 else { return .zero(currency) }
        let d = Int64(n)
        let (q, r) = minorUnits.quotientAndRemainder(dividingBy: d)
        let round: Int64 = 2 * abs(r) >= d ? (minorUnits < 0 ? -1 : 1) : 0
        return Money(minorUnits: q + round, currency: currency)
    }
}
