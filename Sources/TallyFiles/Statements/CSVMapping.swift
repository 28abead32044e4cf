import TallyCore

/// How to read one bank's CSV: which column holds the date, the amount, the payee…, and how the
/// file is written. Stored per bank as JSON with snake_case keys (see docs/import.md):
///
///     {"delimiter": ";", "encoding": "windows-1252", "skip_lines": 2, "header": true,
///      "date": "Buchungstag", "date_format": "DD.MM.YYYY", "amount": "Betrag",
///      "decimal_separator": ",", "payee": "Empfänger", "note": ["Verwendungszweck", "Info"]}
///
/// Only `date` and the amount (`amount`, or `debit` and `credit`) are required; what is left out
/// is detected from the file (`delimiter`, `encoding`, `date_format`, `decimal_separator`) or has
/// a default. `validate()` checks the mapping itself; `BankCSVReader` checks it against the file.
public struct CSVMapping: Sendable, Equatable, Codable {
    /// `,` `;` tab or `|`; nil to detect.
    public var delimiter: String?
    /// The file's text encoding; nil to detect.
    public var encoding: CSVEncoding?
    /// Physical lines above the table (a bank's preamble); nil to find the header row by the
    /// mapped column names (or 0 when there is no header).
    public var skipLines: Int?
    /// Whether the first row of the table names the columns (default true).
    public var header: Bool
    /// The booking date column.
    public var date: Column
    /// How dates are written, from `YYYY YY MM M DD D` and separators ("DD.MM.YYYY"); nil to
    /// detect from the whole column.
    public var dateFormat: String?
    /// A signed amount column (positive is money in), or one whose sign `direction` gives.
    public var amount: Column?
    /// A column of money out (positive values), used with `credit` instead of `amount`.
    public var debit: Column?
    /// A column of money in (positive values), used with `debit` instead of `amount`.
    public var credit: Column?
    /// A column saying whether `amount` is money out or in.
    public var direction: Direction?
    /// "." or ","; nil to detect from the amount columns ("." when they do not tell).
    public var decimalSeparator: String?
    /// Flip every amount's sign (for files written from the card issuer's side).
    public var negate: Bool
    /// The payee or counterparty column.
    public var payee: Column?
    /// Columns joined, non-empty ones only, with " · " into the entry's memo.
    public var note: [Column]
    /// A category column.
    public var category: Column?
    /// A column naming the account of each row (one `StatementAccount` per distinct name).
    public var account: Column?
    /// A column with each row's ISO 4217 currency code (empty cells take the default currency).
    public var currency: Column?
    /// A column with the bank's own id of the row (becomes `fileID`).
    public var id: Column?
    /// A transaction type column (the payee of a row that has neither payee nor note).
    public var type: Column?

    /// A mapping; only the date and an amount are required.
    public init(
        delimiter: String? = nil,
        encoding: CSVEncoding? = nil,
        skipLines: Int? = nil,
        header: Bool = true,
        date: Column,
        dateFormat: String? = nil,
        amount: Column? = nil,
        debit: Column? = nil,
        credit: Column? = nil,
        direction: Direction? = nil,
        decimalSeparator: String? = nil,
        negate: Bool = false,
        payee: Column? = nil,
        note: [Column] = [],
        category: Column? = nil,
        account: Column? = nil,
        currency: Column? = nil,
        id: Column? = nil,
        type: Column? = nil
    ) {
        self.delimiter = delimiter
        self.encoding = encoding
        self.skipLines = skipLines
        self.header = header
        self.date = date
        self.dateFormat = dateFormat
        self.amount = amount
        self.debit = debit
        self.credit = credit
        self.direction = direction
        self.decimalSeparator = decimalSeparator
        self.negate = negate
        self.payee = payee
        self.note = note
        self.category = category
        self.account = account
        self.currency = currency
        self.id = id
        self.type = type
    }

