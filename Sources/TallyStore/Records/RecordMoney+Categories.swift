import SQLKit
import TallyCore

extension RecordMoney {
    /// Moves every record and line under `doomed` categories to `target`, keeping the kept totals
    /// exact, inside the caller's transaction.
    ///
    /// Records with one category move cell by cell (`Totals.moveCategories`). A split record with
    /// a line there is taken out of the totals first and put back once its lines have moved: two
    /// of its lines may now share a category, and it counts once there, not twice.
    static func moveCategories(
        _ db: any SQLDatabase,
        book: BookID,
        from doomed: [CategoryID],
        to target: CategoryID
    ) async throws {
        let split = try await db.raw(
            """
            SELECT DISTINCT transaction_id FROM transaction_lines
            WHERE book_id = \(bind: book) AND category_id IN (\(binds: doomed))
            """
        ).all().map { try $0.decode(column: "transaction_id", as: Int64.self) }
        let stored = try await rows(db, book: book, ids: split)
        var out = Totals()
        for (id, row) in stored { try out.add(sign: -1, row: row.row, lines: row.lines(id)) }
        try await out.apply(db, book: book)

        // A scan of the book's records (no index leads with the category: imports would pay for
        // it on every record), for a change made once in a while.
        try await db.raw(
            """
            UPDATE transactions SET category_id = \(bind: target) WHERE book_id = \(bind: book) AND category_id IN (\(binds: doomed))
            """
        ).run()
        try await Totals.moveCategories(db, book: book, from: doomed, to: target)
        guard !split.isEmpty else { return }
        try await db.raw(
            """
            UPDATE transaction_lines SET category_id = \(bind: target) WHERE book_id = \(bind: book) AND category_id IN (\(binds: doomed))
            """
        ).run()
        let moved = try await recount(db, book: book, ids: split)
        var back = Totals()
        for (id, row) in stored { try back.add(sign: 1, row: row.row, lines: moved[id] ?? []) }
        try await back.apply(db, book: book)
    }

    /// Sets each line's `counted` again (the first line of each category in its record) for some
    /// split records, and returns their lines as the totals see them.
    static func recount(_ db: any SQLDatabase, book: BookID, ids: [Int64]) async throws -> [Int64: [Line]] {
        var out = try await lines(db, book: book, ids: ids)
        for (id, stored) in out {
            let recounted = counting(stored)
            for (position, line) in recounted.enumerated() where line.counted != stored[position].counted {
                try await db.raw(
                    """
                    UPDATE transaction_lines SET counted = \(bind: line.counted ? 1 : 0)
                    WHERE transaction_id = \(bind: id) AND position = \(bind: position)
                    """
                ).run()
            }
            out[id] = recounted
        }
        return out
    }

    /// A stored record's totals columns with its lines.
    struct StoredRow {
        var row: any SQLRow
        var lineMap: [Int64: [Line]]
        func lines(_ id: Int64) -> [Line] { lineMap[id] ?? [] }
    }

    /// Some records' totals columns and lines, by id.
    static func rows(_ db: any SQLDatabase, book: BookID, ids: [Int64]) async throws -> [(Int64, StoredRow)] {
        guard !ids.isEmpty else { return [] }
        let lines = try await lines(db, book: book, ids: ids)
        var out: [(Int64, StoredRow)] = []
        for start in stride(from: 0, to: ids.count, by: 5_000) {
            let chunk = Array(ids[start..<min(ids.count, start + 5_000)])
            for row in try await db.raw(
                "SELECT \(unsafeRaw: columns) FROM transactions WHERE +book_id = \(bind: book) AND id IN (\(binds: chunk))"
            ).all() {
                out.append((try row.decode(column: "id", as: Int64.self), StoredRow(row: row, lineMap: lines)))
            }
        }
        return out
    }
}
