import Testing

@testable import TallyFiles

@Suite("Chart arithmetic")
struct ChartMathTests {
    @Test("nice axes step by 1, 2 or 5 × 10^n and cover the data with 3–5 intervals")
    func niceAxis() {
        let cases: [(Int64, Int64)] = [
            (0, 100), (0, 1), (0, 7), (0, 143_210), (-75_000, 50_000), (-10, 0),
            (0, 999_999_999), (-1_000_000_000_000_000, 1_000_000_000_000_000), (0, Int64.max), (Int64.min, 0),
        ]
        for (low, high) in cases {
            let axis = ChartMath.niceAxis(low: low, high: high)
            var mantissa = axis.step
            while mantissa % 10 == 0 { mantissa /= 10 }
            #expect([1, 2, 5].contains(mantissa), "step \(axis.step) for \(low)...\(high)")
            #expect(
                axis.lower <= min(0, max(low, -ChartMath.axisLimit))
                    && axis.upper >= max(0, min(high, ChartMath.axisLimit))
            )
            #expect((4...6).contains(axis.ticks.count), "\(axis.ticks.count) ticks for \(low)...\(high)")
            #expect(axis.ticks.contains(0))
        }
        #expect(ChartMath.niceAxis(low: 0, high: 143_210) == .init(lower: 0, upper: 150_000, step: 50_000))
        #expect(ChartMath.niceAxis(low: 0, high: 0) == .init(lower: 0, upper: 400, step: 100))
    }

    @Test("sums saturate instead of trapping")
    func sums() {
        #expect(ChartMath.positiveSum([1, -5, 2]) == 3)
        #expect(ChartMath.positiveSum([Int64.max, Int64.max]) == Int64.max)
    }

    @Test("coordinates have at most two decimals and no exponent")
    func coordinates() {
        #expect(coordinate(1.0) == "1" && coordinate(0.5) == "0.5" && coordinate(-2.346) == "-2.35")
        #expect(coordinate(12.05) == "12.05" && coordinate(1e-9) == "0" && coordinate(.nan) == "0")
    }

    @Test("colours parse strictly")
    func colours() {
        #expect(RGB.parse("#FF8000") == RGB(red: 255, green: 128, blue: 0))
        #expect(RGB.parse("#abc").hex == "#aabbcc")
        #expect(RGB.parse("red") == .fallback && RGB.parse("#12345g") == .fallback)
    }
}
