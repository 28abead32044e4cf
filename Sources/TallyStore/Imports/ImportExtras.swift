import SQLKit
import TallyCore

/// The split and tagged records of one import batch, written with the batch.
///
/// Such a record needs its id for its lines and tags. Written one at a time (insert, then its lines
/// and tags, with the plain rows before it flushed first), 100,000 split records took an import of
/// a million from 17 to 77 s. The batch now goes in as one insert that returns its ids in row
/// order, and all its lines, tags and counts follow in a handful of statements.
struct ImportExtras: Sendable {
    /// One record of the batch that has lines or tags.
    struct Record: Sendable {
        /// Its row in the batch.
        let index: Int
        /// Its lines as stored (category, amount, note), with their shares of the converted amount.
        let lines: [(category: CategoryID?, amount: Int64, note: String)]
        let shares: [RecordMoney.Line]
        /// Its tags, checked and without duplicates.
        let tags: [String]
    }

    private(set) var records: [Record] = []

    var isEmpty: Bool { records.isEmpty }

    mutating func append(_ record: Record) { records.append(record) }

    mutating func removeAll() { records.removeAll(keepingCapacity: true) }

    /// Inserts the batch (`values`: rows of the columns not in `shared`), then the lines and tags
    /// of its split and tagged records, in the import's transaction.
    func insert(
        _ writer: BulkWriter,
        columns: [String],
        values: [BulkValue],
        shared: [String: BulkValue],
        book: BookID
    ) async throws {
        if writer.postgres != nil {
            try await copy(writer, columns: columns, values: values, shared: shared, book: book)
            return
        }
        let width = columns.count - shared.count
        var full: [BulkValue] = []
        full.reserveCapacity(values.count / width * columns.count)
        for row in stride(from: 0, to: values.count, by: width) {
            var next = row
            for column in columns {
                if let value = shared[column] {
                    full.append(value)
                } else {
                    full.append(values[next])
                    next += 1
                }
            }
        }
        // One statement holds at most 60,000 values (`insertReturningIDs`).
        let rowsPerStatement = 60_000 / columns.count
        var ids: [Int64] = []
        for start in stride(from: 0, to: full.count, by: rowsPerStatement * columns.count) {
            ids += try await writer.insertReturningIDs(
                into: "transactions",
                columns: columns,
                values: Array(full[start..<min(full.count, start + rowsPerStatement * columns.count)])
            )
        }
        try await writeLines(writer, ids: ids, book: book)
        try await writeTags(writer, ids: ids, book: book)
    }

    /// `insert` on PostgreSQL, all through COPY: the ids come from the table's sequence first (COPY
    /// returns none), so each record goes in with its id and its line and tag counts (`insert` sets
    /// those after, by UPDATE), then its lines and tags. The ids are the ones the inserts would
    /// have been given, in row order.
    private func copy(
        _ writer: BulkWriter,
        columns: [String],
        values: [BulkValue],
        shared: [String: BulkValue],
        book: BookID
    ) async throws {
        let width = columns.count - shared.count
        let ids = try await writer.nextIDs(of: "transactions", count: values.count / width)
        var counts = [(lines: Int64, tags: Int64)](repeating: (0, 0), count: ids.count)
        for record in records { counts[record.index] = (Int64(record.lines.count), Int64(record.tags.count)) }
        var rows: [BulkValue] = []
        rows.reserveCapacity(ids.count * (width + 3))
        for (row, id) in ids.enumerated() {
            rows.append(.int(id))
            rows += values[row * width..<(row + 1) * width]
            rows.append(.int(counts[row].lines))
            rows.append(.int(counts[row].tags))
        }
        try await writer.copy(
            into: "transactions",
            columns: ["id"] + columns + ["line_count", "tag_count"],
            values: rows,
            shared: shared
        )
        try await writeLines(writer, ids: ids, book: book, counted: true)
        try await writeTags(writer, ids: ids, book: book, counted: true)
    }

    /// Writes the lines of the batch's split records; `counted` when their records already hold
    /// their line counts.
    private func writeLines(_ writer: BulkWriter, ids: [Int64], book: BookID, counted: Bool = false) async throws {
        let split = records.filter { !$0.lines.isEmpty }
        guard !split.isEmpty else { return }
        var values: [BulkValue] = []
        for record in split {
            for (position, (line, share)) in zip(record.lines, record.shares).enumerated() {
                values += [
                    .int(ids[record.index]), .int(book.rawValue), .int(Int64(position)), BulkValue(line.category),
                    .int(line.amount), BulkValue(share.base), .text(line.note), .int(share.counted ? 1 : 0),
                ]
            }
        }
        try await writer.copy(into: "transaction_lines", columns: RecordMoney.lineColumns, values: values)
        if counted { return }
        try await Self.setCounts(
            writer.db,
            "line_count",
            ids: split.map { (ids[$0.index], $0.lines.count) },
            book: book
        )
    }

    /// Writes the tags of the batch's tagged records, making the book's new ones; `counted` when
    /// their records already hold their tag counts.
    private func writeTags(_ writer: BulkWriter, ids: [Int64], book: BookID, counted: Bool = false) async throws {
        let tagged = records.filter { !$0.tags.isEmpty }
        guard !tagged.isEmpty else { return }
        // Each distinct tag once (its first spelling), in chunks well inside the bind limits.
        var seen: Set<String> = []
        let names = tagged.flatMap(\.tags).filter { seen.insert(Tags.key($0)).inserted }
        var tagIDs: [String: TagID] = [:]
        for start in stride(from: 0, to: names.count, by: 2_000) {
            tagIDs.merge(
                try await RecordTags.ensure(
                    writer.db,
                    book: book,
                    names: Array(names[start..<min(names.count, start + 2_000)])
                ),
                uniquingKeysWith: { first, _ in first }
            )
        }
        var values: [BulkValue] = []
        for record in tagged {
            for (position, name) in record.tags.enumerated() {
                guard let tag = tagIDs[Tags.key(name)] else { throw StoreError.notFound("tag \(name)") }
                values += [.int(ids[record.index]), .int(tag.rawValue), .int(Int64(position))]
            }
        }
        try await writer.insert(
            into: "transaction_tags",
            columns: ["transaction_id", "tag_id", "position"],
            values: values
        )
        try await Self.setCounts(writer.db, "tag_count", ids: tagged.map { (ids[$0.index], $0.tags.count) }, book: book)
    }

    /// Sets `column` of each record to its count: one statement per count that occurs (a few),
    /// each naming at most a few thousand records.
    private static func setCounts(
        _ db: any SQLDatabase,
        _ column: String,
        ids: [(id: Int64, count: Int)],
        book: BookID
    ) async throws {
        let byCount = Dictionary(grouping: ids, by: \.count)
        for (count, records) in byCount.sorted(by: { $0.key < $1.key }) {
            for start in stride(from: 0, to: records.count, by: 5_000) {
                let chunk = records[start..<min(records.count, start + 5_000)].map(\.id)
                try await db.raw(
                    """
                    UPDATE transactions SET \(unsafeRaw: column) = \(bind: count)
                    WHERE +book_id = \(bind: book) AND id IN (\(binds: chunk))
                    """
                ).run()
            }
        }
    }
}
