/// Integer arithmetic shared by the SVG and PDF charts: sums, shares and axis steps.
///
/// Amounts stay Int64 here; only pixel geometry (bar lengths, angles) uses Double, which is
/// fine because a rounding error there moves a shape by a fraction of a pixel, never a cent.
enum ChartMath {
    /// Axis values are clamped to ±10^17 minor units so tick arithmetic cannot overflow Int64.
    static let axisLimit: Int64 = 100_000_000_000_000_000

    /// Sum of the non-negative parts of `values`, saturating at Int64.max instead of trapping.
    static func positiveSum(_ values: [Int64]) -> Int64 {
        var total: Int64 = 0
        for value in values where value > 0 {
            let (sum, overflow) = total.addingReportingOverflow(value)
            if overflow { return .max }
            total = sum
        }
        return total
    }

    /// `value / total` as a Double in 0...1, for geometry only; 0 when total is not positive.
    static func fraction(_ value: Int64, of total: Int64) -> Double {
        guard total > 0, value > 0 else { return 0 }
        return min(1, Double(value) / Double(total))
    }

    /// The share of `value` in `total` as a percentage with one decimal, e.g. "12.3%".
    ///
    /// Tenths of a percent are computed in 128-bit integer arithmetic (value × 1000 ÷ total,
    /// rounded half up) so the legend is exact even for amounts near Int64.max.
    static func percentText(_ value: Int64, of total: Int64) -> String {
        guard total > 0, value > 0 else { return "0.0%" }
        let part = UInt64(min(value, total))
        let whole = UInt64(total)
        let product = part.multipliedFullWidth(by: 1000)
        let (quotient, remainder) = whole.dividingFullWidth(product)
        // remainder < whole <= Int64.max, so doubling it cannot overflow UInt64.
        let tenths = quotient + (remainder * 2 >= whole ? 1 : 0)
        if tenths == 0 { return "<0.1%" }
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// A value axis from `lower` to `upper` in steps of 1, 2 or 5 × 10^n minor units.
    struct Axis: Equatable {
        /// The lowest tick (zero or negative).
        var lower: Int64
        /// The highest tick (zero or positive).
        var upper: Int64
        /// Distance between ticks.
        var step: Int64
        /// Every tick from lower to upper.
        var ticks: [Int64] { Array(stride(from: lower, through: upper, by: Int(step))) }
    }

    /// The smallest 1-2-5 step that covers `low...high` (always including zero) in at most four
    /// intervals, giving 4–5 gridlines. Where the ladder jumps from five intervals straight to
    /// two (e.g. 0...100: step 20 or 50) the finer step wins, so a chart has at most 6 gridlines
    /// and never only 3.
    static func niceAxis(low: Int64, high: Int64) -> Axis {
        let top = max(0, min(high, axisLimit))
        let bottom = min(0, max(low, -axisLimit))
        // An all-zero chart still needs a scale; 100 minor units is "1" in most currencies.
        guard top > bottom else { return Axis(lower: 0, upper: 400, step: 100) }
        var previous: Int64?
        var magnitude: Int64 = 1
        while true {
            for factor: Int64 in [1, 2, 5] {
                let step = factor * magnitude
                let count = intervals(bottom, top, step)
                guard count <= 4 else {
                    previous = step
                    continue
                }
                if count < 3, let finer = previous, intervals(bottom, top, finer) <= 5 {
                    return axis(bottom, top, finer)
                }
                var result = axis(bottom, top, step)
                // Tiny ranges (a few minor units) still get three intervals.
                while intervals(result.lower, result.upper, step) < 3 { result.upper += step }
                return result
            }
            magnitude *= 10
        }
    }

    private static func intervals(_ bottom: Int64, _ top: Int64, _ step: Int64) -> Int64 {
        ceilDiv(top, step) + ceilDiv(-bottom, step)
    }

    private static func axis(_ bottom: Int64, _ top: Int64, _ step: Int64) -> Axis {
        Axis(lower: -ceilDiv(-bottom, step) * step, upper: ceilDiv(top, step) * step, step: step)
    }

    /// Ceiling division for a non-negative numerator and positive divisor.
    private static func ceilDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
        value / divisor + (value % divisor == 0 ? 0 : 1)
    }
}
