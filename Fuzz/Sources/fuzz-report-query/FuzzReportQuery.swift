import FuzzSupport
import TallyCore

// A report request's query string ("from=2024-01-01&to=2024-03-31&by=payee&kind=both&interval=week"),
// read by ReportQuery.parse and ReportInterval.parse as the report, trend and cash-flow routes
// read it.
//
// Invariants: an accepted query names a range inside LocalDate.supported, with from ≤ to, known
// options and a valid tag (or none); a refused one names one of its fields; the periods of an accepted trend are
// counted without running away (at most ReportInterval.maxPeriods are drawn) and tile the range.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_report_query_main")
public func fuzzReportQueryMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzReportQuery)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReportQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let fields = QueryString(FuzzInput(data, size).text)
    let query: ReportQuery
    do {
        query = try ReportQuery.parse(fields.value, today: fuzzToday)
    } catch {
        require(names(error, oneOf: ["from", "to", "by", "kind", "tag"]), "ReportQuery.parse: \(error)")
        return 0
    }
    let range = query.range
    require(range.from <= range.to, "ReportQuery.parse gave \(range)")
    require(
        LocalDate.supported.contains(range.from) && LocalDate.supported.contains(range.to),
        "ReportQuery.parse accepted \(range.from)...\(range.to), outside \(LocalDate.supported)"
    )
    require(ReportGrouping.allCases.contains(query.by) && ReportKind.allCases.contains(query.kind), "options")
    // An accepted tag is one a record could carry (what the journals can write), without its "#".
    if let tag = query.tag {
        require((try? Tags.check(tag)) != nil && !tag.hasPrefix("#"), "ReportQuery.parse accepted the tag \(tag)")
    }
    if fields.value("from") == nil { require(range.from == fuzzToday.startOfMonth, "default from is \(range.from)") }
    if fields.value("to") == nil { require(range.to == fuzzToday.endOfMonth, "default to is \(range.to)") }

    let interval: ReportInterval
    do {
        interval = try ReportInterval.parse(fields.value("interval"))
    } catch {
        require(names(error, oneOf: ["interval"]), "ReportInterval.parse: \(error)")
        return 0
    }
    // The trend routes take at most maxPeriods and refuse more, naming the interval.
    let count = periodCount(interval, range)
    require(count >= 1, "\(interval) over \(range.from)...\(range.to) counts \(count) periods")
    do {
        let labels = try interval.checkedPeriods(in: range)
        require(
            labels.count == count,
            "\(interval) over \(range.from)...\(range.to): \(labels.count) labels, counted \(count)"
        )
        require(Set(labels).count == labels.count && labels == labels.sorted(), "\(interval) labels repeat or go back")
        require(
            labels.first == interval.period(of: range.from) && labels.last == interval.period(of: range.to),
            "\(interval) labels over \(range.from)...\(range.to) run \(labels.first ?? "")...\(labels.last ?? "")"
        )
    } catch {
        require(
            names(error, oneOf: ["interval"]) && count > ReportInterval.maxPeriods,
            "\(interval) over \(range.from)...\(range.to) (\(count) periods) refused: \(error)"
        )
    }
    return 0
}

/// The number of periods of `interval` that meet `range`, by arithmetic rather than by walking.
func periodCount(_ interval: ReportInterval, _ range: DateRange) -> Int {
    let from = range.from
    let to = range.to
    switch interval {
    case .day: return to.dayNumber - from.dayNumber + 1
    case .week:
        return (to.adding(days: 1 - to.isoWeekday).dayNumber - from.adding(days: 1 - from.isoWeekday).dayNumber) / 7 + 1
    case .month: return (to.year - from.year) * 12 + to.month - from.month + 1
    case .year: return to.year - from.year + 1
    }
}

/// Fields of a query string, percent-decoded as the router decodes them; the first value of a
/// repeated name wins.
struct QueryString {
    var pairs: [(String, String)] = []

    init(_ text: String) {
        for item in text.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            pairs.append((Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : ""))
        }
    }

    func value(_ name: String) -> String? { pairs.first { $0.0 == name }?.1 }

    static func decode(_ text: Substring) -> String {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "%"), bytes.count >= 2,
                bytes.prefix(2).allSatisfy({ Character(UnicodeScalar($0)).isHexDigit }),
                let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16)
            {
                out.append(value)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
