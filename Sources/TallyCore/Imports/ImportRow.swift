/// What the review found about a row of a statement import.
public enum ImportRowStatus: String, Sendable, Codable, CaseIterable {
    /// Not in the book yet.
    case new
    /// Already imported: the same file id (or row hash) is stored in this account.
    case imported
    /// Possibly the same as a record already in the book (same account and amount, a few days
    /// apart, a similar payee): shown with that record; kept unless the person says otherwise.
    case duplicate
    /// The other side of a record in another of the book's accounts: proposed as one transfer.
    case transfer
}

/// What committing does with a row.
public enum ImportRowAction: String, Sendable, Codable, CaseIterable {
    /// Store it as a new record.
    case `import`
    /// Leave it out.
    case skip
    /// Turn it and the record it matched into one transfer.
    case transfer
}

/// One account of a statement import: the file's account and the book's account it goes to.
public struct ImportAccount: Sendable, Codable, Equatable {
    /// The book's account, when it exists already; else `name` is made on commit.
    public var accountID: AccountID?
    /// The book account's name.
    public var name: String
    /// A hash of the file's account number ("" when it has none); never the number itself.
    public var numberHash: String
    /// The number's last four characters, to show ("" when none).
    public var last4: String
    /// The closing balance the file states, in minor units of `closingCurrency`.
    public var closingMinor: Int64?
    /// Its currency code.
    public var closingCurrency: String?
    /// Its day.
    public var closingDate: LocalDate?

    /// An account.
    public init(
        accountID: AccountID?,
        name: String,
        numberHash: String = "",
        last4: String = "",
        closingMinor: Int64? = nil,
        closingCurrency: String? = nil,
        closingDate: LocalDate? = nil
    ) {
        self.accountID = accountID
        self.name = name
        self.numberHash = numberHash
        self.last4 = last4
        self.closingMinor = closingMinor
        self.closingCurrency = closingCurrency
        self.closingDate = closingDate
    }

    enum CodingKeys: String, CodingKey {
        case name
        case accountID = "account_id"
        case numberHash = "number_hash"
        case last4 = "last4"
        case closingMinor = "closing_minor"
        case closingCurrency = "closing_currency"
        case closingDate = "closing_date"
    }
}

/// A row of a statement import, as it would be stored.
public struct ImportRow: Sendable, Equatable {
    /// 1-based position in the import.
    public var row: Int
    /// Where it is in the file ("line 12", "Stmt 1, Ntry 3").
    public var location: String
    /// Index into the import's accounts.
    public var account: Int
    /// Day.
    public var date: LocalDate
    /// Time of day, when the file gives one.
    public var time: TimeOfDay?
    /// Signed amount: positive is money in.
    public var amount: Money
    /// Payee.
    public var payee: String
    /// Note.
    public var note: String
    /// The book's category, when the file or a rule names one that exists.
    public var categoryID: CategoryID?
    /// A category the file names that the book lacks ("Cat:Sub"), made on commit; "" for none.
    public var categoryName: String
    /// The other account of a transfer the file states (QIF `L[Account]`), by name; "" for none.
    public var transferAccount: String
    /// The file's id of the row, or the hash of its own fields (see `ImportMatcher.importedIDs`).
    public var importedID: String
    /// What the review found.
    public var status: ImportRowStatus
    /// What committing does with it.
    public var action: ImportRowAction
    /// The record it matched (a duplicate's or a transfer's other side).
    public var matchID: TransactionID?
    /// The row of the same file that is the other side of its transfer (a file that holds two of
    /// the book's accounts, money leaving one and reaching the other); nil for none.
    public var pairRow: Int?
    /// Why it has its status, for people.
    public var reason: String
    /// Which fields a rule proposed: field name → rule id.
    public var proposed: [String: Int64]
    /// After the commit: the record it made or changed.
    public var transactionID: TransactionID?
    /// A split transaction's lines (QIF `S`/`$`/`E`), by category name, each a positive amount,
    /// adding up to the row's amount; `categoryID`/`categoryName` are then empty. It is stored as
    /// one split record, and never joins another record as a transfer.
    public var lines: [ImportLine] = []
    /// Tags the book's rules give it (added to the record on commit).
    public var tags: [String] = []

    /// A row.
    public init(
        row: Int,
        location: String,
        account: Int,
        date: LocalDate,
        time: TimeOfDay?,
        amount: Money,
        payee: String,
        note: String,
        categoryID: CategoryID? = nil,
        categoryName: String = "",
        transferAccount: String = "",
        importedID: String,
        status: ImportRowStatus = .new,
        action: ImportRowAction = .import,
        matchID: TransactionID? = nil,
        pairRow: Int? = nil,
        reason: String = "",
        proposed: [String: Int64] = [:],
        transactionID: TransactionID? = nil
    ) {
        self.row = row
        self.location = location
        self.account = account
        self.date = date
        self.time = time
        self.amount = amount
        self.payee = payee
        self.note = note
        self.categoryID = categoryID
        self.categoryName = categoryName
        self.transferAccount = transferAccount
        self.importedID = importedID
        self.status = status
        self.action = action
        self.matchID = matchID
        self.pairRow = pairRow
        self.reason = reason
        self.proposed = proposed
        self.transactionID = transactionID
    }

    /// Money in is an income, money out an expense (a transfer when committed as one).
    public var kind: TransactionKind { amount.minorUnits < 0 ? .expense : .income }
}
