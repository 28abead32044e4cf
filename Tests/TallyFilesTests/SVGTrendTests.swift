import Foundation
import Testing

@testable import TallyFiles

@Suite("SVG trend chart")
struct SVGTrendTests {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]
    var series: [ChartSeries] {
        let spent: [Int64] = [120_000, 98_050, 143_210, 110_000, 0, 87_600]
        let income: [Int64] = [200_000, 200_000, 210_000, 200_000, 205_000, 200_000]
        return [
            ChartSeries(name: "Spending", color: "#e15759", values: spent, valueTexts: spent.map(dollars)),
            ChartSeries(name: "Income", color: "#59a14f", values: income, valueTexts: income.map(dollars)),
        ]
    }

    @Test("columns: one rect.column per series per period, tooltips and legend")
    func columns() {
        let svg = SVGChart.trend(
            title: "By month",
            periods: months,
            series: series,
            style: .columns,
            axisLabel: dollars
        )
        #expect(occurrences(of: "<rect class=\"column\"", in: svg) == months.count * series.count)
        #expect(svg.contains("<title>Spending, Mar: $1,432.10</title>"))
        #expect(occurrences(of: "<g class=\"legend-item\">", in: svg) == 2)
        #expect(svg.contains("2 series (Spending, Income) over 6 periods, Jan to Jun</desc>"))
        #expect(svg.contains("data-chart=\"trend\"") && svg.contains("role=\"img\""))
    }

    @Test("line: one polyline per series and a circle per point")
    func lines() {
        let svg = SVGChart.trend(title: "By month", periods: months, series: series, style: .line, axisLabel: dollars)
        #expect(occurrences(of: "<polyline class=\"line\"", in: svg) == 2)
        #expect(occurrences(of: "<circle ", in: svg) == 12)
        #expect(!svg.contains("class=\"column\""))
    }

    @Test("4–5 gridlines at 1-2-5 steps, labelled by the caller's formatter")
    func gridlines() {
        let svg = SVGChart.trend(
            title: "By month",
            periods: months,
            series: series,
            style: .columns,
            axisLabel: dollars
        )
        let lines = occurrences(of: "<line class=\"grid\"", in: svg) + occurrences(of: "<line class=\"zero\"", in: svg)
        #expect((4...5).contains(lines))
        #expect(svg.contains(">$1,000.00</text>") && svg.contains(">$3,000.00</text>") && svg.contains(">$0.00</text>"))
    }

    @Test("negative values hang below a zero line")
    func negatives() throws {
        let flow: [Int64] = [50_000, -32_000, 12_000, -75_000]
        let line = ChartSeries(name: "Net", color: "#4e79a7", values: flow, valueTexts: flow.map(dollars))
        let svg = SVGChart.trend(
            title: "Cash flow",
            periods: ["Q1", "Q2", "Q3", "Q4"],
            series: [line],
            style: .columns,
            axisLabel: dollars
        )
        #expect(occurrences(of: "<line class=\"zero\"", in: svg) == 1)
        #expect(svg.contains(">-$500.00</text>") || svg.contains(">-$1,000.00</text>"))
        #expect(!svg.contains("height=\"-"))
        let zeroY = try #require(svg.firstMatch(of: /class="zero" x1="[0-9.]+" y1="([0-9.]+)"/)?.1)
        let q2 = try #require(
            svg.firstMatch(of: /Q2: -\$320\.00<\/title><rect class="column" x="[0-9.]+%" y="([0-9.]+)"/)?.1
        )
        #expect(Double(String(q2)) == Double(String(zeroY)))
    }

    @Test("empty inputs, ragged series and huge values")
    func edges() {
        let empty = SVGChart.trend(title: "Nothing", periods: [], series: [], style: .line, axisLabel: dollars)
        #expect(empty.contains(">No data</text>") && empty.hasSuffix("</svg>\n"))
        let short = ChartSeries(name: "Short", color: "#000", values: [5], valueTexts: [])
        let ragged = SVGChart.trend(
            title: "Ragged",
            periods: ["A", "B", "C"],
            series: [short],
            style: .columns,
            axisLabel: dollars
        )
        #expect(occurrences(of: "<rect class=\"column\"", in: ragged) == 3)
        #expect(ragged.contains("Short, A: $0.05") && ragged.contains("Short, C: no data"))
        let big: [Int64] = [1_000_000_000_000_000, -1_000_000_000_000_000, Int64.max, Int64.min]
        let hugeSeries = ChartSeries(name: "Huge", color: "#123", values: big, valueTexts: big.map(dollars))
        for style in [TrendStyle.columns, .line] {
            let svg = SVGChart.trend(
                title: "Huge",
                periods: ["1", "2", "3", "4"],
                series: [hugeSeries],
                style: style,
                axisLabel: dollars
            )
            #expect(!svg.contains("nan") && !svg.contains("inf"))
        }
    }

    @Test("crowded period labels are thinned, not overlapped")
    func crowded() {
        let days = (1...31).map { "2024-03-\($0 < 10 ? "0" : "")\($0)" }
        let values = (1...31).map { Int64($0 * 1000) }
        let line = ChartSeries(name: "Daily", color: "#4e79a7", values: values, valueTexts: values.map(dollars))
        let svg = SVGChart.trend(title: "March", periods: days, series: [line], style: .columns, axisLabel: dollars)
        #expect(occurrences(of: "<rect class=\"column\"", in: svg) == 31)
        #expect(occurrences(of: ">2024-03-", in: svg) < 31)
        #expect(svg.contains(">2024-03-01</text>"))
    }
}
