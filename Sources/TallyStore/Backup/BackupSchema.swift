import Foundation

/// One value of a backup row, as the document holds it.
public enum BackupValue: Sendable, Hashable {
    /// A whole number: an id, an amount in minor units, a position.
    case int(Int64)
    /// Text.
    case text(String)
    /// A yes/no flag (stored as 0/1).
    case bool(Bool)
    /// Nothing: the column is empty.
    case null
    /// A nested JSON value, as canonical JSON text (sorted keys): a rule's definition, an import
    /// preset's mapping.
    case json(String)

    /// The number, when the value is one.
    public var int: Int64? { if case .int(let value) = self { value } else { nil } }
    /// The text, when the value is text.
    public var text: String? { if case .text(let value) = self { value } else { nil } }
}

/// What a column of the backup holds, and so how it is read, checked and written.
public enum BackupColumnKind: Sendable, Hashable {
    /// The row's own id: 1, 2, 3… in the document's order (a stable sequence, not the stored id).
    case id
    /// The id of a row of another table (or of this one), in the document's numbering.
    case ref(String)
    /// A whole number within bounds.
    case int(ClosedRange<Int64>)
    /// An amount in minor units (at most 999,999,999,999 either way, as `Money` allows).
    case money
    /// Yes or no.
    case bool
    /// Text of at most this many characters.
    case text(Int)
    /// One of a fixed set of words.
    case choice([String])
    /// A day, "YYYY-MM-DD".
    case date
    /// A time of day, "HH:MM", or "" for none.
    case time
    /// A moment as the store writes it (ISO 8601 text).
    case timestamp
    /// An ISO 4217 currency code Tally knows.
    case currency
    /// A file of the zip (its path in the document); the bytes are a receipt or photo.
    case file
    /// A rule's definition (conditions and actions), with its ids in the document's numbering.
    case rule
    /// A nested JSON object kept as it is (an import preset's mapping).
    case object
}

/// One column of a table in the backup.
public struct BackupColumn: Sendable, Hashable {
    /// The key in the document.
    public let key: String
    /// The column in the database.
    public let sql: String
    /// What it holds.
    public let kind: BackupColumnKind
    /// Whether it may be null (or left out).
    public let optional: Bool
    /// Written only in a whole-server backup (password hashes, second-factor secrets).
    public let serverOnly: Bool

    init(_ key: String, _ kind: BackupColumnKind, optional: Bool = false, sql: String? = nil, serverOnly: Bool = false)
    {
        self.key = key
        self.sql = sql ?? key
        self.kind = kind
        self.optional = optional
        self.serverOnly = serverOnly
    }

    /// The table this column points into, if it is a reference.
    public var target: String? { if case .ref(let table) = kind { table } else { nil } }
}

/// How a table's rows belong to a book, which a books backup filters on and restore checks.
public enum BackupBookLink: Sendable, Hashable {
    /// The table is the books themselves.
    case isBooks
    /// No book: users and their own settings.
    case none
    /// Through this reference column: `book_id`, or a parent row's reference (`goal_id`).
    case through(String)
}

/// One table of the backup: its key in the document, its columns and how its rows are ordered.
public struct BackupTable: Sendable, Hashable {
    /// The key in the document and the table in the database.
    public let name: String
    /// Its columns, in the order the document writes them.
    public let columns: [BackupColumn]
    /// The columns (document order) that order the rows; for a table with an id, the id.
    public let order: [String]
    /// How its rows belong to a book.
    public let book: BackupBookLink
    /// Written only in a whole-server backup (API tokens, other people's settings).
    public let serverOnly: Bool

    init(
        _ name: String,
        book: BackupBookLink,
        order: [String] = ["id"],
        serverOnly: Bool = false,
        _ columns: [BackupColumn]
    ) {
        self.name = name
        self.columns = columns
        self.order = order
        self.book = book
        self.serverOnly = serverOnly
        if case .through(let key) = book { bookIndex = columns.firstIndex { $0.key == key } } else { bookIndex = nil }
    }

    /// The index of the column that ties a row to its book (kept: restore asks for it every row).
    let bookIndex: Int?

    /// Whether rows carry an id of their own.
    public var hasID: Bool { columns.first?.kind == .id }

    /// The index of a column by document key.
    public func index(_ key: String) -> Int? { columns.firstIndex { $0.key == key } }
}
