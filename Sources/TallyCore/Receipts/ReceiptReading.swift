import Foundation

/// What a receipt proposes is read against: the book's currency, its known payees (the most used
/// first), the person's date order and the day it is.
public struct ReceiptBook: Sendable {
    /// The book's currency, proposed when the receipt names none.
    public var currency: Currency
    /// The payees the book knows, the most used first.
    public var payees: [Payee]
    /// How `03/04/26` is read when neither number is over 12.
    public var order: DateOrder
    /// The day it is: a receipt's date is never later.
    public var today: LocalDate

    /// Makes a book value.
    public init(currency: Currency, payees: [Payee], order: DateOrder, today: LocalDate) {
        self.currency = currency
        self.payees = payees
        self.order = order
        self.today = today
    }
}

/// Reads the text Tesseract saw on a receipt into a proposal: the total from the line that says
/// total (not the largest number: that is often the cash handed over), the date, the shop and the
/// currency. Pure: the OCR itself runs in the store.
public enum ReceiptReading {
    /// How many of the receipt's first lines are searched for the shop's name.
    static let headerLines = 8

    /// The proposal for `text` in `book`.
    public static func propose(_ text: String, book: ReceiptBook) -> ReceiptProposal {
        let lines = Self.lines(of: text)
        var sources: [String: ReceiptSource] = [:]
        let totalLine = ReceiptTotal.line(in: lines)
        let currency =
            (totalLine.flatMap { $0.line.currency(book: book.currency) }
                ?? lines.lazy.compactMap { $0.currency(book: book.currency) }.first)
        sources["currency"] = currency == nil ? .default : .read
        let chosen = currency ?? book.currency
        var amount: Money?
        if let total = totalLine, let found = total.amounts(chosen).last {
            amount = found
            sources["amount"] = .total
        } else if let subtotal = ReceiptTotal.subtotal(in: lines, currency: chosen) {
            amount = subtotal
            sources["amount"] = .subtotal
        } else if let largest = lines.flatMap({ $0.amounts(in: chosen) }).max(by: { $0.minorUnits < $1.minorUnits }) {
            amount = largest
            sources["amount"] = .largest
        }
        let date = ReceiptDates.first(in: lines, order: book.order, today: book.today)
        if date != nil { sources["date"] = .read }
        var payee: String?
        if let known = knownPayee(in: lines.prefix(headerLines), payees: book.payees) {
            payee = known
            sources["payee"] = .payee
        } else if let first = firstName(in: lines.prefix(headerLines)) {
            payee = first
            sources["payee"] = .firstLine
        }
        return ReceiptProposal(
            amount: amount,
            currency: chosen,
            date: date,
            payee: payee,
            text: lines.map(\.raw).joined(separator: "\n"),
            sources: sources
        )
    }

    /// The known payee named by a run of words in the receipt's first lines, the surest match
    /// first (exact over a typo over a shortened name), then the earliest line.
    static func knownPayee(in lines: ArraySlice<ReceiptLine>, payees: [Payee]) -> String? {
        guard !payees.isEmpty else { return nil }
        let index = QuickAddMatch.PayeeIndex(payees, fuzzy: 2000)
        var best: (score: Int, name: String)?
        for line in lines {
            // "PENNY-MARKT GmbH" holds the payee "Penny": hyphens and dots part words here.
            let words = line.raw.quickAddKey.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "." })
                .map { String($0) }
            guard !words.isEmpty else { continue }
            for length in stride(from: min(words.count, 5), through: 1, by: -1) {
                for start in 0...(words.count - length) {
                    let run = words[start..<(start + length)].joined(separator: " ")
                    // A short word alone ("the", "no") names no shop.
                    guard run.count >= 3, run.contains(where: \.isLetter) else { continue }
                    if let found = index.match(run, exactly: run.count < 5), found.score > (best?.score ?? 0) {
                        best = (found.score, found.payee.name)
                        if found.score == 3 { return found.payee.name }
                    }
                }
            }
        }
        return best?.name
    }

    /// A header line as a shop's name: without the marks OCR makes of a logo's ® and the `@`
    /// it reads for an `O` inside a word (`R@®SSMANN`), without a logo's short word that the name
    /// then repeats (`dm dm-drogerie markt`) or a mark read as one letter (`F Thalia`), without
    /// the legal form (`Kaiser's Tengelmann GmbH`) and without a web address's ending (`Saathimart .com`).
    static func cleanName(_ raw: String) -> String {
        var words = raw.split(separator: " ").map { word in
            var text = String(word).filter { !"®©™".contains($0) }
                .trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.symbols).subtracting(["."]))
            if text.contains("@"), !text.contains("."), text.contains(where: \.isLetter) {
                text = text.replacingOccurrences(of: "@", with: text == text.uppercased() ? "O" : "o")
            }
            return text
        }.filter { !$0.isEmpty }
        // A logo's mark read as one letter (`F Thalia`), or its short word that the name repeats.
        if words.count >= 2, words[1].count > words[0].count,
            words[0].count == 1 || (words[0].count <= 3 && words[1].lowercased().hasPrefix(words[0].lowercased()))
        {
            words.removeFirst()
        }
        while let last = words.last, words.count >= 2,
            (last.hasPrefix(".") && last.dropFirst().allSatisfy(\.isLetter))
                || ReceiptWords.legalForms.contains(last.lowercased())
        {
            words.removeLast()
        }
        return words.joined(separator: " ")
            .trimmingCharacters(in: .punctuationCharacters.union(.symbols).union(.whitespaces))
    }

    /// The text's lines that hold anything, read for matching.
    static func lines(of text: String) -> [ReceiptLine] {
        text.split(whereSeparator: \.isNewline).map { ReceiptLine(String($0)) }.filter { !$0.raw.isEmpty }
    }

    /// How many signs of a receipt the text shows: 2 for a line that says total with its amount,
    /// 1 more for a date in any order. 0 means Tesseract read noise (a photo on its side, say),
    /// which is when the reader turns the image upright and reads it again.
    public static func clues(in text: String) -> Int {
        let lines = Self.lines(of: text)
        let total = ReceiptTotal.line(in: lines) == nil ? 0 : 2
        let dated = lines.contains { !ReceiptDates.dates(in: $0, order: .dayFirst).isEmpty } ? 1 : 0
        return total + dated
    }

    /// The first line that reads like a name: mostly letters, no date, no amount, no greeting,
    /// address or phone number.
    static func firstName(in lines: ArraySlice<ReceiptLine>) -> String? {
        for line in lines {
            let letters = line.raw.count(where: \.isLetter)
            let digits = line.raw.count(where: \.isNumber)
            // An email address (`info@shop.de`) is a way to write to the shop, not its name.
            guard letters >= 3, digits <= 2, letters * 2 >= line.raw.count,
                line.raw.firstMatch(of: #/\S@\S+\.\S/#) == nil,
                !ReceiptWords.notNames.contains(where: { ReceiptWords.holds(line.folded, $0) })
            else { continue }
            let name = cleanName(line.raw)
            // A line that is only a currency ("EUR" above the prices) names no shop.
            if name.count >= 3, Currency(code: name.uppercased()) == nil { return name }
        }
        return nil
    }
}
