import FuzzSupport
import TallyCore

// A quick-add line ("coffee 4.50 starbucks yesterday") read against a small book. Input: one
// byte choosing the book's currency and the date order, then the line.
//
// Invariants: a draft always comes back, with a source for each of the contract's fields; its
// amount is positive or absent, and absent exactly when `requireAmount` names `text`; its date is
// one Tally accepts, and today when none was typed; its category and account are the book's own
// (an archived account never); the words it did not read stay in order, as typed.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_quick_add_main")
public func fuzzQuickAddMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzQuickAdd)
}

let today = LocalDate(year: 2026, month: 11, day: 27)!
let fields: Set<String> = ["kind", "amount", "currency", "date", "time", "payee", "category", "account", "note"]

func book(_ currency: Currency) -> QuickAddBook {
    let id = BookID(rawValue: 1)
    func category(_ n: Int64, _ name: String, _ parent: Int64?, _ kind: CategoryKind = .expense) -> Category {
        Category(
            id: CategoryID(rawValue: n),
            bookID: id,
            parentID: parent.map { CategoryID(rawValue: $0) },
            kind: kind,
            name: name,
            icon: "",
            color: "#000000"
        )
    }
    func account(_ n: Int64, _ name: String, _ kind: AccountKind, archived: Bool = false) -> Account {
        Account(
            id: AccountID(rawValue: n),
            bookID: id,
            name: name,
            kind: kind,
            openingBalance: Money(minorUnits: 0, currency: currency),
            archived: archived
        )
    }
    func payee(_ name: String, _ category: Int64?, _ account: Int64?) -> Payee {
        Payee(
            name: name,
            lastCategoryID: category.map { CategoryID(rawValue: $0) },
            lastAccountID: account.map { AccountID(rawValue: $0) },
            lastAmount: nil
        )
    }
    return QuickAddBook(
        currency: currency,
        categories: [
            category(1, "Food", nil), category(2, "Coffee", 1), category(3, "Café", 1),
            category(4, "Salary", nil, .income),
            category(5, "Taxi", nil),
        ],
        accounts: [
            account(1, "Visa", .credit), account(2, "Cash", .cash), account(3, "Old Visa", .credit, archived: true),
        ],
        payees: [
            payee("Starbucks Coffee", 2, 1), payee("Starbucks", 2, 2), payee("Uber", 5, 9), payee("Acme Corp", 4, nil),
            payee("7-Eleven", nil, nil), payee("Café de Flore", 3, 1),
        ],
        rules: RuleBook([
            Rule(
                position: 1,
                conditions: RuleConditions(payee: TextMatch(.contains, "tax")),
                actions: RuleActions(category: 5)
            )
        ])
    )
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuickAdd(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let currency = [Currency.usd, Currency(code: "EUR")!, Currency(code: "JPY")!, Currency(code: "KWD")!][
        Int(options % 4)
    ]
    let order: QuickAddDateOrder = options & 4 == 0 ? .monthFirst : .dayFirst
    let line = input.text
    let known = book(currency)
    let draft = QuickAddDraft(line, book: known, today: today, order: order)

    require(Set(draft.sources.keys) == fields, "sources \(draft.sources.keys.sorted()) for \(shown(line))")
    if let amount = draft.amount {
        require(amount.minorUnits > 0 && amount.minorUnits <= Money.maxMinorUnits, "amount \(amount) of \(shown(line))")
    }
    do {
        let amount = try draft.requireAmount()
        require(draft.amount == amount, "requireAmount gave \(amount) for \(shown(line))")
    } catch {
        require(draft.amount == nil && error.field == "text", "requireAmount: \(error) for \(shown(line))")
    }
    require(LocalDate.supported.contains(draft.date), "date \(draft.date) of \(shown(line))")
    if draft.sources["date"] == .default { require(draft.date == today, "an untyped date \(draft.date)") }
    let paths = Set(Category.namePaths(known.categories).values.map { $0.joined(separator: ":") })
    if let category = draft.category { require(paths.contains(category), "category \(shown(category))") }
    if let account = draft.account {
        require(known.accounts.contains { $0.name == account && !$0.archived }, "account \(shown(account))")
    }
    // The note's words are the line's, in order.
    var typed = line.split(whereSeparator: \.isWhitespace)[...]
    for word in draft.note.split(separator: " ") {
        guard let index = typed.firstIndex(of: word) else {
            require(false, "note word \(shown(word)) is not in \(shown(line)) in order")
            break
        }
        typed = typed[(index + 1)...]
    }
    return 0
}
