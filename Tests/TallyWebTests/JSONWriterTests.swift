import Foundation
import PropertyBased
import TallyCore
import Testing

@testable import TallyWeb

/// Text that JSON must escape or must leave alone: every control character, quotes, backslashes,
/// slashes, DEL, line and paragraph separators, a byte-order mark, accents, a combining mark and
/// emoji with modifiers.
private let awkward: [String] =
    (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
        "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "é", "e\u{301}", "€", "👍🏽", "👨‍👩‍👧",
        "a", "Z", " ", "<", ">", "&", "'", "{", "}", "[", "]", ":", ",",
    ]

private let awkwardText = Gen.int(in: 0...(awkward.count - 1)).map { awkward[$0] }.array(of: 0...12)
    .map { $0.joined() }

private let euro = Currency(code: "EUR")!
private let day = LocalDate("2024-03-01")!

/// A month summary with one row per text, which is its key, filter and colour.
private func summary(_ texts: [String], counts: [Int]) throws -> ReportJSON.Summary {
    let rows = zip(texts, counts).enumerated().map { index, pair in
        ReportRow(
            key: pair.0,
            filterValue: pair.0 + "/\(index)",
            kind: index % 2 == 0 ? .expense : .income,
            total: Money(minorUnits: Int64(pair.1) * 1_234 - 99, currency: index % 3 == 0 ? .usd : euro),
            count: pair.1,
            color: pair.0
        )
    }
    let query = ReportQuery(range: try DateRange(from: day, to: day.adding(days: 30)), kind: .both)
    return ReportJSON.Summary(try SummaryReport(query: query, currency: .usd, rows: rows))
}

@Suite("Hand-written JSON")
struct JSONWriterTests {
    @Test("a month summary is written byte for byte as JSONEncoder writes it, whatever its text")
    func summaryMatchesEncoder() async throws {
        await propertyCheck(count: 500, input: awkwardText.array(of: 0...6), Gen.int(in: 0...40_000)) { texts, count in
            let value = try! summary(texts, counts: texts.indices.map { count + $0 })
            let written = String(decoding: value.jsonBytes, as: UTF8.self)
            let encoded = String(decoding: try! ReportJSON.foundationEncode(value), as: UTF8.self)
            #expect(written == encoded)
        }
    }

    @Test("an empty summary, and the API's own encoding of one, match JSONEncoder")
    func emptySummary() throws {
        let value = try summary([], counts: [])
        let encoded = try ReportJSON.foundationEncode(value)
        #expect(Data(value.jsonBytes) == encoded)
        #expect(try ReportJSON.encode(value) == encoded)
        #expect(String(decoding: encoded, as: UTF8.self).hasPrefix(#"{"by":"category","count":0,"#))
    }
}
