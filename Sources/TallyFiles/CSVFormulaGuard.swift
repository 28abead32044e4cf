/// Keeps spreadsheet programs from running text as a formula (CSV injection). Every cell Tally
/// writes goes through `CSVWriter`, which asks `CSVFormulaGuard.cell` for its text, so the
/// records export, the report CSVs and the CLI are all covered by this one rule.
///
/// The rule is OWASP's: a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
/// is prefixed with `'` and quoted. A plain decimal number (`-12.50`, `42`) is left alone so
/// amounts stay numbers. A cell that already starts with `'` gets one more, so reading the file
/// back can always remove exactly the one added `'` (see `unescape`).
public enum CSVFormulaGuard {
    /// The cell as it goes into the file: escaped when it could start a formula, then quoted
    /// when it must be (escaped cells are always quoted).
    public static func cell(_ field: String) -> String {
        if needsEscape(field) {
            return "\"'" + doublingQuotes(field) + "\""
        }
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        return "\"" + doublingQuotes(field) + "\""
    }

    /// Appends what `cell` returns for `field`, without making the string: the export's inner
    /// loop (a million records, ten cells each).
    public static func append(_ field: String, to out: inout [UInt8]) {
        if needsEscape(field) {
            out.append(contentsOf: [0x22, UInt8(ascii: "'")])
            appendDoublingQuotes(field, to: &out)
            out.append(0x22)
        } else if field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
            out.append(0x22)
            appendDoublingQuotes(field, to: &out)
            out.append(0x22)
        } else {
            out.append(contentsOf: field.utf8)
        }
    }

    private static func appendDoublingQuotes(_ field: String, to out: inout [UInt8]) {
        for byte in field.utf8 {
            out.append(byte)
            if byte == 0x22 { out.append(0x22) }
        }
    }

    /// Every `"` doubled, by byte: a quote followed by a combining mark is one Character, which
    /// a Character-wise replace would miss (found by Fuzz/fuzz-csv; CSVFuzzRegressionTests).
    static func doublingQuotes(_ field: String) -> String {
        guard field.utf8.contains(0x22) else { return field }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.utf8.count + 8)
        for byte in field.utf8 {
            bytes.append(byte)
            if byte == 0x22 { bytes.append(0x22) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `field` would be read as a formula (or starts with the escape mark itself).
    public static func needsEscape(_ field: String) -> Bool {
        guard let first = field.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "@"), 0x09, 0x0D, UInt8(ascii: "'"): return true
        case UInt8(ascii: "+"), UInt8(ascii: "-"): return !isPlainNumber(field)
        default: return false
        }
    }

    /// A text cell read back from a file: one leading `'` that this guard added is removed.
    /// Only when the next character is one that needed it, so "'Tis" typed into another
    /// program's CSV keeps its apostrophe.
    public static func unescape(_ field: String) -> String {
        let bytes = field.utf8
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "'") else { return field }
        let second = bytes[bytes.index(after: bytes.startIndex)]
        switch second {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D, UInt8(ascii: "'"):
            return String(field.dropFirst())
        default:
            return field
        }
    }

    /// `-?digits(.digits)?`, with a leading `-` only (a leading `+` is not how Tally writes numbers).
    static func isPlainNumber(_ field: String) -> Bool {
        var bytes = field.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty, bytes.count <= 40 else { return false }
        var sawDot = false
        var digitsAfterDot = 0
        var digitsBefore = 0
        for b in bytes {
            if b == UInt8(ascii: ".") {
                guard !sawDot, digitsBefore > 0 else { return false }
                sawDot = true
            } else if b >= 0x30 && b <= 0x39 {
                if sawDot { digitsAfterDot += 1 } else { digitsBefore += 1 }
            } else {
                return false
            }
        }
        return digitsBefore > 0 && (!sawDot || digitsAfterDot > 0)
    }
}
