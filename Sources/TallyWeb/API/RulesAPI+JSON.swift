import Hummingbird
import TallyCore
import TallyStore

/// A rule: `{id, position}` and its conditions and actions under `RuleInput`'s keys, only those
/// it has, with categories as paths and accounts by name.
struct RuleJSON: ResponseEncodable {
    let id: Int64, position: Int, input: RuleInput

    init(_ rule: Rule, names: RulesAPI.Names) {
        id = rule.id ?? 0
        position = rule.position
        var input = RuleInput(rule)
        input.account = names.account(rule.conditions.account)
        input.setAccount = names.account(rule.actions.account)
        input.setCategory = names.category(rule.actions.category)
        self.input = input
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(id, forKey: Key("id"))
        try c.encode(position, forKey: Key("position"))
        let values: [(String, String?)] = [
            ("payee_contains", input.payeeContains), ("payee_is", input.payeeIs), ("payee_starts", input.payeeStarts),
            ("note_contains", input.noteContains), ("note_is", input.noteIs), ("note_starts", input.noteStarts),
            ("amount_is", input.amountIs), ("amount_min", input.amountMin), ("amount_max", input.amountMax),
            ("account", input.account), ("kind", input.kind), ("set_category", input.setCategory),
            ("set_payee", input.setPayee), ("set_note", input.setNote), ("set_account", input.setAccount),
            ("add_tag", input.addTag),
        ]
        for (key, value) in values { try c.encodeIfPresent(value, forKey: Key(key)) }
    }

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A rule's run or its preview: `{run, count, changes}` (`run` only when it was applied).
struct RuleRunJSON: ResponseEncodable {
    let run: Int64?, count: Int, changes: [Change]

    /// A record it changes: what it was and what it becomes.
    struct Change: Encodable {
        let id: Int64, date: String, amount: String, before: Fields, after: Fields
    }

    /// The fields a rule sets, readable: `category` as a path, `account` by name (null when none).
    struct Fields: Encodable {
        let payee: String, note: String, category: String?, account: String?
        /// The record's tags, only when the rule adds one.
        let tags: [String]?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(payee, forKey: .payee)
            try c.encode(note, forKey: .note)
            try c.encode(category, forKey: .category)
            try c.encode(account, forKey: .account)
            try c.encodeIfPresent(tags, forKey: .tags)
        }

        enum Keys: String, CodingKey { case payee, note, category, account, tags }
    }

    init(_ run: RuleRun, names: RulesAPI.Names) {
        self.run = run.id
        count = run.count
        let fields = { (f: RuleFields) in
            Fields(
                payee: f.payee,
                note: f.note,
                category: names.category(f.categoryID),
                account: names.account(f.accountID),
                tags: f.tags
            )
        }
        changes = run.changes.map {
            Change(
                id: $0.id.rawValue,
                date: $0.date.description,
                amount: $0.amount.decimalString,
                before: fields($0.before),
                after: fields($0.after)
            )
        }
    }
}

/// Undoing a run: how many records got their fields back.
struct RunUndoJSON: ResponseEncodable {
    let restored: Int
}
