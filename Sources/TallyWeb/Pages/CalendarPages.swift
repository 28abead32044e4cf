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
        PageRenderer.redirect("/books/\(try context.parameters.id("book"))/dashboard")
    }

    func calendar(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        let book = try await store.access(user, book: bookID)
        let today = store.today()
        var month = YearMonth(today)
        if let text = request.uri.queryParameters["month"] {
            guard let parsed = YearMonth(String(text)) else { throw ValidationError("month", "'\(text)' is not a month (YYYY-MM)") }
            month = parsed
        }
        let summary = try await store.month(month, in: bookID, for: user)
        let weeks = summary.weeks().map { week in
            ["cells": week.map { cell -> [String: Any] in
                guard let cell else { return ["empty": true] }
                return [
                    "day": cell.date.day, "date": cell.date.description, "count": cell.count,
                    "expense": cell.expense.minorUnits > 0 ? cell.expense.formatted : "",
                    "income": cell.income.minorUnits > 0 ? "+" + cell.income.formatted : "",
                    "isToday": cell.date == today, "label": "\(cell.date.longTitle): spent \(cell.expense.formatted), \(cell.count) records",
                ]
            }]
        }
        // Budget warnings for the month shown: where budgets stand today in this month, else on its last day.
        var warnings: [[String: Any]] = []
        if PlanValidate.years.contains(month.year) {
            let planToday = try await store.today(for: user)
            let day = YearMonth(planToday) == month ? planToday : month.last
            warnings = try await store.budgetStandings(in: bookID, for: user, on: day)
                .filter { $0.status.alert != .none }.map { PlanText.budget($0, book: bookID) }
        }
        return pages.page("calendar", title: month.title, context: context, book: book, values: [
            "budgetWarnings": warnings, "hasBudgetWarnings": !warnings.isEmpty,
            "month": month.title, "monthKey": month.description, "prev": month.previous.description, "next": month.next.description,
            "weeks": weeks, "weekdays": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
            "expense": summary.expense.formatted, "income": summary.income.formatted, "cashFlow": summary.cashFlow.formatted,
            "dailyAverage": summary.dailyAverage.formatted, "count": summary.count,
            "isCurrentMonth": month == YearMonth(today), "thisMonth": YearMonth(today).description,
        ])
    }

    func day(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        let book = try await store.access(user, book: bookID)
        guard let text = context.parameters.get("date"), let date = LocalDate(text) else { throw StoreError.notFound("day") }
        let summary = try await store.day(date, in: bookID, for: user)
        return pages.page("day", title: date.longTitle, context: context, book: book, values: [
            "date": date.description, "longDate": date.longTitle, "month": YearMonth(date).description, "monthTitle": YearMonth(date).title,
            "prev": date.adding(days: -1).description, "next": date.adding(days: 1).description,
            "count": summary.totals.count, "expense": summary.totals.expense.formatted, "income": summary.totals.income.formatted,
            "cashFlow": summary.totals.cashFlow.formatted, "dailyAverage": summary.monthDailyAverage.formatted,
            "records": summary.records.map(Self.row),
        ])
    }

    /// What a record row shows.
    static func row(_ record: TransactionRecord) -> [String: Any] {
        let t = record.transaction
        let title = t.kind == .transfer ? "\(record.accountName ?? "?") → \(record.toAccountName ?? "?")" : t.payee
        return [
            "id": t.id, "kind": t.kind.rawValue, "title": title, "amount": t.amount.formatted,
            "signed": t.kind == .expense ? "−" + t.amount.formatted : (t.kind == .income ? "+" + t.amount.formatted : t.amount.formatted),
            "category": record.categoryPath ?? (t.kind == .transfer ? "Transfer" : "Uncategorised"),
            "icon": record.categoryIcon ?? (t.kind == .transfer ? "⇄" : "•"), "color": record.categoryColor ?? "#8E8E93",
            "account": record.accountName ?? "", "time": t.time?.description ?? "", "note": t.note, "receipts": t.receiptCount,
        ]
    }
}
