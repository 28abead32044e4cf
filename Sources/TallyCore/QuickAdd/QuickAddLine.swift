import Foundation

/// The words of a quick-add line left after its amount, date and time, and which of them a
/// field has taken. Each finder takes the words it matched, and the filler words before them
/// ("at", "with"). Only the words before a note marker are matched with names: "uber 15 -
/// groceries run" is no groceries.
struct QuickAddLine {
    let words: [QuickAddWord]
    /// Each word folded, without the punctuation around it ("starbucks," → "starbucks", "@x" →
    /// "x"), and `&` for the language's "and".
    let keys: [String]
    private(set) var used: [Bool]
    /// Whether each word came just after the amount or a date: a phrase starts there.
    let afterRead: [Bool]
    /// The first note marker's place (past the last word when there is none).
    let noteStart: Int
    let language: QuickAddLanguage

    init(_ words: [QuickAddWord], afterRead: [Bool] = [], language: QuickAddLanguage) {
        self.words = words
        self.language = language
        self.afterRead = afterRead.count == words.count ? afterRead : words.map { _ in false }
        keys = words.map { word in
            var key = word.folded.trimmingCharacters(in: QuickAddLine.punctuation)
            if key.count > 1, key.hasPrefix("@") { key.removeFirst() }
            return language.ampersand.contains(key) ? "&" : key
        }
        used = words.map { language.noteMarkers.contains($0.folded) }
        noteStart = used.firstIndex(of: true) ?? words.count
    }

    /// Marks words as taken.
    mutating func use(_ indices: [Int]) {
        for index in indices { used[index] = true }
    }

    /// The words not taken that names are looked for in: before the note, and among the first
    /// `matchedWords` (a line longer than that is a note with a record in front, and comparing
    /// every run of its words with thousands of names would be slow).
    var free: [Int] { (0..<min(noteStart, Self.matchedWords)).filter { !used[$0] } }

    /// An account named by one to three words ("amex gold"), by the first word of its name
    /// ("amex"), or by a word for its kind ("card", "cash"); a noun after it goes with it
    /// ("debit card").
    mutating func account(in accounts: [Account]) -> Account? {
        let open = accounts.filter { !$0.archived }
        let names = Dictionary(open.map { ($0.name.quickAddKey, $0) }, uniquingKeysWith: { first, _ in first })
        for span in spans(upTo: 3) {
            if let account = names[key(span)] { return take(account, span) }
        }
        // A first word two accounts share names neither.
        var firsts: [String: Account?] = [:]
        for account in open {
            let parts = account.name.quickAddKey.split(separator: " ")
            guard parts.count > 1, parts[0].count >= 3 else { continue }
            let first = String(parts[0])
            let only: Account? = firsts[first] == nil ? account : nil
            firsts[first] = .some(only)
        }
        for index in free {
            if let account = firsts[keys[index]] ?? nil { return take(account, index..<(index + 1)) }
        }
        for index in free {
            for kind in language.accountWords[keys[index]] ?? [] {
                if let account = open.first(where: { $0.kind == kind }) { return take(account, index..<(index + 1)) }
            }
        }
        return nil
    }

    private mutating func take(_ account: Account, _ span: Range<Int>) -> Account {
        var span = span
        if span.upperBound < noteStart, !used[span.upperBound], language.accountNouns.contains(keys[span.upperBound]) {
            span = span.lowerBound..<(span.upperBound + 1)
        }
        take(span, introducedBy: language.beforeAccount)
        return account
    }

