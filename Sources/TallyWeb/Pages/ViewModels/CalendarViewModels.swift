/// `calendar.mustache`: a month, a total per day.
struct CalendarPage: ViewModel {
    let budgetWarnings: [BudgetCard]
    let hasBudgetWarnings: Bool
    let month: String
    let monthKey: String
    let prev: String
    let next: String
    let weeks: [CalendarWeek]
    let weekdays: [String]
    let expense: String
    let income: String
    let cashFlow: String
    let dailyAverage: String
    let count: Int
    let isCurrentMonth: Bool
    let thisMonth: String
    let unconverted: UnconvertedNote
}

/// A row of the month grid.
struct CalendarWeek: ViewModel {
    let cells: [CalendarCell]
}

/// A day of the month grid, or a blank before the 1st / after the last day.
struct CalendarCell: ViewModel {
    let empty: Bool
    let day: Int
    let date: String
    let count: Int
    /// The day's spending, "" for none.
    let expense: String
    /// "+" and the day's income, "" for none.
    let income: String
    let isToday: Bool
    let label: String

    /// A blank cell.
    static let blank = CalendarCell(
        empty: true,
        day: 0,
        date: "",
        count: 0,
        expense: "",
        income: "",
        isToday: false,
        label: ""
    )
}

/// `day.mustache`: one day's records and totals.
struct DayPage: ViewModel {
    let date: String
    let longDate: String
    let month: String
    let monthTitle: String
    let prev: String
    let next: String
    let count: Int
    let expense: String
    let income: String
    let cashFlow: String
    let dailyAverage: String
    let records: [RecordRow]
}
