extension SVGChart {
    /// Trend over periods (the x labels): `.columns` draws grouped columns (one
    /// `<rect class="column">` per series per period), `.line` one `<polyline class="line">` per
    /// series with a `<circle>` per point. The y-axis has 4–5 gridlines (at most 6) at 1-2-5
    /// steps, labelled by `axisLabel` (minor units → text); negative values hang below a zero
    /// line. Values beyond ±10^17 minor units are clamped to the axis.
    public static func trend(
        title: String,
        periods: [String],
        series: [ChartSeries],
        style: TrendStyle,
        axisLabel: (Int64) -> String,
        width: Int = 640,
        height: Int = 280
    ) -> String {
        let width = max(width, 240)
        let w = Double(width)
        let h = Double(max(height, 160))
        let id = SVGMarkup.chartID(
            ["trend", title, "\(style)", "\(width)", "\(height)"] + periods
                + series.flatMap { [$0.name, $0.color] + $0.values.map(String.init) + $0.valueTexts }
        )
        let values = series.flatMap { $0.values.prefix(periods.count) }
        let axis = ChartMath.niceAxis(low: values.min() ?? 0, high: values.max() ?? 0)
        let tickLabels = axis.ticks.map { ($0, axisLabel($0)) }
        let plot = TrendPlot(
            left: min(w * 0.3, (tickLabels.map { SVGMarkup.width($0.1, size: 12) }.max() ?? 0) + 10),
            right: w - 4,
            top: 62,
            bottom: h - 26,
            axis: axis,
            periods: periods.count
        )
        var svg = SVGMarkup.open(
            id: id,
            kind: "trend",
            width: width,
            height: h,
            title: title,
            desc: trendSummary(periods: periods, series: series)
        )
        svg += trendLegend(series, width: w)
        for (tick, label) in tickLabels {
            let y = plot.y(tick)
            let zero = tick == 0
            svg +=
                "<line class=\"\(zero ? "zero" : "grid")\" x1=\"\(coordinate(plot.left))\" y1=\"\(coordinate(y))\" "
                + "x2=\"\(coordinate(plot.right))\" y2=\"\(coordinate(y))\" stroke=\"currentColor\" "
                + "stroke-opacity=\"\(zero ? "0.55" : "0.15")\" stroke-width=\"1\"/>"
            svg +=
                SVGMarkup.text(
                    label,
                    x: plot.left - 6,
                    y: y + 4,
                    anchor: "end",
                    muted: true,
                    extra: " font-size=\"12\"" + tabular
                ) + "\n"
        }
        guard !periods.isEmpty, !series.isEmpty else {
            svg += SVGMarkup.text(
                "No data",
                x: (plot.left + plot.right) / 2,
                y: (plot.top + plot.bottom) / 2,
                anchor: "middle",
                muted: true
            )
            return svg + "\n</svg>\n"
        }
        svg += periodLabels(periods, plot: plot)
        svg += style == .columns ? columns(periods, series, plot, axisLabel) : lines(periods, series, plot, axisLabel)
        return svg + "</svg>\n"
    }

    /// "2 series (Spending, Income) over 12 periods, Jan to Dec".
    static func trendSummary(periods: [String], series: [ChartSeries]) -> String {
        guard let first = periods.first, let last = periods.last, !series.isEmpty else { return "No data" }
        let names = series.map(\.name).joined(separator: ", ")
        let span = periods.count == 1 ? "1 period, \(first)" : "\(periods.count) periods, \(first) to \(last)"
        return "\(series.count) series (\(names)) over \(span)"
    }

    /// Swatches and series names in one row under the heading, sharing the width equally when crowded.
    static func trendLegend(_ series: [ChartSeries], width: Double) -> String {
        guard !series.isEmpty else { return "" }
        let share = width / Double(series.count) - 24
        var x = 0.0
        var out = ""
        for item in series {
            let name = SVGMarkup.fit(item.name, share)
            out +=
                "<g class=\"legend-item\"><title>\(SVGMarkup.escape(item.name))</title>"
                + "<rect class=\"swatch\" x=\"\(coordinate(x))\" y=\"32\" width=\"12\" height=\"12\" rx=\"2\" "
                + "fill=\"\(RGB.parse(item.color).hex)\"/>"
                + SVGMarkup.text(name, x: x + 18, y: 43) + "</g>\n"
            x += SVGMarkup.width(name) + 40
        }
        return out
    }

    /// Period names under the plot; when they would collide only every k-th is shown.
    static func periodLabels(_ periods: [String], plot: TrendPlot) -> String {
        let widest = periods.map { SVGMarkup.width($0, size: 12) }.max() ?? 0
        let every = max(1, Int(((widest + 8) / plot.slot).rounded(.up)))
        var out = ""
        for (index, period) in periods.enumerated() where index % every == 0 {
            let label = SVGMarkup.fit(period, plot.slot * Double(every) - 4, size: 12)
            out += SVGMarkup.text(
                label,
                x: plot.center(index),
                y: plot.bottom + 18,
                anchor: "middle",
                muted: true,
                extra: " font-size=\"12\""
            )
        }
        return out + "\n"
    }

    /// The formatted value of one point, falling back to the axis formatter when the caller
    /// supplied fewer texts than values.
    static func valueText(_ series: ChartSeries, _ index: Int, _ axisLabel: (Int64) -> String) -> String {
        index < series.valueTexts.count ? series.valueTexts[index] : axisLabel(series.values[index])
    }
}