    /// The known payee that one to four words name best: exactly, with a typo, or with a word
    /// left out ("starbucks" for "Starbucks Coffee"); only exactly when `exactly`. A guess (a
    /// typo, a word left out) is taken only where a phrase starts, or after a word of `after`
    /// (a category's): "at green apple" names no Apple Store.
    mutating func knownPayee(_ index: QuickAddMatch.PayeeIndex, exactly: Bool, after: [Int] = []) -> Payee? {
        var best: (rank: [Int], span: Range<Int>, payee: Payee)?
        for span in spans(upTo: 4) {
            let text = key(span)
            guard !isFiller(text), let found = index.match(text, exactly: exactly) else { continue }
            let start = span.lowerBound
            guard found.score == 3 || startsPhrase(start) || after.contains(start - 1) else { continue }
            // The surest match, then the one over more words and letters.
            let rank = [found.score, span.count, text.count]
            if let current = best, !rank.lexicographicallyPrecedes(current.rank, by: >) { continue }
            best = (rank, span, found.payee)
        }
        guard let best else { return nil }
        take(best.span, introducedBy: language.beforePayee)
        return best.payee
    }

    /// A payee introduced by a word ("at corner bakery"): the words after it, up to a taken one,
    /// the amount or a connector ("from john for tickets" is john).
    mutating func introducedPayee() -> String? {
        for index in free where language.beforePayee.contains(keys[index]) {
            let end = phraseEnd(from: index + 1)
            guard end > index + 1 else { continue }
            take(index..<end, introducedBy: [])
            used[index] = true
            return payeeText(index + 1..<end)
        }
        return nil
    }

    /// The first phrase of words not taken, but `skipping` (a category's word), when it does not
    /// start with a connector: the payee when no known one matched ("uber 15", "lunch with bob").
    mutating func leadingPayee(skipping: [Int]) -> String {
        guard let start = free.first(where: { !skipping.contains($0) }), !language.connectors.contains(keys[start])
        else { return "" }
        let end = phraseEnd(from: start, skipping: skipping)
        take(start..<end, introducedBy: [])
        return payeeText(start..<end)
    }

    /// The words not taken, but `skipping`, as typed, one space between them. A word that would
    /// fuse with that space into one character (one that starts with a combining mark, only ever
    /// in a garbled line) is left out: joined, it would no longer be a word of the line.
    func rest(skipping: [Int]) -> String {
        words.indices.filter { !used[$0] && !skipping.contains($0) }.map { words[$0].text }
            .filter { (" " + $0 + " ").count == $0.count + 2 }
            .joined(separator: " ")
    }

    /// Where a phrase that starts at `start` ends: at a taken word, a connector, or a word after
    /// the amount or a date.
    private func phraseEnd(from start: Int, skipping: [Int] = []) -> Int {
        var end = start
        while end < noteStart, !used[end], !skipping.contains(end), !language.connectors.contains(keys[end]),
            end == start || !afterRead[end]
        {
            end += 1
        }
        return end
    }

    /// Whether a phrase starts at `index`: the line's start, after a taken word, the amount, a
    /// date or a word that introduces a payee.
    private func startsPhrase(_ index: Int) -> Bool {
        index == 0 || used[index - 1] || afterRead[index] || language.beforePayee.contains(keys[index - 1])
    }

    /// A word that only introduces or joins others ("at", "with", "the"), which names nothing.
    func isFiller(_ key: String) -> Bool {
        let fillers = [language.beforePayee, language.beforeAccount, language.beforeDate, language.connectors]
        return key == "&" || fillers.contains { $0.contains(key) }
    }

    /// Words as typed, without the punctuation around them ("lunch:" → "lunch").
    private func payeeText(_ span: Range<Int>) -> String {
        words[span].map(\.text).joined(separator: " ")
            .trimmingCharacters(in: QuickAddLine.punctuation.union(.whitespaces).union(CharacterSet(charactersIn: "@")))
    }

    /// Runs of up to `length` free words, longest first.
    func spans(upTo length: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        let end = min(noteStart, Self.matchedWords)
        for count in stride(from: length, through: 1, by: -1) {
            for start in 0..<end where start + count <= end {
                let span = start..<(start + count)
                if !used[span].contains(true), !key(span).isEmpty { out.append(span) }
            }
        }
        return out
    }

    func key(_ span: Range<Int>) -> String {
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
