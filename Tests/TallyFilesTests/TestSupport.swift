import Foundation

@testable import TallyFiles

/// How many times `needle` occurs in `haystack` (non-overlapping).
func occurrences(of needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
}

/// PDF bytes as a string with one character per byte, so byte offsets stay offsets.
func latin1(_ bytes: [UInt8]) -> String {
    String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
}

/// Dollar display in the style of TallyCore's Money.formatted, for test data only.
func dollars(_ cents: Int64) -> String {
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    var grouped = ""
    for (index, digit) in String(magnitude / 100).reversed().enumerated() {
        if index > 0 && index % 3 == 0 { grouped.append(",") }
        grouped.append(digit)
    }
    let fraction = magnitude % 100
    return "\(sign)$\(String(grouped.reversed())).\(fraction < 10 ? "0" : "")\(fraction)"
}

let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7"]

func item(_ label: String, _ cents: Int64, _ index: Int = 0, link: String? = nil) -> ChartItem {
    ChartItem(label: label, value: cents, valueText: dollars(cents), color: palette[index % palette.count], link: link)
}

let sampleItems: [ChartItem] = [
    item("Groceries", 123_456, 0), item("Rent", 150_000, 1), item("Eating out", 23_990, 2),
    item("Transport", 8_450, 3), item("Utilities & internet", 17_320, 4), item("Health", 4_500, 5),
    item("Gifts", 0, 6), item("Travel — Lisbon “weekend”", 61_200, 7),
]

/// A monthly report with `rows` category rows, totals, bars and slices.
func sampleReport(rows count: Int = 8) -> PDFReport {
    let rows = (0..<count).map { index -> [String] in
        let base = sampleItems[index % sampleItems.count]
        let label = count > sampleItems.count ? "\(base.label) \(index + 1)" : base.label
        return [label, "\(index % 9 + 1)", dollars(base.value), dollars(base.value / 3)]
    }
    return PDFReport(
        title: "Spending report",
        subtitle: "1 Mar 2024 – 31 Mar 2024",
        generated: "Generated 2026-11-21",
        columns: ["Category", "Transactions", "Spent", "Budget left"],
        rightAligned: [1, 2, 3],
        rows: rows,
        footer: ["Total", "42", "$3,889.16", "$1,296.38"],
        bars: sampleItems,
        slices: sampleItems,
        barsTitle: "Spending by category",
        slicesTitle: "Share of spending"
    )
}

/// The path of an executable on PATH (or the usual install folders), or nil.
func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
    return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The page content streams of a rendered report, in order.
func contentStreams(_ pdf: String) -> [String] {
    pdf.components(separatedBy: "\nendstream").dropLast().map { $0.components(separatedBy: ">>\nstream\n").last! }
}
