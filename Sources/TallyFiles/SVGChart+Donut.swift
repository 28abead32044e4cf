import Foundation

extension SVGChart {
    /// Donut chart: one `<path class="slice">` per nonzero item with a `<title>`, and a legend
    /// listing every item with its share in percent (integer arithmetic, e.g. "12.3%"). A single
    /// nonzero item draws a full ring (two arcs per edge); an empty or all-zero input draws an
    /// empty grey ring with the text "No data". Negative values count as zero.
    public static func donut(title: String, items: [ChartItem], size: Int = 320) -> String {
        let size = max(size, 160)
        let width = Double(size)
        let id = SVGMarkup.chartID(["donut", title, "\(size)"] + items.flatMap(\.idParts))
        let total = ChartMath.positiveSum(items.map(\.value))
        let outer = width / 2 - 8
        let inner = outer * 0.6
        let cx = width / 2
        let cy = top + outer + 4
        let legendTop = cy + outer + 20
        let height = legendTop + Double(items.count) * 24 + 4
        var desc = summary(items)
        if let best = largest(items) { desc += " (\(ChartMath.percentText(best.value, of: total)))" }
        var svg = SVGMarkup.open(id: id, kind: "donut", width: size, height: height, title: title, desc: desc)

        let drawn = items.filter { $0.value > 0 }
        if drawn.isEmpty {
            svg +=
                "<circle class=\"empty\" cx=\"\(coordinate(cx))\" cy=\"\(coordinate(cy))\" "
                + "r=\"\(coordinate((outer + inner) / 2))\" fill=\"none\" stroke=\"#9e9e9e\" "
                + "stroke-opacity=\"0.35\" stroke-width=\"\(coordinate(outer - inner))\"/>\n"
            svg += SVGMarkup.text("No data", x: cx, y: cy + 5, anchor: "middle", muted: true) + "\n"
        }
        // Angles are Double: they only place pixels, while the percentages come from integers.
        var start = 0.0
        for item in drawn {
            let sweep = ChartMath.fraction(item.value, of: total) * 2 * Double.pi
            let path =
                drawn.count == 1
                ? ringPath(cx: cx, cy: cy, outer: outer, inner: inner)
                : slicePath(
                    cx: cx,
                    cy: cy,
                    outer: outer,
                    inner: inner,
                    from: start,
                    to: min(start + sweep, 2 * Double.pi)
                )
            start += sweep
            let tip = "\(item.label): \(item.valueText) (\(ChartMath.percentText(item.value, of: total)))"
            var slice =
                "<g class=\"slice-group\"><title>\(SVGMarkup.escape(tip))</title><path class=\"slice\" "
                + "d=\"\(path)\" fill=\"\(RGB.parse(item.color).hex)\" fill-rule=\"evenodd\"/></g>"
            if let href = SVGMarkup.safeLink(item.link) { slice = "<a href=\"\(href)\">\(slice)</a>" }
            svg += slice + "\n"
        }
        svg += legend(items, total: total, top: legendTop, width: width)
        return svg + "</svg>\n"
    }

    /// Legend rows: swatch, label, amount and share, each row with the full text as a tooltip.
    static func legend(_ items: [ChartItem], total: Int64, top: Double, width: Double) -> String {
        let percentWidth = SVGMarkup.width("100.0%") + 4
        let valueWidth = min(width * 0.35, (items.map { SVGMarkup.width($0.valueText) }.max() ?? 0) + 4)
        let labelWidth = max(0, width - 20 - valueWidth - percentWidth - 8)
        var out = ""
        for (index, item) in items.enumerated() {
            let y = top + Double(index) * 24
            let percent = ChartMath.percentText(item.value, of: total)
            out +=
                "<g class=\"legend-row\"><title>\(SVGMarkup.escape("\(item.label): \(item.valueText) (\(percent))"))</title>"
            out +=
                "<rect class=\"swatch\" x=\"0\" y=\"\(coordinate(y))\" width=\"12\" height=\"12\" rx=\"2\" "
                + "fill=\"\(RGB.parse(item.color).hex)\"/>"
            out += SVGMarkup.text(SVGMarkup.fit(item.label, labelWidth), x: 20, y: y + 11)
            out += SVGMarkup.text(
                SVGMarkup.fit(item.valueText, valueWidth),
                x: width - percentWidth,
                y: y + 11,
                anchor: "end",
                extra: tabular
            )
            out += SVGMarkup.text(percent, x: width, y: y + 11, anchor: "end", muted: true, extra: tabular)
            out += "</g>\n"
        }
        return out
    }

    /// One ring segment from `from` to `to` radians (clockwise from 12 o'clock), less than a turn.
    /// Each edge is drawn as two arcs of at most half a turn, so a slice of nearly 100% (whose end
    /// rounds onto its start) still has distinct arc endpoints and cannot vanish.
    static func slicePath(cx: Double, cy: Double, outer: Double, inner: Double, from: Double, to: Double) -> String {
        let middle = (from + to) / 2
        func point(_ radius: Double, _ angle: Double) -> String {
            let p = pointOnCircle(cx: cx, cy: cy, radius: radius, angle: angle)
            return "\(coordinate(p.x)) \(coordinate(p.y))"
        }
        let outerR = coordinate(outer)
        let innerR = coordinate(inner)
        return "M\(point(outer, from)) A\(outerR) \(outerR) 0 0 1 \(point(outer, middle)) "
            + "A\(outerR) \(outerR) 0 0 1 \(point(outer, to)) L\(point(inner, to)) "
            + "A\(innerR) \(innerR) 0 0 0 \(point(inner, middle)) A\(innerR) \(innerR) 0 0 0 \(point(inner, from))Z"
    }

    /// A whole ring. An SVG arc whose end equals its start draws nothing, so each circle is two
    /// half arcs; even-odd filling leaves the hole empty.
    static func ringPath(cx: Double, cy: Double, outer: Double, inner: Double) -> String {
        func circle(_ radius: Double) -> String {
            let r = coordinate(radius)
            let top = coordinate(cy - radius)
            let bottom = coordinate(cy + radius)
            return "M\(coordinate(cx)) \(top) A\(r) \(r) 0 1 1 \(coordinate(cx)) \(bottom) "
                + "A\(r) \(r) 0 1 1 \(coordinate(cx)) \(top)Z"
        }
        return circle(outer) + " " + circle(inner)
    }
}
