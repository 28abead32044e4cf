extension SVGChart {
    /// Grouped columns: one rect per series per period (zero height when a value is zero or
    /// missing), rising from the zero line for positive values and hanging below it otherwise.
    /// Across, everything is a percentage of the width.
    static func columns(
        _ periods: [String],
        _ series: [ChartSeries],
        _ plot: TrendPlot,
        _ axisLabel: (Int64) -> String
    ) -> String {
        let group = plot.slot * 0.72
        let column = group / Double(series.count)
        // A gap between a period's columns that grows with them, as pixels cannot be subtracted.
        let drawn = series.count == 1 ? column : column * 0.88
        var out = ""
        for (index, period) in periods.enumerated() {
            let groupLeft = plot.center(index) - group / 2
            for (number, line) in series.enumerated() {
                let has = index < line.values.count
                let value = has ? line.values[index] : 0
                let top = plot.y(max(value, 0))
                let bottom = plot.y(min(value, 0))
                let text = has ? valueText(line, index, axisLabel) : "no data"
                let x = groupLeft + Double(number) * column
                out +=
                    "<g class=\"column-group\"><title>\(SVGMarkup.escape("\(line.name), \(period): \(text)"))</title>"
                    + "<rect class=\"column\" x=\"\(coordinate(x))%\" y=\"\(coordinate(top))\" "
                    + "width=\"\(coordinate(drawn))%\" height=\"\(coordinate(bottom - top))\" "
                    + "fill=\"\(RGB.parse(line.color).hex)\"/></g>\n"
            }
        }
        return out
    }

    /// One polyline per series through its points, and a dot per point carrying its value as a
    /// tooltip. Periods past the end of a series' values are left out rather than drawn as zero.
    /// The lines are drawn in a viewport 100 units wide stretched to the chart's width (their
    /// stroke unscaled); the dots are placed in percent, so they stay round.
    static func lines(
        _ periods: [String],
        _ series: [ChartSeries],
        _ plot: TrendPlot,
        _ axisLabel: (Int64) -> String
    ) -> String {
        var out = ""
        let radius = narrowest / Double(periods.count) < 10 ? 2.0 : 3.5
        let height = coordinate(plot.bottom + 26)
        for line in series {
            let count = min(periods.count, line.values.count)
            let color = RGB.parse(line.color).hex
            let points = (0..<count).map { "\(coordinate(plot.center($0))),\(coordinate(plot.y(line.values[$0])))" }
            out +=
                "<g class=\"series\"><title>\(SVGMarkup.escape(line.name))</title>"
                + "<svg width=\"100%\" height=\"\(height)\" viewBox=\"0 0 100 \(height)\" preserveAspectRatio=\"none\" "
                + "overflow=\"visible\"><polyline class=\"line\" points=\"\(points.joined(separator: " "))\" fill=\"none\" "
                + "stroke=\"\(color)\" stroke-width=\"2.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\" "
                + "vector-effect=\"non-scaling-stroke\"/></svg></g>\n"
            for index in 0..<count {
                let tip = "\(line.name), \(periods[index]): \(valueText(line, index, axisLabel))"
                out +=
                    "<g class=\"point\"><title>\(SVGMarkup.escape(tip))</title><circle cx=\"\(coordinate(plot.center(index)))%\" "
                    + "cy=\"\(coordinate(plot.y(line.values[index])))\" r=\"\(coordinate(radius))\" fill=\"\(color)\"/></g>\n"
            }
        }
        return out
    }
}
