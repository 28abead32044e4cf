import Foundation
import Testing

@testable import TallyFiles

@Suite("SVG donut chart")
struct SVGDonutTests {
    @Test("one path.slice per nonzero item and a legend row for every item with its share")
    func slicesAndLegend() {
        let svg = SVGChart.donut(title: "Share", items: sampleItems)
        let nonzero = sampleItems.filter { $0.value > 0 }.count
        #expect(occurrences(of: "<path class=\"slice\"", in: svg) == nonzero)
        #expect(occurrences(of: "<g class=\"legend-row\">", in: svg) == sampleItems.count)
        // 150,000 of 388,916 cents is 38.568…% → 38.6%; the zero item is listed at 0.0%.
        #expect(svg.contains("<title>Rent: $1,500.00 (38.6%)</title>"))
        #expect(svg.contains(">0.0%</text>"))
        #expect(svg.contains("largest Rent $1,500.00 (38.6%)</desc>"))
    }

    @Test("a single item draws a full ring of two arcs per edge, even-odd filled")
    func fullRing() throws {
        let svg = SVGChart.donut(title: "One", items: [item("Rent", 150_000), item("Gifts", 0, 1)])
        #expect(occurrences(of: "<path class=\"slice\"", in: svg) == 1)
        let path = try #require(svg.firstMatch(of: /class="slice" d="([^"]+)"/)?.1)
        #expect(occurrences(of: "A", in: String(path)) == 4)
        #expect(occurrences(of: "M", in: String(path)) == 2)
        #expect(svg.contains("fill-rule=\"evenodd\"") && svg.contains(">100.0%</text>"))
    }

    @Test("empty and all-zero input draw a grey ring reading No data")
    func empty() {
        for items in [[], [item("Gifts", 0), item("Refund", -100, 1)]] {
            let svg = SVGChart.donut(title: "Nothing", items: items)
            #expect(svg.contains("<circle class=\"empty\""))
            #expect(svg.contains(">No data</text>"))
            #expect(!svg.contains("class=\"slice\""))
        }
    }

    @Test("percentages use integer arithmetic and survive huge totals")
    func percents() {
        #expect(ChartMath.percentText(1, of: 3) == "33.3%")
        #expect(ChartMath.percentText(2, of: 3) == "66.7%")
        #expect(ChartMath.percentText(1, of: 2000) == "0.1%")  // 0.05% rounds half up
        #expect(ChartMath.percentText(1, of: 2001) == "<0.1%")
        #expect(ChartMath.percentText(Int64.max, of: Int64.max) == "100.0%")
        #expect(ChartMath.percentText(Int64.max / 8, of: Int64.max) == "12.5%")
        #expect(ChartMath.percentText(0, of: 0) == "0.0%")
        let huge = [item("A", 1_000_000_000_000_000), item("B", 3_000_000_000_000_000, 1), item("C", Int64.max, 2)]
        let svg = SVGChart.donut(title: "Huge", items: huge)
        #expect(occurrences(of: "<path class=\"slice\"", in: svg) == 3)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test("a nearly-100% slice still has distinct arc endpoints")
    func nearlyFull() throws {
        let svg = SVGChart.donut(title: "Skewed", items: [item("Big", 1_000_000_000_000_000), item("Tiny", 1, 1)])
        #expect(occurrences(of: "<path class=\"slice\"", in: svg) == 2)
        let path = try #require(svg.firstMatch(of: /class="slice" d="([^"]+)"/)?.1)
        #expect(occurrences(of: "A", in: String(path)) == 4)
        #expect(svg.contains(">100.0%</text>") && svg.contains("&lt;0.1%"))
    }
}
