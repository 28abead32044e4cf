import Foundation
import Hummingbird
import TallyCore
import TallyStore

extension RuleWords {
    /// A rule as the page shows it: "Payee contains ‘coffee’ and amount at most $10.00" and
    /// "Set category Food: Coffee".
    func describe(_ rule: Rule) -> (conditions: String, actions: String) {
        (
            conditions(rule).joined(separator: " and ").capitalizedFirst,
            "Set " + actions(rule).joined(separator: ", ")
        )
    }

    /// A record's fields that differ from `other`, in words.
    func changed(_ f: RuleFields, against other: RuleFields) -> String {
        fields(f, against: other).joined(separator: ", ")
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
    var addTag: String?
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
        case addTag = "add_tag"
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
            setAccount: setAccount,
            addTag: addTag
        )
    }
}
