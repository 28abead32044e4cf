import TallyCore

/// What a bank's CSV looks like before anyone has written a mapping for it: its encoding,
/// delimiter, preamble and header, a preview, what each column seems to hold, and a proposed
/// mapping. The web page's live preview shows this while people build the mapping.
public struct CSVSniff: Sendable, Equatable, Encodable {
    /// The encoding detected.
    public var encoding: CSVEncoding
    /// The delimiter detected (`,` `;` tab `|`).
    public var delimiter: String
    /// Physical lines above the table (given, or the preamble detected).
    public var skipLines: Int
    /// Those lines' text.
    public var preamble: [String]
    /// The header row's cells, when the first row of the table looks like a header.
    public var header: [String]?
    /// The first 10 rows after the header, as read.
    public var preview: [[String]]
    /// What each column seems to hold, judged from every row.
    public var columns: [CSVSniffColumn]
    /// A mapping built from the above, for people to check and correct; nil when no date or no
    /// amount column was found.
    public var proposedMapping: CSVMapping?

    enum CodingKeys: String, CodingKey {
        case encoding, delimiter, preamble, header, preview, columns
        case skipLines = "skip_lines"
        case proposedMapping = "proposed_mapping"
    }
}

/// One column as `BankCSVReader.sniff` sees it.
public struct CSVSniffColumn: Sendable, Equatable, Encodable {
    /// 1-based position.
    public var number: Int
    /// The header's text, when there is a header.
    public var name: String?
    /// The `date_format`s that fit every non-empty value (several when ambiguous, like
    /// ["DD/MM/YYYY", "MM/DD/YYYY"] for 03/04/2026); empty when it is not a date column.
    public var dateFormats: [String]
    /// Whether every non-empty value is an amount, and some have a sign or decimals.
    public var looksLikeAmount: Bool
    /// The decimal separator its values show ("." or ","), when it is an amount column that tells.
    public var decimalSeparator: String?
    /// Whether every value is empty.
    public var isEmpty: Bool

    /// Whether it looks like a date column.
    public var looksLikeDate: Bool { !dateFormats.isEmpty }

    enum CodingKeys: String, CodingKey {
        case number, name
        case dateFormats = "date_formats"
        case looksLikeDate = "looks_like_date"
        case looksLikeAmount = "looks_like_amount"
        case decimalSeparator = "decimal_separator"
        case isEmpty = "is_empty"
    }

    /// The fields above, plus `looks_like_date`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(number, forKey: .number)
        try c.encode(name, forKey: .name)
        try c.encode(dateFormats, forKey: .dateFormats)
        try c.encode(looksLikeDate, forKey: .looksLikeDate)
        try c.encode(looksLikeAmount, forKey: .looksLikeAmount)
        try c.encode(decimalSeparator, forKey: .decimalSeparator)
        try c.encode(isEmpty, forKey: .isEmpty)
    }
}

extension BankCSVReader {
    /// Looks at a file with no mapping: detects its encoding, delimiter, preamble (lines above the
    /// table whose field count differs from the table's) and header, judges every column over
    /// every row, and proposes a mapping. `skipLines` overrides the preamble detection.
    public static func sniff(_ bytes: [UInt8], skipLines: Int? = nil) throws(StatementError) -> CSVSniff {
        if let skipLines, !(0...1000).contains(skipLines) {
            throw StatementError("mapping.skip_lines", "must be between 0 and 1000")
        }
        let table = try BankCSVTable.load(bytes, encoding: nil, delimiter: nil, skipLines: skipLines, header: nil)
        let width = max(table.header?.count ?? 0, table.rows.prefix(100).map(\.fields.count).max() ?? 0)
        var columns: [CSVSniffColumn] = []
        for i in 0..<min(width, 1000) {
            let values = table.rows.lazy.map { $0.fields.count > i ? $0.fields[i] : "" }.filter { !$0.isEmpty }
            let formats = BankCSVDateFormat.fitting(values).map(\.description)
            let shaped = formats.isEmpty && !values.isEmpty && values.allSatisfy(BankCSVNumbers.shaped)
            let separator = shaped ? BankCSVNumbers.decimalSeparator(values) : nil
            let amount =
                shaped && values.allSatisfy { BankCSVNumbers.looksLikeAmount($0, separator ?? ".") }
                && values.contains { BankCSVNumbers.looksFractionalOrSigned($0) }
            columns.append(
                CSVSniffColumn(
                    number: i + 1,
                    name: table.header.flatMap { $0.count > i ? $0[i] : nil },
                    dateFormats: formats,
                    looksLikeAmount: amount,
                    decimalSeparator: amount ? separator.map(String.init) : nil,
                    isEmpty: values.isEmpty
                )
            )
        }
        let delimiter = String(UnicodeScalar(table.layout.delimiter))
        var sniff = CSVSniff(
            encoding: table.encoding,
            delimiter: delimiter,
            skipLines: table.layout.skipLines,
            preamble: table.preamble,
            header: table.header,
            preview: table.rows.prefix(10).map { $0.fields.map { String($0.prefix(StatementLimits.maxText)) } },
            columns: columns,
            proposedMapping: nil
        )
        sniff.proposedMapping = BankCSVProposal.propose(sniff, rows: table.rows)
        return sniff
    }
}
