import TallyCore

/// Reads QIF amounts (`T`, `U`, `$`) with the decimal separator the whole file uses.
///
/// Quicken writes `-1,234.56`: "." for decimals and "," for thousands. Some programs in Europe
/// write `-1.234,56` or `12,50`. The file never says which, so every amount is looked at first:
/// a separator followed by other than three digits (or the later of two different separators)
/// can only be a decimal separator. A file whose amounts show "," that way and never "." is read
/// comma-decimal; every other file dot-decimal. Grouping is then checked strictly, by
/// `DigitGrouping` — a "," must separate groups of three digits in a dot-decimal file — so
/// `12,50` in a dot-decimal file is an error rather than 1250.
struct QIFAmounts {
    private var commaLine: Int?
    private var dotLine: Int?

    /// Looks at one amount's text.
    mutating func note(_ text: String, line: Int) {
        guard let separator = Self.decimalEvidence(text) else { return }
        if separator == "," {
            if commaLine == nil { commaLine = line }
        } else if dotLine == nil {
            dotLine = line
        }
    }

    /// The file's decimal separator.
    var decimalSeparator: Character { commaLine != nil && dotLine == nil ? "," : "." }

    /// The amount in `currency`, or a message naming the field and its text. Misplaced grouping
    /// reads as "not an amount", which `QIFRecord` follows with how this file writes amounts.
    static func parse(
        _ text: String,
        currency: Currency,
        decimalSeparator: Character
    ) -> Result<Money, StatementAmount.AmountError> {
        switch StatementAmount.parse(text, currency: currency, decimalSeparator: decimalSeparator) {
        case .failure(.badGrouping): .failure(.notANumber)
        case let result: result
        }
    }

    /// "," or "." when the text can only mean it as the decimal separator.
    private static func decimalEvidence(_ text: String) -> Character? {
        var last: UInt8?
        var lastCount = 0
        var digitsAfter = 0
        var kinds = Set<UInt8>()
        for byte in text.utf8 {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                last = byte
                lastCount += 1
                kinds.insert(byte)
                digitsAfter = 0
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digitsAfter += 1
            }
        }
        guard let last else { return nil }
        // "1.234,56": the later of two different separators; "12,50" or "8.85000": not a group.
        if kinds.count == 2 || (lastCount == 1 && digitsAfter != 3) {
            return last == UInt8(ascii: ",") ? "," : "."
        }
        return nil
    }
}
