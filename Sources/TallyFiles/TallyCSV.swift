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
    /// Columns an import also accepts. A split record is one row per line: `split` names the
    /// record its rows make up (the same value on each, "" for a record that is not split), and
    /// `line_note` holds each line's note (`note` stays the record's).
    public static let optionalColumns = ["time", "to_account", "split", "line_note", "tags"]
    /// The columns that hold free text (names and notes), as opposed to dates, amounts and codes.
    public static let textColumns: Set<String> = [
        "payee", "category", "subcategory", "account", "note", "to_account", "line_note", "tags",
    ]

    /// The header line for an export; the optional columns only when some record needs them.
    /// `tags` holds a record's tags separated by spaces (a tag never holds one).
    public static func header(time: Bool, toAccount: Bool, split: Bool = false, tags: Bool = false) -> String {
        CSVWriter.row(
            columns + (time ? ["time"] : []) + (toAccount ? ["to_account"] : [])
                + (split ? ["split", "line_note"] : []) + (tags ? ["tags"] : [])
        )
    }

    /// One record's line, matching `header(time:toAccount:)`: a record that is not split.
    public static func line(_ r: ExportRecord, time: Bool, toAccount: Bool) -> String {
        CSVWriter.row(fields(r, time: time, toAccount: toAccount))
    }

    private static func fields(_ r: ExportRecord, time: Bool, toAccount: Bool) -> [String] {
        var fields = [
            r.date.description, r.amount.decimalString, r.kind.rawValue, r.payee, r.category, r.subcategory,
            r.account, r.amount.currency.code, r.note,
        ]
        if time { fields.append(r.time?.description ?? "") }
        if toAccount { fields.append(r.toAccount) }
        return fields
    }

    /// Writes an export's rows, naming its split records 1, 2, … in the order they come, so the
    /// same records always give the same file.
    public struct Writer: Sendable {
        let time: Bool
        let toAccount: Bool
        let split: Bool
        let tags: Bool
        private var splits = 0

        /// A writer for a file with these optional columns.
        public init(time: Bool, toAccount: Bool, split: Bool, tags: Bool = false) {
            self.time = time
            self.toAccount = toAccount
            self.split = split
            self.tags = tags
        }

        /// The header line.
        public var header: String { TallyCSV.header(time: time, toAccount: toAccount, split: split, tags: tags) }

        /// A record's rows: one, or one per line of a split.
        public mutating func rows(_ r: ExportRecord) -> String {
            var out: [UInt8] = []
            append(r, to: &out)
            return String(decoding: out, as: UTF8.self)
        }

        /// Appends a record's rows as `rows` writes them, cell by cell into `out` (an export
        /// writes a million records; the arrays and joins of `rows` were a third of its time).
        public mutating func append(_ r: ExportRecord, to out: inout [UInt8]) {
            guard split, !r.lines.isEmpty else {
                appendRow(r, amount: r.amount.decimalString, category: r.category, subcategory: r.subcategory, to: &out)
                if split { out.append(contentsOf: ",,".utf8) }
                appendTags(r, to: &out)
                out.append(0x0A)
                return
            }
            splits += 1
            let number = String(splits)
            for line in r.lines {
                appendRow(
                    r,
                    amount: line.amount.decimalString,
                    category: line.category,
                    subcategory: line.subcategory,
                    to: &out
                )
                out.append(0x2C)
                CSVFormulaGuard.append(number, to: &out)
                out.append(0x2C)
                CSVFormulaGuard.append(line.note, to: &out)
                appendTags(r, to: &out)
                out.append(0x0A)
            }
        }

        /// The standard cells and the optional time and to_account, in `header`'s order.
        private func appendRow(
            _ r: ExportRecord,
            amount: String,
            category: String,
            subcategory: String,
            to out: inout [UInt8]
        ) {
            // Cell by cell, without an array of them per row (a million rows).
            func cell(_ text: String) {
                out.append(0x2C)
                CSVFormulaGuard.append(text, to: &out)
            }
            CSVFormulaGuard.append(r.date.description, to: &out)
            cell(amount)
            cell(r.kind.rawValue)
            cell(r.payee)
            cell(category)
            cell(subcategory)
            cell(r.account)
            cell(r.amount.currency.code)
            cell(r.note)
            if time { cell(r.time?.description ?? "") }
            if toAccount { cell(r.toAccount) }
        }

        private func appendTags(_ r: ExportRecord, to out: inout [UInt8]) {
            guard tags else { return }
            out.append(0x2C)
            CSVFormulaGuard.append(r.tags.joined(separator: " "), to: &out)
        }
    }
}

