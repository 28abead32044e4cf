/// Report charts as self-contained, accessible SVG: no scripts, no raster images, text in the
/// page's font (`font-family="inherit"`, `currentColor`) and `width="100%"` so one chart serves
/// phones, desktops and print.
public enum SVGChart {
    static let rowHeight = 28.0
    static let barHeight = 18.0
    static let top = 36.0
    /// Digits of equal width, so amounts in a column line up: a class (app.css sets
    /// `font-variant-numeric`), since the pages' CSP refuses inline `style` attributes.
    static let tabular = " class=\"num\""

    /// Horizontal bar chart: exactly one `<rect class="bar">` per item (even for value 0: width 0),
    /// label on the left, valueText on the right, each bar wrapped in `<g>` with a
    /// `<title>label: valueText</title>`; if `link != nil` the group is wrapped in `<a href>`.
    /// Negative values are drawn as zero.
    public static func bars(title: String, items: [ChartItem], width: Int = 640) -> String {
        let width = max(width, 160)
        let id = SVGMarkup.chartID(["bars", title, "\(width)"] + items.flatMap(\.idParts))
        let height = top + Double(max(items.count, 1)) * rowHeight + 4
        var svg = SVGMarkup.open(
            id: id,
            kind: "bars",
            width: width,
            height: height,
            title: title,
            desc: summary(items)
        )
        guard !items.isEmpty else {
            svg += SVGMarkup.text("No data", x: 0, y: top + 18, muted: true) + "\n</svg>\n"
            return svg
        }
        let total = Double(width)
        // Columns sized from the text they hold, capped so the bars always keep half the width.
        let labelWidth = min(total * 0.3, items.map { SVGMarkup.width($0.label) }.max()! + 4)
        let valueWidth = min(total * 0.2, items.map { SVGMarkup.width($0.valueText) }.max()! + 4)
        let barLeft = labelWidth + 8
        let barSpace = max(0, total - barLeft - valueWidth - 8)
        let largest = items.map { max($0.value, 0) }.max()!
        for (index, item) in items.enumerated() {
            let y = top + Double(index) * rowHeight
            let barWidth = ChartMath.fraction(item.value, of: largest) * barSpace
            let middle = y + rowHeight / 2 + 4.5
            var row = "<g class=\"bar-row\"><title>\(SVGMarkup.escape(item.label + ": " + item.valueText))</title>"
            row +=
                "<rect class=\"track\" x=\"\(coordinate(barLeft))\" y=\"\(coordinate(y + 5))\" "
                + "width=\"\(coordinate(barSpace))\" height=\"\(coordinate(barHeight))\" rx=\"3\" fill=\"currentColor\" fill-opacity=\"0.06\"/>"
            row +=
                "<rect class=\"bar\" x=\"\(coordinate(barLeft))\" y=\"\(coordinate(y + 5))\" "
                + "width=\"\(coordinate(barWidth))\" height=\"\(coordinate(barHeight))\" rx=\"3\" fill=\"\(RGB.parse(item.color).hex)\"/>"
            row += SVGMarkup.text(SVGMarkup.fit(item.label, labelWidth), x: labelWidth, y: middle, anchor: "end")
            row += SVGMarkup.text(
                SVGMarkup.fit(item.valueText, valueWidth),
                x: total,
                y: middle,
                anchor: "end",
                extra: tabular
            )
            row += "</g>"
            if let href = SVGMarkup.safeLink(item.link) { row = "<a href=\"\(href)\">\(row)</a>" }
            svg += row + "\n"
        }
        return svg + "</svg>\n"
    }

    /// "5 items; largest Food $1,234.00" — what a screen reader announces for bars and donuts.
    static func summary(_ items: [ChartItem]) -> String {
        guard !items.isEmpty else { return "No data" }
        let count = items.count == 1 ? "1 item" : "\(items.count) items"
        guard let top = largest(items) else { return "\(count); all zero" }
        return "\(count); largest \(top.label) \(top.valueText)"
    }

    /// The first item with the highest value, or nil when there is nothing positive to show.
    static func largest(_ items: [ChartItem]) -> ChartItem? {
        var best: ChartItem?
        for item in items where item.value > 0 && item.value > (best?.value ?? 0) { best = item }
        return best
    }
}

extension ChartItem {
    var idParts: [String] { [label, "\(value)", valueText, color, link ?? ""] }
}
