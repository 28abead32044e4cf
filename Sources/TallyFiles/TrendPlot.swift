/// Geometry of a trend chart's plot area: where a period sits across (in percent of the chart's
/// width, which only the browser knows) and a value sits up (in pixels).
///
/// Positions are Double because they are pixels; values arrive as Int64 and are only
/// converted after subtracting from the axis bounds, which keeps the difference exact.
struct TrendPlot {
    var top: Double
    var bottom: Double
    var axis: ChartMath.Axis
    var periods: Int

    /// Percent of the width given to one period.
    var slot: Double { 100 / Double(max(periods, 1)) }

    /// Horizontal centre of period `index`, in percent.
    func center(_ index: Int) -> Double { (Double(index) + 0.5) * slot }

    /// Vertical position of `value`, clamped to the axis.
    func y(_ value: Int64) -> Double {
        let clamped = min(max(value, axis.lower), axis.upper)
        let span = Double(axis.upper - axis.lower)
        return top + Double(axis.upper - clamped) / span * (bottom - top)
    }
}
