import TallyCore
import TallyStore
import Testing

/// The one wording of rules that the rules page and `tally rules` share.
@Suite("Rules in words")
struct RuleWordsTests {
    let book = BookID(rawValue: 1)
    let eur = Currency(code: "EUR")!

    var words: RuleWords {
        let food = Category(
            id: CategoryID(rawValue: 1),
            bookID: book,
            parentID: nil,
            kind: .expense,
            name: "Food",
            icon: "",
            color: ""
        )
        let coffee = Category(
            id: CategoryID(rawValue: 2),
            bookID: book,
            parentID: food.id,
            kind: .expense,
            name: "Coffee",
            icon: "",
            color: ""
        )
        let cash = Account(
            id: AccountID(rawValue: 5),
            bookID: book,
            name: "Cash",
            kind: .cash,
            openingBalance: Money(minorUnits: 0, currency: eur),
            archived: false
        )
        return RuleWords(categories: [food, coffee], accounts: [cash], currency: eur, separator: ":")
    }

    @Test("every condition and action in words, amounts in the book's currency, gone names by id")
    func everyPhrase() {
        let rule = Rule(
            position: 1,
            conditions: RuleConditions(
                payee: TextMatch(.startsWith, "POS"),
                note: TextMatch(.equals, "card"),
                amountMin: 150,
                amountMax: 1000,
                account: 5,
                kind: .transfer
            ),
            actions: RuleActions(category: 2, payee: "Starbucks", note: "latte", account: 9)
        )
        #expect(
            words.conditions(rule) == [
                "payee starts with ‘POS’", "note is ‘card’", "amount from €1.50 to €10.00", "in Cash", "is a transfer",
            ]
        )
        #expect(words.actions(rule) == ["category Food:Coffee", "payee ‘Starbucks’", "note ‘latte’", "account #9"])
        let one = Rule(
            position: 1,
            conditions: RuleConditions(amountMin: 450, amountMax: 450, kind: .income),
            actions: RuleActions(category: 3)
        )
        #expect(words.conditions(one) == ["amount is €4.50", "is an income"])
        #expect(words.actions(one) == ["category #3"])
    }

    @Test("a record's fields: all of them alone, only what changed against another")
    func fields() {
        let before = RuleFields(payee: "POS 12", note: "", categoryID: nil, accountID: 5)
        let after = RuleFields(payee: "Starbucks", note: "", categoryID: 2, accountID: 5)
        #expect(words.fields(before) == ["payee ‘POS 12’", "no category", "Cash"])
        #expect(words.fields(after, against: before) == ["payee ‘Starbucks’", "Food:Coffee"])
        let noted = RuleFields(payee: "POS 12", note: "x", categoryID: nil, accountID: nil)
        #expect(words.fields(before, against: noted) == ["Cash", "no note"])
    }
}