/// Reads a Tally CSV file as import rows, checking every value; errors name the line and column.
public final class TallyCSVImport: TallyFileImport, @unchecked Sendable {
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

    /// A row read ahead: the first row after a split's rows.
    private var pending: Row?
    /// The split names met so far: a split's rows come together.
    private var splitNames: Set<String> = []

    /// One checked row, with its split name and line note.
    private struct Row {
        var record: ImportRecord
        var split: String
        var lineNote: String
    }

    /// The next checked record: one row, or the rows of one split.
    public func next() throws -> ImportRecord? {
        lock.lock()
        defer { lock.unlock() }
        let head: Row
        if let pending {
            head = pending
            self.pending = nil
        } else {
            guard let row = try readRow() else { return nil }
            head = row
        }
        guard !head.split.isEmpty else { return head.record }
        guard splitNames.insert(head.split).inserted else {
            throw FieldError(
                "line \(head.record.line), split",
                "split '\(head.split)' appears again; the rows of a split come one after another"
            )
        }
        var group = [head]
        while let row = try readRow() {
            guard row.split == head.split else {
                pending = row
                break
            }
            group.append(row)
        }
        return try joined(group)
    }

    /// A split's rows as one record: the rows agree on everything but category, amount and line note.
    private func joined(_ rows: [Row]) throws(FieldError) -> ImportRecord {
        var record = rows[0].record
        let field = "line \(record.line), split"
        guard (Split.minLines...Split.maxLines).contains(rows.count) else {
            throw FieldError(
                field,
                "split '\(rows[0].split)' has \(rows.count) rows; a split has \(Split.minLines) to \(Split.maxLines)"
            )
        }
        guard record.draft.kind != .transfer else { throw FieldError(field, "a transfer cannot be split") }
        var total: Int64 = 0
        for row in rows {
            let d = row.record.draft
            let first = record.draft
            if d.kind != first.kind || d.date != first.date || d.time != first.time || d.payee != first.payee
                || d.amount.currency != first.amount.currency || d.note != first.note || d.tags != first.tags
                || row.record.account != record.account
            {
                throw FieldError(
                    "line \(row.record.line), split",
                    "the rows of split '\(row.split)' must agree on date, time, kind, payee, account, currency, note and tags"
                )
            }
            do { try total.checkedAdd(d.amount.minorUnits) } catch { throw FieldError(field, error.message) }
        }
        record.draft.amount = Money(minorUnits: total, currency: record.draft.amount.currency)
        record.lines = rows.map {
            ImportLine(
                category: $0.record.category,
                subcategory: $0.record.subcategory,
                amount: $0.record.draft.amount,
                note: $0.lineNote
            )
        }
        record.category = ""
        record.subcategory = ""
        return record
    }

    /// The next row, checked on its own.
    private func readRow() throws -> Row? {
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
        let checked = try Self.checked(
            place: "line \(row.line)",
            line: row.line,
            field: { name in
                columns[name].map {
                    TallyCSV.textColumns.contains(name) ? CSVFormulaGuard.unescape(row.fields[$0]) : row.fields[$0]
                }
            },
            tags: nil,
            bookCurrency: bookCurrency,
            today: today
        )
        return Row(record: checked.record, split: checked.split, lineNote: checked.lineNote)
    }
}
