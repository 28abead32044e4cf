import Hummingbird
import TallyCore
import TallyStore

/// The month calendar with a total per day, and the day view with its records.
struct CalendarPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("", use: bookHome)
        book.get("calendar", use: calendar)
        book.get("days/:date", use: day)
        return routes
    }

    func bookHome(_ request: Request, context: AppContext) async throws -> Response {
        // Even a redirect says "this book exists": the scope checked membership first.
        PageRenderer.redirect("/books/\(try context.bookScope().bookID)/dashboard")
    }

    func calendar(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let book = scope.book
        let today = scope.today
        var month = YearMonth(today)
        if let text = request.uri.queryParameters["month"] {
            month = try YearMonth.input(text, field: "month")
        }
        let summary = try await store.reports.month(month, in: scope)
        let weeks = summary.weeks().map { week in
            CalendarWeek(
                cells: week.map { cell in
                    guard let cell else { return CalendarCell.blank }
                    return CalendarCell(
                        empty: false,
                        day: cell.date.day,
                        date: cell.date.description,
                        count: cell.count,
                        expense: cell.expense.minorUnits > 0 ? cell.expense.formatted : "",
                        income: cell.income.minorUnits > 0 ? "+" + cell.income.formatted : "",
                        isToday: cell.date == today,
                        label: "\(cell.date.longTitle): spent \(cell.expense.formatted), \(cell.count) records"
                    )
                }
            )
        }
        // Budget warnings for the month shown: where budgets stand today in this month, else on its last day.
        var warnings: [BudgetCard] = []
        if PlanValidate.years.contains(month.year) {
            let planToday = scope.today
            let day = YearMonth(planToday) == month ? planToday : month.last
            warnings = try await store.plans.budgetStandings(in: scope, on: day)
                .filter { $0.status.alert != .none }.map { PlanText.budget($0, book: bookID) }
        }
        let model = CalendarPage(
            budgetWarnings: warnings,
            hasBudgetWarnings: !warnings.isEmpty,
            month: month.title,
            monthKey: month.description,
            prev: month.previous.description,
            next: month.next.description,
            weeks: weeks,
            weekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
            expense: summary.expense.formatted,
            income: summary.income.formatted,
            cashFlow: summary.cashFlow.formatted,
            dailyAverage: summary.dailyAverage.formatted,
            count: summary.count,
            isCurrentMonth: month == YearMonth(today),
            thisMonth: YearMonth(today).description,
            unconverted: UnconvertedNote(summary.unconverted, base: book.currency, book: bookID)
        )
        return pages.page("calendar", title: month.title, context: context, book: book, model: model)
    }

    func day(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        guard let text = context.parameters.get("date"), let date = LocalDate(text), LocalDate.supported.contains(date)
        else {
            throw StoreError.notFound("day")
        }
        let summary = try await store.reports.day(date, in: scope)
        let model = DayPage(
            date: date.description,
            longDate: date.longTitle,
            month: YearMonth(date).description,
            monthTitle: YearMonth(date).title,
            prev: date.adding(days: -1).description,
            next: date.adding(days: 1).description,
            count: summary.totals.count,
            expense: summary.totals.expense.formatted,
            income: summary.totals.income.formatted,
            cashFlow: summary.totals.cashFlow.formatted,
            dailyAverage: summary.monthDailyAverage.formatted,
            records: summary.records.map { RecordRow($0, showDate: false) }
        )
        return pages.page("day", title: date.longTitle, context: context, book: book, model: model)
    }
}
