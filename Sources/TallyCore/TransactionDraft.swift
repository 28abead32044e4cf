import Tagged

/// A reference to a category or account, as people give it: by id, or by name
/// ("Food" or "Food:Coffee" for categories).
public enum Reference: Sendable, Hashable {
    /// A row id, as given: not yet checked to name a row of the book.
    case id(Int64)
    /// A name or "Parent:Child" path.
    case name(String)

    /// A reference to a row whose id is already known.
    public static func to<Tag>(_ id: Tagged<Tag, Int64>) -> Reference { .id(id.rawValue) }

    /// Reads "12" as an id and anything else as a name; empty text is `nil`.
    public init?(_ raw: String?) {
        let text = (raw ?? "").trimmingSpaces()
        guard !text.isEmpty else { return nil }
        if let id = Int64(text), id > 0 { self = .id(id) } else { self = .name(text) }
    }
}

/// The raw fields of a record as typed in a form, sent in JSON or given on the command line.
/// `nil` means "not given": on create the default applies, on edit the old value stays.
public struct TransactionInput: Sendable, Equatable {
    /// "expense", "income" or "transfer".
    public var kind: String?
    /// Decimal text, always positive: "4.50".
    public var amount: String?
    /// ISO code; defaults to the book's.
    public var currency: String?
    /// "YYYY-MM-DD"; defaults to today.
    public var date: String?
    /// "HH:MM"; empty clears it.
    public var time: String?
    /// Merchant or payer.
    public var payee: String?
    /// Category id, name or "Parent:Child".
    public var category: String?
    /// Account id or name.
    public var account: String?
    /// Destination account of a transfer.
    public var toAccount: String?
    /// Free text.
    public var note: String?
    /// Split lines: nil keeps what the record had, empty makes it one category again.
    public var lines: [LineInput]?
    /// Tags, as typed (each item may hold several, split on commas and spaces): nil keeps the
    /// record's, empty removes them.
    public var tags: [String]?

    /// Makes an input; every field optional.
    public init(
        kind: String? = nil,
        amount: String? = nil,
        currency: String? = nil,
        date: String? = nil,
        time: String? = nil,
        payee: String? = nil,
        category: String? = nil,
        account: String? = nil,
        toAccount: String? = nil,
        note: String? = nil,
        lines: [LineInput]? = nil,
        tags: [String]? = nil
    ) {
        self.lines = lines
        self.tags = tags
        self.kind = kind
        self.amount = amount
        self.currency = currency
        self.date = date
        self.time = time
        self.payee = payee
        self.category = category
        self.account = account
        self.toAccount = toAccount
        self.note = note
    }
}

/// A record whose fields have all been checked; references still to be looked up in the book.
public struct TransactionDraft: Sendable, Equatable {
    /// Expense, income or transfer.
    public var kind: TransactionKind
    /// Positive amount.
    public var amount: Money
    /// The day.
    public var date: LocalDate
    /// Optional time.
    public var time: TimeOfDay?
    /// Merchant or payer ("" only for transfers).
    public var payee: String
    /// Category (none for transfers).
    public var category: Reference?
    /// Account paid from / into.
    public var account: Reference?
    /// Transfer destination.
    public var toAccount: Reference?
    /// Free text.
    public var note: String
    /// Split lines summing to `amount`; empty when the record has one category.
    public var lines: [DraftLine]
    /// Tags, checked, each once (case-insensitively), in the order given.
    public var tags: [String]

    /// Makes a draft.
    public init(
        kind: TransactionKind,
        amount: Money,
        date: LocalDate,
        time: TimeOfDay?,
        payee: String,
        category: Reference?,
        account: Reference?,
        toAccount: Reference?,
        note: String,
        lines: [DraftLine] = [],
        tags: [String] = []
    ) {
        self.lines = lines
        self.tags = tags
        self.kind = kind
        self.amount = amount
        self.date = date
        self.time = time
        self.payee = payee
        self.category = category
        self.account = account
        self.toAccount = toAccount
        self.note = note
    }

