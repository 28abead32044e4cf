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
        // Currency symbols and codes around the number ("$", "€ ", "EUR", "12.00 USD").
        text = text.drop { !isNumberStart($0) }
        while let last = text.last, !last.isNumber, last != "-", last != "+" { text = text.dropLast() }
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
        var whole: [UInt8] = []
        var fraction: [UInt8] = []
        var seenDecimal = false
        for character in text {
            if character == decimalSeparator {
                guard !seenDecimal else { return .failure(.notANumber) }
                seenDecimal = true
            } else if let digit = character.asciiValue, (0x30...0x39).contains(digit) {
                if seenDecimal { fraction.append(digit - 0x30) } else { whole.append(digit - 0x30) }
            } else if !seenDecimal, isGrouping(character, decimalSeparator) {
                continue
            } else {
                return .failure(.notANumber)
            }
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return .failure(.notANumber) }
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

        /// A phrase that follows the field's name and value.
        public var description: String {
            switch self {
            case .empty: "is empty"
            case .notANumber: "is not an amount"
            case .tooManyDecimals(let c):
                "has more decimals than \(c.code) has (\(c.minorDigits)); only zeros may follow them"
            case .tooLarge: "is larger than Tally allows (\(Money.maxMinorUnits) minor units)"
            }
        }
    }

    private static func isNumberStart(_ c: Character) -> Bool {
        c.isNumber || c == "-" || c == "+" || c == "." || c == ","
    }

    private static func isGrouping(_ c: Character, _ decimal: Character) -> Bool {
        switch c {
        case ",", ".": c != decimal
        case " ", "'", "\u{00A0}", "\u{202F}", "’": true
        default: false
        }
    }
}
