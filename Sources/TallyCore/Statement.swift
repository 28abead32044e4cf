/// What a bank or finance-program file says, read by one of the statement parsers (OFX/QFX, QIF,
/// CAMT.053, a bank's CSV through a mapping) before anything is matched to the book: accounts as
/// the file names them, and signed entries. The import pipeline turns this into reviewed rows.
public struct Statement: Sendable, Equatable, Encodable {
    /// Which parser read it.
    public var format: StatementFormat
    /// The accounts the file names, in file order; a file that names none has one unnamed account.
    public var accounts: [StatementAccount]
    /// Every entry, in file order.
    public var entries: [StatementEntry]

    /// A statement.
    public init(format: StatementFormat, accounts: [StatementAccount], entries: [StatementEntry]) {
        self.format = format
        self.accounts = accounts
        self.entries = entries
    }
}

/// The file formats a statement can be read from.
public enum StatementFormat: String, Sendable, Encodable, CaseIterable {
    /// OFX 1.x (SGML), OFX 2.x (XML) and Quicken's QFX.
    case ofx
    /// Quicken Interchange Format.
    case qif
    /// ISO 20022 bank-to-customer statement, camt.053.001.02 to .08.
    case camt
    /// Any bank's CSV, read through a `CSVMapping`.
    case csv
}

/// An account as the file states it.
public struct StatementAccount: Sendable, Equatable, Encodable {
    /// The account number or IBAN as written in the file (OFX `ACCTID`, CAMT `IBAN`/`Othr/Id`);
    /// "" when the file has none. The store keeps only a hash and the last four characters.
    public var number: String
    /// A name the file gives (QIF `!Account` `N`, a CSV account column); "" for none.
    public var name: String
    /// What kind of account the file says it is.
    public var kind: StatementAccountKind
    /// The account's currency (OFX `CURDEF`, CAMT `Acct/Ccy`); nil when the file does not say.
    public var currency: Currency?
    /// The closing (ledger) balance the file states, for reconciliation.
    public var closingBalance: Money?
    /// The day of `closingBalance`.
    public var closingDate: LocalDate?

    /// An account.
    public init(
        number: String = "",
        name: String = "",
        kind: StatementAccountKind = .bank,
        currency: Currency? = nil,
        closingBalance: Money? = nil,
        closingDate: LocalDate? = nil
    ) {
        self.number = number
        self.name = name
        self.kind = kind
        self.currency = currency
        self.closingBalance = closingBalance
        self.closingDate = closingDate
    }

    enum CodingKeys: String, CodingKey {
        case number, name, kind, currency
        case closingBalance = "closing_balance"
        case closingDate = "closing_date"
    }

    /// JSON for `tally statement` and the oracle tests: the balance as decimal text ("-12.50").
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(number, forKey: .number)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(currency?.code, forKey: .currency)
        try c.encode(closingBalance?.decimalString, forKey: .closingBalance)
        try c.encode(closingDate?.description, forKey: .closingDate)
    }
}

/// The kinds of account a statement file distinguishes.
public enum StatementAccountKind: String, Sendable, Encodable {
    /// A checking or savings account (OFX `BANKACCTFROM`, QIF `Bank`, CAMT).
    case bank
    /// A credit card (OFX `CCACCTFROM`, QIF `CCard`).
    case creditCard = "credit_card"
    /// Cash (QIF `Cash`).
    case cash
    /// Another asset (QIF `Oth A`).
    case asset
    /// Another liability (QIF `Oth L`).
    case liability
}

/// One entry as the file states it. The amount is signed as banks write it: positive is money in,
/// negative is money out.
public struct StatementEntry: Sendable, Equatable, Encodable {
    /// Where it is in the file, for errors and the review: "line 12" or "Ntry 3".
    public var location: String
    /// Index into `Statement.accounts`.
    public var account: Int
    /// The day it was booked (OFX `DTPOSTED`, CAMT `BookgDt`, else `ValDt`).
    public var date: LocalDate
    /// The time of day, when the file gives one.
    public var time: TimeOfDay?
    /// Signed amount in its own currency.
    public var amount: Money
    /// Payee or counterparty ("" when the file has none).
    public var payee: String
    /// Memo or remittance text ("" for none).
    public var memo: String
    /// Category as the file names it, "Category" or "Category:Sub" (QIF `L`, a CSV column); "".
    public var category: String
    /// For QIF `L[Account]`: the other account of a transfer; "" otherwise.
    public var transferAccount: String
    /// The file's own id of the entry (OFX `FITID`, CAMT `AcctSvcrRef` else `NtryRef`, a CSV id
    /// column); nil when it has none, and the import then hashes the row's own fields.
    public var fileID: String?
    /// Check number (OFX `CHECKNUM`, QIF `N`); "" for none.
    public var checkNumber: String
    /// The file's transaction type (OFX `TRNTYPE`, a CSV type column); "" for none.
    public var type: String
    /// A split transaction's lines (QIF `S`/`$`/`E`), 2–`Split.maxLines` of them, each signed as
    /// the total and adding up to it; `category` is then "". Empty for a plain entry.
    public var splits: [StatementSplit] = []

