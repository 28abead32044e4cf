import Foundation
import TallyCore

/// Reads what `tally export --format json` writes (an array of records: `date`, `time`, `kind`,
/// `amount`, `currency`, `payee`, `category` as `Parent:Child`, `account`, `to_account`, `note`,
/// `tags`, and a split's `lines: [{category, amount, note}]`) back as import rows, with the same
/// checks as Tally's CSV. A record's `id`, `import_id` and `imported_id` belong to the server it
/// came from and are not read. Errors name the record (1-based) and the field.
///
/// Foundation's `JSONSerialization` reads the whole array first (an upload is bounded by the
/// import's size limit); every value the import uses must be text, so no amount ever passes
/// through a floating-point number.
public final class TallyJSONImport: TallyFileImport, @unchecked Sendable {
    // @unchecked: advanced by one importing task at a time, behind the lock.
    private let lock = NSLock()
    private let records: [Any]
    private var position = 0
    private let bookCurrency: Currency
    private let today: LocalDate

    /// The keys a record may have.
    static let keys: Set<String> = [
        "id", "date", "time", "kind", "amount", "currency", "payee", "category", "account", "to_account", "note",
        "tags",
        "lines", "import_id", "imported_id",
    ]

    /// Parses the array; the records are checked one at a time as they are read.
    public init(bytes: [UInt8], bookCurrency: Currency, today: LocalDate) throws(FieldError) {
        self.bookCurrency = bookCurrency
        self.today = today
        let parsed: Any
        do {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
            parsed = try JSONSerialization.jsonObject(with: Data(body))
        } catch {
            throw FieldError("file", "is not JSON: \((error as NSError).localizedDescription)")
        }
        guard let array = parsed as? [Any] else {
            throw FieldError("file", "must be a JSON array of records, as tally export --format json writes")
        }
        records = array
    }

    /// The next checked record.
    public func next() throws -> ImportRecord? {
        lock.lock()
        defer { lock.unlock() }
        guard position < records.count else { return nil }
        position += 1
        return try Self.record(records[position - 1], number: position, bookCurrency: bookCurrency, today: today)
    }

    /// One element of the array as an import row.
    static func record(
        _ value: Any,
        number: Int,
        bookCurrency: Currency,
        today: LocalDate
    ) throws(FieldError)
        -> ImportRecord
    {
        let place = "record \(number)"
        guard let object = value as? [String: Any] else { throw FieldError(place, "must be an object") }
        if let unknown = object.keys.filter({ !keys.contains($0) }).sorted().first {
            throw FieldError("\(place), \(unknown)", "is not a field of a record")
        }
        var fields: [String: String] = [:]
        for (key, value) in object where key != "tags" && key != "lines" && key != "id" && !key.hasPrefix("import") {
            guard let text = try Self.text(value, "\(place), \(key)") else { continue }
            fields[key] = text
        }
        // `category` is the whole path; the CSV checks take its two parts.
        if let path = fields.removeValue(forKey: "category") {
            let parts = path.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            fields["category"] = parts[0]
            if parts.count > 1 { fields["subcategory"] = parts[1] }
        }
        var tags: [String] = []
        if let raw = object["tags"], !(raw is NSNull) {
            guard let list = raw as? [Any] else { throw FieldError("\(place), tags", "must be an array of text") }
            for (index, tag) in list.enumerated() {
                guard let text = try Self.text(tag, "\(place), tags[\(index + 1)]") else { continue }
                tags.append(text)
            }
        }
        let (lines, names) = try Self.lines(object["lines"], place: place)
        if !lines.isEmpty, !(fields["category"] ?? "").isEmpty {
            throw FieldError("\(place), category", "a split record has its categories on its lines")
        }
        var checked = try TallyCSVImport.checked(
            place: place,
            line: number,
            field: { fields[$0] },
            tags: tags,
            lines: lines.isEmpty ? nil : lines,
            bookCurrency: bookCurrency,
            today: today
        ).record
        // The draft checked the lines (2-100, positive, adding up, not a transfer); the import
        // takes them by name, as the file spells them.
        checked.lines = zip(checked.draft.lines, names).map { line, path in
            ImportLine(category: path.category, subcategory: path.subcategory, amount: line.amount, note: line.note)
        }
        checked.draft.lines = []
        return checked
    }

    /// A split's lines as entered (`{category, amount, note}`, text values), and each line's
    /// category by name: the names stay names, never read as ids, since an id from another
    /// server means nothing here.
    private static func lines(
        _ value: Any?,
        place: String
    ) throws(FieldError)
        -> ([LineInput], [(category: String, subcategory: String)])
    {
        guard let value, !(value is NSNull) else { return ([], []) }
        guard let list = value as? [Any] else { throw FieldError("\(place), lines", "must be an array of lines") }
        var lines: [LineInput] = []
        var names: [(category: String, subcategory: String)] = []
        for (index, item) in list.enumerated() {
            let field = "\(place), lines[\(index + 1)]"
            guard let object = item as? [String: Any] else { throw FieldError(field, "must be an object") }
            if let unknown = object.keys.filter({ !["category", "amount", "note"].contains($0) }).sorted().first {
                throw FieldError("\(field).\(unknown)", "is not a field of a line")
            }
            let path = (try text(object["category"], "\(field).category") ?? "").trimmingSpaces()
            let parts = path.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.trimmingSpaces()
            }
            let (category, subcategory) = (parts.first ?? "", parts.count > 1 ? parts[1] : "")
            for part in [category, subcategory] {
                do { try Validate.line(part, field: "category", maxLength: 100) } catch {
                    throw FieldError("\(field).category", error.message)
                }
            }
            if category.isEmpty, !subcategory.isEmpty {
                throw FieldError("\(field).category", "a sub-category needs its category before the ':'")
            }
            lines.append(
                LineInput(
                    amount: try text(object["amount"], "\(field).amount"),
                    note: try text(object["note"], "\(field).note")
                )
            )
            names.append((category, subcategory))
        }
        return (lines, names)
    }

    /// A value that must be text (or null / absent).
    private static func text(_ value: Any?, _ field: String) throws(FieldError) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let text = value as? String else {
            throw FieldError(field, "must be text (amounts too: \"4.50\", never a number)")
        }
        return text
    }
}

/// A Tally file being imported, CSV or JSON: read a record at a time, or previewed.
public protocol TallyFileImport: ImportSource {
    /// Reads every row without storing anything: the count and the first `limit` rows.
    func preview(limit: Int) throws -> (count: Int, rows: [ImportRecord])
}

extension TallyFileImport {
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

/// Opens Tally's own file: JSON when it starts with `[` or `{` (after spaces and a byte-order
/// mark), else CSV.
public enum TallyFile {
    /// The import for `bytes`.
    public static func open(
        bytes: [UInt8],
        bookCurrency: Currency,
        today: LocalDate
    ) throws(FieldError)
        -> any TallyFileImport
    {
        if isJSON(bytes) { return try TallyJSONImport(bytes: bytes, bookCurrency: bookCurrency, today: today) }
        return try TallyCSVImport(bytes: bytes, bookCurrency: bookCurrency, today: today)
    }

    /// Whether the first byte after spaces and a UTF-8 byte-order mark is `[` or `{` (a JSON
    /// object is refused by the JSON reader with a message that says what it wants).
    public static func isJSON(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let first = rest.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
    }
}
