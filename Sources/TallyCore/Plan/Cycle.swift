/// How often a budget starts again.
public enum BudgetCycle: String, Sendable, Codable, CaseIterable {
    /// Every day.
    case daily
    /// Every week, from the chosen week start day.
    case weekly
    /// Every 2 weeks, counted from the start date.
    case biweekly
    /// Every 4 weeks, counted from the start date.
    case fourweekly
    /// Every month, on the chosen day of the month.
    case monthly
    /// Every 3 months, on the chosen day, in step with the start date's month.
    case quarterly
    /// Every year, on the chosen day of the start date's month.
    case yearly

    /// Words for people: "every 2 weeks".
    public var title: String {
        switch self {
        case .daily: "daily"
        case .weekly: "weekly"
        case .biweekly: "every 2 weeks"
        case .fourweekly: "every 4 weeks"
        case .monthly: "monthly"
        case .quarterly: "quarterly"
        case .yearly: "yearly"
        }
    }

    /// The length in days of a cycle counted in days, or `nil` for one counted in months.
    var dayLength: Int? {
        switch self {
        case .daily: 1
        case .weekly: 7
        case .biweekly: 14
        case .fourweekly: 28
        case .monthly, .quarterly, .yearly: nil
        }
    }

    /// The months in one cycle counted in months.
    var monthLength: Int {
        switch self {
        case .quarterly: 3
        case .yearly: 12
        default: 1
        }
    }
}

/// A day of the week, named as the API names it.
public enum Weekday: String, Sendable, Codable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// ISO number: Monday 1 … Sunday 7.
    public var iso: Int { Self.allCases.firstIndex(of: self)! + 1 }

    /// The weekday of an ISO number (1…7).
    public init?(iso: Int) {
        guard (1...7).contains(iso) else { return nil }
        self = Self.allCases[iso - 1]
    }
}

/// When a budget's periods begin: the cycle and its anchor. Periods are calendar dates, so a
/// daylight-saving change never moves a boundary; the user's zone only decides which date is
/// "today".
public struct BudgetSchedule: Sendable, Hashable {
    /// How often a period starts.
    public var cycle: BudgetCycle
    /// The first day of a weekly period.
    public var weekStart: Weekday
    /// The budget's first day: the anchor of 2- and 4-weekly periods, and the month in step with
    /// quarterly and yearly ones.
    public var start: LocalDate
    /// The day of the month a monthly, quarterly or yearly period begins; 29–31 mean the last
    /// day of months that are shorter.
    public var dayOfMonth: Int

    /// A schedule; `dayOfMonth` must be 1…31.
    public init(cycle: BudgetCycle, weekStart: Weekday = .monday, start: LocalDate, dayOfMonth: Int = 1) {
        precondition((1...31).contains(dayOfMonth), "day of month out of range")
        self.cycle = cycle
        self.weekStart = weekStart
        self.start = start
        self.dayOfMonth = dayOfMonth
    }

    /// The period that holds `date`.
    public func period(containing date: LocalDate) -> DateRange {
        switch cycle {
        case .daily:
            return Self.range(date, date)
        case .weekly:
            let back = (date.isoWeekday - weekStart.iso + 7) % 7
            let first = date.adding(days: -back)
            return Self.range(first, first.adding(days: 6))
        case .biweekly, .fourweekly:
            let length = cycle.dayLength!
            let offset = date.dayNumber - start.dayNumber
            // Floor division, so dates before the start fall in earlier periods of the same grid.
            let index = offset >= 0 ? offset / length : -((-offset + length - 1) / length)
            let first = start.adding(days: index * length)
            return Self.range(first, first.adding(days: length - 1))
        case .monthly, .quarterly, .yearly:
            let step = cycle.monthLength
            let phase = cycle == .monthly ? 0 : Self.monthIndex(start) % step
            var index = Self.monthIndex(date)
            index -= ((index - phase) % step + step) % step
            if date < boundary(index) { index -= step }
            return Self.range(boundary(index), boundary(index + step).adding(days: -1))
        }
    }

    /// The period right after `period`.
    public func period(after period: DateRange) -> DateRange {
        self.period(containing: period.to.adding(days: 1))
    }

    /// The period right before `period`.
    public func period(before period: DateRange) -> DateRange {
        self.period(containing: period.from.adding(days: -1))
    }

    /// Every period from the one holding `from` to the one holding `through`, in order.
    public func periods(from: LocalDate, through: LocalDate) -> [DateRange] {
        guard from <= through else { return [] }
        var result = [period(containing: from)]
        while result[result.count - 1].to < through { result.append(period(after: result[result.count - 1])) }
        return result
    }

    /// The first day of a period in month number `index` (year × 12 + month − 1).
    private func boundary(_ index: Int) -> LocalDate {
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        return LocalDate(year: year, month: month, day: min(dayOfMonth, LocalDate.daysIn(month: month, year: year)))!
    }

    private static func monthIndex(_ date: LocalDate) -> Int { date.year * 12 + date.month - 1 }

    private static func range(_ from: LocalDate, _ to: LocalDate) -> DateRange {
        // Every branch above makes `from` ≤ `to`.
        try! DateRange(from: from, to: to)
    }
}
