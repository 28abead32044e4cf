import Foundation

/// How a quick-add word is compared with a name the book knows: folded, with a typo or a
/// left-out word forgiven. Written here rather than taken from a library: the mirrored packages
/// have no fuzzy matcher, and this one is a few lines over folded text.
enum QuickAddMatch {
    /// A folded name, taken apart once for the comparisons below.
    struct Name {
        let text: String
        let scalars: [Unicode.Scalar]
        let words: [[Unicode.Scalar]]
        let singular: String

        init(_ text: String) {
            self.text = text
            scalars = Array(text.unicodeScalars)
            words = text.split(separator: " ").map { Array($0.unicodeScalars) }
            singular = QuickAddMatch.singular(text)
        }
    }

    /// The payees, folded once and grouped so that a run of words is compared only with the
    /// names it could match: exact names in a dictionary, names by length for a typo, names by
    /// their first word for a left-out word.
    struct PayeeIndex {
        private var exact: [String: Payee] = [:]
        private var byLength: [Int: [(Name, Payee)]] = [:]
        private var byFirstWord: [[Unicode.Scalar]: [(Name, Payee)]] = [:]
        private var byFirstWordLength: [Int: [(Name, Payee)]] = [:]
        /// Names of several words by their first two written as one ("wholefoods"), and whether
        /// that is the whole name.
        private var joined: [String: (whole: Bool, payee: Payee)] = [:]

        /// `payees` the most used first; only the first `fuzzy` of them are matched with a typo
        /// or a left-out word, the rest exactly.
        init(_ payees: [Payee], fuzzy: Int) {
            for (position, payee) in payees.enumerated() {
                let key = payee.name.quickAddKey
                guard !key.isEmpty, exact[key] == nil else { continue }
                exact[key] = payee
                guard position < fuzzy else { continue }
                let name = Name(key)
                byLength[name.scalars.count, default: []].append((name, payee))
                if name.words.count > 1, let first = name.words.first {
                    byFirstWord[first, default: []].append((name, payee))
                    if first.count >= 5 { byFirstWordLength[first.count, default: []].append((name, payee)) }
                    let two = String(String.UnicodeScalarView(first + name.words[1]))
                    if joined[two] == nil { joined[two] = (name.words.count == 2, payee) }
                }
            }
        }

        /// The payee `text` names, and how surely: 3 exactly, 2 with a typo, 1 shortened; only
        /// exactly when `exactly`.
        func match(_ text: String, exactly: Bool = false) -> (score: Int, payee: Payee)? {
            if exactly { return exact[text].map { (3, $0) } }
            if let payee = exact[text] { return (3, payee) }
            // "bestbuy", "wholefoods": the space left out.
            if let found = joined[text] { return (found.whole ? 2 : 1, found.payee) }
            let typed = Name(text)
            // "cvs" for CVS Pharmacy: a word this short stands for a longer name only spelt right.
            if typed.scalars.count == 3, typed.words.count == 1, let first = typed.words.first {
                return byFirstWord[first]?.first.map { (1, $0.1) }
            }
            guard typed.scalars.count >= 4 else { return nil }
            for length in (typed.scalars.count - 2)...(typed.scalars.count + 2) {
                for (name, payee) in byLength[length] ?? [] where isTypo(typed, of: name) { return (2, payee) }
            }
            guard canShorten(typed), let first = typed.words.first else { return nil }
            for (name, payee) in byFirstWord[first] ?? [] where isShortened(typed, of: name) { return (1, payee) }
            guard first.count >= 5 else { return nil }
            for length in (first.count - 1)...(first.count + 1) {
                for (name, payee) in byFirstWordLength[length] ?? []
                where isTypo(first, of: name.words[0]) && isShortened(typed, of: name) {
                    return (1, payee)
                }
            }
            return nil
        }
    }

    /// Whether `text` is `name` with one mistake (two in names of 8 letters or more): a letter
    /// missing, added, changed, or two swapped.
    static func isTypo(_ text: Name, of name: Name) -> Bool {
        isTypo(text.scalars, of: name.scalars)
    }

    static func isTypo(_ text: [Unicode.Scalar], of name: [Unicode.Scalar]) -> Bool {
        let allowed = name.count >= 8 ? 2 : 1
        guard name.count >= 4, abs(text.count - name.count) <= allowed, text != name else { return false }
        return distance(text, name, atMost: allowed) <= allowed
    }

    /// Whether `text` is the first words of `name`, the rest left out ("starbucks" for
    /// "starbucks coffee", "whole foods" for "whole foods market"), each word at least 3 letters
    /// and spelt right or with one typo. Only the first words: a brand leads its name, and a
    /// later word ("coffee") is often a category's.
    /// `text`'s words must each be 3 letters or more (checked once by the caller: `canShorten`).
    static func isShortened(_ text: Name, of name: Name) -> Bool {
        let (kept, all) = (text.words, name.words)
        guard kept.count < all.count else { return false }
        return zip(kept, all).allSatisfy { $0 == $1 || ($0.count >= 5 && isTypo($0, of: $1)) }
    }

    /// Whether `text` may stand for a longer name: every word 3 letters or more.
    static func canShorten(_ text: Name) -> Bool { text.words.allSatisfy { $0.count >= 3 } }

    /// A word without its plural ending ("coffees", "groceries" → "grocery").
    static func singular(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("es"), word.count > 4, ["s", "x", "z", "h"].contains(word.dropLast(2).last.map(String.init)) {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
        return word
    }

    /// The optimal-string-alignment distance of `a` and `b`, or more than `limit` once it is
    /// sure to be.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int {
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var smallest = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                smallest = min(smallest, value)
            }
            if smallest > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return a.isEmpty ? b.count : b.isEmpty ? a.count : previous[b.count]
    }
}

extension String {
    /// The text as quick add compares names: folded (case, accents, width), without the
    /// punctuation around words, single-spaced.
    var quickAddKey: String {
        folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace)
            .map { $0.trimmingCharacters(in: QuickAddLine.punctuation) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
