import Foundation

/// One word of a quick-add line: as typed, and folded (lower case, no accents) for matching.
struct QuickAddWord: Sendable {
    let text: String
    let folded: String
    /// Folded, without the punctuation a sentence puts after a word ("yesterday." → "yesterday").
    let bare: String

    init(_ text: some StringProtocol) {
        self.text = String(text)
        folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        bare = String(folded.trimmingSuffix(while: { ".,;:!?)".contains($0) }).trimmingPrefix("("))
    }
}

extension StringProtocol {
    /// The text without the characters at its end that `drop` says to drop.
    func trimmingSuffix(while drop: (Character) -> Bool) -> SubSequence {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
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
    /// Whether each of `words` came just after a word read here (the amount, a date): a phrase
    /// starts there, so "ramen 14 tokyo trip" is "ramen", then "tokyo trip".
    var afterRead: [Bool] = []

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
            // "on the 15th": every filler just before.
            var before = index - 1
            while before >= 0, !used[before], fillers.contains(words[before].folded) {
                used[before] = true
                before -= 1
            }
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
        var candidate = Self.amount(words, used: used, book: book, language: language)
        // "lunch 12 may": with no other number, the 12 was the amount, not the day.
        if candidate == nil, let range = dateWords, range.count > 1,
            let retried = Self.amount(words, used: beforeDates, book: book, language: language)
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
        let kept = words.indices.filter { !used[$0] }
        self.words = kept.map { words[$0].text }
        afterRead = kept.map { $0 > 0 && used[$0 - 1] }
    }
}
