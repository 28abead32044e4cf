/// The word (with a currency beside it, maybe) that holds a quick-add line's amount.
struct QuickAddAmountWords: Sendable {
    /// The words it took.
    var words: [Int]
    /// The number as typed, without sign or currency ("1.234,56").
    var number: String
    /// The currency written with it.
    var currency: Currency?
    /// Written with a `+`.
    var plus: Bool
    /// How surely this is the amount: 2 with a currency or a sign, 1 with decimals, 0 a bare
    /// whole number (which may be a count: "2 coffees 7.80").
    var rank: Int
}

extension QuickAddScan {
    /// The likeliest amount among the words not `used`: one with a currency or sign first, then
    /// one with decimals (the first of each), then the largest whole number.
    static func amount(
        _ words: [QuickAddWord],
        used: [Bool],
        book: Currency,
        language: QuickAddLanguage
    ) -> QuickAddAmountWords? {
        var best: QuickAddAmountWords?
        for index in words.indices where !used[index] {
            guard var found = read(sentenceEnd(words[index].text), book: book) else { continue }
            found.words = [index]
            // "12 EUR", "EUR 12", "€ 12", "12 bucks"
            for neighbour in [index + 1, index - 1] where found.currency == nil && words.indices.contains(neighbour) {
                guard !used[neighbour],
                    let currency = separateCurrency(words[neighbour], book: book)
                        ?? (neighbour > index ? currencyWord(words[neighbour], book: book, language) : nil)
                else { continue }
                found.currency = currency
                found.words.append(neighbour)
                found.rank = 2
            }
            guard let current = best else {
                best = found
                continue
            }
            if found.rank > current.rank
                || (found.rank == 0 && current.rank == 0 && larger(found.number, current.number))
            {
                best = found
            }
        }
        return best
    }

    /// A word that is a number, with maybe a sign and a currency symbol or code attached
    /// (`4.50`, `+3200`, `€12`, `12€`, `12eur`, `1.234,56`).
    private static func read(_ word: String, book: Currency) -> QuickAddAmountWords? {
        var text = Substring(word)
        var plus = false
        var signed = false
        var currency: Currency?
        func takeSign() {
            guard !signed, let first = text.first, "+-−".contains(first) else { return }
            plus = first == "+"
            signed = true
            text = text.dropFirst()
        }
        takeSign()
        let known = symbols(book)
        if let match = known.first(where: { text.hasPrefix($0.symbol) }) {
            currency = match.currency
            text = text.dropFirst(match.symbol.count)
        } else if let match = known.first(where: { text.hasSuffix($0.symbol) }) {
            currency = match.currency
            text = text.dropLast(match.symbol.count)
        } else if text.count > 3, let code = Currency(code: text.prefix(3).uppercased()),
            text.prefix(3).allSatisfy(\.isLetter)
        {
            currency = code
            text = text.dropFirst(3)
        } else if text.count > 3, let code = Currency(code: text.suffix(3).uppercased()),
            text.suffix(3).allSatisfy(\.isLetter)
        {
            currency = code
            text = text.dropLast(3)
        }
        takeSign()
        guard let first = text.first, let last = text.last, first.isASCIINumber, last.isASCIINumber,
            text.allSatisfy({ $0.isASCIINumber || ".,'".contains($0) })
        else { return nil }
        let rank = currency != nil || signed ? 2 : text.contains(where: { $0 == "." || $0 == "," }) ? 1 : 0
        return QuickAddAmountWords(words: [], number: String(text), currency: currency, plus: plus, rank: rank)
    }

    /// The word without the punctuation a sentence puts after it: `4.50,` and `$40.` are amounts.
    /// A last dot stays where it may end a date (`31.2.`), which is no amount.
    private static func sentenceEnd(_ word: String) -> String {
        var text = word.trimmingSuffix { ",;:!?)".contains($0) }
        if text.hasPrefix("(") { text = text.dropFirst() }
        guard text.hasSuffix(".") else { return String(text) }
        let rest = text.dropLast()
        let decimals = rest.split(separator: ".", omittingEmptySubsequences: false)
        // "40." or "4.50.": a number and a full stop; "31.2." may be a date.
        if decimals.count == 1 || (decimals.count == 2 && decimals[1].count == 2) { return String(rest) }
        return String(text)
    }

    /// A word for a currency after the amount ("12 bucks", "20 euros").
    private static func currencyWord(_ word: QuickAddWord, book: Currency, _ language: QuickAddLanguage) -> Currency? {
        guard let name = language.currencyWords[word.bare] else { return nil }
        guard name == "$" else { return Currency(code: name) }
        return book.symbol == "$" ? book : .usd
    }

    /// A word that is only a currency: a symbol (`€`), a code in capitals (`EUR`), or in small
    /// letters the book's own code or one of the codes that are no English word (`eur`, not
    /// `cup` or `top`).
    private static func separateCurrency(_ word: QuickAddWord, book: Currency) -> Currency? {
        if let match = symbols(book).first(where: { $0.symbol == word.text }) { return match.currency }
        guard word.text.count == 3, let currency = Currency(code: word.text.uppercased()) else { return nil }
        let capitals = word.text == word.text.uppercased()
        return capitals || currency == book || lowerCaseCodes.contains(word.folded) ? currency : nil
    }

    /// Codes read in small letters too.
    private static let lowerCaseCodes: Set<String> = [
        "usd", "eur", "gbp", "chf", "jpy", "cad", "aud", "nzd", "sek", "nok", "dkk", "pln", "czk", "huf", "inr",
        "cny", "mxn", "brl", "zar", "sgd", "hkd",
    ]

    /// The currency symbols, longest first (`R$` before `$`); `$` is the book's currency when
    /// its symbol is `$`, else the US dollar.
    private static func symbols(_ book: Currency) -> [(symbol: String, currency: Currency)] {
        guard book.symbol == "$" else { return allSymbols }
        return allSymbols.map { $0.symbol == "$" ? (symbol: "$", currency: book) : $0 }
    }

    private static let allSymbols: [(symbol: String, currency: Currency)] = Currency.symbols
        .compactMap { code, symbol -> (symbol: String, currency: Currency)? in
            Currency(code: code).map { (symbol: symbol, currency: $0) }
        }
        .sorted { ($0.symbol.count, $0.symbol) > ($1.symbol.count, $1.symbol) }

    /// Whether the whole number `a` is larger than `b` (both digits, maybe grouped).
    private static func larger(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.filter(\.isASCIINumber).drop { $0 == "0" }, b.filter(\.isASCIINumber).drop { $0 == "0" })
        return x.count != y.count ? x.count > y.count : x > y
    }
}
