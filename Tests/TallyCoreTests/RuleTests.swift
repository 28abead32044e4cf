import Foundation
import TallyCore
import Testing

/// A rule with the given id (its position too, unless given).
private func makeRule(
    _ id: Int64?,
    at position: Int? = nil,
    _ conditions: RuleConditions,
    _ actions: RuleActions
) -> Rule {
    Rule(id: id, position: position ?? Int(id ?? 0), conditions: conditions, actions: actions)
}

/// A record of `cents` minor units.
private func makeRecord(
    _ payee: String,
    note: String = "",
    cents: Int64 = 1000,
    currency: Currency = .usd,
    account: Int64? = nil,
    kind: TransactionKind = .expense,
    explicit: Set<RuleField> = []
) -> RuleCandidate {
    RuleCandidate(
        payee: payee,
        note: note,
        amount: Money(minorUnits: cents, currency: currency),
        accountID: account,
        kind: kind,
        explicit: explicit
    )
}

private let food = RuleActions(category: 7)

@Suite("Rule conditions")
struct RuleConditionTests {
    @Test(
        "Payee text modes, folded for case, accents, width and spaces",
        arguments: [
            (TextMatch.Mode.contains, "starbucks", "POS 4411 STARBUCKS #1234 SEATTLE", true),
            (.contains, "STARBUCKS SEATTLE", "POS STARBUCKS   SEATTLE", true),
            (.contains, "bucks #12", "POS STARBUCKS #1234", true),
            (.contains, "starbucks", "STAR BUCKS", false),
            (.equals, "starbucks", " Starbucks ", true),
            (.equals, "starbucks", "Starbucks Coffee", false),
            (.startsWith, "pos 44", "POS 4411 STARBUCKS", true),
            (.startsWith, "4411", "POS 4411 STARBUCKS", false),
            (.contains, "Café", "CAFE DE FLORE", true),
            (.contains, "cafe", "Café de Flore", true),
            (.contains, "cafe", "Cafe\u{301} de Flore", true),
            (.equals, "ｓｔａｒｂｕｃｋｓ", "STARBUCKS", true),
            (.contains, "straße", "STRASSE 5", true),
            (.contains, "coffee", "", false),
            (.startsWith, "ab", "a", false),
        ]
    )
    func payee(mode: TextMatch.Mode, text: String, payee: String, expected: Bool) {
        let rule = makeRule(1, RuleConditions(payee: TextMatch(mode, text)), food)
        #expect(rule.matches(makeRecord(payee)) == expected)
        #expect(RuleBook([rule]).apply(to: makeRecord(payee)).category == (expected ? 7 : nil))
    }

    @Test("Note conditions look at the note, not the payee")
    func note() {
        for (mode, text) in [(TextMatch.Mode.contains, "LUNCH"), (.equals, "team lunch"), (.startsWith, "Team")] {
            let book = RuleBook([makeRule(1, RuleConditions(note: TextMatch(mode, text)), food)])
            #expect(book.apply(to: makeRecord("X", note: "Team lunch")).category == 7)
            #expect(book.apply(to: makeRecord("Team lunch", note: "")).category == nil)
        }
    }

    @Test("Amount range: inclusive bounds on the amount without its sign")
    func amountRange() {
        let range = makeRule(1, RuleConditions(amountMin: 500, amountMax: 1500, currency: .usd), food)
        for (cents, expected) in [(499, false), (500, true), (1000, true), (1500, true), (1501, false), (-1500, true)] {
            #expect(range.matches(makeRecord("A", cents: Int64(cents))) == expected, "\(cents)")
        }
        let atLeast = makeRule(2, RuleConditions(amountMin: 10000, currency: .usd), food)
        #expect(atLeast.matches(makeRecord("A", cents: 10000)) && !atLeast.matches(makeRecord("A", cents: 9999)))
        let atMost = makeRule(3, RuleConditions(amountMax: 0, currency: .usd), food)
        #expect(atMost.matches(makeRecord("A", cents: 0)) && !atMost.matches(makeRecord("A", cents: 1)))
    }

