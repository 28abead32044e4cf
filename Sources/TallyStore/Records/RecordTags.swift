import SQLKit
import TallyCore

/// Where a record's tags are read and written: `tags` (a book's labels) and `transaction_tags`.
enum RecordTags {
    /// Gives record `id` these tags (in place of any it had), making the book's new ones.
    static func write(_ db: any SQLDatabase, book: BookID, record id: TransactionID, names: [String]) async throws {
        try await db.raw("DELETE FROM transaction_tags WHERE transaction_id = \(bind: id)").run()
        try await db.raw(
            "UPDATE transactions SET tag_count = \(bind: names.count) WHERE id = \(bind: id) AND book_id = \(bind: book)"
        ).run()
        guard !names.isEmpty else { return }
        let ids = try await ensure(db, book: book, names: names)
        let rows = names.enumerated().map { position, name -> SQLQueryString in
            "(\(bind: id), \(bind: ids[Tags.key(name)]!), \(bind: position))"
        }
        try await db.raw(
            "INSERT INTO transaction_tags (transaction_id, tag_id, position) VALUES \(rows.joined(separator: ", "))"
        ).run()
    }

    /// The ids of the book's tags with these names (by key), made when missing.
    static func ensure(_ db: any SQLDatabase, book: BookID, names: [String]) async throws -> [String: TagID] {
        let now = Clock.timestamp()
        let rows = names.map { "(\(bind: book), \(bind: $0), \(bind: Tags.key($0)), \(bind: now))" as SQLQueryString }
        try await db.raw(
            """
            INSERT INTO tags (book_id, name, name_key, created_at) VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (book_id, name_key) DO NOTHING
            """
        ).run()
        var ids: [String: TagID] = [:]
        for row in try await db.raw(
            "SELECT id, name_key FROM tags WHERE book_id = \(bind: book) AND name_key IN (\(binds: names.map(Tags.key)))"
        ).all() {
            ids[try row.decode(column: "name_key", as: String.self)] = try row.decode(column: "id", as: TagID.self)
        }
        return ids
    }

    /// The tag named `name` in the book (any case), or nil.
    static func find(_ db: any SQLDatabase, book: BookID, name: String) async throws -> TagID? {
        try await db.raw(
            "SELECT id FROM tags WHERE book_id = \(bind: book) AND name_key = \(bind: Tags.key(name))"
        ).first()?.decode(column: "id", as: TagID.self)
    }

    /// Fills in the tags of the records among `records` that have some: one query for a page.
    static func attach(_ db: any SQLDatabase, to records: inout [TransactionRecord]) async throws {
        let tagged = records.indices.filter { records[$0].tagCount > 0 }
        guard !tagged.isEmpty else { return }
        let index = Dictionary(tagged.map { (records[$0].transaction.id.rawValue, $0) }) { a, _ in a }
        for row in try await db.raw(names(of: tagged.map { records[$0].transaction.id.rawValue })).all() {
            guard let i = index[try row.decode(column: "transaction_id", as: Int64.self)] else { continue }
            records[i].transaction.tags.append(try row.decode(column: "name", as: String.self))
        }
    }

    /// The tags of the records `ids`, each record's in their order: `transaction_id`, `name`.
    static func names(of ids: [Int64]) -> SQLQueryString {
        """
        SELECT tt.transaction_id, g.name FROM transaction_tags tt JOIN tags g ON g.id = tt.tag_id
        WHERE tt.transaction_id IN (\(binds: ids))
        ORDER BY tt.transaction_id, tt.position
        """
    }

    /// A condition on records (as `t`) carrying the tag: read from the tag's own rows.
    static func condition(_ tag: TagID?) -> SQLQueryString {
        guard let tag else { return "1 = 0" }
        return "t.id IN (SELECT transaction_id FROM transaction_tags WHERE tag_id = \(bind: tag))"
    }
}
