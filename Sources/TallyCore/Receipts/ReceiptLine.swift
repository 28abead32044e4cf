import Foundation

/// One line of OCR text, cleaned of the mistakes Tesseract makes in numbers (`1O.5O`, `12 . 34`,
/// `l2,99`) and folded for matching words (`À PAYER` → `a payer`).
struct ReceiptLine {
    /// The line as read, trimmed.
    let raw: String
    /// The line with letters misread inside numbers put back as digits.
    let numeric: String
    /// Lower case, without accents, single-spaced: what the keyword lists are compared with.
    let folded: String

    init(_ raw: String) {
        self.raw = raw.trimmingSpaces()
        let digits = Self.asciiDigits(self.raw)
        numeric = Self.repairNumbers(digits)
        folded = digits.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The line with every decimal digit of another script (Devanagari `०७`, Arabic-Indic `٠٧`,
    /// Persian `۰۷`, fullwidth `０７`…) as its ASCII digit, so that a Nepali, Hindi or Arabic
    /// receipt's date and amounts are read like any other (Tesseract's `nep`, `hin` and `ara`
    /// data give such digits). Only Unicode's decimal digits (`Nd`), whose value is one digit:
    /// `²`, `½` and `Ⅻ` are numbers but no digit of a date or an amount, and stay as they are.
    static func asciiDigits(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII && $0.properties.numericType == .decimal }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !scalar.isASCII, scalar.properties.numericType == .decimal,
                let value = scalar.properties.numericValue, value >= 0, value <= 9, value == value.rounded()
            {
                out.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(value)))
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Letters Tesseract reads for digits, fixed only inside a word that already holds a digit
    /// and nothing but digit-like characters, so `TOTAL` and `SOUP` stay words.
    private static let digitLookalikes: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1", "|": "1", "i": "1",
        "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2",
    ]

    static func repairNumbers(_ line: String) -> String {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let core = word.drop(while: { "€$£".contains($0) })
            guard core.contains(where: \.isNumber),
                core.allSatisfy({ $0.isNumber || ".,:/-'€$£".contains($0) || digitLookalikes[$0] != nil })
            else { return String(word) }
            let prefix = word.prefix(word.count - core.count)
            return String(prefix) + String(core.map { digitLookalikes[$0] ?? $0 })
        }
        var text = words.joined(separator: " ")
        // "12 . 34", "12 ,34", "12. 34": a separator with spaces before exactly two digits.
        text = text.replacing(#/(\d) ?([.,]) ?(\d\d)(?!\d)/#) { "\($0.1)\($0.2)\($0.3)" }
        return text
    }

    /// The amounts written on the line, left to right: `12.34`, `12,34`, `1,234.56`, `1 234,56`,
    /// with or without a currency sign; a number without decimals is no amount on a receipt
    /// (quantities, item codes, phone numbers), except in a currency without minor units.
    func amounts(in currency: Currency) -> [Money] {
        var found: [Money] = []
        if currency.minorDigits == 2 {
            // ASCII digits only (see `asciiDigits`): `\d` alone takes `½` and `²` for digits.
            let decimal = #/(?:^|[^\d.,])(\d{1,3}(?:[ .,']\d{3})+|\d{1,9})[.,](\d\d)(?![\d.,]\d)/#.asciiOnlyDigits()
            for match in numeric.matches(of: decimal) {
                let whole = match.1.filter(\.isNumber)
                if let money = try? Money.parse("\(whole).\(match.2)", currency: currency) { found.append(money) }
            }
        } else if currency.minorDigits == 0 {
            let whole = #/(?:^|[^\d.,])(\d{1,3}(?:[ .,']\d{3})+|\d{1,9})(?![\d.,]?\d)/#.asciiOnlyDigits()
            for match in numeric.matches(of: whole) {
                if let money = try? Money.parse(String(match.1.filter(\.isNumber)), currency: currency) {
                    found.append(money)
                }
            }
        }
        return found
    }

    /// The currency the line names by sign or code, if any: `€`/`EUR`, `£`/`GBP`, `$`/`USD` (a
    /// dollar sign is the book's own dollar when the book counts in dollars of another country).
    func currency(book: Currency) -> Currency? {
        let upper = raw.uppercased()
        if raw.contains("€") || upper.contains("EUR") { return Currency(code: "EUR") }
        if raw.contains("£") || upper.contains("GBP") { return Currency(code: "GBP") }
        for code in ["USD", "CHF", "CAD", "AUD"] where upper.contains(code) { return Currency(code: code) }
        if raw.contains("$") { return book.symbol.contains("$") ? book : .usd }
        return nil
    }
}
