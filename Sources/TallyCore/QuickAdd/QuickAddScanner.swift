import Foundation

/// One word of a quick-add line: as typed, and folded (lower case, no accents) for matching.
struct QuickAddWord: Sendable {
    let text: String
    let folded: String

    init(_ text: some StringProtocol) {
        self.text = String(text)
        folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

/// What the first pass over a quick-add line found: its amount, date and time, and the words
/// left for the payee, category, account and note. Pure: no I/O, `today` is given.
public struct QuickAddScan: Equatable, Sendable {
    /// The amount, positive, in the currency typed with it or else the book's.
    public var amount: Money?
    /// Why the word that looked most like the amount is not one ("4.505" in USD); nil when
    /// an amount was read or no word looked like one.
    public var amountProblem: MoneyParseError?
    /// Whether the amount was written with a `+` (income).
    public var plus = false
    /// Whether a currency was written with the amount (`€12`, `12 EUR`).
    public var currencyTyped = false
    /// The date, when one was typed.
    public var date: LocalDate?
    /// The time of day, when one was typed.
    public var time: TimeOfDay?
    /// The other words, in their order, as typed.
    public var words: [String] = []

    /// Reads `text`: amounts in `book`'s currency unless another is written with them; dates
    /// without a year near `today`; slashed dates in `order`.
    public init(
        _ text: String,
        book: Currency,
        today: LocalDate,
        order: QuickAddDateOrder = .monthFirst,
        language: QuickAddLanguage = .english
    ) {
        let words = text.split(whereSeparator: \.isWhitespace).map(QuickAddWord.init)
        let dates = QuickAddDates(language: language, order: order, today: today)
        var used = [Bool](repeating: false, count: words.count)
        func take(_ index: Int, _ count: Int, introducedBy fillers: Set<String>) {
            for i in index..<(index + count) { used[i] = true }
            if index > 0, !used[index - 1], fillers.contains(words[index - 1].folded) { used[index - 1] = true }
        }
        for index in words.indices where !used[index] {
            guard let found = dates.time(words, at: index) else { continue }
            time = found.time
            take(index, found.count, introducedBy: language.beforeTime)
            break
        }
        let beforeDates = used
        var dateWords: Range<Int>?
        for index in words.indices where !used[index] {
            guard let found = dates.date(words, at: index), !used[index..<(index + found.count)].contains(true) else {
                continue
            }
            date = found.date
            dateWords = index..<(index + found.count)
            take(index, found.count, introducedBy: language.beforeDate)
            break
        }
        var candidate = Self.amount(words, used: used, book: book)
        // "lunch 12 may": with no other number, the 12 was the amount, not the day.
        if candidate == nil, let range = dateWords, range.count > 1,
            let retried = Self.amount(words, used: beforeDates, book: book)
        {
            date = nil
            used = beforeDates
            candidate = retried
        }
        if let candidate {
            for index in candidate.words { used[index] = true }
            plus = candidate.plus
            currencyTyped = candidate.currency != nil
            do {
                let money = try Money.parse(candidate.number, currency: candidate.currency ?? book)
                if money.minorUnits > 0 { amount = money } else { amountProblem = .notANumber(candidate.number) }
            } catch {
                amountProblem = error
            }
        }
        self.words = words.indices.filter { !used[$0] }.map { words[$0].text }
    }
}
