import SQLKit
import TallyCore

extension Rates {
    /// Records read and rewritten per round trip while re-converting.
    static let reconvertChunk = 2_000

    /// Gives new base amounts to the records of `currency` that rates changed on `changed` days
    /// now convert differently, inside the caller's transaction (which holds the rates lock),
    /// and moves the kept totals by the difference. Returns how many records changed.
    ///
    /// A rate applies from its day until the currency's next rate, so only records dated from the
    /// first changed day up to (not including) the first rate after the last changed day can move:
    /// the work is linear in the book's records in that span, and nothing else is read.
    static func reconvert(
        _ db: any SQLDatabase,
        book: BookID,
        base: Currency,
        currency: Currency,
        changed: [LocalDate]
    ) async throws -> Int {
        guard let first = changed.min(), let last = changed.max() else { return 0 }
        let rates = try await Conversion.all(db, book: book, base: base, currencies: [currency])
        let until = rates.nextDate(currency, after: last)
        let end: SQLQueryString = until.map { " AND date < \(bind: $0.description)" } ?? ""
        var totals = Totals()
        var changedCount = 0
        // Keyset pages in the order of the (book, date, time, id) index.
        var after: (date: String, time: String, id: Int64)? = nil
        while true {
            let from: SQLQueryString =
                after.map { "(date, time, id) > (\(bind: $0.date), \(bind: $0.time), \(bind: $0.id))" }
                ?? "date >= \(bind: first.description)"
            let rows = try await db.raw(
                """
                SELECT id, kind, amount_minor, base_minor, currency, date, time, payee_key, category_id, account_id, to_account_id,
                  line_count
                FROM transactions
                WHERE book_id = \(bind: book) AND \(from)\(end) AND currency = \(bind: currency.code)
                ORDER BY date, time, id LIMIT \(bind: reconvertChunk)
                """
            ).all()
            guard let tail = rows.last else { break }
            after = (
                try tail.decode(column: "date", as: String.self), try tail.decode(column: "time", as: String.self),
                try tail.decode(column: "id", as: Int64.self)
            )
            var moves: [Int64: (row: any SQLRow, base: Int64?)] = [:]
            for row in rows {
                let amount = try row.decode(column: "amount_minor", as: Int64.self)
                let old = try row.decode(column: "base_minor", as: Int64?.self)
                // Records stored outside the bounds are `tally check`'s to name, not to convert.
                guard let date = LocalDate(try row.decode(column: "date", as: String.self)),
                    LocalDate.supported.contains(date), amount.magnitude <= Money.maxMinorUnits
                else { continue }
                let new = rates.convert(Money(minorUnits: amount, currency: currency), on: date)?.minorUnits
                if new != old { moves[try row.decode(column: "id", as: Int64.self)] = (row, new) }
            }
            if !moves.isEmpty { changedCount += try await move(db, book: book, moves, into: &totals) }
            // The cells go out in parts, so a re-conversion of a whole history holds a part at most.
            if totals.cellCount >= 50_000 {
                try await totals.apply(db, book: book)
                totals = Totals()
            }
            if rows.count < reconvertChunk { break }
        }
        try await totals.apply(db, book: book)
        return changedCount
    }

    /// Writes the new base amounts of one page of records and adds their differences to `totals`;
    /// returns how many records the update met (a record deleted meanwhile is not moved).
    private static func move(
        _ db: any SQLDatabase,
        book: BookID,
        _ moves: [Int64: (row: any SQLRow, base: Int64?)],
        into totals: inout Totals
    ) async throws -> Int {
        let cases = moves.map { id, move -> SQLQueryString in
            "WHEN \(bind: id) THEN CAST(\(bind: move.base) AS BIGINT)"
        }
        let updated = try await db.raw(
            """
            UPDATE transactions SET base_minor = CASE id \(cases.joined(separator: " ")) END
            WHERE book_id = \(bind: book) AND id IN (\(binds: Array(moves.keys)))
            RETURNING id
            """
        ).all().map { try $0.decode(column: "id", as: Int64.self) }
        // A split record's lines share its new converted amount out again.
        let split = try updated.filter { try moves[$0]?.row.decode(column: "line_count", as: Int.self) ?? 0 > 0 }
        let lines = split.isEmpty ? [:] : try await RecordMoney.lines(db, book: book, ids: split)
        var count = 0
        for id in updated {
            guard let move = moves[id] else { continue }
            let old = lines[id] ?? []
            let new = old.isEmpty ? [] : try await RecordMoney.rebase(db, record: id, lines: old, base: move.base)
            try totals.add(sign: -1, row: move.row, lines: old)
            try totals.add(sign: 1, row: move.row, lines: new, base: move.base)
            count += 1
        }
        return count
    }
}
