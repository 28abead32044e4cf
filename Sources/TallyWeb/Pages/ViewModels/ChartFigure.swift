import TallyFiles

/// `chart_figure.mustache`: a chart under its title (an HTML caption, which wraps where an SVG
/// text would be cut) and, folded under it, the table of its figures (its text alternative),
/// drawn from the same input so the two cannot disagree. Both are HTML from `SVGChart` and
/// `ChartTable`, which escape every text they are given.
struct ChartFigure: ViewModel {
    let title: String
    let svg: String
    let table: String

    /// A bar chart of `items`, named `nameHeader` in the table ("Category", "Payee"…).
    static func bars(title: String, items: [ChartItem], nameHeader: String) -> ChartFigure {
        ChartFigure(
            title: title,
            svg: SVGChart.bars(title: title, items: items, heading: false),
            table: ChartTable.items(items, caption: title, nameHeader: nameHeader)
        )
    }

    /// A donut of `items` with their shares.
    static func donut(title: String, items: [ChartItem], nameHeader: String) -> ChartFigure {
        ChartFigure(
            title: title,
            svg: SVGChart.donut(title: title, items: items, heading: false),
            table: ChartTable.items(items, caption: title, nameHeader: nameHeader)
        )
    }

    /// A trend over `periods`, a table row per period.
    static func trend(
        title: String,
        periods: [String],
        series: [ChartSeries],
        style: TrendStyle,
        axisLabel: (Int64) -> String
    ) -> ChartFigure {
        ChartFigure(
            title: title,
            svg: SVGChart.trend(
                title: title,
                periods: periods,
                series: series,
                style: style,
                axisLabel: axisLabel,
                heading: false
            ),
            table: ChartTable.trend(periods: periods, series: series, caption: title, axisLabel: axisLabel)
        )
    }
}
