import Foundation
import TallyCore
import Testing

/// Words for random payees, notes and rule texts: short ones, shared ones, accents and full width.
private let words = [
    "pos", "starbucks", "cafe", "Café", "CAFÉ", "amazon", "mktplace", "shell", "a", "ab", "the", "coffee",
    "ｓｈｅｌｌ", "#1234", "4411", "Netflix", "lunch", "rent",
]

extension SplitMix64 {
    fileprivate mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    fileprivate mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
    fileprivate mutating func phrase(_ maxWords: UInt64) -> String {
        (0...(next() % maxWords)).map { _ in pick(words) }.joined(separator: " ")
    }

    fileprivate mutating func textMatch() -> TextMatch? {
        chance(60) ? TextMatch(pick(TextMatch.Mode.allCases), phrase(2)) : nil
    }

    fileprivate mutating func rule(id: Int64) -> Rule {
        let low: Int64? = chance(20) ? Int64(next() % 2000) : nil
        let high: Int64? = chance(20) ? Int64(next() % 2000) : nil
        let conditions = RuleConditions(
            payee: textMatch(),
            note: chance(30) ? textMatch() : nil,
            amountMin: low,
            amountMax: high,
            currency: pick([.usd, .eur]),
            account: chance(20) ? Int64(next() % 3) : nil,
            kind: chance(20) ? pick(TransactionKind.allCases) : nil
        )
        let actions = RuleActions(
            category: chance(50) ? Int64(next() % 50) : nil,
            payee: chance(30) ? phrase(1) : nil,
            note: chance(30) ? phrase(1) : nil,
            account: chance(30) ? Int64(next() % 3) : nil
        )
        return Rule(id: id, position: Int(next() % 40), conditions: conditions, actions: actions)
    }

    fileprivate mutating func candidate() -> RuleCandidate {
        RuleCandidate(
            payee: chance(90) ? phrase(4) : "",
            note: chance(50) ? phrase(3) : "",
            amount: Money(minorUnits: Int64(next() % 2500) - 200, currency: pick([.usd, .usd, .eur, .jpy])),
            accountID: chance(80) ? Int64(next() % 3) : nil,
            kind: pick(TransactionKind.allCases),
            explicit: Set(RuleField.allCases.filter { _ in chance(25) })
        )
    }
}

/// Matching written the slow, obvious way, with Foundation's folding of both sides.
private func referenceMatches(_ rule: Rule, _ candidate: RuleCandidate) -> Bool {
    func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
    func holds(_ match: TextMatch?, _ text: String) -> Bool {
        guard let match else { return true }
        let (needle, hay) = (fold(match.text), fold(text))
        switch match.mode {
        case .contains: return needle.isEmpty || hay.contains(needle)
        case .equals: return hay == needle
        case .startsWith: return hay.hasPrefix(needle)
        }
    }
    let c = rule.conditions
    let magnitude = candidate.amount.minorUnits.magnitude
    let hasAmount = c.amountMin != nil || c.amountMax != nil
    return holds(c.payee, candidate.payee) && holds(c.note, candidate.note)
        && (!hasAmount
            || (c.currency == candidate.amount.currency && magnitude >= c.amountMin ?? 0
                && magnitude <= c.amountMax ?? .max))
        && (c.account == nil || c.account == candidate.accountID) && (c.kind == nil || c.kind == candidate.kind)
}

@Suite("Rule properties")
struct RulePropertyTests {
    @Test("A field is set only by a matching rule that sets it, and the earliest such rule wins", arguments: 1...4)
    func earliestMatchingRuleWins(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let rules = (1...Int64(30 * seed)).map { random.rule(id: $0) }
        let book = RuleBook(rules)
        let ordered = rules.sorted { ($0.position, $0.id!) < ($1.position, $1.id!) }
        #expect(book.rules == ordered)
        var setCount = 0
        for _ in 0..<1500 {
            let candidate = random.candidate()
            let matching = ordered.filter { referenceMatches($0, candidate) }
            #expect(matching == ordered.filter { $0.matches(candidate) }, "\(candidate)")
            let outcome = book.apply(to: candidate)
            let fields: [(RuleField, (RuleActions) -> AnyHashable?, AnyHashable?)] = [
                (.category, { $0.category }, outcome.category), (.payee, { $0.payee }, outcome.payee),
                (.note, { $0.note }, outcome.note), (.account, { $0.account }, outcome.account),
            ]
            for (field, action, value) in fields {
                let open = !candidate.explicit.contains(field) && !(field == .category && candidate.kind == .transfer)
                let winner = open ? matching.first { action($0.actions) != nil } : nil
                #expect(value == winner.flatMap { action($0.actions) }, "\(field) of \(candidate)")
                #expect(outcome.sources[field] == winner?.id, "\(field) of \(candidate)")
                if winner != nil { setCount += 1 }
            }
        }
        #expect(setCount > 500)  // the random rules do match often enough to test something
    }

    /// A realistic book: 500 rules on merchant names (some also on amounts, accounts or kinds),
    /// and bank-style payees of which about half have a rule.
    static func workload(rules ruleCount: Int, records: Int) -> (RuleBook, [RuleCandidate]) {
        var random = SplitMix64(seed: 42)
        let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "po", "qu", "da"]
        let merchants = (0..<(ruleCount * 2)).map { _ in (0..<3).map { _ in random.pick(syllables) }.joined() }
        let rules = (0..<ruleCount).map { index in
            var conditions = RuleConditions(payee: TextMatch(.contains, merchants[index]))
            if index % 10 == 0 { conditions = RuleConditions(amountMin: 100_000, currency: .usd, account: 1) }
            if index % 7 == 0 { conditions.kind = .expense }
            return Rule(
                id: Int64(index + 1),
                position: index,
                conditions: conditions,
                actions: RuleActions(category: 1)
            )
        }
        let candidates = (0..<records).map { (index: Int) -> RuleCandidate in
            let store: Int = 4000 + index % 999
            let merchant: String = random.pick(merchants).uppercased()
            let explicit: Set<RuleField> = index % 4 == 0 ? [.account] : []
            return RuleCandidate(
                payee: "POS \(store) \(merchant) #\(index % 97) SEATTLE WA",
                note: index % 5 == 0 ? "imported" : "",
                amount: Money(minorUnits: Int64(random.next() % 200_000), currency: .usd),
                accountID: Int64(index % 3),
                explicit: explicit
            )
        }
        return (RuleBook(rules), candidates)
    }

    @Test(
        "RuleTiming: 500 rules over 100,000 records",
        .enabled(if: ProcessInfo.processInfo.environment["RULE_TIMING"] != nil)
    )
    func ruleTiming() {
        let (book, candidates) = Self.workload(rules: RuleLimits.maxRules, records: 100_000)
        let clock = ContinuousClock()
        var matched = 0
        let elapsed = clock.measure {
            for candidate in candidates where !book.apply(to: candidate).isEmpty { matched += 1 }
        }
        print("RuleTiming: \(book.rules.count) rules × \(candidates.count) records in \(elapsed), \(matched) matched")
    }
}
