/// One checked row of an import: the record, and its category and accounts by name (created in
/// the book when they do not exist yet).
public struct ImportRecord: Sendable {
    /// Line in the file (1 is the header), for errors found while storing.
    public var line: Int
    /// The record's checked fields; its references are left empty.
    public var draft: TransactionDraft
    /// Top-level category name, "" for none.
    public var category: String
    /// Sub-category name under `category`, "" for none.
    public var subcategory: String
    /// Account name, "" for none.
    public var account: String
    /// A transfer's destination account name.
    public var toAccount: String
    /// The file's own id of the row (or the hash of its fields), kept on the record; nil for
    /// Tally's own CSV.
    public var importedID: String?
    /// A split record's lines (2–100, adding up to the draft's amount); the record's own
    /// `category` and `subcategory` are then empty.
    public var lines: [ImportLine] = []

    /// A row.
    public init(
        line: Int,
        draft: TransactionDraft,
        category: String,
        subcategory: String,
        account: String,
        toAccount: String,
        importedID: String? = nil
    ) {
        self.line = line
        self.draft = draft
        self.category = category
        self.subcategory = subcategory
        self.account = account
        self.toAccount = toAccount
        self.importedID = importedID
    }
}

/// Rows to import, read one at a time so a large file never has to be held as records.
/// Errors thrown name the line and column; the store then imports nothing.
public protocol ImportSource: Sendable {
    /// The next row, or nil at the end.
    func next() throws -> ImportRecord?
}

/// What an import did.
public struct ImportResult: Sendable, Hashable {
    /// Records added.
    public var count: Int = 0
    /// Categories created (top-level and sub-categories).
    public var createdCategories: Int = 0
    /// Accounts created.
    public var createdAccounts: Int = 0
    /// First and last day of the records, when there were any.
    public var firstDate: LocalDate?
    /// Last day.
    public var lastDate: LocalDate?

    /// An empty result.
    public init() {}
}

/// A record as exported: every field as it is written to a file.
public struct ExportRecord: Sendable, Hashable {
    /// Day.
    public var date: LocalDate
    /// Time of day, if recorded.
    public var time: TimeOfDay?
    /// Expense, income or transfer.
    public var kind: TransactionKind
    /// Positive amount in its currency.
    public var amount: Money
    /// Payee.
    public var payee: String
    /// Top-level category name.
    public var category: String
    /// Sub-category name.
    public var subcategory: String
    /// Account name.
    public var account: String
    /// Transfer destination name.
    public var toAccount: String
    /// Note.
    public var note: String
    /// A split record's lines (its `category` and `subcategory` are then empty).
    public var lines: [ExportLine] = []
    /// Its tags.
    public var tags: [String] = []

    /// A record.
    public init(
        date: LocalDate,
        time: TimeOfDay?,
        kind: TransactionKind,
        amount: Money,
        payee: String,
        category: String,
        subcategory: String,
        account: String,
        toAccount: String,
        note: String
    ) {
        self.date = date
        self.time = time
        self.kind = kind
        self.amount = amount
        self.payee = payee
        self.category = category
        self.subcategory = subcategory
        self.account = account
        self.toAccount = toAccount
        self.note = note
    }
}

/// One line of a split record as a file row sees it: names instead of ids.
public struct ExportLine: Sendable, Hashable {
    /// Top-level category name; "" when the line is uncategorised.
    public var category: String
    /// Sub-category name, "" for none.
    public var subcategory: String
    /// The line's amount, in the record's currency.
    public var amount: Money
    /// The line's note.
    public var note: String

    /// Makes a line.
    public init(category: String, subcategory: String, amount: Money, note: String) {
        self.category = category
        self.subcategory = subcategory
        self.amount = amount
        self.note = note
    }
}

/// One line of a split record read from a file: names as spelled there, found or created on import.
public typealias ImportLine = ExportLine
