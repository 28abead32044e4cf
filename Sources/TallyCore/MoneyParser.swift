/// Why a piece of text is not an amount of money.
public enum MoneyParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing was typed.
    case empty
    /// The text is not a number ("abc", "1e9999", "NaN").
    case notANumber(String)
    /// More decimals than the currency has ("12.345" in USD).
    case tooManyDecimals(currency: Currency)
    /// Grouping separators in the wrong places or of two kinds ("1,23,4", "1.234.56"), by
    /// `DigitGrouping`.
    case badGrouping(String)
    /// The amount is beyond `Money.maxMinorUnits` (either sign).
    case tooLarge(currency: Currency)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .empty: "is empty"
        case .notANumber(let text): "'\(text)' is not an amount"
        case .tooManyDecimals(let currency):
            currency.minorDigits == 0
                ? "\(currency.code) amounts have no decimals"
                : "\(currency.code) amounts have at most \(currency.minorDigits) decimals"
        case .badGrouping(let text): "'\(text)' has misplaced thousands separators"
        case .tooLarge(let currency):
            "is too large: at most \(Money(minorUnits: Money.maxMinorUnits, currency: currency).decimalString) either way"
        }
    }
}

extension Money {
    /// Parses what people type: "4.50", "4,50", "1,234.56", "1.234,56", "-3", "$4.50", "4.50 USD".
    ///
    /// Rules: a lone "." is always the decimal point; a lone "," is the decimal point unless exactly
    /// three digits follow it (then it groups thousands, "1,234"), except in three-decimal
    /// currencies. When both appear, the last one is the decimal point. Exponents, NaN, stray
    /// characters and more decimals than the currency has are rejected, never rounded.
    public static func parse(_ input: String, currency: Currency) throws(MoneyParseError) -> Money {
        if let plain = plainMinorUnits(input, minorDigits: currency.minorDigits) {
            guard plain <= maxMinorUnits else { throw .tooLarge(currency: currency) }
            return Money(minorUnits: plain, currency: currency)
        }
        var text = Substring(input.trimmingSpaces())
        guard !text.isEmpty else { throw .empty }
        var negative = false
        var signed = false
        func takeSign() {  // at most one sign, before or after the currency marker ("-$4", "$-4")
            if !signed, let first = text.first, first == "-" || first == "−" || first == "+" {
                negative = first != "+"
                signed = true
                text = text.dropFirst().trimmingSpacesSub()
            }
        }
        takeSign()
        // The symbol the person's region writes (`A$`, `US$`, `Rp`) besides Tally's own and the
        // code, looked up only when the text has something other than digits at an end.
        let marked = text.first.map { !$0.isNumber } == true || text.last.map { !$0.isNumber } == true
        let markers = marked ? [currency.symbol, currency.code, Formats.current.symbol(currency)] : []
        for marker in markers where !marker.isEmpty && text.hasPrefix(marker) {
            text = text.dropFirst(marker.count).trimmingSpacesSub()
            break
        }
        takeSign()
        for marker in markers where !marker.isEmpty && text.hasSuffix(marker) {
            text = text.dropLast(marker.count).trimmingSpacesSub()
            break
        }
        guard !text.isEmpty,
            text.allSatisfy({ ($0.isASCII && $0.isNumber) || DigitGrouping.isSeparator($0, decimal: nil) }),
            text.contains(where: \.isNumber), text.last?.isNumber == true
        else { throw .notANumber(input) }

        let (integerText, fractionText) = try split(text, currency: currency, original: input)
        guard fractionText.count <= currency.minorDigits else { throw .tooManyDecimals(currency: currency) }
        let paddedFraction = fractionText + String(repeating: "0", count: currency.minorDigits - fractionText.count)

        var value: Int64 = 0
        for digit in (integerText + paddedFraction).compactMap(\.wholeNumberValue) {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = shifted.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2, added <= maxMinorUnits else { throw .tooLarge(currency: currency) }
            value = added
        }
        return Money(minorUnits: negative ? -value : value, currency: currency)
    }

    /// The common case of machine-written amounts, "1234" or "1234.5", read straight from the
    /// bytes; anything else (signs, symbols, grouping, too many digits) returns nil and takes the
    /// full rules above, which give the same value for these inputs.
    private static func plainMinorUnits(_ input: String, minorDigits: Int) -> Int64? {
        var value: Int64 = 0
        var integerDigits = 0
        var fractionDigits = 0
        var seenDot = false
        for byte in input.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !seenDot, integerDigits > 0 else { return nil }
                seenDot = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                if seenDot { fractionDigits += 1 } else { integerDigits += 1 }
                // 17 digits cannot overflow Int64 even after padding to three decimals.
                guard integerDigits + max(fractionDigits, minorDigits) <= 17 else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            } else {
                return nil
            }
        }
        guard integerDigits > 0, !seenDot || fractionDigits > 0, fractionDigits <= minorDigits else { return nil }
        for _ in fractionDigits..<minorDigits { value *= 10 }
        return value
    }

    /// Splits digits into the integer part (grouping removed) and the fraction digits.
    private static func split(
        _ text: Substring,
        currency: Currency,
        original: String
    ) throws(MoneyParseError) -> (String, String) {
        let lastDot = text.lastIndex(of: ".")
        let lastComma = text.lastIndex(of: ",")
        let dots = text.count(where: { $0 == "." })
        let commas = text.count(where: { $0 == "," })
        var decimalIndex: Substring.Index?
        switch (lastDot, lastComma) {
        case let (dot?, comma?):
            decimalIndex = max(dot, comma)
        case (let dot?, nil):
            decimalIndex = dots == 1 ? dot : nil
        case (nil, let comma?):
            let after = text[text.index(after: comma)...]
            let looksGrouped = commas > 1 || (after.count == 3 && currency.minorDigits != 3)
            decimalIndex = looksGrouped ? nil : comma
        case (nil, nil):
            decimalIndex = nil
        }
        let integerPart = decimalIndex.map { text[..<$0] } ?? text
        let fractionPart = decimalIndex.map { text[text.index(after: $0)...] } ?? ""
        guard fractionPart.allSatisfy(\.isNumber) else { throw .notANumber(original) }

        // Every separator left in the integer part groups digits, by the one rule all amounts follow.
        let decimal = decimalIndex.map { text[$0] }
        guard let integerDigits = DigitGrouping(for: currency).digits(integerPart, decimal: decimal) else {
            throw .badGrouping(original)
        }
        return (integerDigits.isEmpty ? "0" : integerDigits, String(fractionPart))
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and newlines.
    public func trimmingSpaces() -> String {
        // Most text has nothing to trim (imports ask a million times): a printable ASCII byte at
        // both ends settles it without walking grapheme clusters or copying.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        if isEmpty { return self }
        return String(trimmingSpacesSub())
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    public func trimmingSpaces() -> String {
        String(trimmingSpacesSub())
    }

    func trimmingSpacesSub() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[start...end]
    }
}
