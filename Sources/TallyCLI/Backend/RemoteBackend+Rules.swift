import Foundation
import TallyCore
import TallyStore

/// Rules on a server: `…/rules` (`RuleJSON`, with categories as paths and accounts by name) and
/// `…/rule-runs`, read back into the store's `Rule` and `RuleRun` with the book's names.
extension RemoteBackend {
    func rules() async throws -> [Rule] {
        let names = try await RemoteNames(self)
        let answer = try await client.send(.GET, base + "/rules")
        guard let list = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]] else {
            throw CLIError("the server's answer could not be read (rules): is it a Tally server of this version?")
        }
        return try list.map { try names.rule($0) }
    }

    func addRule(_ input: RuleInput, position: Int?) async throws -> Rule {
        var body: [String: Any] = [:]
        for (key, value) in Self.fields(input) { body[key] = value }
        if let position { body["position"] = position }
        let answer = try await client.send(.POST, base + "/rules", json: body)
        guard let object = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] else {
            throw CLIError("the server's answer could not be read (rule): is it a Tally server of this version?")
        }
        return try await RemoteNames(self).rule(object)
    }

    func deleteRule(_ id: Int64) async throws { _ = try await client.send(.DELETE, base + "/rules/\(id)") }

    func applyRule(_ id: Int64, dryRun: Bool) async throws -> RuleRun {
        let query = [("dry_run", dryRun ? "true" : "false")]
        let answer = try await client.send(.POST, base + "/rules/\(id)/apply", query: query)
        return try await RemoteNames(self).run(RemoteJSON.decode(RemoteJSON.RunEntry.self, answer.body))
    }

    func undoRun(_ run: Int64) async throws -> Int {
        let answer = try await client.send(.DELETE, base + "/rule-runs/\(run)")
        return try RemoteJSON.decode(RemoteJSON.UndoEntry.self, answer.body).restored
    }

    func ruleWords() async throws -> RuleWords { try await RemoteNames(self).words }

    /// A `RuleInput`'s fields under the API's keys, those given.
    static func fields(_ input: RuleInput) -> [(String, String)] {
        let all: [(String, String?)] = [
            ("payee_contains", input.payeeContains), ("payee_is", input.payeeIs), ("payee_starts", input.payeeStarts),
            ("note_contains", input.noteContains), ("note_is", input.noteIs), ("note_starts", input.noteStarts),
            ("amount_is", input.amountIs), ("amount_min", input.amountMin), ("amount_max", input.amountMax),
            ("account", input.account), ("kind", input.kind), ("set_category", input.setCategory),
            ("set_payee", input.setPayee), ("set_note", input.setNote), ("set_account", input.setAccount),
            ("add_tag", input.addTag),
        ]
        return all.compactMap { key, value in value.map { (key, $0) } }
    }
}

/// The book's category paths and account names, both ways: the API names them, `Rule` and
/// `RuleFields` hold ids.
struct RemoteNames {
    let categories: [Category]
    let accounts: [Account]
    let currency: Currency
    let categoryIDs: [String: Int64]
    let accountIDs: [String: Int64]

    init(_ backend: RemoteBackend) async throws {
        let categories = try await backend.categories()
        let accounts = try await backend.accounts().map(\.account)
        self.categories = categories
        self.accounts = accounts
        currency = try await backend.currentBook().currency
        categoryIDs = Dictionary(
            categories.map { ($0.path(in: categories), $0.id.rawValue) },
            uniquingKeysWith: { first, _ in first }
        )
        accountIDs = Dictionary(accounts.map { ($0.name, $0.id.rawValue) }, uniquingKeysWith: { first, _ in first })
    }

    var words: RuleWords { RuleWords(categories: categories, accounts: accounts, currency: currency, separator: ":") }

    func category(_ name: String?) -> Int64? { name.flatMap { categoryIDs[$0] ?? Int64($0) } }
    func account(_ name: String?) -> Int64? { name.flatMap { accountIDs[$0] ?? Int64($0) } }

    /// A rule from its `RuleJSON`, checked as the store checked it when it was added.
    func rule(_ object: [String: Any]) throws -> Rule {
        guard let id = (object["id"] as? NSNumber)?.int64Value,
            let position = (object["position"] as? NSNumber)?.intValue
        else { throw CLIError("the server sent a rule without its id") }
        let text = { (key: String) in object[key] as? String }
        let input = RuleInput(
            payeeContains: text("payee_contains"),
            payeeIs: text("payee_is"),
            payeeStarts: text("payee_starts"),
            noteContains: text("note_contains"),
            noteIs: text("note_is"),
            noteStarts: text("note_starts"),
            amountIs: text("amount_is"),
            amountMin: text("amount_min"),
            amountMax: text("amount_max"),
            account: text("account"),
            kind: text("kind"),
            setCategory: text("set_category"),
            setPayee: text("set_payee"),
            setNote: text("set_note"),
            setAccount: text("set_account"),
            addTag: text("add_tag")
        )
        let (conditions, actions) = try RuleInput.validate(
            input,
            bookCurrency: currency,
            resolveCategory: { category($0) },
            resolveAccount: { account($0) }
        )
        return Rule(id: id, position: position, conditions: conditions, actions: actions)
    }

    /// A run from its `RuleRunJSON`; amounts are in the book's currency.
    func run(_ entry: RemoteJSON.RunEntry) throws -> RuleRun {
        let fields = { (f: RemoteJSON.RunEntry.Fields) in
            RuleFields(
                payee: f.payee,
                note: f.note,
                categoryID: category(f.category),
                accountID: account(f.account),
                tags: f.tags
            )
        }
        let changes = try entry.changes.map { change in
            RuleChange(
                id: TransactionID(rawValue: change.id),
                date: try RemoteJSON.date(change.date),
                amount: try RemoteJSON.money(change.amount, currency.code),
                before: fields(change.before),
                after: fields(change.after)
            )
        }
        return RuleRun(id: entry.run, count: entry.count, changes: changes)
    }
}

extension RemoteJSON {
    /// `RuleRunJSON`.
    struct RunEntry: Decodable {
        let run: Int64?, count: Int, changes: [Change]

        struct Change: Decodable {
            let id: Int64, date: String, amount: String, before: Fields, after: Fields
        }

        struct Fields: Decodable {
            let payee: String, note: String, category: String?, account: String?, tags: [String]?
        }
    }

    /// `RunUndoJSON`.
    struct UndoEntry: Decodable {
        let restored: Int
    }
}
