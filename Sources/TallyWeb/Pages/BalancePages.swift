import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// `/books/{book}/reports/balances`: the net worth as a line chart, and each account's balance at
/// the end of each day, week or month as a table, which is also the chart's text alternative.
struct BalancePages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.book(store).get("reports/balances", use: store.oneSnapshot(balances))
        return routes
    }

    func balances(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let q = request.uri.queryParameters
        let query = try BalanceQuery.parse({ q.get($0) }, today: scope.today)
        let report = try await store.reports.balances(query, in: scope)
        let step = query.interval.rawValue
        // The x axis names a month as it is; a day or a week by the day its balances are taken at.
        let labels = report.periods.map { query.interval == .month ? $0.label : $0.end.description }
        let chart = SVGChart.trend(
            title: "Net worth at the end of each \(step)",
            periods: labels,
            series: [
                ReportFiles.series("Net worth", color: Palette.income, amounts: report.periods.map(\.netWorth))
            ],
            style: .line,
            axisLabel: ReportFiles.axisLabel(book.currency)
        )
        let columns = report.series.map { series in
            let name = report.periods.first?.balances.first { $0.account.id == series.account }?.account.name ?? ""
            return series.currency == book.currency ? name : "\(name) (\(series.currency.code))"
        }
        let leftOut = report.periods.flatMap { period in
            period.leftOut.map { "\($0.account.name) \($0.balance.formatted) on \(period.end)" }
        }
        let model = BalancePage(
            period: "\(ReportFiles.periodTitle(query.range)), by \(step)",
            from: query.range.from.description,
            to: query.range.to.description,
            step: step,
            intervalOptions: BalanceQuery.intervals.map {
                ValueOption(value: $0.rawValue, label: $0.rawValue.capitalized, selected: $0 == query.interval)
            },
            chartSVG: chart,
            columns: columns,
            rows: report.periods.map { period in
                BalanceRow(
                    end: period.end.description,
                    netWorth: period.netWorth.formatted + (period.leftOut.isEmpty ? "" : " *"),
                    cells: period.balances.map(\.balance.formatted)
                )
            },
            leftOut: leftOut.prefix(5).joined(separator: "; ") + (leftOut.count > 5 ? "; …" : ""),
            currency: book.currency.code,
            jsonLink:
                "/api/v1/books/\(book.id)/reports/balances?from=\(query.range.from)&to=\(query.range.to)&interval=\(step)"
        )
        return pages.page("balances", title: "Balances over time", context: context, book: book, model: model)
    }
}
