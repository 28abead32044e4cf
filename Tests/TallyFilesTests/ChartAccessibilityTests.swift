import Foundation
import Testing

@testable import TallyFiles

@Suite("charts everyone can use")
struct ChartAccessibilityTests {
    let months = ["Jan", "Feb", "Mar"]
    var series: [ChartSeries] {
        let spent: [Int64] = [120_000, -4_500, 87_600]
        return [
            ChartSeries(name: "Spent", color: "#e15759", values: spent, valueTexts: spent.map(dollars)),
            ChartSeries(name: "Income <b>", color: "#59a14f", values: [200_000], valueTexts: ["$2,000.00"]),
        ]
    }

    var linked: [ChartItem] {
        sampleItems.enumerated().map { index, item in
            var item = item
            item.link = index == 2 ? nil : "/books/1/search?category=\(index)"
            return item
        }
    }

    var charts: [String] {
        [
            SVGChart.bars(title: "Bars", items: sampleItems), SVGChart.bars(title: "Bars", items: linked),
            SVGChart.donut(title: "Donut", items: sampleItems), SVGChart.donut(title: "Donut", items: linked),
            SVGChart.trend(title: "Trend", periods: months, series: series, style: .columns, axisLabel: dollars),
            SVGChart.trend(title: "Trend", periods: months, series: series, style: .line, axisLabel: dollars),
        ]
    }

    @Test("no viewBox on a chart and no text under 12 px: what is written is what a phone shows")
    func textSizes() throws {
        for svg in charts {
            let frame = try #require(svg.split(separator: "\n").first)
            #expect(!frame.contains("viewBox") && frame.contains("font-size=\"13\""))
            for size in svg.matches(of: /font-size="([0-9.]+)"/) {
                #expect(Double(String(size.1))! >= 12)
            }
        }
    }

    @Test("an image holds no link; a chart with links is a group of named links")
    func noLinksInImages() {
        for svg in charts {
            let links = occurrences(of: "<a ", in: svg)
            if svg.contains("role=\"img\"") {
                #expect(links == 0)
            } else {
                #expect(svg.contains("role=\"group\"") && links > 0)
                #expect(links == occurrences(of: "<a href=\"/books/1/search?category=", in: svg))
                #expect(links == occurrences(of: "\" aria-label=\"", in: svg))
            }
        }
        let donut = SVGChart.donut(title: "Donut", items: linked)
        // One link per item: its slice and its legend row together.
        #expect(donut.contains("aria-label=\"Rent: $1,500.00 (38.6%)\"><g class=\"slice-group\">"))
        #expect(occurrences(of: "<a ", in: donut) == linked.count - 1)
    }

    @Test("the items' table: a row per item with its amount, share and link, every text escaped")
    func itemsTable() {
        let nasty = ChartItem(
            label: "<script>x</script>",
            value: 100,
            valueText: "$1.00",
            color: "#000",
            link: "javascript:x"
        )
        let table = ChartTable.items(linked + [nasty], caption: "Spending & more", nameHeader: "Category")
        #expect(occurrences(of: "<tr><th scope=\"row\">", in: table) == linked.count + 1)
        #expect(table.contains("<caption>Spending &amp; more</caption>"))
        #expect(table.contains("<th scope=\"col\">Category</th><th scope=\"col\" class=\"num\">Amount</th>"))
        #expect(
            table.contains(
                "<th scope=\"row\"><a href=\"/books/1/search?category=1\">Rent</a></th><td class=\"num\">$1,500.00</td>"
                    + "<td class=\"num\">38.6%</td>"
            )
        )
        #expect(table.contains("<th scope=\"row\">Eating out</th>"))
        #expect(table.contains("&lt;script&gt;x&lt;/script&gt;") && !table.contains("<script>"))
        #expect(!table.lowercased().contains("javascript"))
    }

    @Test("the trend's table: a row per period, a column per series, a dash past a series' end")
    func trendTable() {
        let table = ChartTable.trend(periods: months, series: series, caption: "Trend", axisLabel: dollars)
        #expect(table.contains("<th scope=\"col\">Period</th><th scope=\"col\" class=\"num\">Spent</th>"))
        #expect(table.contains("<th scope=\"col\" class=\"num\">Income &lt;b&gt;</th>"))
        #expect(
            table.contains("<tr><th scope=\"row\">Feb</th><td class=\"num\">-$45.00</td><td class=\"num\">–</td></tr>")
        )
        #expect(occurrences(of: "<tr><th scope=\"row\">", in: table) == months.count)
        let empty = ChartTable.trend(periods: [], series: [], caption: "Nothing", axisLabel: dollars)
        #expect(empty.contains("<td colspan=\"1\">No data</td>"))
    }
}
