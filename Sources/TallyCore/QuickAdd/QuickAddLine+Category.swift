/// How surely words of a line name a category, the surest last.
enum QuickAddCategoryMatch: Int, Comparable {
    /// One word of a longer name ("gas" for Gas & Fuel, "coffee" for Coffee Shops).
    case word = 1
    /// The whole name with a typo ("grocries").
    case typo
    /// The whole name, but for a plural ending ("movie" for Movies).
    case singular
    /// The whole name.
    case exact

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// Sure enough to be what the person means over the payee's usual category: the whole name.
    var named: Bool { self >= .singular }
}

extension QuickAddLine {
    /// The category one to three free words name best: the surest match, then one of the
    /// record's kind, then one matched by the first word of its name, then over more words.
    func categoryWord(
        _ categories: [Category],
        income: Bool
    ) -> (category: Category, words: [Int], match: QuickAddCategoryMatch)? {
        let preferred = income ? CategoryKind.income : .expense
        var best: (rank: Int, category: Category, words: [Int], match: QuickAddCategoryMatch)?
        let names = categories.map { category in
            let name = QuickAddMatch.Name(category.name.quickAddKey)
            // The words of a longer name, each without its plural ending ("shops" → "shop").
            let words =
                name.words.count < 2
                ? [] : name.words.map { QuickAddMatch.singular(String(String.UnicodeScalarView($0))) }
            return (name, words, category)
        }
        for span in spans(upTo: 3) {
            let text = QuickAddMatch.Name(key(span))
            guard !isFiller(text.text) else { continue }
            for (name, words, category) in names {
                guard let (match, first) = Self.match(text, name, words, single: span.count == 1) else { continue }
                let rank = match.rawValue * 4 + (category.kind == preferred ? 2 : 0) + (first ? 1 : 0)
                if let current = best, current.rank >= rank { continue }
                best = (rank, category, Array(span), match)
            }
        }
        if let best { return (best.category, best.words, best.match) }
        return everydayWord(categories, preferred: preferred)
    }

    /// The category an everyday word means ("lunch" → Restaurants), from the language's data:
    /// the first of its names the book has, of the record's kind first. The word is not taken
    /// from the line (no words are returned): it stays the payee or the note, as typed.
    private func everydayWord(
        _ categories: [Category],
        preferred: CategoryKind
    ) -> (category: Category, words: [Int], match: QuickAddCategoryMatch)? {
        let byName = Dictionary(grouping: categories) { QuickAddMatch.Name($0.name.quickAddKey).singular }
        for span in spans(upTo: 2) {
            guard let names = language.categoryWords[key(span)] else { continue }
            for name in names {
                let found = byName[QuickAddMatch.Name(name.quickAddKey).singular] ?? []
                if let category = found.first(where: { $0.kind == preferred }) ?? found.first {
                    return (category, [], .word)
                }
            }
        }
        return nil
    }

    /// How `text` names `name`, and whether by its first word.
    private static func match(
        _ text: QuickAddMatch.Name,
        _ name: QuickAddMatch.Name,
        _ words: [String],
        single: Bool
    ) -> (QuickAddCategoryMatch, first: Bool)? {
        if name.text == text.text { return (.exact, true) }
        if name.singular == text.singular { return (.singular, true) }
        if text.scalars.count >= 5, QuickAddMatch.isTypo(text, of: name) { return (.typo, true) }
        guard single, text.text.count >= 3, let position = words.firstIndex(of: text.singular) else { return nil }
        return (.word, position == 0)
    }
}
