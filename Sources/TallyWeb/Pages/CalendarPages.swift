import Hummingbird
import TallyCore
import TallyStore

/// The month calendar with a total per day, and the day view with its records.
struct CalendarPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book", use: bookHome)
        routes.get("books/:book/calendar", use: calendar)
        routes.get("books/:book/days/:date", use: day)
        return routes
    }

    func bookHome(_ request: Request, context: AppContext) async throws -> Response {
        // Even a redirect says "this book exists": check membership first, like every book route.
        let book = try await store.access(try context.requireUser(), book: try context.parameters.id("book"))
        return PageRenderer.redirect("/books/\(book.id)/dashboard")
    }

    func calendar(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        let book = try await store.access(user, book: bookID)
        let today = store.today()
        var month = YearMonth(today)
        if let text = request.uri.queryParameters["month"] {
            month = try YearMonth.input(text, field: "month")
        }
        let summary = try await store.month(month, in: bookID, for: user)
        let weeks = summary.weeks().map { week in
            CalendarWeek(cells: week.map { cell in
                guard let cell else { return CalendarCell.blank }
                return CalendarCell(
                    empty: false, day: cell.date.day, date: cell.date.description, count: cell.count,
                    expense: cell.expense.minorUnits > 0 ? cell.expense.formatted : "",
                    income: cell.income.minorUnits > 0 ? "+" + cell.income.formatted : "",
                    isToday: cell.date == today, label: "\(cell.date.longTitle): spent \(cell.expense.formatted), \(cell.count) records"
                )
            })
        }
        // Budget warnings for the month shown: where budgets stand today in this month, else on its last day.
        var warnings: [BudgetCard] = []
        if PlanValidate.years.contains(month.year) {
            let planToday = try await store.today(for: user)
            let day = YearMonth(planToday) == month ? planToday : month.last
            warnings = try await store.budgetStandings(in: bookID, for: user, on: day)
                .filter { $0.status.alert != .none }.map { PlanText.budget($0, book: bookID) }
        }
        let model = CalendarPage(
            budgetWarnings: warnings, hasBudgetWarnings: !warnings.isEmpty,
            month: month.title, monthKey: month.description, prev: month.previous.description, next: month.next.description,
            weeks: weeks, weekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
            expense: summary.expense.formatted, income: summary.income.formatted, cashFlow: summary.cashFlow.formatted,
            dailyAverage: summary.dailyAverage.formatted, count: summary.count,
            isCurrentMonth: month == YearMonth(today), thisMonth: YearMonth(today).description
        )
        return pages.page("calendar", title: month.title, context: context, book: book, model: model)
    }

    func day(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        let book = try await store.access(user, book: bookID)
        guard let text = context.parameters.get("date"), let date = LocalDate(text), LocalDate.supported.contains(date) else {
            throw StoreError.notFound("day")
        }
        let summary = try await store.day(date, in: bookID, for: user)
        let model = DayPage(
            date: date.description, longDate: date.longTitle, month: YearMonth(date).description, monthTitle: YearMonth(date).title,
            prev: date.adding(days: -1).description, next: date.adding(days: 1).description,
            count: summary.totals.count, expense: summary.totals.expense.formatted, income: summary.totals.income.formatted,
            cashFlow: summary.totals.cashFlow.formatted, dailyAverage: summary.monthDailyAverage.formatted,
            records: summary.records.map { RecordRow($0, showDate: false) }
        )
        return pages.page("day", title: date.longTitle, context: context, book: book, model: model)
    }
}
