import TallyCore
import Testing

/// Looks categories and accounts up in a tiny book: "Food" is 7, "Card" is 3, digits are ids.
private func lookUp(_ names: [String: Int64]) -> (String) throws -> Int64? {
    { raw in names[raw] ?? Int64(raw) }
}

private func validate(
    _ input: RuleInput,
    currency: Currency = .usd
) throws(FieldError) -> (RuleConditions, RuleActions) {
    try RuleInput.validate(
        input,
        bookCurrency: currency,
        resolveCategory: lookUp(["Food": 7, "Food:Coffee": 8]),
        resolveAccount: lookUp(["Card": 3])
    )
}

/// The error for input that must be rejected; nil when it was accepted.
private func rejection(_ input: RuleInput, currency: Currency = .usd) -> FieldError? {
    do {
        _ = try validate(input, currency: currency)
        return nil
    } catch { return error }
}

/// The error from validating a rule whose account references go through `resolve`.
private func accountRejection(_ resolve: (String) throws -> Int64?) -> FieldError? {
    let input = RuleInput(account: "A", setAccount: "B")
    do {
        _ = try RuleInput.validate(input, bookCurrency: .usd, resolveCategory: { _ in nil }, resolveAccount: resolve)
        return nil
    } catch { return error }
}

private struct Broken: Error {}

private let long = String(repeating: "é", count: 201)