    /// A column, by its header text or by its 1-based position.
    public enum Column: Sendable, Equatable, Hashable, Codable, ExpressibleByStringLiteral,
        ExpressibleByIntegerLiteral, CustomStringConvertible
    {
        /// The header cell's text (compared trimmed; a numeric text is a position when no header
        /// cell has that text).
        case name(String)
        /// The 1-based position.
        case index(Int)

        /// A column named by its header.
        public init(stringLiteral value: String) { self = .name(value) }

        /// A column by position.
        public init(integerLiteral value: Int) { self = .index(value) }

        /// Decodes a JSON string (a name) or number (a position).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let number = try? c.decode(Int.self) {
                self = .index(number)
            } else {
                self = .name(try c.decode(String.self))
            }
        }

        /// Encodes a name as a string and a position as a number.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .name(let name): try c.encode(name)
            case .index(let index): try c.encode(index)
            }
        }

        /// "'Betrag'" or "3", as errors show it.
        public var description: String {
            switch self {
            case .name(let name): "'\(name)'"
            case .index(let index): "\(index)"
            }
        }
    }

    /// Which cells of a column mean money out and which money in ("Af"/"Bij", "debit"/"credit").
    public struct Direction: Sendable, Equatable, Codable {
        /// The column.
        public var column: Column
        /// The cell text meaning money out (compared case-insensitively, trimmed).
        public var out: String
        /// The cell text meaning money in.
        public var `in`: String

        /// A direction column.
        public init(column: Column, out: String, in: String) {
            self.column = column
            self.out = out
            self.in = `in`
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case delimiter, encoding, header, date, amount, debit, credit, direction, negate, payee, note, category
        case account, currency, id, type
        case skipLines = "skip_lines"
        case dateFormat = "date_format"
        case decimalSeparator = "decimal_separator"
    }

    /// Decodes the JSON object; unknown keys are refused so that a misspelt key ("negtae") cannot
    /// silently change every amount. A JSON null or "" for a column is the same as leaving it out.
    public init(from decoder: any Decoder) throws {
        let any = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = any.allKeys.first(where: { CodingKeys(stringValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown,
                in: any,
                debugDescription: "is not a mapping key"
            )
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func column(_ key: CodingKeys) throws -> Column? {
            let value = try c.decodeIfPresent(Column.self, forKey: key)
            if case .name(let name) = value, name.trimmingSpaces().isEmpty { return nil }
            return value
        }
        delimiter = try c.decodeIfPresent(String.self, forKey: .delimiter)
        encoding = try c.decodeIfPresent(CSVEncoding.self, forKey: .encoding)
        skipLines = try c.decodeIfPresent(Int.self, forKey: .skipLines)
        header = try c.decodeIfPresent(Bool.self, forKey: .header) ?? true
        guard let date = try column(.date) else {
            throw DecodingError.keyNotFound(CodingKeys.date, .init(codingPath: [], debugDescription: "is missing"))
        }
        self.date = date
        dateFormat = try c.decodeIfPresent(String.self, forKey: .dateFormat)
        amount = try column(.amount)
        debit = try column(.debit)
        credit = try column(.credit)
        direction = try c.decodeIfPresent(Direction.self, forKey: .direction)
        decimalSeparator = try c.decodeIfPresent(String.self, forKey: .decimalSeparator)
        negate = try c.decodeIfPresent(Bool.self, forKey: .negate) ?? false
        payee = try column(.payee)
        if let many = try? c.decodeIfPresent([Column].self, forKey: .note) {
            note = many.filter { if case .name(let name) = $0 { !name.trimmingSpaces().isEmpty } else { true } }
        } else {
            note = try column(.note).map { [$0] } ?? []
        }
        category = try column(.category)
        account = try column(.account)
        currency = try column(.currency)
        id = try column(.id)
        type = try column(.type)
    }

    /// Encodes every key that is set; `note` always as an array.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(delimiter, forKey: .delimiter)
        try c.encodeIfPresent(encoding, forKey: .encoding)
        try c.encodeIfPresent(skipLines, forKey: .skipLines)
        try c.encode(header, forKey: .header)
        try c.encode(date, forKey: .date)
        try c.encodeIfPresent(dateFormat, forKey: .dateFormat)
        try c.encodeIfPresent(amount, forKey: .amount)
        try c.encodeIfPresent(debit, forKey: .debit)
        try c.encodeIfPresent(credit, forKey: .credit)
        try c.encodeIfPresent(direction, forKey: .direction)
        try c.encodeIfPresent(decimalSeparator, forKey: .decimalSeparator)
        try c.encode(negate, forKey: .negate)
        try c.encodeIfPresent(payee, forKey: .payee)
        if !note.isEmpty { try c.encode(note, forKey: .note) }
        try c.encodeIfPresent(category, forKey: .category)
        try c.encodeIfPresent(account, forKey: .account)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(type, forKey: .type)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// The text encodings a bank's CSV may be in.
public enum CSVEncoding: String, Sendable, Equatable, Codable, CaseIterable {
    /// UTF-8, with or without a byte-order mark.
    case utf8 = "utf-8"
    /// UTF-16, little- or big-endian by its byte-order mark (little-endian without one, unless
    /// the NUL bytes show big-endian).
    case utf16 = "utf-16"
    /// Windows-1252 (what "ANSI" and most "ISO-8859-1" exports really are).
    case windows1252 = "windows-1252"

    /// Decodes the name, also accepting common aliases ("UTF8", "cp1252", "latin-1", "ISO-8859-1").
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let raw = try c.decode(String.self)
        guard let value = CSVEncoding(name: raw) else {
            throw DecodingError.dataCorruptedError(
                in: c,
                debugDescription: "'\(raw)' is not an encoding Tally reads; use utf-8, utf-16 or windows-1252"
            )
        }
        self = value
    }

    /// The encoding a name stands for, aliases included; nil for others.
    public init?(name: String) {
        let key = String(name.trimmingSpaces().lowercased().map { $0 == "_" ? "-" : $0 })
        switch key {
        case "utf-8", "utf8", "utf-8-sig": self = .utf8
        case "utf-16", "utf16", "utf-16le", "utf-16be", "ucs-2", "unicode": self = .utf16
        case "windows-1252", "cp1252", "win-1252", "ansi", "latin-1", "latin1", "iso-8859-1", "iso-8859-15":
            self = .windows1252
        default: return nil
        }
    }
}
