/// Report charts as self-contained, accessible SVG: no scripts, no raster images, text in the
/// page's font (`font-family="inherit"`, `currentColor`) and `width="100%"` so one chart serves
/// phones, desktops and print. Text is laid out in CSS pixels and shapes in percentages of the
/// width, so labels keep their size (13 px, axes 12 px) on a phone.
public enum SVGChart {
    static let rowHeight = 40.0
    static let barHeight = 12.0
    /// Room for the heading drawn in the chart, when it is.
    static let headingHeight = 28.0
    /// The narrowest box a chart is drawn in (a 320 px phone, less the page's and the box's
    /// padding): labels are shortened to fit it, since the real width is only known in the browser.
    static let narrowest = 264.0
    /// Digits of equal width, so amounts in a column line up: a class (app.css sets
    /// `font-variant-numeric`), since the pages' CSP refuses inline `style` attributes.
    static let tabular = " class=\"num\""

    /// Horizontal bar chart: exactly one `<rect class="bar">` per item (even for value 0: width 0),
    /// each row its label on the left and valueText on the right above a full-width bar, wrapped
    /// in `<g>` with a `<title>label: valueText</title>`; if `link != nil` the row is an `<a href>`
    /// named by the same text, and the chart a group of links. Negative values are drawn as zero.
    /// `heading: false` leaves the title out of the picture, for a page that shows it.
    public static func bars(title: String, items: [ChartItem], heading: Bool = true) -> String {
        let id = SVGMarkup.chartID(["bars", title, "\(heading)"] + items.flatMap(\.idParts))
        let top = heading ? headingHeight + 2 : 2
        var svg = SVGMarkup.open(
            id: id,
            kind: "bars",
            height: top + Double(max(items.count, 1)) * rowHeight,
            title: title,
            desc: summary(items),
            linked: items.contains { SVGMarkup.safeLink($0.link) != nil },
            heading: heading
        )
        guard !items.isEmpty else {
            svg += SVGMarkup.text("No data", x: 0, y: top + 18, muted: true) + "\n</svg>\n"
            return svg
        }
        let largest = items.map { max($0.value, 0) }.max()!
        for (index, item) in items.enumerated() {
            let y = top + Double(index) * rowHeight
            let percent = ChartMath.fraction(item.value, of: largest) * 100
            let name = item.label + ": " + item.valueText
            // The amount is shown whole where it can be; the label gets the rest of its line.
            let value = SVGMarkup.fit(item.valueText, narrowest - 60)
            let labelWidth = narrowest - SVGMarkup.width(value) - 12
            var row = "<g class=\"bar-row\"><title>\(SVGMarkup.escape(name))</title>"
            row += SVGMarkup.text(SVGMarkup.fit(item.label, labelWidth), x: 0, y: y + 14)
            row += SVGMarkup.text(value, at: .right(), y: y + 14, anchor: "end", extra: tabular)
            row +=
                "<rect class=\"track\" x=\"0\" y=\"\(coordinate(y + 20))\" width=\"100%\" "
                + "height=\"\(coordinate(barHeight))\" rx=\"3\" fill=\"currentColor\" fill-opacity=\"0.06\"/>"
            row +=
                "<rect class=\"bar\" x=\"0\" y=\"\(coordinate(y + 20))\" width=\"\(coordinate(percent))%\" "
                + "height=\"\(coordinate(barHeight))\" rx=\"3\" fill=\"\(RGB.parse(item.color).hex)\"/>"
            row += "</g>"
            svg += SVGMarkup.linked(row, to: item.link, name: name) + "\n"
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