    @Test("Amount equals is min == max")
    func amountEquals() {
        let netflix = makeRule(1, RuleConditions(amountMin: 1599, amountMax: 1599, currency: .usd), food)
        #expect(netflix.matches(makeRecord("A", cents: 1599)))
        #expect(!netflix.matches(makeRecord("A", cents: 1598)) && !netflix.matches(makeRecord("A", cents: 1600)))
    }

    @Test("A record in another currency never meets an amount condition")
    func otherCurrency() {
        let rule = makeRule(1, RuleConditions(amountMin: 0, amountMax: 100_000, currency: .usd), food)
        #expect(rule.matches(makeRecord("A", cents: 1000)))
        #expect(!rule.matches(makeRecord("A", cents: 1000, currency: .eur)))
        #expect(!rule.matches(makeRecord("A", cents: 10, currency: .jpy)))
        let noCurrency = TallyCore.Rule(position: 0, conditions: RuleConditions(amountMin: 1), actions: food)
        #expect(!noCurrency.matches(makeRecord("A")))
        let negative = makeRule(1, RuleConditions(amountMax: -1, currency: .usd), food)
        #expect(!negative.matches(makeRecord("A", cents: 0)) && !negative.matches(makeRecord("A", cents: -1)))
        #expect(RuleBook([negative]).apply(to: makeRecord("A", cents: 0)).isEmpty)
        // Without an amount condition the currency does not matter.
        #expect(RuleBook([payeeRule("a")]).apply(to: makeRecord("a", currency: .eur)).category == 7)
    }

    @Test("Account and kind")
    func accountAndKind() {
        let card = makeRule(1, RuleConditions(account: 3), food)
        #expect(card.matches(makeRecord("A", account: 3)))
        #expect(!card.matches(makeRecord("A", account: 4)) && !card.matches(makeRecord("A", account: nil)))
        for kind in TransactionKind.allCases {
            let rule = makeRule(1, RuleConditions(kind: kind), RuleActions(note: "n"))
            for other in TransactionKind.allCases {
                #expect(rule.matches(makeRecord("A", kind: other)) == (kind == other))
            }
        }
    }

    @Test("Every condition must hold")
    func allConditions() {
        let rule = makeRule(
            1,
            RuleConditions(
                payee: TextMatch(.contains, "shell"),
                note: TextMatch(.startsWith, "fuel"),
                amountMin: 1000,
                amountMax: 9000,
                currency: .usd,
                account: 2,
                kind: .expense
            ),
            food
        )
        let good = makeRecord("SHELL 123", note: "Fuel up", cents: 5000, account: 2)
        #expect(rule.matches(good))
        #expect(!rule.matches(makeRecord("BP 123", note: "Fuel up", cents: 5000, account: 2)))
        #expect(!rule.matches(makeRecord("SHELL 123", note: "Car wash", cents: 5000, account: 2)))
        #expect(!rule.matches(makeRecord("SHELL 123", note: "Fuel up", cents: 500, account: 2)))
        #expect(!rule.matches(makeRecord("SHELL 123", note: "Fuel up", cents: 5000, account: 1)))
        #expect(!rule.matches(makeRecord("SHELL 123", note: "Fuel up", cents: 5000, account: 2, kind: .income)))
    }
}

/// A rule at `id` filing payees containing `text` under category 7.
private func payeeRule(_ text: String, id: Int64 = 1) -> Rule {
    makeRule(id, RuleConditions(payee: TextMatch(.contains, text)), food)
}

