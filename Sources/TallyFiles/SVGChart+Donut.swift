import Foundation

extension SVGChart {
    /// Donut chart: one `<path class="slice">` per nonzero item with a `<title>`, and a legend row
    /// for every item with its share in percent (integer arithmetic, e.g. "12.3%"); an item's
    /// slice and legend row are one link when it has one. A single nonzero item draws a full ring
    /// (two arcs per edge); an empty or all-zero input draws an empty grey ring with the text "No
    /// data". Negative values count as zero. The ring is `size` pixels across, centred;
    /// `heading: false` leaves the title out of the picture, for a page that shows it.
    public static func donut(title: String, items: [ChartItem], size: Int = 220, heading: Bool = true) -> String {
        let diameter = Double(max(size, 120))
        let id = SVGMarkup.chartID(["donut", title, "\(size)", "\(heading)"] + items.flatMap(\.idParts))
        let top = heading ? headingHeight + 8 : 0
        let total = ChartMath.positiveSum(items.map(\.value))
        let outer = diameter / 2 - 4
        let inner = outer * 0.6
        let cy = top + outer + 4
        let legendTop = cy + outer + 20
        let height = legendTop + Double(items.count) * 24 + 4
        var desc = summary(items)
        if let best = largest(items) { desc += " (\(ChartMath.percentText(best.value, of: total)))" }
        var svg = SVGMarkup.open(
            id: id,
            kind: "donut",
            height: height,
            title: title,
            desc: desc,
            linked: items.contains { SVGMarkup.safeLink($0.link) != nil },
            heading: heading
        )
        if !items.contains(where: { $0.value > 0 }) {
            svg += centred(
                "<circle class=\"empty\" cx=\"0\" cy=\"\(coordinate(cy))\" r=\"\(coordinate((outer + inner) / 2))\" "
                    + "fill=\"none\" stroke=\"#9e9e9e\" stroke-opacity=\"0.35\" stroke-width=\"\(coordinate(outer - inner))\"/>"
            )
            svg += SVGMarkup.text("No data", at: Across(percent: 50), y: cy + 5, anchor: "middle", muted: true) + "\n"
        }
        let drawn = items.filter { $0.value > 0 }.count
        let legend = LegendColumns()
        // Angles are Double: they only place pixels, while the percentages come from integers.
        var start = 0.0
        for (index, item) in items.enumerated() {
            let percent = ChartMath.percentText(item.value, of: total)
            let tip = "\(item.label): \(item.valueText) (\(percent))"
            var entry = ""
            if item.value > 0 {
                let sweep = ChartMath.fraction(item.value, of: total) * 2 * Double.pi
                let end = min(start + sweep, 2 * Double.pi)
                let path =
                    drawn == 1
                    ? ringPath(cx: 0, cy: cy, outer: outer, inner: inner)
                    : slicePath(cx: 0, cy: cy, outer: outer, inner: inner, from: start, to: end)
                start += sweep
                entry +=
                    "<g class=\"slice-group\"><title>\(SVGMarkup.escape(tip))</title>"
                    + centred(
                        "<path class=\"slice\" d=\"\(path)\" fill=\"\(RGB.parse(item.color).hex)\" fill-rule=\"evenodd\"/>"
                    ) + "</g>"
            }
            entry += legend.row(item, percent: percent, tip: tip, y: legendTop + Double(index) * 24)
            svg += SVGMarkup.linked(entry, to: item.link, name: tip) + "\n"
        }
        return svg + "</svg>\n"
    }

    /// Shapes drawn around x = 0, moved to the middle of the chart: a nested viewport at 50%
    /// (a transform cannot take a percentage), which does not clip.
    static func centred(_ shapes: String) -> String {
        "<svg x=\"50%\" overflow=\"visible\">\(shapes)</svg>"
    }

    /// The columns of the donut's legend: swatch, label, amount and share. The amount is shown
    /// whole where it can be, and the label gets what its row leaves.
    struct LegendColumns {
        let percentWidth = SVGMarkup.width("100.0%") + 4

        /// One legend row, with the full text as a tooltip.
        func row(_ item: ChartItem, percent: String, tip: String, y: Double) -> String {
            let value = SVGMarkup.fit(item.valueText, narrowest - 20 - percentWidth - 48)
            let labelWidth = narrowest - 20 - SVGMarkup.width(value) - percentWidth - 8
            return "<g class=\"legend-row\"><title>\(SVGMarkup.escape(tip))</title>"
                + "<rect class=\"swatch\" x=\"0\" y=\"\(coordinate(y))\" width=\"12\" height=\"12\" rx=\"2\" "
                + "fill=\"\(RGB.parse(item.color).hex)\"/>"
                + SVGMarkup.text(SVGMarkup.fit(item.label, labelWidth), x: 20, y: y + 11)
                + SVGMarkup.text(
                    value,
                    at: .right(less: percentWidth),
                    y: y + 11,
                    anchor: "end",
                    extra: tabular
                )
                + SVGMarkup.text(percent, at: .right(), y: y + 11, anchor: "end", muted: true, extra: tabular)
                + "</g>"
        }
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