    /// Checks `input` field by field. With `base` (an edit), fields not given keep the base's
    /// values; without it, `amount` is required and the date defaults to `today`.
    public static func validate(
        _ input: TransactionInput,
        base: TransactionDraft?,
        bookCurrency: Currency,
        today: LocalDate
    ) throws(FieldError) -> TransactionDraft {
        var kind = base?.kind ?? .expense
        if let raw = input.kind {
            guard let parsed = TransactionKind(rawValue: raw.trimmingSpaces().lowercased()) else {
                throw FieldError("kind", "must be expense, income or transfer")
            }
            kind = parsed
        }
        var currency = base?.amount.currency ?? bookCurrency
        if let raw = input.currency, !raw.trimmingSpaces().isEmpty {
            currency = try Validate.currency(raw)
        }
        let amount: Money
        if let raw = input.amount {
            do {
                amount = try Money.parse(raw, currency: currency)
            } catch {
                throw FieldError("amount", error.description)
            }
        } else if let old = base?.amount {
            amount = Money(minorUnits: old.minorUnits, currency: currency)
            if old.currency.minorDigits != currency.minorDigits {
                throw FieldError("amount", "give the amount again when changing the currency")
            }
        } else {
            throw FieldError("amount", "is required")
        }
        guard amount.minorUnits > 0 else { throw FieldError("amount", "must be greater than zero") }

        var date = base?.date ?? today
        if let raw = input.date {
            date = try LocalDate.input(raw, field: "date")
        }
        var time = base?.time
        if let raw = input.time {
            let trimmed = raw.trimmingSpaces()
            if trimmed.isEmpty {
                time = nil
            } else {
                guard let parsed = TimeOfDay(trimmed) else {
                    throw FieldError("time", "'\(raw)' is not a time (HH:MM)")
                }
                time = parsed
            }
        }
        let payee = (input.payee ?? base?.payee ?? "").trimmingSpaces()
        try Validate.line(payee, field: "payee", maxLength: 200)
        let note = (input.note ?? base?.note ?? "").trimmingSpaces()
        try Validate.text(note, field: "note", maxLength: 2000)

        let lines = try splitLines(input, base: base, kind: kind, amount: amount)
        let tags = try input.tags.map { raw throws(FieldError) in try Tags.parse(raw) } ?? base?.tags ?? []
        let category = lines.isEmpty ? (input.category.map(Reference.init) ?? base?.category) : nil
        // Quick add is an amount and a category: the category then says what the money was for.
        if kind != .transfer && payee.isEmpty && category == nil && lines.isEmpty {
            throw FieldError("payee", "is required when no category is given")
        }
        let account = input.account.map(Reference.init) ?? base?.account
        var toAccount = input.toAccount.map(Reference.init) ?? base?.toAccount
        switch kind {
        case .transfer:
            if input.category.flatMap(Reference.init) != nil {
                throw FieldError("category", "a transfer has no category")
            }
            guard account != nil else { throw FieldError("account", "is required for a transfer") }
            guard toAccount != nil else { throw FieldError("to_account", "is required for a transfer") }
            if account == toAccount { throw FieldError("to_account", "must differ from account") }
        case .expense, .income:
            if input.toAccount.flatMap(Reference.init) != nil {
                throw FieldError("to_account", "only transfers have a destination account")
            }
            toAccount = nil
        }
        return TransactionDraft(
            kind: kind,
            amount: amount,
            date: date,
            time: time,
            payee: payee,
            category: kind == .transfer ? nil : category,
            account: account,
            toAccount: toAccount,
            note: note,
            lines: lines,
            tags: tags
        )
    }

    /// The split lines an input leaves the record with: the ones given, checked; or, when none
    /// are given, the base's, which must still add up to the (maybe changed) amount.
    private static func splitLines(
        _ input: TransactionInput,
        base: TransactionDraft?,
        kind: TransactionKind,
        amount: Money
    ) throws(FieldError) -> [DraftLine] {
        var lines: [DraftLine]
        if let given = input.lines {
            if given.isEmpty { return [] }
            lines = try Split.validate(given, amount: amount)
        } else {
            // A kept split follows a change of currency (same digits, checked above with the amount).
            lines = (base?.lines ?? []).map {
                DraftLine(
                    category: $0.category,
                    amount: Money(minorUnits: $0.amount.minorUnits, currency: amount.currency),
                    note: $0.note
                )
            }
            if lines.isEmpty { return [] }
            if input.amount != nil, lines.checkedSumOrNil != amount.minorUnits {
                throw FieldError("lines", "give the lines again when changing a split record's amount")
            }
        }
        if kind == .transfer { throw FieldError("lines", "a transfer cannot be split") }
        if input.category.flatMap(Reference.init) != nil {
            throw FieldError("category", "a split record's categories are on its lines")
        }
        return lines
    }
}

extension [DraftLine] {
    /// The lines' sum, or nil past 64 bits.
    fileprivate var checkedSumOrNil: Int64? { try? checkedSum { $0.amount.minorUnits } }
}
