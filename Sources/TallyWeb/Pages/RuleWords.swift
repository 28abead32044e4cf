import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// Rules and their changes in words, with the book's category and account names.
struct RuleWords {
    let categories: CategoryNames
    let accounts: [Int64: String]
    let currency: Currency

    /// The names of the book in `scope`.
    init(store: Store, scope: BookScope) async throws {
        categories = CategoryNames(try await store.books.categories(in: scope))
        accounts = Dictionary(
            try await store.books.accounts(in: scope).map { ($0.account.id.rawValue, $0.account.name) },
            uniquingKeysWith: { first, _ in first }
        )
        currency = scope.book.currency
    }

    /// An account's name, or its id when it is gone.
    func account(_ id: Int64) -> String { accounts[id] ?? "account \(id)" }

    /// "payee contains ‘coffee’ and amount at most $10.00" → "category Food: Coffee".
    func describe(_ rule: Rule) -> (conditions: String, actions: String) {
        let c = rule.conditions
        var conditions: [String] = []
        for (match, field) in [(c.payee, "payee"), (c.note, "note")] {
            guard let match else { continue }
            let verb =
                switch match.mode {
                case .contains: "contains"
                case .equals: "is"
                case .startsWith: "starts with"
                }
            conditions.append("\(field) \(verb) ‘\(match.text)’")
        }
        let money = { (minor: Int64) in Money(minorUnits: minor, currency: c.currency ?? currency).formatted }
        switch (c.amountMin, c.amountMax) {
        case (let low?, let high?) where low == high: conditions.append("amount is \(money(low))")
        case (let low?, let high?): conditions.append("amount from \(money(low)) to \(money(high))")
        case (let low?, nil): conditions.append("amount at least \(money(low))")
        case (nil, let high?): conditions.append("amount at most \(money(high))")
        case (nil, nil): break
        }
        if let id = c.account { conditions.append("in \(account(id))") }
        if let kind = c.kind { conditions.append("is an \(kind == .expense ? "expense" : kind.rawValue)") }
        let a = rule.actions
        var actions: [String] = []
        if let id = a.category { actions.append("category \(categories.path(id))") }
        if let payee = a.payee { actions.append("payee ‘\(payee)’") }
        if let note = a.note { actions.append("note ‘\(note)’") }
        if let id = a.account { actions.append("account \(account(id))") }
        return (
            conditions.joined(separator: " and ").capitalizedFirst,
            "Set " + actions.joined(separator: ", ")
        )
    }

    /// The fields of a record that differ from `other`, in words.
    func fields(_ f: RuleFields, against other: RuleFields) -> String {
        var parts: [String] = []
        if f.payee != other.payee { parts.append("payee ‘\(f.payee)’") }
        if f.note != other.note { parts.append(f.note.isEmpty ? "no note" : "note ‘\(f.note)’") }
        if f.categoryID != other.categoryID {
            parts.append(f.categoryID.map { categories.path($0) } ?? "uncategorised")
        }
        if f.accountID != other.accountID { parts.append(f.accountID.map { account($0) } ?? "no account") }
        return parts.joined(separator: ", ")
    }
}

extension String {
    /// The text with its first letter upper-cased ("payee contains…" → "Payee contains…").
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// The add-a-rule form: `RuleInput`'s fields under their snake_case names, and the position.
struct RuleForm: PageForm {
    var payeeContains: String?
    var payeeIs: String?
    var payeeStarts: String?
    var noteContains: String?
    var noteIs: String?
    var noteStarts: String?
    var amountIs: String?
    var amountMin: String?
    var amountMax: String?
    var account: String?
    var kind: String?
    var setCategory: String?
    var setPayee: String?
    var setNote: String?
    var setAccount: String?
    var position: String?

    enum CodingKeys: String, CodingKey {
        case payeeContains = "payee_contains"
        case payeeIs = "payee_is"
        case payeeStarts = "payee_starts"
        case noteContains = "note_contains"
        case noteIs = "note_is"
        case noteStarts = "note_starts"
        case amountIs = "amount_is"
        case amountMin = "amount_min"
        case amountMax = "amount_max"
        case account, kind, position
        case setCategory = "set_category"
        case setPayee = "set_payee"
        case setNote = "set_note"
        case setAccount = "set_account"
    }

    /// The form as the store's input; blank fields are "not given".
    var input: RuleInput {
        RuleInput(
            payeeContains: payeeContains,
            payeeIs: payeeIs,
            payeeStarts: payeeStarts,
            noteContains: noteContains,
            noteIs: noteIs,
            noteStarts: noteStarts,
            amountIs: amountIs,
            amountMin: amountMin,
            amountMax: amountMax,
            account: account,
            kind: kind,
            setCategory: setCategory,
            setPayee: setPayee,
            setNote: setNote,
            setAccount: setAccount
        )
    }
}
