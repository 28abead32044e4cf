import Foundation
import TallyCore

/// Picks the parser for a statement file and runs it: the one door through which the import
/// pipeline, the API and the CLI read bank files.
public enum StatementReader {
    /// What a file looks like from its first bytes: a statement format, Tally's own CSV, or nil
    /// when it is some other CSV (which needs a mapping).
    public enum Detected: Equatable, Sendable {
        /// One of the statement formats.
        case statement(StatementFormat)
        /// Tally's own file: its CSV layout (`date,amount,kind,…`) or the JSON array that
        /// `tally export --format json` writes; `TallyFile.open` reads either.
        case tally
    }

    /// The format of `bytes`, from their start: OFX's header or root, a camt.053 document, a QIF
    /// `!Type:`/`!Account` line, Tally's CSV header or a JSON array; anything else is a bank CSV.
    public static func detect(_ bytes: [UInt8]) -> Detected {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        let upper = trimmed.uppercased()
        if upper.hasPrefix("OFXHEADER") || upper.contains("<OFX>") || upper.contains("<?OFX") {
            return .statement(.ofx)
        }
        if upper.hasPrefix("<?XML") || upper.hasPrefix("<DOCUMENT") {
            return .statement(upper.contains("OFX") && !upper.contains("CAMT") ? .ofx : .camt)
        }
        if upper.hasPrefix("!TYPE") || upper.hasPrefix("!ACCOUNT") || upper.hasPrefix("!OPTION") {
            return .statement(.qif)
        }
        let firstLine = trimmed.prefix { $0 != "\n" && $0 != "\r" }.lowercased()
        let columns = firstLine.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if columns.starts(with: ["date", "amount", "kind"]) || trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
            return .tally
        }
        return .statement(.csv)
    }

    /// Reads `bytes` as `format`. A bank CSV needs `mapping`; QIF and a CSV without a currency
    /// column count in `currency` (the book's), as do OFX files that name none. `dateOrder` settles
    /// QIF dates that fit both orders.
    public static func read(
        _ bytes: [UInt8],
        format: StatementFormat,
        currency: Currency,
        mapping: CSVMapping? = nil,
        dateOrder: QIFDateOrder? = nil
    ) throws(StatementError) -> Statement {
        guard bytes.count <= StatementLimits.maxBytes else {
            throw StatementError(
                "file",
                "is \(bytes.count) bytes; Tally reads statement files of at most \(StatementLimits.maxBytes)"
            )
        }
        switch format {
        case .ofx: return try OFXReader.read(bytes, defaultCurrency: currency)
        case .qif: return try QIFReader.read(bytes, currency: currency, dateOrder: dateOrder)
        case .camt: return try CAMTReader.read(bytes)
        case .csv:
            guard let mapping else {
                throw StatementError("mapping", "a bank CSV needs a mapping (or a saved preset) that names its columns")
            }
            return try BankCSVReader.read(bytes, mapping: mapping, defaultCurrency: currency)
        }
    }
}
