import SQLKit
import TallyCore

/// A transaction with the names people see: category path, icon, colour and account names.
public struct TransactionRecord: Sendable, Hashable {
    /// The stored record.
    public var transaction: Transaction
    /// "Food:Coffee", or nil when uncategorised.
    public var categoryPath: String?
    /// The category's icon.
    public var categoryIcon: String?
    /// The category's colour.
    public var categoryColor: String?
    /// Name of the account paid from / into.
    public var accountName: String?
    /// Name of a transfer's destination.
    public var toAccountName: String?

    /// The amount with its direction: negative for expenses, positive for incomes, as-is for transfers.
    public var signedAmount: Money {
        transaction.kind == .expense ? transaction.amount.negated : transaction.amount
    }

    /// The editable fields as a draft (used when an edit gives only some of them).
    public var draft: TransactionDraft {
        let t = transaction
        return TransactionDraft(
            kind: t.kind,
            amount: t.amount,
            date: t.date,
            time: t.time,
            payee: t.payee,
            category: t.categoryID.map(Reference.to),
            account: t.accountID.map(Reference.to),
            toAccount: t.toAccountID.map(Reference.to),
            note: t.note
        )
    }

    /// The SELECT list and joins that `init(row:)` reads.
    static let selectSQL: SQLQueryString = """
        SELECT t.id, t.book_id, t.kind, t.amount_minor, t.currency, t.date, t.time, t.payee, t.category_id,
          t.account_id, t.to_account_id, t.note, c.name AS c_name, c.icon AS c_icon, c.color AS c_color,
          p.name AS p_name, a.name AS a_name, ta.name AS ta_name,
          (SELECT COUNT(*) FROM receipts r WHERE r.transaction_id = t.id) AS receipt_count
        FROM transactions t
        LEFT JOIN categories c ON c.id = t.category_id
        LEFT JOIN categories p ON p.id = c.parent_id
        LEFT JOIN accounts a ON a.id = t.account_id
        LEFT JOIN accounts ta ON ta.id = t.to_account_id
        """

    init(
        transaction: Transaction,
        categoryPath: String?,
        categoryIcon: String?,
        categoryColor: String?,
        accountName: String?,
        toAccountName: String?
    ) {
        self.transaction = transaction
        self.categoryPath = categoryPath
        self.categoryIcon = categoryIcon
        self.categoryColor = categoryColor
        self.accountName = accountName
        self.toAccountName = toAccountName
    }

    /// A row of `selectSQL`, decoded by SQLKit (`row.decode(model:)`).
    init(row: any SQLRow) throws {
        try self.init(try row.decode(model: StoredRecord.self))
    }

    init(_ stored: StoredRecord) throws {
        guard let date = LocalDate(stored.date) else {
            throw DatabaseError(description: "stored date \(stored.date) is invalid")
        }
        transaction = Transaction(
            id: stored.id,
            bookID: stored.bookID,
            kind: TransactionKind(rawValue: stored.kind) ?? .expense,
            amount: Money(minorUnits: stored.amountMinor, currency: try Row.currency(code: stored.currency)),
            date: date,
            time: TimeOfDay(stored.time),
            payee: stored.payee,
            categoryID: stored.categoryID,
            accountID: stored.accountID,
            toAccountID: stored.toAccountID,
            note: stored.note,
            receiptCount: stored.receiptCount
        )
        categoryPath = stored.categoryName.map { name in stored.parentName.map { "\($0):\(name)" } ?? name }
        categoryIcon = stored.categoryIcon
        categoryColor = stored.categoryColor
        accountName = stored.accountName
        toAccountName = stored.toAccountName
    }
}

/// One row of `TransactionRecord.selectSQL`: the record's columns and its joined names.
struct StoredRecord: Decodable {
    let id: TransactionID
    let bookID: BookID
    let kind: String
    let amountMinor: Int64
    let currency: String
    let date: String
    let time: String
    let payee: String
    let categoryID: CategoryID?
    let accountID: AccountID?
    let toAccountID: AccountID?
    let note: String
    let receiptCount: Int
    let categoryName: String?
    let parentName: String?
    let categoryIcon: String?
    let categoryColor: String?
    let accountName: String?
    let toAccountName: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, currency, date, time, payee, note
        case bookID = "book_id"
        case amountMinor = "amount_minor"
        case categoryID = "category_id"
        case accountID = "account_id"
        case toAccountID = "to_account_id"
        case receiptCount = "receipt_count"
        case categoryName = "c_name"
        case parentName = "p_name"
        case categoryIcon = "c_icon"
        case categoryColor = "c_color"
        case accountName = "a_name"
        case toAccountName = "ta_name"
    }
}