@Suite("Rule input")
struct RuleInputTests {
    @Test("Every field is read")
    func accepted() throws {
        let (conditions, actions) = try validate(
            RuleInput(
                payeeStarts: " POS ",
                noteIs: "Lunch",
                amountMin: "1,234.50",
                amountMax: "$2000",
                account: "Card",
                kind: "Expense",
                setCategory: "Food:Coffee",
                setPayee: "Starbucks",
                setNote: "latte",
                setAccount: "12"
            )
        )
        #expect(
            conditions
                == RuleConditions(
                    payee: TextMatch(.startsWith, "POS"),
                    note: TextMatch(.equals, "Lunch"),
                    amountMin: 123_450,
                    amountMax: 200_000,
                    currency: .usd,
                    account: 3,
                    kind: .expense
                )
        )
        #expect(actions == RuleActions(category: 8, payee: "Starbucks", note: "latte", account: 12))
        let (exact, _) = try validate(RuleInput(amountIs: "300", setNote: "x"), currency: Currency(code: "JPY")!)
        #expect(exact.amountMin == 300 && exact.amountMax == 300 && exact.currency?.code == "JPY")
    }

    @Test(
        "Errors name the field as the API and command line do",
        arguments: [
            (RuleInput(setCategory: "Food"), "rule", "needs at least one condition"),
            (RuleInput(payeeContains: "a"), "rule", "needs at least one action"),
            (RuleInput(payeeContains: "  ", setCategory: "Food"), "rule", "needs at least one condition"),
            (RuleInput(payeeContains: "a", setPayee: " "), "rule", "needs at least one action"),
            (RuleInput(payeeContains: long, setCategory: "Food"), "payee_contains", "is longer than 200 characters"),
            (RuleInput(payeeIs: long, setCategory: "Food"), "payee_is", "is longer than 200 characters"),
            (RuleInput(payeeStarts: long, setCategory: "Food"), "payee_starts", "is longer than 200 characters"),
            (RuleInput(noteContains: long, setCategory: "Food"), "note_contains", "is longer than 200 characters"),
            (RuleInput(noteIs: long, setCategory: "Food"), "note_is", "is longer than 200 characters"),
            (RuleInput(noteStarts: long, setCategory: "Food"), "note_starts", "is longer than 200 characters"),
            (RuleInput(kind: "expense", setPayee: long), "set_payee", "is longer than 200 characters"),
            (RuleInput(kind: "expense", setNote: long), "set_note", "is longer than 200 characters"),
            (
                RuleInput(kind: "expense", setNote: "a\u{7}"), "set_note",
                "must be one line without control or invisible characters (it holds U+0007)"
            ),
            (
                RuleInput(kind: "expense", setPayee: "Two\nlines"), "set_payee",
                "must be one line without control or invisible characters (it holds U+000A)"
            ),
            (
                RuleInput(payeeContains: "abc\u{202E}", setCategory: "Food"), "payee_contains",
                "must be one line without control or invisible characters (it holds U+202E)"
            ),
            (
                RuleInput(payeeContains: "a", payeeIs: "b", setCategory: "Food"), "payee_is",
                "give only one of payee_contains, payee_is, payee_starts"
            ),
            (
                RuleInput(noteContains: "a", noteStarts: "b", setCategory: "Food"), "note_starts",
                "give only one of note_contains, note_is, note_starts"
            ),
            (RuleInput(amountMin: "abc", setCategory: "Food"), "amount_min", "must be an amount, e.g. 12.50"),
            (RuleInput(amountMax: "1e5", setCategory: "Food"), "amount_max", "must be an amount, e.g. 12.50"),
            (RuleInput(amountIs: "1,2,3", setCategory: "Food"), "amount_is", "must be an amount, e.g. 12.50"),
            (RuleInput(amountMin: "1.234", setCategory: "Food"), "amount_min", "USD amounts have at most 2 decimals"),
            (
                RuleInput(amountMin: "-5", setCategory: "Food"), "amount_min",
                "must not be negative (rules compare amounts without their sign)"
            ),
            (
                RuleInput(amountMin: "10", amountMax: "9.99", setCategory: "Food"), "amount_max",
                "must not be below amount_min"
            ),
            (
                RuleInput(amountIs: "5", amountMax: "9", setCategory: "Food"), "amount_is",
                "give either amount_is or amount_min/amount_max"
            ),
            (RuleInput(account: "Savings", setCategory: "Food"), "account", "'Savings' is not an account of this book"),
            (RuleInput(kind: "refund", setCategory: "Food"), "kind", "must be expense, income or transfer"),
            (RuleInput(kind: "expense", setCategory: "Fun"), "set_category", "'Fun' is not a category of this book"),
            (RuleInput(kind: "transfer", setCategory: "Food"), "set_category", "a transfer has no category"),
            (RuleInput(kind: "expense", setAccount: "Cash"), "set_account", "'Cash' is not an account of this book"),
        ]
    )
    func rejected(input: RuleInput, field: String, message: String) {
        #expect(rejection(input) == FieldError(field, message))
    }

    @Test("Amount errors suit the currency")
    func currencyExamples() {
        let jpy = Currency(code: "JPY")!
        #expect(
            rejection(RuleInput(amountMin: "x", setNote: "n"), currency: jpy)?.message == "must be an amount, e.g. 12"
        )
        #expect(
            rejection(RuleInput(amountMin: "1.5", setNote: "n"), currency: jpy)?.message
                == "JPY amounts have no decimals"
        )
        let kwd = Currency(code: "KWD")!
        #expect(
            rejection(RuleInput(amountMin: "x", setNote: "n"), currency: kwd)?.message
                == "must be an amount, e.g. 12.500"
        )
        #expect(rejection(RuleInput(amountMin: "10000000000", setNote: "n"))?.field == "amount_min")
    }

    @Test("A resolver's error keeps its message under the rule's field")
    func resolverErrors() {
        #expect(
            accountRejection { _ throws(FieldError) in throw FieldError("account", "is ambiguous") }
                == FieldError("account", "is ambiguous")
        )
        #expect(
            accountRejection { $0 == "A" ? 1 : try { () throws(FieldError) in throw FieldError("x", "gone") }() }
                == FieldError("set_account", "gone")
        )
        #expect(accountRejection { _ in throw Broken() }?.field == "account")
    }

    @Test("A stored rule fills the form it came from")
    func roundTrip() throws {
        let inputs = [
            RuleInput(payeeContains: "Shell", noteStarts: "fuel", amountIs: "12.50", setCategory: "7"),
            RuleInput(
                payeeIs: "Rent",
                amountMin: "900",
                account: "3",
                kind: "expense",
                setNote: "rent",
                setAccount: "3"
            ),
            RuleInput(noteContains: "x", amountMax: "0.99", setPayee: "Tiny"),
        ]
        for input in inputs {
            let (conditions, actions) = try validate(input)
            let again = RuleInput(Rule(position: 0, conditions: conditions, actions: actions))
            #expect(try validate(again) == validate(input))
        }
    }

    @Test("At most 500 rules a book")
    func limits() {
        #expect(RuleLimits.maxRules == 500)
        #expect((try? RuleLimits.checkRoom(existing: 499)) != nil)
        #expect(throws: FieldError("rule", "a book has at most 500 rules")) { try RuleLimits.checkRoom(existing: 500) }
    }

    @Test(
        "Make a rule from this: the payee's most distinctive words",
        arguments: [
            ("POS 4411 STARBUCKS #1234 SEATTLE", "STARBUCKS"),
            ("SQ *BLUE BOTTLE COFFEE 0042 OAKLAND CA", "BLUE BOTTLE COFFEE"),
            ("PAYPAL *NETFLIX.COM", "NETFLIX.COM"),
            ("AMAZON MKTPLACE PMTS 123-456", "AMAZON MKTPLACE PMTS"),
            ("7-ELEVEN 38291", "7-ELEVEN"),
            ("Café Flore", "Café Flore"),
            ("  Netflix  ", "Netflix"),
            ("12345", "12345"),
            ("POS", "POS"),
        ]
    )
    func suggested(payee: String, expected: String) {
        let input = RuleInput.suggested(payee: payee, category: 7)
        #expect(input == RuleInput(payeeContains: expected, setCategory: "7"))
        // The suggestion always matches the record it came from.
        let rule = Rule(
            position: 0,
            conditions: RuleConditions(payee: TextMatch(.contains, expected)),
            actions: .init()
        )
        #expect(rule.matches(RuleCandidate(payee: payee, amount: .zero(.usd))))
    }

    @Test("A blank payee suggests no condition")
    func suggestedBlank() {
        #expect(RuleInput.suggested(payee: " ", category: nil) == RuleInput())
        #expect(
            RuleInput.suggested(payee: String(repeating: "a", count: 300), category: nil).payeeContains?.count == 200
        )
    }
}
