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
    init(row: any SQLRow) throws { try self.init(streamed: SQLKitStreamedRow(row: row)) }

    /// A row read straight from SQLiteNIO (exports: SQLKit's per-column decoding was a third of a
    /// million-record export) or through SQLKit.
    init(streamed row: any StreamedRow) throws {
        func required<T>(_ value: T?, _ column: String) throws -> T {
            guard let value else { throw DatabaseError(description: "stored \(column) is missing") }
            return value
        }
        let currency = try Row.currency(code: try required(try row.text("currency"), "currency"))
        let dateText = try required(try row.text("date"), "date")
        guard let date = LocalDate(dateText) else {
            throw DatabaseError(description: "stored date \(dateText) is invalid")
        }
        transaction = Transaction(
            id: TransactionID(rawValue: try required(try row.int("id"), "id")),
            bookID: BookID(rawValue: try required(try row.int("book_id"), "book_id")),
            kind: TransactionKind(rawValue: try row.text("kind") ?? "") ?? .expense,
            amount: Money(minorUnits: try required(try row.int("amount_minor"), "amount_minor"), currency: currency),
            date: date,
            time: TimeOfDay(try row.text("time") ?? ""),
            payee: try row.text("payee") ?? "",
            categoryID: try row.int("category_id").map(CategoryID.init(rawValue:)),
            accountID: try row.int("account_id").map(AccountID.init(rawValue:)),
            toAccountID: try row.int("to_account_id").map(AccountID.init(rawValue:)),
            note: try row.text("note") ?? "",
            receiptCount: Int(try row.int("receipt_count") ?? 0),
            baseMinor: try row.int("base_minor")
        )
        let name = try row.text("c_name")
        let parent = try row.text("p_name")
        categoryPath = name.map { Category.path(name: $0, parent: parent) }
        categoryIcon = try row.text("c_icon")
        categoryColor = try row.text("c_color")
        accountName = try row.text("a_name")
        toAccountName = try row.text("ta_name")
        importID = try row.int("import_id")
        importedID = try row.text("imported_id")
        lineCount = Int(try row.int("line_count") ?? 0)
        tagCount = Int(try row.int("tag_count") ?? 0)
    }
}
