import TallyCore

/// Tells from a column's values whether it holds amounts, and which decimal separator they use.
enum BankCSVNumbers {
    /// The decimal separator one value shows, or nil when it cannot tell: "1.234,56" and "12,50"
    /// show ","; "1,234.56" and "12.5" show "."; "1,234" and "1.234" could be either.
    static func vote(_ value: String) -> Character? {
        // By byte: this runs on every cell of a 100,000-row file.
        var dots = 0
        var commas = 0
        var last: UInt8 = 0
        var digitsAfter = 0
        for b in value.utf8 {
            if b == 0x2E || b == 0x2C {
                if b == 0x2E { dots += 1 } else { commas += 1 }
                last = b
                digitsAfter = 0
            } else if (0x30...0x39).contains(b) {
                digitsAfter += 1
            }
        }
        guard last != 0 else { return nil }
        let mark: Character = last == 0x2E ? "." : ","
        let other: Character = last == 0x2E ? "," : "."
        if dots > 0, commas > 0 { return mark }
        if dots + commas > 1 { return other }
        return digitsAfter == 3 ? nil : mark
    }

    /// The separator every voting value agrees on; nil when none votes or they disagree.
    static func decimalSeparator(_ values: some Sequence<String>) -> Character? {
        var seen: Character?
        for value in values {
            guard let v = vote(value) else { continue }
            if let s = seen, s != v { return nil }
            seen = v
        }
        return seen
    }

    /// Whether text reads as a bank amount with this decimal separator: digits with at most a
    /// sign or parentheses, a currency symbol or code, grouping and one decimal separator.
    static func looksLikeAmount(_ value: String, _ separator: Character) -> Bool {
        guard shaped(value) else { return false }
        switch StatementAmount.parse(value, currency: wide, decimalSeparator: separator) {
        // A misplaced separator is still an amount's shape: the reader then names the cell.
        case .success, .failure(.tooLarge), .failure(.tooManyDecimals), .failure(.badGrouping): return true
        case .failure(.empty), .failure(.notANumber): return false
        }
    }

    /// A currency with four decimals, so that shape and not precision decides.
    private static let wide = Currency(code: "CLF")!

    /// Digits, signs, separators and currency symbols, plus at most a currency code ("EUR") as a
    /// word of its own: "MR-88412" or "Invoice 12" are not amounts.
    static func shaped(_ value: String) -> Bool {
        var digits = 0
        var letters = 0
        var others = 0
        var ok = true
        // A word with letters must be a currency code alone: "EUR", not "MR-88412".
        func endWord() {
            if letters > 0, letters != 3 || others > 0 { ok = false }
            (letters, others) = (0, 0)
        }
        for b in value.utf8 {
            switch b {
            case 0x20: endWord()
            case 0x30...0x39:
                digits += 1
                others += 1
            case 0x41...0x5A: letters += 1
            case 0x2B, 0x2D, 0x28, 0x29, 0x2E, 0x2C, 0x27, 0x24, 0x80...:
                // Signs, separators, "$", and non-ASCII (€, £, no-break spaces): the parser judges those.
                others += 1
            default: return false
            }
        }
        endWord()
        return ok && digits > 0
    }

    /// Whether a value is more than a whole number (has a sign or a decimal part), which sets an
    /// amount column apart from id and number columns.
    static func looksFractionalOrSigned(_ value: String) -> Bool {
        value.contains { $0 == "." || $0 == "," || $0 == "-" || $0 == "(" }
    }
}