    /// An entry.
    public init(
        location: String,
        account: Int = 0,
        date: LocalDate,
        time: TimeOfDay? = nil,
        amount: Money,
        payee: String = "",
        memo: String = "",
        category: String = "",
        transferAccount: String = "",
        fileID: String? = nil,
        checkNumber: String = "",
        type: String = ""
    ) {
        self.location = location
        self.account = account
        self.date = date
        self.time = time
        self.amount = amount
        self.payee = payee
        self.memo = memo
        self.category = category
        self.transferAccount = transferAccount
        self.fileID = fileID
        self.checkNumber = checkNumber
        self.type = type
    }

    enum CodingKeys: String, CodingKey {
        case location, account, date, time, amount, currency, payee, memo, category, type, splits
        case transferAccount = "transfer_account"
        case fileID = "file_id"
        case checkNumber = "check_number"
    }

    /// JSON for `tally statement` and the oracle tests: the amount as signed decimal text
    /// ("-12.50") beside its currency code, the date as "YYYY-MM-DD" and the time as "HH:MM".
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(location, forKey: .location)
        try c.encode(account, forKey: .account)
        try c.encode(date.description, forKey: .date)
        try c.encode(time?.description, forKey: .time)
        try c.encode(amount.decimalString, forKey: .amount)
        try c.encode(amount.currency.code, forKey: .currency)
        try c.encode(payee, forKey: .payee)
        try c.encode(memo, forKey: .memo)
        try c.encode(category, forKey: .category)
        try c.encode(transferAccount, forKey: .transferAccount)
        try c.encode(fileID, forKey: .fileID)
        try c.encode(checkNumber, forKey: .checkNumber)
        try c.encode(type, forKey: .type)
        // Only a split entry carries the key: a plain file's output stays as it was.
        if !splits.isEmpty { try c.encode(splits, forKey: .splits) }
    }
}

/// One line of a split transaction as the file states it.
public struct StatementSplit: Sendable, Equatable, Encodable {
    /// "Category" or "Category:Sub" as the file names it ("" when the line has none).
    public var category: String
    /// Signed as the entry's total.
    public var amount: Money
    /// The line's own memo ("" for none).
    public var memo: String

    /// A line.
    public init(category: String, amount: Money, memo: String) {
        self.category = category
        self.amount = amount
        self.memo = memo
    }

    enum CodingKeys: String, CodingKey { case category, amount, memo }

    /// The amount as signed decimal text, like the entry's.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(category, forKey: .category)
        try c.encode(amount.decimalString, forKey: .amount)
        try c.encode(memo, forKey: .memo)
    }
}

/// Why a file could not be read: where (a line, or an element path such as
/// "Stmt[1]/Ntry[3]/Amt") and what is wrong with which field.
public struct StatementError: Error, Sendable, Equatable, CustomStringConvertible {
    /// "line 12", "Ntry 3 (Amt)", or "file".
    public let location: String
    /// A sentence for people, naming the field.
    public let message: String

    /// An error.
    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// "line 12: TRNAMT '12.345' has more decimals than USD has".
    public var description: String { "\(location): \(message)" }
}

/// The limits every statement parser enforces where the bytes enter, so that no file can hold
/// the server for long or fill its memory.
public enum StatementLimits {
    /// Largest file read: 20 MiB (a 100,000-row bank CSV is about 8 MiB).
    public static let maxBytes = 20 * 1024 * 1024
    /// Most entries in one file.
    public static let maxEntries = 200_000
    /// Longest payee, memo or category kept from a file; longer text is cut at this many characters.
    public static let maxText = 500
}
