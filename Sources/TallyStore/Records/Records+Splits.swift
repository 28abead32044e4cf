import SQLKit
import TallyCore

/// A split line with the names people see.
public struct LineRecord: Sendable, Hashable {
    /// The stored line.
    public var line: TransactionLine
    /// "Food:Groceries", or nil when the line is uncategorised.
    public var categoryPath: String?
    /// The category's icon.
    public var categoryIcon: String?
    /// The category's colour.
    public var categoryColor: String?

    /// Makes a line record.
    public init(line: TransactionLine, categoryPath: String?, categoryIcon: String?, categoryColor: String?) {
        self.line = line
        self.categoryPath = categoryPath
        self.categoryIcon = categoryIcon
        self.categoryColor = categoryColor
    }
}

extension Records {
    /// The draft's split lines' categories as ids of the book (nil for an uncategorised line).
    static func lineCategories(_ draft: TransactionDraft, categories: [Category]) throws -> [CategoryID?] {
        let kind: CategoryKind = draft.kind == .income ? .income : .expense
        return try draft.lines.enumerated().map { index, line in
            try line.category.map {
                try Books.resolve($0, in: categories, kind: kind, field: "lines[\(index + 1)].category").id
            }
        }
    }

    /// Stores the draft's lines for record `id` (or clears them) and returns them as stored.
    static func writeLines(
        _ db: any SQLDatabase,
        book: BookID,
        id: TransactionID,
        draft: TransactionDraft,
        categories: [CategoryID?],
        base: Money?
    ) async throws -> [TransactionLine] {
        let shares = try await RecordMoney.write(
            db,
            book: book,
            record: id,
            lines: zip(draft.lines, categories).map { ($1, $0.amount.minorUnits, $0.note) },
            base: base?.minorUnits
        )
        return zip(draft.lines, shares).map {
            TransactionLine(categoryID: $1.category, amount: $0.amount, baseMinor: $1.base, note: $0.note)
        }
    }

    /// Fills in the lines of the split records among `records`, with their category names, and
    /// the tags of the tagged ones: one query each for a page, none when no record on it has any.
    static func attachLines(_ db: any SQLDatabase, to records: inout [TransactionRecord]) async throws {
        try await RecordTags.attach(db, to: &records)
        let split = records.indices.filter { records[$0].lineCount > 0 }
        guard !split.isEmpty else { return }
        let rows = try await db.raw(
            """
            SELECT l.transaction_id, l.category_id, l.amount_minor, l.base_minor, l.note, c.name AS c_name, c.icon AS c_icon,
              c.color AS c_color, p.name AS p_name
            FROM transaction_lines l
            LEFT JOIN categories c ON c.id = l.category_id
            LEFT JOIN categories p ON p.id = c.parent_id
            WHERE l.transaction_id IN (\(binds: split.map { records[$0].transaction.id }))
            ORDER BY l.transaction_id, l.position
            """
        ).all()
        let indexByID = Dictionary(split.map { (records[$0].transaction.id.rawValue, $0) }) { a, _ in a }
        var byRecord: [Int64: [LineRecord]] = [:]
        for row in rows {
            let id = try row.decode(column: "transaction_id", as: Int64.self)
            guard let index = indexByID[id] else { continue }
            let currency = records[index].transaction.amount.currency
            let name = try row.decode(column: "c_name", as: String?.self)
            let parent = try row.decode(column: "p_name", as: String?.self)
            byRecord[id, default: []].append(
                LineRecord(
                    line: TransactionLine(
                        categoryID: try row.decode(column: "category_id", as: Int64?.self).map(
                            CategoryID.init(rawValue:)
                        ),
                        amount: Money(
                            minorUnits: try row.decode(column: "amount_minor", as: Int64.self),
                            currency: currency
                        ),
                        baseMinor: try row.decode(column: "base_minor", as: Int64?.self),
                        note: try row.decode(column: "note", as: String.self)
                    ),
                    categoryPath: name.map { Category.path(name: $0, parent: parent) },
                    categoryIcon: try row.decode(column: "c_icon", as: String?.self),
                    categoryColor: try row.decode(column: "c_color", as: String?.self)
                )
            )
        }
        for index in split {
            let lines = byRecord[records[index].transaction.id.rawValue] ?? []
            records[index].lines = lines
            records[index].transaction.lines = lines.map(\.line)
        }
    }
}
