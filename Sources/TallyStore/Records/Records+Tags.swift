import SQLKit
import TallyCore

extension Records {
    /// The book's tags with how many records carry each, the most used first; with `prefix`,
    /// only those starting with it (any case), at most `limit`: the autocompletion's list.
    public func tags(in scope: BookScope, prefix: String = "", limit: Int = 500) async throws -> [Tag] {
        guard (1...500).contains(limit) else { throw FieldError("limit", "must be between 1 and 500") }
        var key = Tags.key(prefix.trimmingSpaces())
        if key.hasPrefix("#") { key.removeFirst() }
        let like = Self.likePrefix(key)
        return try await database.read { db in
            try await db.raw(
                """
                SELECT g.id, g.name, CAST(COUNT(tt.transaction_id) AS BIGINT) AS n FROM tags g
                LEFT JOIN transaction_tags tt ON tt.tag_id = g.id
                WHERE g.book_id = \(bind: scope.bookID) AND g.name_key LIKE \(bind: like) ESCAPE '\\'
                GROUP BY g.id, g.name ORDER BY n DESC, g.name_key LIMIT \(bind: limit)
                """
            ).all().map {
                Tag(
                    id: try $0.decode(column: "id", as: TagID.self),
                    name: try $0.decode(column: "name", as: String.self),
                    count: try $0.decode(column: "n", as: Int.self)
                )
            }
        }
    }

    /// Renames a tag on every record that carries it. A name another tag of the book already has
    /// (in any case) merges the two: their records carry that tag, once.
    public func renameTag(_ id: TagID, to name: String, in scope: BookScope) async throws -> Tag {
        let bookID = scope.bookID
        try scope.requireWrite()
        let name =
            name.trimmingSpaces().hasPrefix("#") ? String(name.trimmingSpaces().dropFirst()) : name.trimmingSpaces()
        try Tags.check(name, field: "name")
        return try await database.write { db in
            guard try await Self.tagExists(db, id, book: bookID) else { throw StoreError.notFound("tag") }
            if let other = try await RecordTags.find(db, book: bookID, name: name), other != id {
                let moved = try await Self.taggedRecords(db, id)
                try await db.raw(
                    """
                    INSERT INTO transaction_tags (transaction_id, tag_id, position)
                    SELECT transaction_id, \(bind: other), position FROM transaction_tags WHERE tag_id = \(bind: id) AND true
                    ON CONFLICT (transaction_id, tag_id) DO NOTHING
                    """
                ).run()
                try await db.raw("DELETE FROM tags WHERE id = \(bind: id)").run()
                try await db.raw("UPDATE tags SET name = \(bind: name) WHERE id = \(bind: other)").run()
                try await Self.recountTags(db, moved)
                return try await Self.tag(db, other)
            }
            try await db.raw(
                "UPDATE tags SET name = \(bind: name), name_key = \(bind: Tags.key(name)) WHERE id = \(bind: id)"
            ).run()
            return try await Self.tag(db, id)
        }
    }

    /// Takes a tag off every record and out of the book.
    public func deleteTag(_ id: TagID, in scope: BookScope) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        try await database.write { db in
            guard try await Self.tagExists(db, id, book: bookID) else { throw StoreError.notFound("tag") }
            let records = try await Self.taggedRecords(db, id)
            try await db.raw("DELETE FROM transaction_tags WHERE tag_id = \(bind: id)").run()
            try await db.raw("DELETE FROM tags WHERE id = \(bind: id)").run()
            try await Self.recountTags(db, records)
        }
    }

    private static func tagExists(_ db: any SQLDatabase, _ id: TagID, book: BookID) async throws -> Bool {
        try await db.raw("SELECT id FROM tags WHERE id = \(bind: id) AND book_id = \(bind: book)").first() != nil
    }

    private static func taggedRecords(_ db: any SQLDatabase, _ id: TagID) async throws -> [Int64] {
        try await db.raw("SELECT transaction_id FROM transaction_tags WHERE tag_id = \(bind: id)").all().map {
            try $0.decode(column: "transaction_id", as: Int64.self)
        }
    }

    /// Sets `tag_count` again on records whose tags changed.
    private static func recountTags(_ db: any SQLDatabase, _ records: [Int64]) async throws {
        for start in stride(from: 0, to: records.count, by: 5_000) {
            let chunk = Array(records[start..<min(records.count, start + 5_000)])
            try await db.raw(
                """
                UPDATE transactions SET tag_count = (SELECT COUNT(*) FROM transaction_tags tt WHERE tt.transaction_id = transactions.id)
                WHERE id IN (\(binds: chunk))
                """
            ).run()
        }
    }

    private static func tag(_ db: any SQLDatabase, _ id: TagID) async throws -> Tag {
        let row = try await db.raw(
            """
            SELECT g.id, g.name, (SELECT CAST(COUNT(*) AS BIGINT) FROM transaction_tags tt WHERE tt.tag_id = g.id) AS n
            FROM tags g WHERE g.id = \(bind: id)
            """
        ).first()!
        return Tag(
            id: try row.decode(column: "id", as: TagID.self),
            name: try row.decode(column: "name", as: String.self),
            count: try row.decode(column: "n", as: Int.self)
        )
    }
}
