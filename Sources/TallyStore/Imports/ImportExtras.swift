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

    private func writeLines(_ writer: BulkWriter, ids: [Int64], book: BookID) async throws {
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
        try await writer.insert(into: "transaction_lines", columns: RecordMoney.lineColumns, values: values)
        try await Self.setCounts(
            writer.db,
            "line_count",
            ids: split.map { (ids[$0.index], $0.lines.count) },
            book: book
        )
    }

    private func writeTags(_ writer: BulkWriter, ids: [Int64], book: BookID) async throws {
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
                    WHERE book_id = \(bind: book) AND id IN (\(binds: chunk))
                    """
                ).run()
            }
        }
    }
}
