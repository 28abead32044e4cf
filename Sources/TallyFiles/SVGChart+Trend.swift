extension SVGChart {
    /// Trend over periods (the x labels): `.columns` draws grouped columns (one
    /// `<rect class="column">` per series per period), `.line` one `<polyline class="line">` per
    /// series with a `<circle>` per point. The y-axis has 4–5 gridlines (at most 6) at 1-2-5
    /// steps, labelled by `axisLabel` (minor units → text) above each line at the left; negative
    /// values hang below a zero line. Values beyond ±10^17 minor units are clamped to the axis.
    /// The plot spans the whole width and is `height` pixels high; `heading: false` leaves the
    /// title out of the picture, for a page that shows it.
    public static func trend(
        title: String,
        periods: [String],
        series: [ChartSeries],
        style: TrendStyle,
        axisLabel: (Int64) -> String,
        height: Int = 200,
        heading: Bool = true
    ) -> String {
        let id = SVGMarkup.chartID(
            ["trend", title, "\(style)", "\(height)", "\(heading)"] + periods
                + series.flatMap { [$0.name, $0.color] + $0.values.map(String.init) + $0.valueTexts }
        )
        let values = series.flatMap { $0.values.prefix(periods.count) }
        let axis = ChartMath.niceAxis(low: values.min() ?? 0, high: values.max() ?? 0)
        // The legend's rows, then room for the top gridline's label above it.
        let legendTop = heading ? headingHeight + 4 : 0
        let plotTop = legendTop + Double(legendRows(series.count)) * legendRow + 18
        let plot = TrendPlot(
            top: plotTop,
            bottom: plotTop + Double(max(height, 120)),
            axis: axis,
            periods: periods.count
        )
        var svg = SVGMarkup.open(
            id: id,
            kind: "trend",
            height: plot.bottom + 26,
            title: title,
            desc: trendSummary(periods: periods, series: series),
            linked: false,
            heading: heading
        )
        svg += trendLegend(series, top: legendTop)
        for tick in axis.ticks {
            let y = coordinate(plot.y(tick))
            let zero = tick == 0
            svg +=
                "<line class=\"\(zero ? "zero" : "grid")\" x1=\"0\" y1=\"\(y)\" x2=\"100%\" y2=\"\(y)\" "
                + "stroke=\"currentColor\" stroke-opacity=\"\(zero ? "0.55" : "0.15")\" stroke-width=\"1\"/>\n"
        }
        if !periods.isEmpty, !series.isEmpty {
            svg += periodLabels(periods, plot: plot)
            svg +=
                style == .columns ? columns(periods, series, plot, axisLabel) : lines(periods, series, plot, axisLabel)
        }
        // Drawn after the marks, which may pass under them; app.css outlines them in the
        // background's colour so they stay readable there.
        for tick in axis.ticks {
            svg +=
                SVGMarkup.text(
                    axisLabel(tick),
                    x: 0,
                    y: plot.y(tick) - 4,
                    muted: true,
                    extra: " font-size=\"12\" class=\"num axis\""
                ) + "\n"
        }
        guard !periods.isEmpty, !series.isEmpty else {
            svg += SVGMarkup.text(
                "No data",
                at: Across(percent: 50),
                y: (plot.top + plot.bottom) / 2,
                anchor: "middle",
                muted: true
            )
            return svg + "\n</svg>\n"
        }
        return svg + "</svg>\n"
    }

    /// "2 series (Spending, Income) over 12 periods, Jan to Dec".
    static func trendSummary(periods: [String], series: [ChartSeries]) -> String {
        guard let first = periods.first, let last = periods.last, !series.isEmpty else { return "No data" }
        let names = series.map(\.name).joined(separator: ", ")
        let span = periods.count == 1 ? "1 period, \(first)" : "\(periods.count) periods, \(first) to \(last)"
        return "\(series.count) series (\(names)) over \(span)"
    }

    /// Height of one row of the legend.
    static let legendRow = 20.0

    /// Rows the legend takes: two series to a row, so a phone has room for their names.
    static func legendRows(_ count: Int) -> Int { (count + 1) / 2 }

    /// Swatches and series names under the heading, two to a row.
    static func trendLegend(_ series: [ChartSeries], top: Double) -> String {
        let share = series.count == 1 ? narrowest - 24 : narrowest / 2 - 24
        var out = ""
        for (index, item) in series.enumerated() {
            let across = index % 2 == 0 ? 0.0 : 50.0
            let y = top + Double(index / 2) * legendRow
            out +=
                "<g class=\"legend-item\"><title>\(SVGMarkup.escape(item.name))</title>"
                + "<rect class=\"swatch\" x=\"\(coordinate(across))%\" y=\"\(coordinate(y))\" width=\"12\" height=\"12\" "
                + "rx=\"2\" fill=\"\(RGB.parse(item.color).hex)\"/>"
                + SVGMarkup.text(
                    SVGMarkup.fit(item.name, share),
                    at: Across(percent: across, offset: 18),
                    y: y + 11
                ) + "</g>\n"
        }
        return out
    }

    /// Period names under the plot; when they would collide on the narrowest chart only every
    /// k-th is shown. A name that would run off an edge is aligned with its slot's edge instead.
    static func periodLabels(_ periods: [String], plot: TrendPlot) -> String {
        let slot = narrowest / Double(periods.count)
        let widest = periods.map { SVGMarkup.width($0, size: 12) }.max() ?? 0
        // The widths are estimates that err wide by about a tenth: that is the gap between names.
        let every = max(1, Int((widest / slot).rounded(.up)))
        var out = ""
        for (index, period) in periods.enumerated() where index % every == 0 {
            let label = SVGMarkup.fit(period, slot * Double(every) - 4, size: 12)
            let half = SVGMarkup.width(label, size: 12) / 2
            let middle = (Double(index) + 0.5) * slot
            let (x, anchor): (Double, String) =
                middle - half < 0
                ? (Double(index) * plot.slot, "start")
                : middle + half > narrowest ? (Double(index + 1) * plot.slot, "end") : (plot.center(index), "middle")
            out += SVGMarkup.text(
                label,
                at: Across(percent: x),
                y: plot.bottom + 18,
                anchor: anchor,
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
