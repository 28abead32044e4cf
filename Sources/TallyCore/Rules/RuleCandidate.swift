/// A record as rules see it: the fields as they came in (a file's payee, not a rename), and
/// which fields were given explicitly, which no rule may change.
public struct RuleCandidate: Sendable, Hashable {
    /// The payee as it came in.
    public let payee: String
    /// The note as it came in.
    public let note: String
    /// The amount in the record's own currency (its sign is ignored).
    public var amount: Money
    /// The account the record is in, if known.
    public var accountID: Int64?
    /// Expense, income or transfer.
    public var kind: TransactionKind
    /// Fields the user or the file gave a value for; rules never touch them.
    public var explicit: Set<RuleField>

    // Folded once here, so that each of 500 rules compares bytes rather than folding again.
    let foldedPayee: FoldedText
    let foldedNote: FoldedText

    /// Makes a candidate.
    public init(
        payee: String,
        note: String = "",
        amount: Money,
        accountID: Int64? = nil,
        kind: TransactionKind = .expense,
        explicit: Set<RuleField> = []
    ) {
        self.payee = payee
        self.note = note
        self.amount = amount
        self.accountID = accountID
        self.kind = kind
        self.explicit = explicit
        self.foldedPayee = FoldedText(payee)
        self.foldedNote = FoldedText(note)
    }
}

/// What the rules proposed for one record: only the fields some rule set, and which rule set each.
public struct RuleOutcome: Sendable, Hashable {
    /// Category (or sub-category) id.
    public var category: Int64?
    /// New payee.
    public var payee: String?
    /// Note.
    public var note: String?
    /// Account id.
    public var account: Int64?
    /// A tag to add.
    public var tag: String?
    /// For each field set, the rule that set it (`Rule.sourceKey`: its id, or its position while
    /// unsaved), so a review can say "category from rule 3".
    public var sources: [RuleField: Int64]

    /// Makes an outcome; empty by default.
    public init(
        category: Int64? = nil,
        payee: String? = nil,
        note: String? = nil,
        account: Int64? = nil,
        sources: [RuleField: Int64] = [:]
    ) {
        self.category = category
        self.payee = payee
        self.note = note
        self.account = account
        self.sources = sources
    }

    /// True when no rule set anything.
    public var isEmpty: Bool { sources.isEmpty }
}
