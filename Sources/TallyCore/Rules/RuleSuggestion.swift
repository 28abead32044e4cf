extension RuleInput {
    /// Words that card terminals and banks put around the merchant's name.
    static let noiseWords: Set<String> = [
        "ach", "card", "checkcard", "contactless", "debit", "pos", "ppd", "purchase", "recurring", "sp", "sq",
        "tst", "visa", "paypal",
    ]

    /// "Make a rule from this": a rule input prefilled from a record, for the user to adjust.
    ///
    /// The condition is `payee_contains` with the payee's most distinctive words: the payee is
    /// split at spaces; words that are mostly digits or symbols ("4411", "#1234", "555-0100") and
    /// terminal or bank words ("POS", "SQ", "PAYPAL", "DEBIT"...) break it into runs, and the
    /// longest run of the remaining words wins (the first on a tie), trimmed of punctuation at its
    /// ends. So "POS 4411 STARBUCKS #1234 SEATTLE" gives "STARBUCKS" and "SQ *BLUE BOTTLE COFFEE
    /// 0042" gives "BLUE BOTTLE COFFEE". The text is always a piece of the payee, so the rule
    /// matches the record it was made from; a payee of nothing but noise is used whole.
    /// `set_category` is the record's category.
    public static func suggested(payee: String, category: Int64?) -> RuleInput {
        RuleInput(payeeContains: distinctivePart(of: payee), setCategory: category.map { String($0) })
    }

    /// The longest run of meaningful words in `payee`, or the trimmed payee; nil when blank.
    static func distinctivePart(of payee: String) -> String? {
        let trimmed = payee.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        var best: (count: Int, range: Range<String.Index>)?
        var run: (count: Int, range: Range<String.Index>)?
        for word in trimmed.split(whereSeparator: \.isWhitespace) {
            guard let core = meaningfulCore(word) else {
                run = nil
                continue
            }
            let extended = run.map { ($0.count + 1, $0.range.lowerBound..<core.upperBound) } ?? (1, core)
            run = extended
            if extended.0 > best?.count ?? 0 { best = extended }
        }
        guard let best else { return String(trimmed.prefix(RuleLimits.maxText)) }
        return String(trimmed[best.range].prefix(RuleLimits.maxText))
    }

    /// The word without leading and trailing punctuation, or nil when it is noise.
    private static func meaningfulCore(_ word: Substring) -> Range<String.Index>? {
        guard let first = word.firstIndex(where: { $0.isLetter || $0.isNumber }),
            let last = word.lastIndex(where: { $0.isLetter || $0.isNumber })
        else { return nil }
        let core = word[first...last]
        let letters = core.count(where: \.isLetter)
        let digits = core.count(where: \.isNumber)
        guard letters > 0, digits <= letters, !noiseWords.contains(core.lowercased()) else { return nil }
        return core.startIndex..<core.endIndex
    }
}
