import TallyCore
import Testing

/// What one quick-add line must become against `QuickAddDraftTests.book`; nil fields are
/// expected empty. `today` is Friday 27 November 2026.
struct DraftCase: CustomTestStringConvertible, Sendable {
    var line: String
    var kind = TransactionKind.expense
    var amount: Int64?
    var date = "2026-11-27"
    var payee = ""
    var category: String?
    var account: String?
    var note = ""
    var sources: [String: QuickAddSource] = [:]

    var testDescription: String { line }
}

@Suite("QuickAddDraft: a line of text read against a book")
struct QuickAddDraftTests {
    static let today = date("2026-11-27")
    static let bookID = BookID(rawValue: 1)

    static func category(_ id: Int64, _ name: String, parent: Int64? = nil, _ kind: CategoryKind = .expense) -> Category
    {
        Category(
            id: CategoryID(rawValue: id),
            bookID: bookID,
            parentID: parent.map { CategoryID(rawValue: $0) },
            kind: kind,
            name: name,
            icon: "",
            color: "#000000"
        )
    }

    static func account(_ id: Int64, _ name: String, _ kind: AccountKind, archived: Bool = false) -> Account {
        Account(
            id: AccountID(rawValue: id),
            bookID: bookID,
            name: name,
            kind: kind,
            openingBalance: Money(minorUnits: 0, currency: .usd),
            archived: archived
        )
    }

    static func payee(_ name: String, category: Int64?, account: Int64? = nil) -> Payee {
        Payee(
            name: name,
            lastCategoryID: category.map { CategoryID(rawValue: $0) },
            lastAccountID: account.map { AccountID(rawValue: $0) },
            lastAmount: nil
        )
    }

    static let book = QuickAddBook(
        currency: .usd,
        categories: [
            category(1, "Food"), category(2, "Coffee", parent: 1), category(3, "Groceries", parent: 1),
            category(4, "Transport"), category(5, "Taxi", parent: 4), category(6, "Salary", .income),
            category(7, "Entertainment"), category(8, "Café", parent: 1),
        ],
        accounts: [
            account(1, "Checking", .checking), account(2, "Visa", .credit), account(3, "Wallet", .cash),
            account(4, "Old Card", .credit, archived: true),
        ],
        payees: [
            payee("Starbucks Coffee", category: 2, account: 2), payee("Uber", category: 5, account: 1),
            payee("Whole Foods Market", category: 3), payee("Acme Corp", category: 6, account: 1),
            payee("Corner Bakery", category: nil),
        ],
        rules: RuleBook([
            Rule(
                position: 0,
                conditions: RuleConditions(payee: TextMatch(.contains, "netflix")),
                actions: RuleActions(category: 7)
            )
        ])
    )

    static let cases: [DraftCase] = [
        DraftCase(
            line: "coffee 4.50 starbucks yesterday",
            amount: 450,
            date: "2026-11-26",
            payee: "Starbucks Coffee",
            category: "Food:Coffee",
            account: "Visa",
            sources: ["payee": .payee, "category": .payee, "account": .payee, "date": .typed, "note": .default]
        ),
        DraftCase(
            line: "starbuks 3.20",
            amount: 320,
            payee: "Starbucks Coffee",
            category: "Food:Coffee",
            account: "Visa"
        ),
        DraftCase(
            line: "uber 15 cash - airport",
            amount: 1500,
            payee: "Uber",
            category: "Transport:Taxi",
            account: "Wallet",
            note: "airport",
            sources: ["account": .word, "note": .typed]
        ),
        DraftCase(
            line: "whole foods 82.10 groceries",
            amount: 8210,
            payee: "Whole Foods Market",
            category: "Food:Groceries"
        ),
        DraftCase(
            line: "+3200 acme corp",
            kind: .income,
            amount: 320_000,
            payee: "Acme Corp",
            category: "Salary",
            account: "Checking",
            sources: ["kind": .typed]
        ),
        DraftCase(
            line: "acme corp 3200",
            kind: .income,
            amount: 320_000,
            payee: "Acme Corp",
            category: "Salary",
            account: "Checking",
            sources: ["kind": .payee, "category": .payee]
        ),
        DraftCase(
            line: "salary 3200",
            kind: .income,
            amount: 320_000,
            category: "Salary",
            sources: ["kind": .word, "category": .word, "payee": .default]
        ),
        DraftCase(
            line: "netflix 15.99",
            amount: 1599,
            payee: "netflix",
            category: "Entertainment",
            sources: ["payee": .typed, "category": .rule]
        ),
        DraftCase(
            line: "groceries 23 at corner bakery",
            amount: 2300,
            payee: "Corner Bakery",
            category: "Food:Groceries"
        ),
        DraftCase(
            line: "coffee 4 at blue bottle with visa",
            amount: 400,
            payee: "blue bottle",
            category: "Food:Coffee",
            account: "Visa",
            sources: ["category": .word, "account": .word]
        ),
        DraftCase(line: "taxis 30 card", amount: 3000, category: "Transport:Taxi", account: "Visa"),
        DraftCase(line: "cafe 3", amount: 300, category: "Food:Café"),
        // The payee read from the words ends at "with" or "for", and at the amount.
        // An everyday word names its category as weakly as a word of a name, and stays the payee:
        // this book has no Restaurants, so the last name "lunch" may mean, Food.
        DraftCase(line: "lunch with bob 12", amount: 1200, payee: "lunch", category: "Food", note: "with bob"),
        DraftCase(line: "ramen 14 tokyo trip", amount: 1400, payee: "ramen", category: "Food", note: "tokyo trip"),
        // A category's whole name wins over the payee's usual one; the payee is still matched.
        DraftCase(
            line: "starbucks 4 groceries",
            amount: 400,
            payee: "Starbucks Coffee",
            category: "Food:Groceries",
            account: "Visa",
            sources: ["category": .word, "payee": .payee]
        ),
        DraftCase(line: "coffee", payee: "", category: "Food:Coffee"),
    ]

    @Test("each line becomes its draft", arguments: cases)
    func drafts(_ expected: DraftCase) {
        let draft = QuickAddDraft(expected.line, book: Self.book, today: Self.today)
        #expect(draft.kind == expected.kind)
        #expect(draft.amount?.minorUnits == expected.amount)
        #expect(draft.date == date(expected.date))
        #expect(draft.payee == expected.payee)
        #expect(draft.category == expected.category)
        #expect(draft.account == expected.account)
        #expect(draft.note == expected.note)
        for (field, source) in expected.sources {
            #expect(draft.sources[field] == source, "\(field)")
        }
    }

    @Test("every field of the contract has a source")
    func sources() {
        let draft = QuickAddDraft("coffee 4.50", book: Self.book, today: Self.today)
        let fields = ["kind", "amount", "currency", "date", "time", "payee", "category", "account", "note"]
        #expect(Set(draft.sources.keys) == Set(fields))
    }

    @Test("an archived account is never proposed")
    func archived() {
        let draft = QuickAddDraft("lunch 9 old card", book: Self.book, today: Self.today)
        #expect(draft.account == "Visa")
    }
}
