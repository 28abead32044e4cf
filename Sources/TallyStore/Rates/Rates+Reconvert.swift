import SQLKit
import TallyCore

/// A re-conversion under way: which records a change of rates can move, the rates to convert
/// them at, and how far it has read. It runs batch by batch (`batch`), each in a transaction of
/// its own or all in the caller's one.
///
/// The rates are read once, when it starts: while it runs the book is claimed (`long_writes`),
/// and every change of rates claims the book too, so they cannot change under it.
struct Reconversion: Sendable {
    /// The days of one currency whose records may convert differently now.
    struct Span: Sendable {
        var from: LocalDate
        /// The currency's first rate after the last changed day, from which nothing moved.
        var until: LocalDate?
    }

    let book: BookID
    let rates: RateTable
    /// Per currency code; nil for every record of the book, in every currency.
    let spans: [String: Span]?
    /// Where the spans end together; nil for the book's last record.
    let until: LocalDate?
    /// The last record read.
    var cursor: RecordKey
    /// Records given a new base amount so far.
    var changed = 0
    /// How many records a page reads, as the last batch left it.
    var page: LongWritePage?

    /// The re-conversion rates changed on `changed` days need, read in the change's transaction
    /// once the new rates are written.
    ///
    /// A rate applies from its day until the currency's next rate, so only records dated from a
    /// currency's first changed day up to (not including) its first rate after the last changed
    /// day can move: the work is linear in the book's records in that span.
    init(_ db: any SQLDatabase, book: BookID, base: Currency, changed: [Currency: [LocalDate]]) async throws {
        let rates = try await Conversion.all(db, book: book, base: base, currencies: Array(changed.keys))
        var spans: [String: Span] = [:]
        for (currency, days) in changed {
            guard let first = days.min(), let last = days.max() else { continue }
            spans[currency.code] = Span(from: first, until: rates.nextDate(currency, after: last))
        }
        let from = spans.values.map(\.from).min()
        let untils = spans.values.map(\.until)
        self.init(
            book: book,
            rates: rates,
            spans: spans,
            until: untils.contains { $0 == nil } ? nil : untils.compactMap { $0 }.max(),
            // Before every record of the first day: ids start at 1.
            cursor: from.map { RecordKey(date: $0.description, time: "", id: 0) } ?? .first
        )
    }

    /// Every record of the book, in every currency, against all its rates: how a dead job is
    /// finished (whatever it had done, each record gets what the rates give it) and how a repair
    /// mends base amounts. Nil when the book is gone.
    static func everything(_ db: any SQLDatabase, book: BookID) async throws -> Reconversion? {
        guard let row = try await db.raw("SELECT currency FROM books WHERE id = \(bind: book)").first(),
            let base = Currency(code: try row.decode(column: "currency", as: String.self))
        else { return nil }
        let rates = try await Conversion.all(db, book: book, base: base)
        return Reconversion(book: book, rates: rates, spans: nil, until: nil, cursor: .first)
    }

    private init(book: BookID, rates: RateTable, spans: [String: Span]?, until: LocalDate?, cursor: RecordKey) {
        self.book = book
        self.rates = rates
        self.spans = spans
        self.until = until
        self.cursor = cursor
    }

    /// One batch, under the rates lock: pages read on from the cursor until the batch is full or
    /// the spans are read; each gives its records in a span the base amount the rates give them
    /// and moves the kept totals by the difference. True when nothing is left to read.
    ///
    /// Every record read counts, not only those that change: the pages are read whatever their
    /// currency, so that no statement scans the book's other records past the batch's bound. The
    /// totals are written once per batch, and the time that took counts toward the next batch's
    /// (`LongWriteBatch.pages`): uncounted, it made batches 90 ms long in a release build.
    /// A record written between batches was converted at these rates already: it reads the same
    /// base amount again and does not move.
    mutating func batch(_ db: any SQLDatabase, limits: LongWriteLimits) async throws -> Bool {
        if spans?.isEmpty == true { return true }
        try await Conversion.lockForRates(db, book: book)
        var size = page ?? .quarter(limits)
        defer { page = size }
        var totals = Totals()
        let book = book
        return try await LongWriteBatch.pages(limits: limits, size: &size) { rows in
            let read = try await self.convertPage(db, rows: rows, into: &totals)
            return read < rows ? .done : .rows(read)
        } finish: {
            try await totals.apply(db, book: book)
        }
    }

    /// Converts the next `rows` records from the cursor, their differences added to `totals`;
    /// returns how many it read.
    private mutating func convertPage(
        _ db: any SQLDatabase,
        rows limit: Int,
        into totals: inout Totals
    ) async throws
        -> Int
    {
        let end: SQLQueryString = until.map { " AND date < \(bind: $0.description)" } ?? ""
        let rows = try await db.raw(
            """
            SELECT id, kind, amount_minor, base_minor, currency, date, time, payee_key, category_id, account_id,
              to_account_id, line_count
            FROM transactions
            WHERE book_id = \(bind: book) AND (date, time, id) > (\(bind: cursor.date), \(bind: cursor.time), \(bind: cursor.id))\(end)
            ORDER BY date, time, id LIMIT \(bind: limit)
            """
        ).all()
        if let tail = rows.last {
            cursor = RecordKey(
                date: try tail.decode(column: "date", as: String.self),
                time: try tail.decode(column: "time", as: String.self),
                id: try tail.decode(column: "id", as: Int64.self)
            )
        }
        var moves: [Int64: (row: any SQLRow, base: Int64?)] = [:]
        for row in rows {
            if let next = try newBase(row) { moves[next.id] = (row, next.base) }
        }
        if !moves.isEmpty { changed += try await Self.move(db, book: book, moves, into: &totals) }
        return rows.count
    }

    /// The record's id and new base amount, when it is in a span and the rates now give it another.
    private func newBase(_ row: any SQLRow) throws -> (id: Int64, base: Int64?)? {
        let code = try row.decode(column: "currency", as: String.self)
        let dateText = try row.decode(column: "date", as: String.self)
        if let spans {
            guard let span = spans[code], dateText >= span.from.description,
                span.until.map({ dateText < $0.description }) ?? true
            else { return nil }
        }
        let amount = try row.decode(column: "amount_minor", as: Int64.self)
        // Records stored outside the bounds are `tally check`'s to name, not to convert.
        guard let currency = Currency(code: code), let date = LocalDate(dateText),
            LocalDate.supported.contains(date), amount.magnitude <= Money.maxMinorUnits
        else { return nil }
        let old = try row.decode(column: "base_minor", as: Int64?.self)
        let new = rates.convert(Money(minorUnits: amount, currency: currency), on: date)?.minorUnits
        return new == old ? nil : (try row.decode(column: "id", as: Int64.self), new)
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
            WHERE +book_id = \(bind: book) AND id IN (\(binds: Array(moves.keys)))
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
