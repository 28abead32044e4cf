import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// The reports page (summary table, bar, donut, trend and income-versus-expense charts) and
/// the search page.
struct ReportPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("reports", use: store.oneSnapshot(reports))
        book.get("search", use: store.oneSnapshot(search))
        return routes
    }

    func reports(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let book = scope.book
        let q = request.uri.queryParameters
        let query = try ReportQuery.parse({ q.get($0) }, today: scope.today)
        // Over more than three years the page's charts go by year unless asked otherwise: 120
        // months of 8 lines drew a chart of 140 KB that no phone shows legibly.
        let interval =
            q.get("interval") == nil && query.range.from.adding(months: 36) < query.range.to
            ? ReportInterval.year : try ReportInterval.parse(q.get("interval"))
        let allRows = q.get("rows") == "all"
        let report = try await store.reports.summaryReport(query, in: scope)
        let trends = try await store.reports.trendReport(query, interval: interval, in: scope)
        let cashFlow = try await store.reports.cashFlow(query.range, interval: interval, in: scope)
        let kind = ReportFiles.chartKind(report)
        let items = ReportFiles.topItems(
            ReportFiles.chartItems(report, kind: kind) {
                Links.search(book: bookID, by: query.by, row: $0, range: query.range, tag: query.tag)
            },
            limit: Self.chartItems,
            currency: book.currency
        )
        let axis = ReportFiles.axisLabel(book.currency)
        let nameHeader = query.by == .subcategory ? "Sub-category" : query.by.rawValue.capitalized
        let topSeries = trends.series.filter { $0.kind == kind && $0.currency == book.currency }.prefix(8)
        let trend = ChartFigure.trend(
            title: "\(ReportFiles.title(query)) per \(interval.rawValue)",
            periods: trends.periods,
            series: topSeries.map { s in
                ReportFiles.series(
                    s.key,
                    color: s.color,
                    amounts: s.values.map { Money(minorUnits: $0, currency: s.currency) }
                )
            },
            style: .line,
            axisLabel: axis
        )
        let (incomeSeries, spentSeries) = ReportFiles.cashFlowSeries(cashFlow)
        let flow = ChartFigure.trend(
            title: "Income versus spending per \(interval.rawValue)",
            periods: cashFlow.periods.map(\.period),
            series: [incomeSeries, spentSeries],
            style: .columns,
            axisLabel: axis
        )
        let params = Links.query(
            [
                ("from", query.range.from.description), ("to", query.range.to.description), ("by", query.by.rawValue),
                ("kind", query.kind.rawValue),
            ] + (query.tag.map { [("tag", $0)] } ?? [])
        )
        // The report's records as a journal: the same range, kind and tag (a transfer is in neither kind).
        let records = Links.query(
            [("from", query.range.from.description), ("to", query.range.to.description)]
                + (query.kind == .both ? [] : [("kind", query.kind.rawValue)])
                + (query.tag.map { [("tag", $0)] } ?? [])
        )
        func journalLink(_ format: String) -> String {
            "/api/v1/books/\(bookID)/transactions?\(records)&format=\(format)"
        }
        // Long tables show their largest rows, with a link to all of them.
        let shown = allRows ? report.rows[...] : report.rows.prefix(Self.tableRows)
        let rows = shown.map { row in
            ReportRowModel(
                key: row.key,
                kind: row.kind.rawValue,
                total: row.total.formatted,
                count: row.count,
                share: report.shareText(row),
                average: row.average.formatted,
                color: SafeColor.hex(row.color),
                originals: row.originals.map(\.formatted).joined(separator: ", "),
                link: Links.search(book: bookID, by: query.by, row: row, range: query.range, tag: query.tag) ?? ""
            )
        }
        let model = ReportPage(
            heading: ReportFiles.title(query),
            period: ReportFiles.periodTitle(query.range),
            from: query.range.from.description,
            to: query.range.to.description,
            byOptions: options(ReportGrouping.allCases.map(\.rawValue), selected: query.by.rawValue),
            tag: query.tag ?? "",
            tagOptions: try await store.records.tags(in: scope, limit: 100).map(\.name),
            kindOptions: options(ReportKind.allCases.map(\.rawValue), selected: query.kind.rawValue),
            intervalOptions: options(ReportInterval.allCases.map(\.rawValue), selected: interval.rawValue),
            rows: rows,
            hasRows: !rows.isEmpty,
            moreRows: report.rows.count - rows.count,
            hasMoreRows: report.rows.count > rows.count,
            allRowsLink: "/books/\(bookID)/reports?\(params)&interval=\(interval.rawValue)&rows=all",
            totals: report.totals.map {
                ReportTotalRow(
                    label: "Total \($0.kind.rawValue)",
                    total: $0.total.formatted,
                    count: $0.count
                )
            },
            bars: .bars(title: ReportFiles.title(query), items: items, nameHeader: nameHeader),
            donut: .donut(
                title: "Share of \(kind == .income ? "income" : "spending")",
                items: items,
                nameHeader: nameHeader
            ),
            trend: trend,
            flow: flow,
            csvLink: "/api/v1/books/\(bookID)/reports/summary?\(params)&format=csv",
            pdfLink: "/api/v1/books/\(bookID)/reports/summary?\(params)&format=pdf",
            trendCsvLink: "/api/v1/books/\(bookID)/reports/trend?\(params)&interval=\(interval.rawValue)&format=csv",
            ledgerLink: journalLink("ledger"),
            beancountLink: journalLink("beancount"),
            unconverted: UnconvertedNote(report.unconverted, base: book.currency, book: bookID)
        )
        return pages.page("report", title: ReportFiles.title(query), context: context, book: book, model: model)
    }

    /// Bars and slices drawn before the rest are summed into "Other".
    static let chartItems = 12
    /// Table rows shown before "Show all".
    static let tableRows = 30

    func search(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let book = scope.book
        let q = request.uri.queryParameters
        var filter = try TransactionFilter.parse { q.get($0) }
        if q.get("order") == nil { filter.newestFirst = true }
        let page = try await store.records.transactions(
            in: scope,
            filter: filter,
            cursor: q.get("cursor"),
            limit: 50,
            summarize: true
        )
        let summary = page.summary!
        let params = Links.query(filter.fields)
        let kinds = ["", "expense", "income", "transfer"].map {
            ValueOption(
                value: $0,
                label: $0.isEmpty ? "Any kind" : $0.capitalized,
                selected: $0 == (filter.kind?.rawValue ?? "")
            )
        }
        func exportLink(_ format: String) -> String {
            "/api/v1/books/\(bookID)/transactions?\(params)\(params.isEmpty ? "" : "&")format=\(format)"
        }
        let others = summary.originals.map { "\($0.kind.rawValue) \($0.total.formatted)" }
        let model = SearchPage(
            q: filter.text ?? "",
            from: filter.from?.description ?? "",
            to: filter.to?.description ?? "",
            category: filter.category ?? "",
            account: filter.account ?? "",
            payee: filter.payee ?? "",
            tag: filter.tag ?? "",
            tagOptions: try await store.records.tags(in: scope, limit: 100).map(\.name),
            amountMin: filter.amountMin ?? "",
            amountMax: filter.amountMax ?? "",
            filtersOpen: filter.from != nil || filter.to != nil || filter.kind != nil || filter.category != nil
                || filter.account != nil
                || filter.payee != nil || filter.amountMin != nil || filter.amountMax != nil || filter.tag != nil,
            kinds: kinds,
            records: page.records.map { RecordRow($0) },
            count: summary.count,
            spent: summary.total(.expense).formatted,
            income: summary.total(.income).formatted,
            net: summary.net.formatted,
            otherCurrencies: others,
            hasOtherCurrencies: !others.isEmpty,
            unconverted: UnconvertedNote(summary.unconverted, base: book.currency, book: bookID),
            nextLink: page.nextCursor.map { "?\(params)\(params.isEmpty ? "" : "&")cursor=\($0)" } ?? "",
            csvLink: exportLink("csv"),
            jsonLink: exportLink("tally-json"),
            ledgerLink: exportLink("ledger"),
            beancountLink: exportLink("beancount")
        )
        return pages.page("search", title: "Search", context: context, book: book, model: model)
    }

    private func options(_ values: [String], selected: String) -> [ValueOption] {
        values.map {
            ValueOption(
                value: $0,
                label: $0 == "subcategory" ? "Sub-category" : $0.capitalized,
                selected: $0 == selected
            )
        }
    }
}
