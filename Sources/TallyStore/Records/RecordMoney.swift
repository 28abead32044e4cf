import SQLKit
import TallyCore

/// The one home of a record's money: which categories its amount is under, and how much under each.
///
/// A record is under one category with its whole amount, or, split, under its lines' categories
/// with each line's share. Everything that reads a record's category or amount for a sum, a filter
/// or the kept totals asks this layer, so a split reaches every report through here, and the rest
/// of the store deals in records: their payee, account and day are per record, split or not.
///
/// What `count` means once a record has lines: a record counts once under each category it has a
/// line in (two lines of Food still count one record under Food), and once in every total that is
/// not by category (a day, an account, a payee, a month's spending). The kept totals hold both:
/// `count` per cell, and `records`, which each record adds to one cell only (its first line's).
enum RecordMoney {
    /// The columns of `transactions` its totals cells are keyed and summed by.
    static let columns =
        "id, kind, amount_minor, base_minor, currency, date, payee_key, category_id, account_id, to_account_id, line_count"

    /// One stored line, as the totals see it.
    struct Line: Sendable, Equatable {
        var category: CategoryID?
        var amount: Int64
        var base: Int64?
        /// The first line of its category in the record: the one that counts the record there.
        var counted: Bool
    }

    /// A split record's lines as the sums see them, from the lines as stored in order.
    static func shares(categories: [CategoryID?], amounts: [Int64], base: Int64?) -> [Line] {
        counting(
            zip(categories, zip(amounts, lineBases(amounts: amounts, base: base))).map {
                Line(category: $0, amount: $1.0, base: $1.1, counted: false)
            }
        )
    }

    /// Stored lines as the sums see them (their own converted shares).
    static func lines(of stored: [TransactionLine]) -> [Line] {
        counting(
            stored.map {
                Line(category: $0.categoryID, amount: $0.amount.minorUnits, base: $0.baseMinor, counted: false)
            }
        )
    }

    /// The lines with `counted` set on the first line of each category (no category counts as one).
    static func counting(_ lines: [Line]) -> [Line] {
        var seen = Set<Int64>()
        return lines.map {
            var line = $0
            line.counted = seen.insert(line.category?.rawValue ?? 0).inserted
            return line
        }
    }

    /// Each line's share of the record's converted amount: the whole shared out in proportion to
    /// the lines' amounts, so the shares add up to it exactly (see `Allocation`). nil when the
    /// record has no converted amount.
    static func lineBases(amounts: [Int64], base: Int64?) -> [Int64?] {
        guard let base else { return amounts.map { _ in nil } }
        return Allocation.largestRemainder(base, over: amounts).map { $0 }
    }

    /// The lines of the book's split records that `condition` (on `t`, the records) picks, by
    /// record id: one query, reading nothing for records that are not split.
    static func lines(
        _ db: any SQLDatabase,
        book: BookID,
        where condition: SQLQueryString,
        byID: Bool = false
    ) async throws -> [Int64: [Line]] {
        // Picked by id, the book is only checked: as a condition on the book's index SQLite's
        // planner read the book's every record for a list of ids (26 ms for 31 ids at 100,000).
        let book: SQLQueryString = byID ? "+t.book_id = \(bind: book)" : "t.book_id = \(bind: book)"
        let rows = try await db.raw(
            """
            SELECT l.transaction_id, l.category_id, l.amount_minor, l.base_minor, l.counted
            FROM transaction_lines l JOIN transactions t ON t.id = l.transaction_id
            WHERE \(book) AND t.line_count > 0 AND \(condition)
            ORDER BY l.transaction_id, l.position
            """
        ).all()
        var out: [Int64: [Line]] = [:]
        for row in rows {
            let id = try row.decode(column: "transaction_id", as: Int64.self)
            out[id, default: []].append(
                Line(
                    category: try row.decode(column: "category_id", as: Int64?.self).map(CategoryID.init(rawValue:)),
                    amount: try row.decode(column: "amount_minor", as: Int64.self),
                    base: try row.decode(column: "base_minor", as: Int64?.self),
                    counted: try row.decode(column: "counted", as: Int64.self) == 1
                )
            )
        }
        return out
    }

