import TallyCore

/// Reads an amount as banks and finance programs write it into a signed `Money`: "-12.50",
/// "+3200", "1.234,56" (with `decimalSeparator` ","), "(12.50)", "12.50-", "$1,234.56", "8.85000".
///
/// Banks often write more decimals than the currency has (`8.85000`): the extra digits are
/// accepted when they are zeros, and are an error otherwise — an amount is never rounded.
/// Written by hand because `MoneyParser` reads what people type (where a lone "," may group
/// thousands), while a file states its decimal separator once for every row.
public enum StatementAmount {
    /// The amount, or a message that names what is wrong (the caller adds the line and field).
    public static func parse(
        _ raw: String,
        currency: Currency,
        decimalSeparator: Character = "."
    ) -> Result<Money, AmountError> {
        var text = Substring(raw.trimmingSpaces())
        guard !text.isEmpty else { return .failure(.empty) }
        var negative = false
        if text.hasPrefix("("), text.hasSuffix(")") {
            negative = true
            text = text.dropFirst().dropLast()
        }
        // Currency symbols and codes around the number ("$", "€ ", "EUR", "12.00 USD"); a
        // separator at either end stays, to be refused below ("1,234," is no amount).
        text = text.drop { !isNumberStart($0) }
        while let last = text.last, !last.isNumber, !"-+.,".contains(last) { text = text.dropLast() }
        if text.hasSuffix("-") {
            negative.toggle()
            text = text.dropLast()
        } else if text.hasSuffix("+") {
            text = text.dropLast()
        }
        if text.hasPrefix("-") {
            negative.toggle()
            text = text.dropFirst()
        } else if text.hasPrefix("+") {
            text = text.dropFirst()
        }
        text = text.drop(while: \.isWhitespace)
        while text.last?.isWhitespace == true { text = text.dropLast() }
        let whole: [UInt8]
        var fraction: [UInt8]
        switch digits(text, currency: currency, decimalSeparator: decimalSeparator) {
        case .success(let found): (whole, fraction) = found
        case .failure(let error): return .failure(error)
        }
        let digits = currency.minorDigits
        if fraction.count > digits {
            guard fraction[digits...].allSatisfy({ $0 == 0 }) else {
                return .failure(.tooManyDecimals(currency))
            }
            fraction.removeLast(fraction.count - digits)
        }
        fraction += Array(repeating: 0, count: digits - fraction.count)
        var value: Int64 = 0
        for digit in (whole + fraction).drop(while: { $0 == 0 }) {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(digit))
            guard !o1, !o2, sum <= Money.maxMinorUnits else { return .failure(.tooLarge) }
            value = sum
        }
        return .success(Money(minorUnits: negative ? -value : value, currency: currency))
    }

    /// Why text is not an amount.
    public enum AmountError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Nothing there.
        case empty
        /// Not a number.
        case notANumber
        /// Non-zero digits past the currency's decimals.
        case tooManyDecimals(Currency)
        /// Beyond `Money.maxMinorUnits`.
        case tooLarge
        /// Grouping separators in the wrong places or of two kinds ("1.234.56" with a decimal
        /// comma): most often a decimal separator the file writes that is not the one assumed.
        case badGrouping(decimalSeparator: Character, DigitGrouping)

        /// A phrase that follows the field's name and value.
        public var description: String {
            switch self {
            case .empty: "is empty"
            case .notANumber: "is not an amount"
            case .tooManyDecimals(let c):
                "has more decimals than \(c.code) has (\(c.minorDigits)); only zeros may follow them"
            case .tooLarge: "is larger than Tally allows (\(Money.maxMinorUnits) minor units)"
            case .badGrouping(let decimal, let grouping):
                "has misplaced grouping separators: with '\(decimal)' as the decimal separator, "
                    + "the others may only separate \(grouping)"
            }
        }
    }

    private static func isNumberStart(_ c: Character) -> Bool {
        c.isNumber || c == "-" || c == "+" || c == "." || c == ","
    }

    /// The whole and fraction digits of a number without sign or currency: at most one decimal
    /// separator, digits after it, and before it grouping as `DigitGrouping` allows for the
    /// currency.
    private static func digits(
        _ text: Substring,
        currency: Currency,
        decimalSeparator: Character
    ) -> Result<([UInt8], [UInt8]), AmountError> {
        let decimal = text.firstIndex(of: decimalSeparator)
        let wholeText = decimal.map { text[..<$0] } ?? text
        let fractionText = decimal.map { text[text.index(after: $0)...] } ?? ""
        let fraction = fractionText.compactMap(asciiDigit)
        guard fraction.count == fractionText.count, decimal == nil || !fraction.isEmpty,
            wholeText.allSatisfy({ asciiDigit($0) != nil || DigitGrouping.isSeparator($0, decimal: decimalSeparator) })
        else { return .failure(.notANumber) }
        let grouping = DigitGrouping(for: currency)
        guard let whole = grouping.digits(wholeText, decimal: decimalSeparator) else {
            return .failure(.badGrouping(decimalSeparator: decimalSeparator, grouping))
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return .failure(.notANumber) }
        return .success((whole.utf8.map { $0 - 0x30 }, fraction))
    }

    private static func asciiDigit(_ c: Character) -> UInt8? {
        guard let ascii = c.asciiValue, (0x30...0x39).contains(ascii) else { return nil }
        return ascii - 0x30
    }
}
