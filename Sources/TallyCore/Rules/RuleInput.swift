/// The raw fields of a rule as typed in a form, sent in JSON or given as command options; the
/// JSON keys and options are the snake_case names (`payee_contains`, `set_category`, ...).
/// `nil` or blank text means "not given".
public struct RuleInput: Sendable, Equatable, Codable {
    /// Payee contains this text.
    public var payeeContains: String?
    /// Payee is this text.
    public var payeeIs: String?
    /// Payee starts with this text.
    public var payeeStarts: String?
    /// Note contains this text.
    public var noteContains: String?
    /// Note is this text.
    public var noteIs: String?
    /// Note starts with this text.
    public var noteStarts: String?
    /// Amount (without sign) is exactly this, in the book's currency: "12.50".
    public var amountIs: String?
    /// Amount (without sign) is at least this, inclusive.
    public var amountMin: String?
    /// Amount (without sign) is at most this, inclusive.
    public var amountMax: String?
    /// Account id or name.
    public var account: String?
    /// "expense", "income" or "transfer".
    public var kind: String?
    /// Category id, name or "Parent:Child" to file matching records under.
    public var setCategory: String?
    /// Payee to show instead.
    public var setPayee: String?
    /// Note to add.
    public var setNote: String?
    /// Account id or name to put matching records in.
    public var setAccount: String?
    /// A tag to add to matching records.
    public var addTag: String?

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
        case account, kind
        case setCategory = "set_category"
        case setPayee = "set_payee"
        case setNote = "set_note"
        case setAccount = "set_account"
        case addTag = "add_tag"
    }

    /// Makes an input; every field optional.
    public init(
        payeeContains: String? = nil,
        payeeIs: String? = nil,
        payeeStarts: String? = nil,
        noteContains: String? = nil,
        noteIs: String? = nil,
        noteStarts: String? = nil,
        amountIs: String? = nil,
        amountMin: String? = nil,
        amountMax: String? = nil,
        account: String? = nil,
        kind: String? = nil,
        setCategory: String? = nil,
        setPayee: String? = nil,
        setNote: String? = nil,
        setAccount: String? = nil,
        addTag: String? = nil
    ) {
        self.addTag = addTag
        self.payeeContains = payeeContains
        self.payeeIs = payeeIs
        self.payeeStarts = payeeStarts
        self.noteContains = noteContains
        self.noteIs = noteIs
        self.noteStarts = noteStarts
        self.amountIs = amountIs
        self.amountMin = amountMin
        self.amountMax = amountMax
        self.account = account
        self.kind = kind
        self.setCategory = setCategory
        self.setPayee = setPayee
        self.setNote = setNote
        self.setAccount = setAccount
    }

    /// The fields of a stored rule, to fill an edit form: ids as digits, amounts as decimal text.
    public init(_ rule: Rule) {
        self.init()
        let conditions = rule.conditions
        for (match, prefix) in [(conditions.payee, "payee"), (conditions.note, "note")] {
            guard let match else { continue }
            let key: WritableKeyPath<RuleInput, String?> =
                switch (prefix, match.mode) {
                case ("payee", .contains): \.payeeContains
                case ("payee", .equals): \.payeeIs
                case ("payee", .startsWith): \.payeeStarts
                case (_, .contains): \.noteContains
                case (_, .equals): \.noteIs
                case (_, .startsWith): \.noteStarts
                }
            self[keyPath: key] = match.text
        }
        let currency = conditions.currency ?? .usd
        let text = { (minor: Int64?) in minor.map { Money(minorUnits: $0, currency: currency).decimalString } }
        if conditions.amountMin != nil, conditions.amountMin == conditions.amountMax {
            amountIs = text(conditions.amountMin)
        } else {
            amountMin = text(conditions.amountMin)
            amountMax = text(conditions.amountMax)
        }
        account = conditions.account.map { String($0) }
        kind = conditions.kind?.rawValue
        setCategory = rule.actions.category.map { String($0) }
        setPayee = rule.actions.payee
        setNote = rule.actions.note
        setAccount = rule.actions.account.map { String($0) }
        addTag = rule.actions.tag
    }
}
