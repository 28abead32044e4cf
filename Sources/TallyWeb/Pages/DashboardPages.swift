import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// The dashboard, the home page of a book: a week, month or year at a glance.
struct DashboardPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("dashboard", use: store.oneSnapshot(dashboard))
        return routes
    }

    func dashboard(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let book = scope.book
        let query = request.uri.queryParameters
        let span = try Validate.option(query.get("span"), field: "span", default: DashboardSpan.month)
        let today = scope.today
        var date = today
        if let text = query.get("date") {
            date = try LocalDate.input(text, field: "date")
        }
        let range = span.range(containing: date)
        var groups: [RankGroup] = []
        var summary: SummaryReport?
        for by in ReportGrouping.allCases {
            let report = try await store.reports.summaryReport(
                ReportQuery(range: range, by: by, kind: .both),
                in: scope
            )
            if by == .category { summary = report }
            let rows = report.rows.filter { $0.kind == .expense }.prefix(8).map { row in
                RankRow(
                    key: row.key,
                    total: row.total.formatted,
                    share: report.shareText(row),
                    color: row.color,
                    link: Links.search(book: bookID, by: by, row: row, range: range)
                )
            }
            groups.append(
                RankGroup(
                    title: by == .subcategory ? "Sub-category" : by.rawValue.capitalized,
                    rows: Array(rows),
                    hasRows: !rows.isEmpty
                )
            )
        }
        let report = summary!
        let spent = report.total(.expense).total
        let income = report.total(.income).total
        let latest = try await store.records.transactions(
            in: scope,
            filter: TransactionFilter(newestFirst: true),
            limit: 3
        )
        let sixMonths = try DateRange(from: YearMonth(date).first.adding(months: -5), to: YearMonth(date).last)
        let flow = try await store.reports.cashFlow(sixMonths, interval: .month, in: scope)
        let (incomeSeries, spentSeries) = ReportFiles.cashFlowSeries(flow)
        let trend = ChartFigure.trend(
            title: "Income and spending, last 6 months",
            periods: flow.periods.map { Links.shortMonth($0.period) },
            series: [spentSeries, incomeSeries],
            style: .columns,
            axisLabel: ReportFiles.axisLabel(book.currency)
        )
        let bars = ChartFigure.bars(
            title: "Spending by category",
            items: ReportFiles.chartItems(report, kind: .expense) { row in
                Links.search(book: bookID, by: .category, row: row, range: range)
            },
            nameHeader: "Category"
        )
        let spans = DashboardSpan.allCases.map { s in
            SpanLink(name: s.rawValue.capitalized, link: "?span=\(s.rawValue)&date=\(date)", current: s == span)
        }
        let standings = try await store.plans.budgetStandings(in: scope)
        let planToday = scope.today
        let dueSoon = try await store.plans.billsDueSoon(in: scope)
        var originals: [String: Money] = [:]
        for row in report.rows {
            for money in row.originals {
                let key = "\(row.kind.rawValue) \(money.currency.code)"
                originals[key] = originals[key]?.adding(money) ?? money
            }
        }
        let others = originals.sorted { $0.key < $1.key }.map {
            "\($0.key.split(separator: " ")[0]) \($0.value.formatted)"
        }
        let model = DashboardPage(
            budgets: standings.map { PlanText.budget($0, book: bookID) },
            hasBudgets: !standings.isEmpty,
            dueSoon: dueSoon.map { PlanText.occurrence($0, book: bookID, today: planToday) },
            hasDueSoon: !dueSoon.isEmpty,
            periodTitle: span.title(range),
            spans: spans,
            prev: "?span=\(span.rawValue)&date=\(span.step(date, by: -1))",
            next: "?span=\(span.rawValue)&date=\(span.step(date, by: 1))",
            isCurrent: range.from <= today && today <= range.to,
            currentLink: "?span=\(span.rawValue)",
            spent: spent.formatted,
            income: income.formatted,
            cashFlow: report.net.formatted,
            dailyAverage: spent.divided(by: DashboardSpan.elapsedDays(range, today: today)).formatted,
            bars: bars,
            trend: trend,
            groups: groups,
            latest: latest.records.map { RecordRow($0) },
            hasLatest: !latest.records.isEmpty,
            historyLink: "/books/\(bookID)/search",
            reportLink: "/books/\(bookID)/reports?from=\(range.from)&to=\(range.to)",
            otherCurrencies: others,
            hasOtherCurrencies: !others.isEmpty,
            unconverted: UnconvertedNote(report.unconverted, base: book.currency, book: bookID)
        )
        return pages.page("dashboard", title: span.title(range), context: context, book: book, model: model)
    }
}

/// Links from report rows to the records behind them.
enum Links {
    static func encode(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?/")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\(encode($0.1))" }.joined(separator: "&")
    }

    /// The search page filtered to one row of a report.
    /// With `tag`, the search keeps the tag the report was limited to.
    static func search(
        book: BookID,
        by: ReportGrouping,
        row: ReportRow,
        range: DateRange,
        tag: String? = nil
    ) -> String? {
        guard !row.filterValue.isEmpty else { return nil }
        let field =
            switch by {
            case .category, .subcategory: "category"
            case .payee: "payee"
            case .account: "account"
            case .tag: "tag"
            }
        return "/books/\(book)/search?"
            + query(
                [
                    (field, row.filterValue), ("kind", row.kind.rawValue), ("from", range.from.description),
                    ("to", range.to.description),
                ] + (tag.map { [("tag", $0)] } ?? [])
            )
    }

    /// "2024-03" → "Mar 24".
    static func shortMonth(_ period: String) -> String {
        guard let m = YearMonth(period) else { return period }
        return "\(LocalDate.monthNames[m.month - 1].prefix(3)) \(String(m.year).suffix(2))"
    }
}
