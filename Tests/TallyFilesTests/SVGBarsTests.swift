import Foundation
import Testing

@testable import TallyFiles

@Suite("SVG bar chart")
struct SVGBarsTests {
    @Test("one rect.bar per item, zero values included, fills from the item colours")
    func oneBarPerItem() {
        let svg = SVGChart.bars(title: "Spending", items: sampleItems)
        #expect(occurrences(of: "<rect class=\"bar\"", in: svg) == sampleItems.count)
        #expect(svg.contains("<rect class=\"bar\" x=\"") && svg.contains("width=\"0%\" height=\"12\""))
        #expect(svg.contains("fill=\"#4e79a7\""))
        #expect(occurrences(of: "<g class=\"bar-row\"><title>", in: svg) == sampleItems.count)
        #expect(svg.contains("<title>Groceries: $1,234.56</title>"))
    }

    @Test("frame: xmlns, no viewBox, role, aria ids that exist, width 100%, inherited font")
    func frame() throws {
        let svg = SVGChart.bars(title: "Spending", items: sampleItems)
        // Without a viewBox, user units are CSS pixels: the text is not shrunk on a phone.
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" height=\"350\" "))
        #expect(!svg.contains("viewBox"))
        #expect(svg.contains("role=\"img\"") && svg.contains("class=\"chart\"") && svg.contains("width=\"100%\""))
        #expect(svg.contains("font-family=\"inherit\""))
        let id = try #require(svg.firstMatch(of: /aria-labelledby="([a-z0-9-]+)-title ([a-z0-9-]+)-desc"/))
        #expect(id.1 == id.2)
        #expect(svg.contains("<title id=\"\(id.1)-title\">Spending</title>"))
        #expect(svg.contains("<desc id=\"\(id.1)-desc\">8 items; largest Rent $1,500.00</desc>"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(!svg.contains("<script") && !svg.contains("<image"))
    }

    @Test("ids are deterministic per content and differ between charts")
    func ids() {
        let a = SVGChart.bars(title: "Spending", items: sampleItems)
        #expect(a == SVGChart.bars(title: "Spending", items: sampleItems))
        let b = SVGChart.bars(title: "Spending", items: Array(sampleItems.dropLast()))
        #expect(
            a.firstMatch(of: /id="(chart-[0-9a-f]+)-title"/)?.1 != b.firstMatch(of: /id="(chart-[0-9a-f]+)-title"/)?.1
        )
    }

    @Test("every text is XML-escaped, in titles, labels and the heading")
    func escaping() {
        let nasty = ChartItem(
            label: "Tom & Jerry's <b>\"cafe\"</b>",
            value: 500,
            valueText: "<$5.00>",
            color: "#123456"
        )
        let svg = SVGChart.bars(title: "A & B <script>", items: [nasty])
        #expect(svg.contains("<title>Tom &amp; Jerry&#39;s &lt;b&gt;&quot;cafe&quot;&lt;/b&gt;: &lt;$5.00&gt;</title>"))
        #expect(svg.contains("A &amp; B &lt;script&gt;"))
        #expect(!svg.contains("<b>") && !svg.contains("<script>") && !svg.contains("Jerry's"))
    }

    @Test(
        "links wrap the row, named by its text, in a chart that is a group; script URLs and bad colours are neutralised"
    )
    func links() {
        let items = [
            item("Food", 100, 0, link: "/transactions?category=1&month=2024-03"),
            item("Bad", 50, 1, link: " JavaScript:alert(1)"),
            ChartItem(label: "X", value: 10, valueText: "$0.10", color: "red\" onload=\"x"),
        ]
        let svg = SVGChart.bars(title: "Links", items: items)
        #expect(
            svg.contains(
                "<a href=\"/transactions?category=1&amp;month=2024-03\" aria-label=\"Food: $1.00\"><g class=\"bar-row\">"
            )
        )
        #expect(svg.contains("role=\"group\"") && !svg.contains("role=\"img\""))
        #expect(occurrences(of: "<a href", in: svg) == 1)
        #expect(!svg.lowercased().contains("javascript") && !svg.contains("onload"))
        #expect(svg.contains("fill=\"#888888\""))
    }

    @Test("long labels are truncated for display but complete in the title")
    func longLabels() {
        let long = String(repeating: "Very long category name ", count: 8)
        let svg = SVGChart.bars(title: "Long", items: [item(long, 1000)])
        #expect(svg.contains("<title>\(long): $10.00</title>"))
        #expect(svg.contains("…</text>"))
        #expect(!svg.contains(">\(long)</text>") && svg.contains("<desc"))
    }

    @Test("empty input, negatives and huge values")
    func edges() {
        let empty = SVGChart.bars(title: "Nothing", items: [])
        #expect(empty.contains("No data") && !empty.contains("class=\"bar\"") && empty.contains(">No data</desc>"))
        let negative = SVGChart.bars(title: "Refunds", items: [item("Refund", -5000), item("Food", 1000, 1)])
        #expect(occurrences(of: "<rect class=\"bar\"", in: negative) == 2)
        #expect(!negative.contains("width=\"-"))
        let huge = SVGChart.bars(
            title: "Huge",
            items: [item("A", 1_000_000_000_000_000), item("B", Int64.max, 1), item("C", 1, 2)]
        )
        #expect(occurrences(of: "<rect class=\"bar\"", in: huge) == 3)
        #expect(!huge.contains("nan") && !huge.contains("inf"))
    }
}
