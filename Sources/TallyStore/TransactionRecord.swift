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
    /// The statement import it came from, if any.
    public var importID: Int64?
    /// The file's own id of it (FITID, AcctSvcrRef) or the hash of its row, when imported.
    public var importedID: String?
    /// A split record's lines with their category names; empty when it has one category.
    public var lines: [LineRecord] = []
    /// How many lines the stored record has (read before the lines themselves are).
    var lineCount = 0
    /// How many tags the stored record has (read before the tags themselves are).
    var tagCount = 0

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
            note: t.note,
            lines: t.lines.map {
                DraftLine(category: $0.categoryID.map(Reference.to), amount: $0.amount, note: $0.note)
            },
            tags: t.tags
        )
    }

    /// The SELECT list and joins that `init(row:)` reads.
    static let selectSQL: SQLQueryString = """
        SELECT t.id, t.book_id, t.kind, t.amount_minor, t.base_minor, t.currency, t.date, t.time, t.payee, t.category_id,
          t.account_id, t.to_account_id, t.note, t.import_id, t.imported_id, t.line_count, t.tag_count, c.name AS c_name, c.icon AS c_icon, c.color AS c_color,
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

    /// A row of `selectSQL`. Read column by column rather than with `row.decode(model:)` as the
    /// store's other rows are: this is the record list's hot loop, and SQLKit's row decoder (a
    /// key string built and the column looked up two or three times per field) made a page of
    /// 50 records measurably slower (see docs/benchmarks.md, "Codable rows on the hot paths").
    /// Ids are read as `Int64` and tagged here, sparing each a cast to `Tagged`'s conditional
    /// conformance (measured with `TransactionJSON`'s plain ids, same section).
    init(row: any SQLRow) throws {
        let currency = try Row.currency(code: try row.decode(column: "currency", as: String.self))
        let dateText = try row.decode(column: "date", as: String.self)
        guard let date = LocalDate(dateText) else {
            throw DatabaseError(description: "stored date \(dateText) is invalid")
        }
        transaction = Transaction(
            id: TransactionID(rawValue: try row.decode(column: "id", as: Int64.self)),
            bookID: BookID(rawValue: try row.decode(column: "book_id", as: Int64.self)),
            kind: TransactionKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .expense,
            amount: Money(minorUnits: try row.decode(column: "amount_minor", as: Int64.self), currency: currency),
            date: date,
            time: TimeOfDay(try row.decode(column: "time", as: String.self)),
            payee: try row.decode(column: "payee", as: String.self),
            categoryID: try row.decode(column: "category_id", as: Int64?.self).map(CategoryID.init(rawValue:)),
            accountID: try row.decode(column: "account_id", as: Int64?.self).map(AccountID.init(rawValue:)),
            toAccountID: try row.decode(column: "to_account_id", as: Int64?.self).map(AccountID.init(rawValue:)),
            note: try row.decode(column: "note", as: String.self),
            receiptCount: try row.decode(column: "receipt_count", as: Int.self),
            baseMinor: try row.decode(column: "base_minor", as: Int64?.self)
        )
        let name = try row.decode(column: "c_name", as: String?.self)
        let parent = try row.decode(column: "p_name", as: String?.self)
        categoryPath = name.map { name in parent.map { "\($0):\(name)" } ?? name }
        categoryIcon = try row.decode(column: "c_icon", as: String?.self)
        categoryColor = try row.decode(column: "c_color", as: String?.self)
        accountName = try row.decode(column: "a_name", as: String?.self)
        toAccountName = try row.decode(column: "ta_name", as: String?.self)
        importID = try row.decode(column: "import_id", as: Int64?.self)
        importedID = try row.decode(column: "imported_id", as: String?.self)
        lineCount = try row.decode(column: "line_count", as: Int.self)
        tagCount = try row.decode(column: "tag_count", as: Int.self)
    }
}