@Suite("Rule actions and order")
struct RuleActionTests {
    @Test("Every action, with its source")
    func actions() {
        let book = RuleBook([
            makeRule(
                4,
                RuleConditions(payee: TextMatch(.contains, "starbucks")),
                RuleActions(category: 7, payee: "Starbucks", note: "coffee", account: 2)
            )
        ])
        let outcome = book.apply(to: makeRecord("POS 4411 STARBUCKS #1234 SEATTLE"))
        #expect(
            outcome
                == RuleOutcome(
                    category: 7,
                    payee: "Starbucks",
                    note: "coffee",
                    account: 2,
                    sources: [.category: 4, .payee: 4, .note: 4, .account: 4]
                )
        )
        #expect(book.apply(to: makeRecord("Dunkin")).isEmpty)
    }

    @Test("The first rule to set a field wins; later rules still set other fields")
    func order() {
        let book = RuleBook([
            makeRule(
                30,
                at: 3,
                RuleConditions(payee: TextMatch(.contains, "amazon")),
                RuleActions(category: 9, note: "n")
            ),
            makeRule(10, at: 1, RuleConditions(payee: TextMatch(.contains, "amazon")), RuleActions(category: 5)),
            makeRule(20, at: 2, RuleConditions(kind: .expense), RuleActions(category: 6, account: 1)),
        ])
        #expect(book.rules.map(\.id) == [10, 20, 30])
        let outcome = book.apply(to: makeRecord("AMAZON MKTPLACE"))
        #expect(outcome.category == 5 && outcome.account == 1 && outcome.note == "n")
        #expect(outcome.sources == [.category: 10, .account: 20, .note: 30])
        #expect(book.apply(to: makeRecord("Shop")).sources == [.category: 20, .account: 20])
    }

    @Test("Rules match the payee as it came in, not an earlier rule's rename")
    func matchesOriginalPayee() {
        let book = RuleBook([
            makeRule(1, RuleConditions(payee: TextMatch(.contains, "starbucks")), RuleActions(payee: "Coffee")),
            makeRule(2, RuleConditions(payee: TextMatch(.equals, "coffee")), RuleActions(category: 1)),
            makeRule(3, RuleConditions(payee: TextMatch(.startsWith, "pos")), RuleActions(category: 2)),
        ])
        let outcome = book.apply(to: makeRecord("POS STARBUCKS"))
        #expect(outcome.payee == "Coffee" && outcome.category == 2)
    }

    @Test("An explicit value always wins")
    func explicitWins() {
        let all = RuleActions(category: 7, payee: "P", note: "N", account: 2)
        let book = RuleBook([makeRule(1, RuleConditions(payee: TextMatch(.contains, "a")), all)])
        let some = book.apply(to: makeRecord("a", explicit: [.category, .note]))
        #expect(some == RuleOutcome(payee: "P", account: 2, sources: [.payee: 1, .account: 1]))
        #expect(book.apply(to: makeRecord("a", explicit: Set(RuleField.allCases))).isEmpty)
        // An explicit field does not stop a later rule from setting the others.
        let two = RuleBook([
            makeRule(1, RuleConditions(kind: .expense), RuleActions(category: 3)),
            makeRule(2, RuleConditions(kind: .expense), RuleActions(category: 4, note: "x")),
        ])
        #expect(two.apply(to: makeRecord("a", explicit: [.category])) == RuleOutcome(note: "x", sources: [.note: 2]))
    }

    @Test("A transfer gets no category")
    func transferHasNoCategory() {
        let book = RuleBook([makeRule(1, RuleConditions(account: 1), RuleActions(category: 7, note: "move"))])
        #expect(
            book.apply(to: makeRecord("", account: 1, kind: .transfer))
                == RuleOutcome(note: "move", sources: [.note: 1])
        )
    }

    @Test("Sources name the position while a rule is unsaved")
    func unsavedSources() {
        let book = RuleBook([makeRule(nil, at: 5, RuleConditions(kind: .income), RuleActions(category: 1))])
        #expect(book.apply(to: makeRecord("Employer", kind: .income)).sources == [.category: 5])
    }

    @Test("Rules round-trip through JSON")
    func codable() throws {
        let original = makeRule(
            1,
            RuleConditions(
                payee: TextMatch(.startsWith, "pos"),
                amountMin: 1,
                amountMax: 2,
                currency: .eur,
                kind: .income
            ),
            RuleActions(category: 2, payee: "X")
        )
        let data = try JSONEncoder().encode(original)
        #expect(try JSONDecoder().decode(Rule.self, from: data) == original)
    }
}
