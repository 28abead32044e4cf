import TallyCore

/// Rules and the changes they make, in words, with the book's category and account names: the
/// one wording the rules page and `tally rules` share.
public struct RuleWords: Sendable {
    /// Category paths by id ("Food: Coffee" on a page, "Food:Coffee" as the CLI takes them).
    let categories: [Int64: String]
    /// Account names by id.
    let accounts: [Int64: String]
    /// The book's currency, for amounts of a rule that names none.
    let currency: Currency

    /// The wording over these names; `separator` joins a category to its parent.
    public init(categories: [Category], accounts: [Account], currency: Currency, separator: String = ": ") {
        self.categories = Dictionary(
            uniqueKeysWithValues: Category.namePaths(categories).map {
                ($0.key.rawValue, $0.value.joined(separator: separator))
            }
        )
        self.accounts = Dictionary(accounts.map { ($0.id.rawValue, $0.name) }, uniquingKeysWith: { first, _ in first })
        self.currency = currency
    }

    /// A category's path, or its id when it is gone.
    public func category(_ id: Int64) -> String { categories[id] ?? "category #\(id)" }

    /// An account's name, or its id when it is gone.
    public func account(_ id: Int64) -> String { accounts[id] ?? "account #\(id)" }

    /// What must hold, one phrase each: "payee contains ‘coffee’", "amount at most $10.00",
    /// "in Checking", "is an expense".
    public func conditions(_ rule: Rule) -> [String] {
        let c = rule.conditions
        var phrases: [String] = []
        for (match, field) in [(c.payee, "payee"), (c.note, "note")] {
            guard let match else { continue }
            let verb =
                switch match.mode {
                case .contains: "contains"
                case .equals: "is"
                case .startsWith: "starts with"
                }
            phrases.append("\(field) \(verb) ‘\(match.text)’")
        }
        let money = { (minor: Int64) in Money(minorUnits: minor, currency: c.currency ?? currency).formatted }
        switch (c.amountMin, c.amountMax) {
        case (let low?, let high?) where low == high: phrases.append("amount is \(money(low))")
        case (let low?, let high?): phrases.append("amount from \(money(low)) to \(money(high))")
        case (let low?, nil): phrases.append("amount at least \(money(low))")
        case (nil, let high?): phrases.append("amount at most \(money(high))")
        case (nil, nil): break
        }
        if let id = c.account { phrases.append("in \(accounts[id] ?? "account #\(id)")") }
        if let kind = c.kind { phrases.append(kind == .transfer ? "is a transfer" : "is an \(kind.rawValue)") }
        return phrases
    }

    /// What it sets, one phrase each: "category Food: Coffee", "payee ‘Starbucks’".
    public func actions(_ rule: Rule) -> [String] {
        let a = rule.actions
        var phrases: [String] = []
        if let id = a.category { phrases.append("category \(categories[id] ?? "#\(id)")") }
        if let payee = a.payee { phrases.append("payee ‘\(payee)’") }
        if let note = a.note { phrases.append("note ‘\(note)’") }
        if let id = a.account { phrases.append("account \(accounts[id] ?? "#\(id)")") }
        if let tag = a.tag { phrases.append("tag #\(tag)") }
        return phrases
    }

    /// A record's fields that differ from `other`, one phrase each; all of them when `other` is nil.
    public func fields(_ f: RuleFields, against other: RuleFields? = nil) -> [String] {
        var phrases: [String] = []
        if f.payee != other?.payee { phrases.append("payee ‘\(f.payee)’") }
        if other == nil || f.categoryID != other?.categoryID {
            phrases.append(f.categoryID.map(category) ?? "no category")
        }
        if other == nil || f.accountID != other?.accountID {
            phrases.append(f.accountID.map(account) ?? "no account")
        }
        if let other, f.note != other.note {
            phrases.append(f.note.isEmpty ? "no note" : "note ‘\(f.note)’")
        } else if other == nil, !f.note.isEmpty {
            phrases.append("note ‘\(f.note)’")
        }
        if let tags = f.tags, tags != other?.tags, other != nil || !tags.isEmpty {
            phrases.append(tags.isEmpty ? "no tags" : tags.map { "#" + $0 }.joined(separator: " "))
        }
        return phrases
    }
}

extension Rules {
    /// The wording of the book's rules, with its names.
    public func words(in scope: BookScope, separator: String = ": ") async throws -> RuleWords {
        RuleWords(
            categories: try await books.categories(in: scope),
            accounts: try await books.accounts(in: scope).map(\.account),
            currency: scope.book.currency,
            separator: separator
        )
    }
}