    /// The lines of some records, by id.
    static func lines(_ db: any SQLDatabase, book: BookID, ids: [Int64]) async throws -> [Int64: [Line]] {
        var out: [Int64: [Line]] = [:]
        // Chunks keep each statement well inside both engines' bind limits.
        for start in stride(from: 0, to: ids.count, by: 5_000) {
            let chunk = Array(ids[start..<min(ids.count, start + 5_000)])
            out.merge(try await lines(db, book: book, where: "t.id IN (\(binds: chunk))", byID: true)) { a, _ in a }
        }
        return out
    }

    /// Stores a record's lines in place of any it had (none makes it one category again), and
    /// returns them as the totals see them. `base` is the record's converted amount.
    @discardableResult
    static func write(
        _ db: any SQLDatabase,
        book: BookID,
        record: TransactionID,
        lines: [(category: CategoryID?, amount: Int64, note: String)],
        base: Int64?
    ) async throws -> [Line] {
        try await db.raw("DELETE FROM transaction_lines WHERE transaction_id = \(bind: record)").run()
        try await db.raw(
            "UPDATE transactions SET line_count = \(bind: lines.count) WHERE id = \(bind: record) AND book_id = \(bind: book)"
        ).run()
        guard !lines.isEmpty else { return [] }
        let shares = shares(categories: lines.map(\.category), amounts: lines.map(\.amount), base: base)
        var values: [BulkValue] = []
        for (position, (line, share)) in zip(lines, shares).enumerated() {
            values += [
                .int(record.rawValue), .int(book.rawValue), .int(Int64(position)), BulkValue(line.category),
                .int(line.amount), BulkValue(share.base), .text(line.note), .int(share.counted ? 1 : 0),
            ]
        }
        try await BulkWriter(db: db, sqlite: nil).insert(
            into: "transaction_lines",
            columns: lineColumns,
            values: values
        )
        return shares
    }

    /// The columns `write` inserts, in order.
    static let lineColumns = [
        "transaction_id", "book_id", "position", "category_id", "amount_minor", "base_minor", "note", "counted",
    ]

    /// Shares a record's new converted amount over its lines again, after a change of rates.
    static func rebase(_ db: any SQLDatabase, record: Int64, lines: [Line], base: Int64?) async throws -> [Line] {
        let bases = lineBases(amounts: lines.map(\.amount), base: base)
        var out = lines
        for (position, share) in bases.enumerated() {
            out[position].base = share
            try await db.raw(
                """
                UPDATE transaction_lines SET base_minor = \(bind: share)
                WHERE transaction_id = \(bind: record) AND position = \(bind: position)
                """
            ).run()
        }
        return out
    }
}

extension RecordMoney {
    /// Sets some of a record's columns (`set`, never its amount or lines) where `condition` still
    /// holds, and moves the kept totals from the old row to the new one; false when no record
    /// matched. The returned row is the new one's `columns`.
    @discardableResult
    static func update(
        _ db: any SQLDatabase,
        book: BookID,
        id: TransactionID,
        set: SQLQueryString,
        condition: SQLQueryString = "1 = 1",
        totals: inout Totals
    ) async throws -> (any SQLRow)? {
        guard
            let old = try await db.raw(
                """
                SELECT \(unsafeRaw: columns) FROM transactions t
                WHERE t.id = \(bind: id) AND t.book_id = \(bind: book) AND \(condition)
                """
            ).first()
        else { return nil }
        let lines =
            try old.decode(column: "line_count", as: Int.self) > 0
            ? try await Self.lines(db, book: book, ids: [id.rawValue])[id.rawValue] ?? [] : []
        let new = try await db.raw(
            """
            UPDATE transactions SET \(set) WHERE id = \(bind: id) AND book_id = \(bind: book) RETURNING \(unsafeRaw: columns)
            """
        ).first()!
        try totals.add(sign: -1, row: old, lines: lines)
        try totals.add(sign: 1, row: new, lines: lines)
        return new
    }
}
