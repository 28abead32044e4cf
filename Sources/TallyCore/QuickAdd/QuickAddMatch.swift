import Foundation

/// How a quick-add word is compared with a name the book knows: folded, with a typo or a
/// left-out word forgiven. Written here rather than taken from a library: the mirrored packages
/// have no fuzzy matcher, and this one is a few lines over folded text.
enum QuickAddMatch {
    /// Whether `text` is `name` with one mistake (two in names of 8 letters or more): a letter
    /// missing, added, changed, or two swapped.
    static func isTypo(_ text: String, of name: String) -> Bool {
        let allowed = name.count >= 8 ? 2 : 1
        guard text != name, name.count >= 4, abs(text.count - name.count) <= allowed else { return false }
        return distance(Array(text.unicodeScalars), Array(name.unicodeScalars), atMost: allowed) <= allowed
    }

    /// Whether `text` is the first words of `name`, the rest left out ("starbucks" for
    /// "starbucks coffee", "whole foods" for "whole foods market"), each word at least 3 letters
    /// and spelt right or with one typo. Only the first words: a brand leads its name, and a
    /// later word ("coffee") is often a category's.
    static func isShortened(_ text: String, of name: String) -> Bool {
        let kept = text.split(separator: " ").map(String.init)
        let all = name.split(separator: " ").map(String.init)
        guard kept.count < all.count, kept.allSatisfy({ $0.count >= 3 }) else { return false }
        return zip(kept, all).allSatisfy { $0 == $1 || ($0.count >= 5 && isTypo($0, of: $1)) }
    }

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
