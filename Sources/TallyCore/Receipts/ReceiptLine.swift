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
        numeric = Self.repairNumbers(self.raw)
        folded = self.raw.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
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
            for match in numeric.matches(of: #/(?:^|[^\d.,])(\d{1,3}(?:[ .,']\d{3})+|\d{1,9})[.,](\d\d)(?![\d.,]\d)/#) {
                let whole = match.1.filter(\.isNumber)
                if let money = try? Money.parse("\(whole).\(match.2)", currency: currency) { found.append(money) }
            }
        } else if currency.minorDigits == 0 {
            for match in numeric.matches(of: #/(?:^|[^\d.,])(\d{1,3}(?:[ .,']\d{3})+|\d{1,9})(?![\d.,]?\d)/#) {
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
