import Foundation
import PropertyBased
import TallyCore
import Testing

@testable import TallyJSON
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
        var row = ReportRow(
            key: pair.0,
            filterValue: pair.0 + "/\(index)",
            kind: index % 2 == 0 ? .expense : .income,
            total: Money(minorUnits: Int64(pair.1) * 1_234 - 99, currency: index % 3 == 0 ? .usd : euro),
            count: pair.1,
            color: pair.0
        )
        if index % 2 == 1 { row.originals = [Money(minorUnits: Int64(pair.1) * 3, currency: euro)] }
        return row
    }
    let query = ReportQuery(range: try DateRange(from: day, to: day.adding(days: 30)), kind: .both)
    var report = try SummaryReport(query: query, currency: .usd, rows: rows)
    report.unconverted = Unconverted(
        records: counts.prefix(2).map {
            UnconvertedRecord(
                transactionID: TransactionID(rawValue: Int64($0) + 1),
                date: day,
                amount: Money(minorUnits: Int64($0), currency: euro)
            )
        },
        count: counts.count
    )
    return ReportJSON.Summary(report)
}

/// `count` tags made of `text`.
private func tags(_ text: String, _ count: Int) -> [String] {
    (0..<count).map { text + String($0) }
}

/// A record whose every text is `text`, with the optional fields present or not by `mask`'s bits.
private func record(_ text: String, _ number: Int, mask: Int) -> APIModel.TransactionJSON {
    func some<T>(_ bit: Int, _ value: T) -> T? { mask & (1 << bit) != 0 ? value : nil }
    return APIModel.TransactionJSON(
        id: Int64(number) * 7_919,
        kind: text,
        amount: "-\(number).05",
        currency: text,
        date: text,
        time: some(0, text),
        payee: text,
        category: some(1, text + ":" + text),
        categoryId: some(2, Int64(number)),
        account: some(3, text),
        accountId: some(4, Int64.max - Int64(number)),
        toAccount: some(5, text),
        toAccountId: some(6, Int64(number) + 1),
        note: text,
        receipts: number % 4,
        baseAmount: APIModel.Nullable(value: some(7, "\(number).10")),
        lines: some(
            2,
            (0..<2 + number % 3).map {
                APIModel.LineJSON(
                    category: $0 == 1 ? nil : text,
                    categoryId: $0 == 1 ? nil : Int64($0 + number),
                    amount: "\($0).\(number % 100)",
                    note: text
                )
            }
        ),
        tags: tags(text, number % 4)
    )
}

/// Encodes `value` both ways and expects the same bytes.
private func expectSameBytes<T: JSONWritable>(_ value: T) {
    let written = String(decoding: value.jsonBytes, as: UTF8.self)
    let encoded = String(decoding: try! ReportJSON.foundationEncode(value), as: UTF8.self)
    #expect(written == encoded)
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

    @Test("a page of records is written as JSONEncoder writes it: text, missing optionals, cursors")
    func pageMatchesEncoder() async throws {
        await propertyCheck(count: 300, input: awkwardText.array(of: 0...5), Gen.int(in: 0...127)) { texts, mask in
            let records = texts.enumerated().map { record($1, $0 * 31 + mask, mask: mask >> ($0 % 3)) }
            for record in records { expectSameBytes(record) }
            let totals = texts.indices.map { index in
                ReportJSON.TotalJSON(
                    KindTotal(
                        kind: index % 2 == 0 ? .expense : .income,
                        total: Money(minorUnits: Int64(index) * 10_001 - 5, currency: euro),
                        count: index
                    )
                )
            }
            expectSameBytes(
                APIModel.PageJSON(
                    transactions: records,
                    nextCursor: mask % 2 == 0 ? nil : texts.joined(),
                    count: mask * 1_000,
                    expenses: "12.34",
                    income: texts.first ?? "0.00",
                    total: "-1.00",
                    currency: "EUR",
                    totals: totals,
                    originals: totals.reversed(),
                    unconverted: texts.indices.map { index in
                        ReportJSON.UnconvertedJSON(
                            UnconvertedRecord(
                                transactionID: TransactionID(rawValue: Int64(index) + 1),
                                date: LocalDate(year: 2026, month: 3, day: index % 28 + 1)!,
                                amount: Money(minorUnits: Int64(index) * 77, currency: euro)
                            )
                        )
                    },
                    unconvertedCount: mask
                )
            )
        }
    }

    @Test("an account list is written as JSONEncoder writes it, and the API takes the fast path")
    func accountsMatchEncoder() async throws {
        await propertyCheck(count: 200, input: awkwardText.array(of: 0...5)) { texts in
            let accounts = texts.enumerated().map { index, text in
                APIModel.AccountJSON(
                    id: AccountID(rawValue: Int64(index) + 1),
                    name: text,
                    kind: text,
                    currency: "USD",
                    openingBalance: "-\(index).00",
                    balance: text,
                    archived: index % 2 == 1
                )
            }
            expectSameBytes(APIList(accounts))
            for account in accounts { expectSameBytes(account) }
            // `ReportJSON.encode` writes by hand whatever casts to `JSONWritable` at run time,
            // which for the list is a conditional conformance.
            let list: any Encodable = APIList(accounts)
            #expect(list is any JSONWritable)
            #expect(try! ReportJSON.encode(list) == ReportJSON.foundationEncode(list))
        }
    }
}
