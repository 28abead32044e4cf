/// A chart's figures as an HTML table: its text alternative, for a screen reader, for a reader
/// who wants the exact amounts, and for anyone a chart does not serve. Every text is escaped
/// here, like the charts'.
public enum ChartTable {
    /// The items of a bar or donut chart: name (a link where the item has one), amount and share.
    public static func items(_ items: [ChartItem], caption: String, nameHeader: String = "Name") -> String {
        let total = ChartMath.positiveSum(items.map(\.value))
        var rows = ""
        for item in items {
            let name = SVGMarkup.escape(item.label)
            let cell = SVGMarkup.safeLink(item.link).map { "<a href=\"\($0)\">\(name)</a>" } ?? name
            rows +=
                "<tr><th scope=\"row\">\(cell)</th><td class=\"num\">\(SVGMarkup.escape(item.valueText))</td>"
                + "<td class=\"num\">\(ChartMath.percentText(item.value, of: total))</td></tr>\n"
        }
        return table(caption: caption, headers: [nameHeader, "Amount", "Share"], rows: rows)
    }

    /// A trend chart's values: a row per period, a column per series ("–" past a series' end).
    public static func trend(
        periods: [String],
        series: [ChartSeries],
        caption: String,
        axisLabel: (Int64) -> String
    ) -> String {
        var rows = ""
        for (index, period) in periods.enumerated() {
            rows += "<tr><th scope=\"row\">\(SVGMarkup.escape(period))</th>"
            for line in series {
                let text = index < line.values.count ? SVGChart.valueText(line, index, axisLabel) : "–"
                rows += "<td class=\"num\">\(SVGMarkup.escape(text))</td>"
            }
            rows += "</tr>\n"
        }
        return table(caption: caption, headers: ["Period"] + series.map(\.name), rows: rows)
    }

    private static func table(caption: String, headers: [String], rows: String) -> String {
        let head = headers.enumerated().map { index, header in
            "<th scope=\"col\"\(index == 0 ? "" : " class=\"num\"")>\(SVGMarkup.escape(header))</th>"
        }
        return "<table class=\"summary chart-figures\"><caption>\(SVGMarkup.escape(caption))</caption>\n"
            + "<thead><tr>\(head.joined())</tr></thead>\n<tbody>\n"
            + (rows.isEmpty ? "<tr><td colspan=\"\(headers.count)\">No data</td></tr>\n" : rows)
            + "</tbody></table>\n"
    }
}
