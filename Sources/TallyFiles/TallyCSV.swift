import Foundation
import TallyCore

/// Tally's own CSV format — `date,amount,kind,payee,category,subcategory,account,currency,note`,
/// plus optional `time` and `to_account` columns for records that have them. Amounts are positive;
/// `kind` gives the direction.
public enum TallyCSV {
    /// The standard columns, in order.
    public static let columns = [
        "date", "amount", "kind", "payee", "category", "subcategory", "account", "currency", "note",
    ]
    /// Columns an import also accepts.
    public static let optionalColumns = ["time", "to_account"]
    /// The columns that hold free text (names and notes), as opposed to dates, amounts and codes.
    public static let textColumns: Set<String> = ["payee", "category", "subcategory", "account", "note", "to_account"]

    /// The header line for an export; the optional columns only when some record needs them.
    public static func header(time: Bool, toAccount: Bool) -> String {
        CSVWriter.row(columns + (time ? ["time"] : []) + (toAccount ? ["to_account"] : []))
    }

    /// One record's line, matching `header(time:toAccount:)`.
    public static func line(_ r: ExportRecord, time: Bool, toAccount: Bool) -> String {
        var fields = [
            r.date.description, r.amount.decimalString, r.kind.rawValue, r.payee, r.category, r.subcategory,
            r.account, r.amount.currency.code, r.note,
        ]
        if time { fields.append(r.time?.description ?? "") }
        if toAccount { fields.append(r.toAccount) }
        return CSVWriter.row(fields)
    }
}

/// Reads a Tally CSV file as import rows, checking every value; errors name the line and column.
public final class TallyCSVImport: ImportSource, @unchecked Sendable {
    // @unchecked: the reader is advanced by one importing task at a time; the lock makes a
    // second caller wait rather than corrupt the position.
    private let lock = NSLock()
    private var reader: CSVReader
    private let columns: [String: Int]
    private let width: Int
    private let bookCurrency: Currency
    private let today: LocalDate

    /// Opens a file's bytes and reads its header.
    public init(bytes: [UInt8], bookCurrency: Currency, today: LocalDate) throws(FieldError) {
        reader = CSVReader(bytes)
        self.bookCurrency = bookCurrency
        self.today = today
        let first: (line: Int, fields: [String])?
        do { first = try reader.next() } catch { throw FieldError("line \(error.line)", error.message) }
        guard let first else { throw FieldError("file", "is empty; the first line must name the columns") }
        let header = first.fields.map { $0.trimmingSpaces().lowercased() }
        var columns: [String: Int] = [:]
        for (i, name) in header.enumerated() {
            guard TallyCSV.columns.contains(name) || TallyCSV.optionalColumns.contains(name) else {
                throw FieldError(
                    "line 1",
                    "unknown column '\(name)'; the columns are \(TallyCSV.columns.joined(separator: ","))"
                )
            }
            guard columns[name] == nil else { throw FieldError("line 1", "column '\(name)' appears twice") }
            columns[name] = i
        }
        for required in ["date", "amount", "kind"] where columns[required] == nil {
            throw FieldError("line 1", "the '\(required)' column is missing")
        }
        self.columns = columns
        width = header.count
    }

    /// The next checked row.
    public func next() throws -> ImportRecord? {
        lock.lock()
        defer { lock.unlock() }
        let row: (line: Int, fields: [String])
        do {
            guard let read = try reader.next() else { return nil }
            row = read
        } catch {
            throw FieldError("line \(error.line)", error.message)
        }
        guard row.fields.count == width else {
            throw FieldError("line \(row.line)", "has \(row.fields.count) fields; the header has \(width)")
        }
        // Text cells lose the `'` the export added against spreadsheet formulas, so an export
        // reads back to the same text.
        func field(_ name: String) -> String? {
            columns[name].map {
                TallyCSV.textColumns.contains(name) ? CSVFormulaGuard.unescape(row.fields[$0]) : row.fields[$0]
            }
        }
        var input = TransactionInput(
            kind: field("kind"),
            amount: field("amount"),
            currency: field("currency"),
            date: field("date") ?? "",
            time: field("time"),
            payee: field("payee"),
            category: nil,
            account: nil,
            toAccount: nil,
            note: field("note")
        )
        let toAccount = (field("to_account") ?? "").trimmingSpaces()
        if input.kind?.trimmingSpaces().lowercased() == "transfer" {
            input.account = field("account")
            input.toAccount = toAccount
        } else if !toAccount.isEmpty {
            throw FieldError("line \(row.line), to_account", "only transfers have a destination account")
        }
        if let amount = input.amount, amount.trimmingSpaces().hasPrefix("-") {
            throw FieldError("line \(row.line), amount", "must be positive; the kind column gives the direction")
        }
        var draft: TransactionDraft
        do {
            draft = try TransactionDraft.validate(input, base: nil, bookCurrency: bookCurrency, today: today)
        } catch {
            throw FieldError("line \(row.line), \(error.field)", error.message)
        }
        let category = (field("category") ?? "").trimmingSpaces()
        let subcategory = (field("subcategory") ?? "").trimmingSpaces()
        if draft.kind == .transfer, !category.isEmpty || !subcategory.isEmpty {
            throw FieldError("line \(row.line), category", "a transfer has no category")
        }
        if category.isEmpty, !subcategory.isEmpty {
            throw FieldError("line \(row.line), subcategory", "needs a category")
        }
        for (name, value) in [
            ("category", category), ("subcategory", subcategory), ("account", field("account") ?? ""),
        ] {
            do { try Validate.text(value, field: name, maxLength: 100) } catch {
                throw FieldError("line \(row.line), \(name)", error.message)
            }
            if name != "account", value.utf8.contains(UInt8(ascii: ":")) {
                throw FieldError(
                    "line \(row.line), \(name)",
                    "cannot contain ':' (it separates a category from its sub-category)"
                )
            }
        }
        draft.account = nil
        draft.toAccount = nil
        return ImportRecord(
            line: row.line,
            draft: draft,
            category: category,
            subcategory: subcategory,
            account: (field("account") ?? "").trimmingSpaces(),
            toAccount: toAccount
        )
    }

    /// Reads every row without storing anything: the count and the first `limit` rows, for a preview.
    public func preview(limit: Int) throws -> (count: Int, rows: [ImportRecord]) {
        var rows: [ImportRecord] = []
        var count = 0
        while let row = try next() {
            if rows.count < limit { rows.append(row) }
            count += 1
        }
        return (count, rows)
    }
}
