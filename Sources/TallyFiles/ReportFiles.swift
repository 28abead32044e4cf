import TallyCore

/// A report as the files and charts people take away: CSV, PDF, SVG. The web pages, the API and
/// the command line all call these, so a report reads the same everywhere.
public enum ReportFiles {
    /// "1 Mar 2024 – 31 Mar 2024".
    public static func periodTitle(_ range: DateRange) -> String {
        func day(_ d: LocalDate) -> String { "\(d.day) \(LocalDate.monthNames[d.month - 1].prefix(3)) \(d.year)" }
        return range.from == range.to ? day(range.from) : "\(day(range.from)) – \(day(range.to))"
    }

    /// "Expenses by category".
    public static func title(_ query: ReportQuery) -> String {
        let what =
            switch query.kind {
            case .expense: "Expenses"
            case .income: "Income"
            case .both: "Income and expenses"
            }
        return "\(what) by \(query.by == .subcategory ? "sub-category" : query.by.rawValue)"
    }

    /// The summary table's columns.
    public static let summaryColumns = ["Group", "Kind", "Currency", "Total", "Count", "Share", "Average"]

    /// The summary table's cells, one row per group.
    public static func summaryCells(_ report: SummaryReport) -> [[String]] {
        report.rows.map { row in
            [
                row.key, row.kind.rawValue, row.total.currency.code, row.total.formatted, String(row.count),
                report.shareText(row), row.average.formatted,
            ]
        }
    }

    /// The summary as CSV: plain decimal amounts, so spreadsheets read them as numbers.
    public static func summaryCSV(_ report: SummaryReport) -> String {
        var text = CSVWriter.row(["group", "kind", "currency", "total", "count", "share_percent", "average"])
        for row in report.rows {
            text += CSVWriter.row([
                row.key, row.kind.rawValue, row.total.currency.code, row.total.decimalString, String(row.count),
                report.sharePercent(row), row.average.decimalString,
            ])
        }
        return text
    }

    /// A trend as CSV: one line per series, one column per period.
    public static func trendCSV(_ trend: TrendReport) throws -> String {
        var text = CSVWriter.row(["group", "kind", "currency"] + trend.periods + ["total"])
        for s in trend.series {
            let values = s.values.map { Money(minorUnits: $0, currency: s.currency).decimalString }
            text += CSVWriter.row([s.key, s.kind.rawValue, s.currency.code] + values + [try s.total.decimalString])
        }
        return text
    }

    /// Chart bars for the rows of one kind in the book's currency (other currencies cannot share an axis).
    public static func chartItems(
        _ report: SummaryReport,
        kind: TransactionKind,
        link: ((ReportRow) -> String?)? = nil
    ) -> [ChartItem] {
        report.rows.filter { $0.kind == kind && $0.total.currency == report.currency }.map { row in
            ChartItem(
                label: row.key,
                value: row.total.minorUnits,
                valueText: row.total.formatted,
                color: row.color,
                link: link?(row)
            )
        }
    }

    /// The `limit` largest items, and the rest summed into one grey "Other (N more)" item, so that
    /// a report over hundreds of payees still draws a chart people can read (and a page that
    /// stays small).
    public static func topItems(_ items: [ChartItem], limit: Int, currency: Currency) -> [ChartItem] {
        guard items.count > limit else { return items }
        let sorted = items.sorted { $0.value > $1.value }
        let rest = sorted.dropFirst(limit - 1)
        // Each item's value is a report row's total, which fits; their sum is checked all the same.
        var other: Int64 = 0
        for item in rest {
            let (sum, overflow) = other.addingReportingOverflow(max(0, item.value))
            other = overflow ? Int64.max : sum
        }
        return Array(sorted.prefix(limit - 1)) + [
            ChartItem(
                label: "Other (\(rest.count) more)",
                value: other,
                valueText: Money(minorUnits: other, currency: currency).formatted,
                color: Palette.none
            )
        ]
    }

    /// A trend chart's series of amounts: each sized by its minor units, labelled as people read it.
    public static func series(_ name: String, color: String, amounts: [Money]) -> ChartSeries {
        ChartSeries(name: name, color: color, values: amounts.map(\.minorUnits), valueTexts: amounts.map(\.formatted))
    }

    /// A cash flow's income and spending per period, in the palette's colours; each chart puts
    /// them in its own order.
    public static func cashFlowSeries(_ flow: CashFlowReport) -> (income: ChartSeries, spent: ChartSeries) {
        (
            series("Income", color: Palette.income, amounts: flow.periods.map(\.income)),
            series("Spent", color: Palette.expense, amounts: flow.periods.map(\.expense))
        )
    }

    /// The kind a report's charts show: expenses unless it is an income report.
    public static func chartKind(_ report: SummaryReport) -> TransactionKind {
        report.query.kind == .income ? .income : .expense
    }

    /// The report as a PDF: title, period, summary table with totals, bar and donut charts.
    public static func pdf(_ report: SummaryReport, generated: LocalDate) -> [UInt8] {
        // The PDF writer's Helvetica covers Latin-1 only (WinAnsi): amounts the region writes in
        // another script (Arabic-Indic digits, ج.م.) would print as "?", so those reports keep
        // US English amounts until the writer embeds fonts.
        let sample = Formats.current.money(Money(minorUnits: -123_456, currency: report.currency))
        guard sample.allSatisfy({ WinAnsi.code(for: $0) != nil }) else {
            return Formats.$current.withValue(.english) { pdf(report, generated: generated) }
        }
        let kind = chartKind(report)
        let items = chartItems(report, kind: kind)
        let footer = report.totals.map { t -> [String] in
            ["Total \(t.kind.rawValue)", "", t.total.currency.code, t.total.formatted, String(t.count), "100.0%", ""]
        }
        var rows = summaryCells(report)
        // The PDF table has a single bold footer row; further currency totals go in as rows.
        if footer.count > 1 { rows += footer.dropLast() }
        return PDFReport(
            title: title(report.query),
            subtitle: periodTitle(report.query.range),
            generated: "Generated \(generated) by Tally",
            columns: summaryColumns,
            rightAligned: [3, 4, 5, 6],
            rows: rows,
            footer: footer.last,
            bars: items,
            slices: items,
            barsTitle: "\(kind == .income ? "Income" : "Spending") by group",
            slicesTitle: "Share of \(kind == .income ? "income" : "spending")"
        ).render()
    }

    /// A short axis label for minor units: "$1.2k"-style is avoided; whole currency units read best.
    public static func axisLabel(_ currency: Currency) -> @Sendable (Int64) -> String {
        { value in
            var money = Money(minorUnits: value, currency: currency).formatted
            if currency.minorDigits > 0, let dot = money.lastIndex(of: ".") ?? money.lastIndex(of: ","),
                money[money.index(after: dot)...].allSatisfy({ $0 == "0" })
            {
                money = String(money[..<dot])
            }
            return money
        }
    }
}
