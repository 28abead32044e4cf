/// Spending and income of one day, in the book's currency.
public struct DayTotals: Sendable, Hashable {
    /// The day.
    public let date: LocalDate
    /// Sum of expenses.
    public let expense: Money
    /// Sum of incomes.
    public let income: Money
    /// Number of records (all kinds and currencies).
    public let count: Int
    /// How many of the day's expenses and incomes no rate converts (left out of the sums).
    public var unconverted: Int = 0

    /// Makes day totals.
    public init(date: LocalDate, expense: Money, income: Money, count: Int) {
        self.date = date
        self.expense = expense
        self.income = income
        self.count = count
    }

    /// Income − expense.
    public var cashFlow: Money { Money(minorUnits: income.minorUnits - expense.minorUnits, currency: income.currency) }
}

/// A month of day totals with the month's totals and daily average: what the calendar shows.
public struct MonthSummary: Sendable, Hashable {
    /// The month.
    public let month: YearMonth
    /// Every day of the month, zero where nothing happened.
    public let days: [DayTotals]
    /// Sum of expenses.
    public let expense: Money
    /// Sum of incomes.
    public let income: Money
    /// Number of records.
    public let count: Int
    /// The month's expenses and incomes that no rate converts, left out of the sums.
    public var unconverted: Unconverted = .none
    /// Expense divided by the days counted: the whole month once it is over, the days so far
    /// for the current month; rounded half away from zero to the minor unit.
    public let dailyAverage: Money

    /// Builds the month from the days that had records; `today` decides how many days count.
    /// Throws `FieldError.totalTooLarge` when a sum leaves 64 bits.
    public init(month: YearMonth, currency: Currency, recorded: [DayTotals], today: LocalDate) throws(FieldError) {
        self.month = month
        let byDate = Dictionary(recorded.map { ($0.date, $0) }, uniquingKeysWith: { a, _ in a })
        let zero = Money.zero(currency)
        days = (month.first.day...month.last.day).map { day in
            let date = LocalDate(year: month.year, month: month.month, day: day)!
            return byDate[date] ?? DayTotals(date: date, expense: zero, income: zero, count: 0)
        }
        let expenseSum = try days.checkedSum(\.expense.minorUnits)
        expense = Money(minorUnits: expenseSum, currency: currency)
        income = Money(minorUnits: try days.checkedSum(\.income.minorUnits), currency: currency)
        count = days.reduce(0) { $0 + $1.count }
        let counted = YearMonth(today) == month ? today.day : days.count
        dailyAverage = Money(minorUnits: Self.divideRounded(expenseSum, by: Int64(counted)), currency: currency)
    }

    /// Income − expense.
    public var cashFlow: Money { Money(minorUnits: income.minorUnits - expense.minorUnits, currency: income.currency) }

    /// Integer division rounded half away from zero.
    static func divideRounded(_ value: Int64, by divisor: Int64) -> Int64 {
        guard divisor > 0 else { return 0 }
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        if remainder.magnitude * 2 >= divisor.magnitude { return quotient + (value < 0 ? -1 : 1) }
        return quotient
    }

    /// The month laid out in weeks starting on `weekStart` (1 = Monday … 7 = Sunday); `nil` pads
    /// the days before the 1st and after the last.
    public func weeks(weekStart: Int = 1) -> [[DayTotals?]] {
        let lead = (month.first.isoWeekday - weekStart + 7) % 7
        var cells: [DayTotals?] = Array(repeating: nil, count: lead) + days.map { Optional($0) }
        while cells.count % 7 != 0 { cells.append(nil) }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }
}
