/// A rule that files records automatically: when every condition holds, its actions propose
/// values for the fields the record left empty. A book's rules form an ordered list.
public struct Rule: Sendable, Hashable, Codable {
    /// Row id; nil before the rule is stored.
    public var id: Int64?
    /// Place in the book's list; lower runs first.
    public var position: Int
    /// What a record must look like.
    public var conditions: RuleConditions
    /// What the rule proposes.
    public var actions: RuleActions

    /// Makes a rule.
    public init(id: Int64? = nil, position: Int, conditions: RuleConditions, actions: RuleActions) {
        self.id = id
        self.position = position
        self.conditions = conditions
        self.actions = actions
    }

    /// What the review shows as the source of a field: the rule's id, or its position while unsaved.
    public var sourceKey: Int64 { id ?? Int64(position) }
}

/// A plain-text condition on a payee or note, compared without regard to case, accents or width.
/// Never a regular expression, so no rule can make matching slow.
public struct TextMatch: Sendable, Hashable, Codable {
    /// How the text is compared.
    public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
        /// The text appears anywhere.
        case contains
        /// The whole field is the text.
        case equals
        /// The field begins with the text.
        case startsWith = "starts_with"
    }

    /// How the text is compared.
    public var mode: Mode
    /// The text as the user wrote it (folded only when compared).
    public var text: String

    /// Makes a condition.
    public init(_ mode: Mode, _ text: String) {
        self.mode = mode
        self.text = text
    }
}

/// The conditions of a rule; every one that is set must hold. A rule has at least one.
public struct RuleConditions: Sendable, Hashable, Codable {
    /// Condition on the payee as it came in.
    public var payee: TextMatch?
    /// Condition on the note.
    public var note: TextMatch?
    /// Least absolute amount, inclusive, in minor units of `currency`.
    public var amountMin: Int64?
    /// Greatest absolute amount, inclusive, in minor units of `currency`; "equals" is min == max.
    public var amountMax: Int64?
    /// The currency of the amounts (the book's when the rule was written); a record in another
    /// currency never meets an amount condition.
    public var currency: Currency?
    /// The account the record is in.
    public var account: Int64?
    /// Expense, income or transfer.
    public var kind: TransactionKind?

    /// Makes conditions; each one optional.
    public init(
        payee: TextMatch? = nil,
        note: TextMatch? = nil,
        amountMin: Int64? = nil,
        amountMax: Int64? = nil,
        currency: Currency? = nil,
        account: Int64? = nil,
        kind: TransactionKind? = nil
    ) {
        self.payee = payee
        self.note = note
        self.amountMin = amountMin
        self.amountMax = amountMax
        self.currency = currency
        self.account = account
        self.kind = kind
    }

    /// True when no condition is set (such conditions are rejected by validation).
    public var isEmpty: Bool {
        payee == nil && note == nil && amountMin == nil && amountMax == nil && account == nil && kind == nil
    }
}

/// The actions of a rule: the values it proposes. A rule has at least one.
public struct RuleActions: Sendable, Hashable, Codable {
    /// Category (or sub-category) id.
    public var category: Int64?
    /// The payee to show instead of the file's ("Starbucks").
    public var payee: String?
    /// The note.
    public var note: String?
    /// Account id.
    public var account: Int64?
    /// A tag added to the record's own (never taking one away).
    public var tag: String?

    /// Makes actions; each one optional.
    public init(
        category: Int64? = nil,
        payee: String? = nil,
        note: String? = nil,
        account: Int64? = nil,
        tag: String? = nil
    ) {
        self.category = category
        self.payee = payee
        self.note = note
        self.account = account
        self.tag = tag
    }

    /// True when the rule would set nothing (rejected by validation).
    public var isEmpty: Bool { category == nil && payee == nil && note == nil && account == nil && tag == nil }
}

/// A field of a record that rules can set.
public enum RuleField: String, Sendable, Hashable, Codable, CaseIterable {
    /// The category.
    case category
    /// The payee.
    case payee
    /// The note.
    case note
    /// The account.
    case account
    /// A tag added (the record's own tags stay; the first matching rule with a tag adds it).
    case tag
}

/// Limits that keep rules cheap to store, show and run.
public enum RuleLimits {
    /// Most rules one book may have.
    public static let maxRules = 500
    /// Longest text in a condition or action, in characters.
    public static let maxText = 200

    /// Refuses a new rule when the book already has `existing` rules.
    public static func checkRoom(existing: Int) throws(FieldError) {
        guard existing < maxRules else { throw FieldError("rule", "a book has at most \(maxRules) rules") }
    }
}
