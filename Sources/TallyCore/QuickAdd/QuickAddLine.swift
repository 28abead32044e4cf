import Foundation

/// The words of a quick-add line left after its amount, date and time, and which of them a
/// field has taken. Each finder takes the words it matched, and the filler words before them
/// ("at", "with").
struct QuickAddLine {
    private let words: [QuickAddWord]
    /// Each word folded, without the punctuation around it ("starbucks," → "starbucks").
    private let keys: [String]
    private var used: [Bool]
    private let language: QuickAddLanguage

    init(_ words: [QuickAddWord], language: QuickAddLanguage) {
        self.words = words
        self.language = language
        keys = words.map { $0.folded.trimmingCharacters(in: QuickAddLine.punctuation) }
        used = words.map { language.noteMarkers.contains($0.folded) }
    }

    /// Marks words as taken.
    mutating func use(_ indices: [Int]) {
        for index in indices { used[index] = true }
    }

    /// An account named by one to three words, or by a word for its kind ("card", "cash").
    mutating func account(in accounts: [Account]) -> Account? {
        let open = accounts.filter { !$0.archived }
        let names = Dictionary(open.map { ($0.name.quickAddKey, $0) }, uniquingKeysWith: { first, _ in first })
        for span in spans(upTo: 3) {
            if let account = names[key(span)] {
                take(span, introducedBy: language.beforeAccount)
                return account
            }
        }
        for index in keys.indices where !used[index] {
            guard let kinds = language.accountWords[keys[index]] else { continue }
            for kind in kinds {
                guard let account = open.first(where: { $0.kind == kind }) else { continue }
                take(index..<(index + 1), introducedBy: language.beforeAccount)
                return account
            }
        }
        return nil
    }

    /// The known payee that one to four words name best: exactly, with a typo, or with a word
    /// left out ("starbucks" for "Starbucks Coffee").
    mutating func knownPayee(_ payees: [Payee]) -> Payee? {
        var best: (rank: [Int], span: Range<Int>, payee: Payee)?
        let index = QuickAddMatch.PayeeIndex(payees, fuzzy: Self.fuzzyPayees)
        for span in spans(upTo: 4) {
            let text = key(span)
            guard let found = index.match(text) else { continue }
            // The surest match, then the one over more words and letters.
            let rank = [found.score, span.count, text.count]
            if let current = best, !rank.lexicographicallyPrecedes(current.rank, by: >) { continue }
            best = (rank, span, found.payee)
        }
        guard let best else { return nil }
        take(best.span, introducedBy: language.beforePayee)
        return best.payee
    }

    /// A payee introduced by a word ("at corner bakery"): the words after it, up to a taken one.
    mutating func introducedPayee() -> String? {
        for index in keys.indices where !used[index] && language.beforePayee.contains(keys[index]) {
            var end = index + 1
            while end < words.count, !used[end] { end += 1 }
            guard end > index + 1 else { continue }
            take(index..<end, introducedBy: [])
            used[index] = true
            return words[(index + 1)..<end].map(\.text).joined(separator: " ")
        }
        return nil
    }

    /// The first run of words not taken, but `skipping` (a category's word), before a note
    /// marker: the payee when no known one matched ("uber 15").
    mutating func leadingPayee(skipping: [Int]) -> String {
        guard let start = keys.indices.first(where: { !used[$0] && !skipping.contains($0) }) else { return "" }
        var end = start
        while end < words.count, !used[end], !skipping.contains(end) { end += 1 }
        take(start..<end, introducedBy: [])
        return words[start..<end].map(\.text).joined(separator: " ")
    }

    /// A category (or sub-category) named by one or two words, of the record's kind when one is.
    func categoryWord(_ categories: [Category], income: Bool) -> (category: Category, words: [Int])? {
        let preferred = income ? CategoryKind.income : .expense
        var best: (rank: Int, category: Category, words: [Int])?
        let names = categories.map { (QuickAddMatch.Name($0.name.quickAddKey), $0) }
        for span in spans(upTo: 2) {
            let text = QuickAddMatch.Name(key(span))
            for (name, category) in names {
                var rank = 0
                if name.text == text.text {
                    rank = 4
                } else if name.singular == text.singular {
                    rank = 3
                } else if text.scalars.count >= 5, QuickAddMatch.isTypo(text, of: name) {
                    rank = 2
                }
                guard rank > 0 else { continue }
                if category.kind == preferred { rank += 4 }
                if let current = best, current.rank >= rank { continue }
                best = (rank, category, Array(span))
            }
        }
        return best.map { ($0.category, $0.words) }
    }

    /// The words not taken, but `skipping`, as typed.
    func rest(skipping: [Int]) -> String {
        words.indices.filter { !used[$0] && !skipping.contains($0) }.map { words[$0].text }.joined(separator: " ")
    }

    /// Runs of up to `length` words not taken, longest first, among the first `matchedWords`
    /// (a name is near the start of a line; the words past them are the note's).
    private func spans(upTo length: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        let end = min(words.count, Self.matchedWords)
        for count in stride(from: length, through: 1, by: -1) {
            for start in 0..<end where start + count <= end {
                let span = start..<(start + count)
                if !used[span].contains(true), !key(span).isEmpty { out.append(span) }
            }
        }
        return out
    }

    private func key(_ span: Range<Int>) -> String {
        keys[span].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Takes `span`, and the filler words just before it.
    private mutating func take(_ span: Range<Int>, introducedBy fillers: Set<String>) {
        use(Array(span))
        var before = span.lowerBound - 1
        while before >= 0, !used[before], fillers.contains(keys[before]) {
            used[before] = true
            before -= 1
        }
    }

    /// Words of a line compared with names: a line longer than this is a note with a record
    /// in front, and comparing every run of its words with thousands of payees would be slow.
    static let matchedWords = 24
    /// Payees (the most used) compared with a typo or a left-out word; past them, exact names only.
    static let fuzzyPayees = 2_000
    static let punctuation = CharacterSet(charactersIn: ",.;:!?()\"'")
}
