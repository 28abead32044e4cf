import FuzzSupport
import TallyCore
import TallyFiles

// A whole file, read by QIFReader. The currency (USD, JPY, KWD) and the date order (found,
// month-first, day-first) are chosen by the file's length.
//
// Invariants: reading ends; an error names "file" or a line and says something; every entry is
// on a line of the file, in an account the statement lists, with an amount within
// Money.maxMinorUnits in the chosen currency, a date in LocalDate.supported and text no longer
// than StatementLimits.maxText; the entries of a split record are numbered 1, 2, … and add up to
// the record's T (or U) amount; a split entry has 2–100 lines of its total's sign that add up to it.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_qif_main")
public func fuzzQIFMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzQIF)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let currency = [Currency(code: "USD")!, Currency(code: "JPY")!, Currency(code: "KWD")!][size % 3]
    let order = [nil, QIFDateOrder.monthFirst, .dayFirst][size / 3 % 3]
    let statement: Statement
    do {
        statement = try QIFReader.read(bytes, currency: currency, dateOrder: order)
    } catch {
        require(
            (error.location == "file" || error.location.hasPrefix("line ")) && !error.message.isEmpty,
            "QIF error without a place or a message: \(error)"
        )
        return 0
    }
    checkStatement(statement, bytes, currency)
    return 0
}

func checkStatement(_ statement: Statement, _ bytes: [UInt8], _ currency: Currency) {
    require(statement.format == .qif && !statement.accounts.isEmpty, "no accounts")
    require(statement.entries.count <= bytes.count, "more entries than bytes")
    let lines = qifLines(bytes)
    var splits: [(record: Int, sum: Int64, count: Int)] = []
    for entry in statement.entries {
        let place = entry.location
        require(statement.accounts.indices.contains(entry.account), "\(place): account \(entry.account)")
        require(entry.amount.currency == currency, "\(place): currency \(entry.amount.currency)")
        require(abs(entry.amount.minorUnits) <= Money.maxMinorUnits, "\(place): amount \(entry.amount.minorUnits)")
        require(LocalDate.supported.contains(entry.date), "\(place): date \(entry.date)")
        for text in [entry.payee, entry.memo, entry.category, entry.transferAccount, entry.checkNumber] {
            require(text.count <= StatementLimits.maxText, "\(place): text of \(text.count) characters")
        }
        require(entry.category.isEmpty || entry.transferAccount.isEmpty, "\(place): a category and a transfer")
        if !entry.splits.isEmpty {
            // A split entry: 2-100 lines, no category or transfer of its own, each line of the
            // total's sign, adding up to it exactly.
            require((2...100).contains(entry.splits.count), "\(place): \(entry.splits.count) lines")
            require(entry.category.isEmpty && entry.transferAccount.isEmpty, "\(place): a split with a category")
            require(
                entry.splits.allSatisfy {
                    $0.amount.currency == currency && $0.amount.minorUnits.signum() == entry.amount.minorUnits.signum()
                        && $0.amount.minorUnits != 0 && $0.category.count <= StatementLimits.maxText
                        && $0.memo.count <= StatementLimits.maxText
                },
                "\(place): a line's sign, currency or text"
            )
            require(
                entry.splits.reduce(Int64(0)) { $0 + $1.amount.minorUnits } == entry.amount.minorUnits,
                "\(place): lines do not add up to the total"
            )
        }
        guard let (line, split) = qifLocation(place), line >= 1, line <= lines.count else {
            return require(false, "entry location \(shown(place))")
        }
        if let split {
            if split == 1 {
                splits.append((line, 0, 0))
            }
            require(splits.last?.record == line && splits.last?.count == split - 1, "\(place): split numbering")
            splits[splits.count - 1].sum += entry.amount.minorUnits
            splits[splits.count - 1].count = split
        }
    }
    for record in splits {
        guard let total = qifTotals(lines, from: record.record, currency) else { continue }
        require(
            total.contains(record.sum),
            "line \(record.record): splits add up to \(record.sum), T or U reads as \(total)"
        )
    }
}

/// "line 12" → (12, nil); "line 12 (split 3)" → (12, 3).
func qifLocation(_ text: String) -> (Int, Int?)? {
    let parts = text.split(separator: " ")
    guard parts.count >= 2, parts[0] == "line", let line = Int(parts[1]) else { return nil }
    if parts.count == 2 { return (line, nil) }
    guard parts.count == 4, parts[2] == "(split", parts[3].hasSuffix(")"), let k = Int(parts[3].dropLast()), k >= 1
    else { return nil }
    return (line, k)
}

/// The file's lines, cut at LF, CRLF and CR as the reader cuts them.
func qifLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x0A || bytes[index] == 0x0D {
            lines.append(bytes[start..<index])
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            start = index + 1
        }
        index += 1
    }
    lines.append(bytes[start...])
    return lines
}

/// The record's T (else U) amount from its lines, read with either decimal separator (the reader
/// chose one for the whole file); nil when the amount is not ASCII, where the file's encoding
/// (UTF-8 or Windows-1252) would matter.
func qifTotals(_ lines: [ArraySlice<UInt8>], from line: Int, _ currency: Currency) -> [Int64]? {
    var t: ArraySlice<UInt8>?
    var u: ArraySlice<UInt8>?
    var index = line - 1
    while index < lines.count {
        // The reader trims spaces and tabs only, and reads the first byte as the field's code.
        let text = lines[index].drop { $0 == 0x20 || $0 == 0x09 }
        let code = text.first ?? 0
        if code == UInt8(ascii: "^") || code == UInt8(ascii: "!") { break }
        if code == UInt8(ascii: "T"), t == nil { t = text.dropFirst() }
        if code == UInt8(ascii: "U") { u = text.dropFirst() }
        index += 1
    }
    guard let amount = t ?? u, amount.allSatisfy({ $0 < 0x80 }) else { return nil }
    let text = String(decoding: amount, as: UTF8.self)
    return [".", ","].compactMap { separator in
        try? StatementAmount.parse(text, currency: currency, decimalSeparator: separator).get().minorUnits
    }
}
