import SQLKit
import SQLiteNIO
import TallyCore

extension Imports {
    /// The book's records the rows of a statement's entries could match (see `ImportWindow`),
    /// found in one pass over the records of the file's days.
    ///
    /// The pass streams: a 100,000-row file meets about as many records, and holding them all as
    /// rows, then decoding each through SQLKit to keep the few that match, was most of what
    /// checking against a big book cost (and a good part of the import's memory). Each record's
    /// amount, currency and day are looked at first; only a record that can match is decoded
    /// whole.
    static func candidates(
        _ db: any SQLDatabase,
        sqlite: SQLiteConnection?,
        entries: [StatementEntry],
        book: BookID
    ) async throws -> [ImportCandidate] {
        guard var first = entries.first?.date, var last = entries.first?.date else { return [] }
        for i in entries.indices {
            first = min(first, entries[i].date)
            last = max(last, entries[i].date)
        }
        let from = first.adding(days: -ImportMatcher.windowDays).description
        let to = last.adding(days: ImportMatcher.windowDays).description
        let window = ImportWindow(entries)
        let found = StreamCollector(CandidateScan())
        try await streamRows(
            db,
            sqlite: sqlite,
            """
            SELECT id, kind, account_id, date, amount_minor, currency, payee, imported_id FROM transactions
            WHERE book_id = \(bind: book) AND date >= \(bind: from) AND date <= \(bind: to)
            """
        ) { row in found.add { try $0.take(row, window: window) } }
        return try found.result().found
    }
}

/// The records that can match, kept while the book's records of the file's days stream by.
private struct CandidateScan: Sendable {
    var found: [ImportCandidate] = []
    /// Day numbers by date text: a year of records has a few hundred distinct days.
    var days: [String: Int] = [:]

    mutating func take(_ row: any StreamedRow, window: ImportWindow) throws {
        guard let amount = try row.int("amount_minor"), let code = try row.text("currency"),
            let text = try row.text("date")
        else { return }
        let day: Int
        if let known = days[text] {
            day = known
        } else {
            guard let date = LocalDate(text) else { return }
            day = date.dayNumber
            days[text] = day
        }
        guard window.contains(minorUnits: amount, dayNumber: day),
            let kind = TransactionKind(rawValue: try row.text("kind") ?? ""),
            let currency = Currency(code: code), let id = try row.int("id")
        else { return }
        found.append(
            ImportCandidate(
                id: TransactionID(rawValue: id),
                kind: kind,
                accountID: try row.int("account_id").map(AccountID.init(rawValue:)),
                date: LocalDate(dayNumber: day),
                amount: Money(minorUnits: amount, currency: currency),
                payee: try row.text("payee") ?? "",
                fromFile: try row.text("imported_id") != nil
            )
        )
    }
}

extension Imports {
    /// "account id|file id" of each of the rows' file ids already stored in its account.
    ///
    /// An account that holds no more ids than the file has rows (always so on its first import)
    /// has them all read and compared here. Else the file's ids are looked up along the primary
    /// key, so that the account's other ids are never read: on SQLite as one bound JSON array (a
    /// thousand bound values a statement, through SQLKit, cost a 100,000-row file a tenth of a
    /// second), on PostgreSQL a thousand at a time.
    static func importedIDs(
        _ db: any SQLDatabase,
        sqlite: SQLiteConnection?,
        rows: [ImportRow],
        accounts: [AccountID?],
        book: BookID
    ) async throws -> Set<String> {
        var wanted: [AccountID: [String]] = [:]
        for i in rows.indices {
            if let account = accounts[rows[i].account] { wanted[account, default: []].append(rows[i].importedID) }
        }
        var imported: Set<String> = []
        for (account, ids) in wanted {
            let found = StreamCollector([String]())
            let collect: @Sendable (any StreamedRow) -> Void = { row in
                found.add { $0.append(try row.text("imported_id") ?? "") }
            }
            try await streamRows(
                db,
                sqlite: sqlite,
                """
                SELECT imported_id FROM imported_ids WHERE book_id = \(bind: book) AND account_id = \(bind: account)
                LIMIT \(bind: ids.count + 1)
                """,
                collect
            )
            let stored = try found.result()
            if stored.isEmpty { continue }
            if stored.count <= ids.count {
                let file = Set(ids)
                for id in stored where file.contains(id) { imported.insert("\(account.rawValue)|\(id)") }
                continue
            }
            let probed = StreamCollector([String]())
            let probe: @Sendable (any StreamedRow) -> Void = { row in
                probed.add { $0.append(try row.text("imported_id") ?? "") }
            }
            if sqlite != nil {
                try await streamRows(
                    db,
                    sqlite: sqlite,
                    """
                    SELECT imported_id FROM imported_ids WHERE book_id = \(bind: book) AND account_id = \(bind: account)
                    AND imported_id IN (SELECT value ->> 0 FROM json_each(\(bind: BulkValue.json(ids.map(BulkValue.text)[...], width: 1))))
                    """,
                    probe
                )
            } else {
                for start in stride(from: 0, to: ids.count, by: 1_000) {
                    try await streamRows(
                        db,
                        sqlite: nil,
                        """
                        SELECT imported_id FROM imported_ids WHERE book_id = \(bind: book) AND account_id = \(bind: account)
                        AND imported_id IN (\(binds: Array(ids[start..<min(start + 1_000, ids.count)])))
                        """,
                        probe
                    )
                }
            }
            for id in try probed.result() { imported.insert("\(account.rawValue)|\(id)") }
        }
        return imported
    }
}
