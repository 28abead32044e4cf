import SQLKit
import TallyCore

/// One stored rate of a book.
public struct StoredRate: Sendable, Hashable {
    /// Row id.
    public var id: RateID
    /// The currency the rate converts from.
    public var currency: Currency
    /// The first day it applies; it holds until the currency's next rate.
    public var date: LocalDate
    /// Units of the book's currency for one unit of `currency`.
    public var rate: ExchangeRate
}

/// What a change of rates did.
public struct RateChange: Sendable, Hashable {
    /// The rate written (nil for a deletion).
    public var rate: StoredRate?
    /// How many rates were written (an import).
    public var written: Int
    /// How many records got a new base amount.
    public var reconverted: Int
}

/// How many records of one currency have no base amount.
public struct UnconvertedCount: Sendable, Hashable {
    /// The currency.
    public var currency: Currency
    /// How many of the book's records in it no rate converts.
    public var count: Int
    /// The earliest such record's day: a rate on or before it converts them all.
    public var firstDate: LocalDate
}

extension Rates {
    /// The book's rates, newest first within each currency, optionally of one currency; at most
    /// `limit` (1–1000).
    public func rates(in scope: BookScope, currency: Currency? = nil, limit: Int = 100) async throws -> [StoredRate] {
        guard (1...1000).contains(limit) else { throw FieldError("limit", "must be between 1 and 1000") }
        let only: SQLQueryString = currency.map { " AND currency = \(bind: $0.code)" } ?? ""
        return try await database.read { db in
            try await db.raw(
                """
                SELECT id, currency, date, rate FROM exchange_rates WHERE book_id = \(bind: scope.bookID)\(only)
                ORDER BY currency, date DESC LIMIT \(bind: limit)
                """
            ).all().map(Self.stored)
        }
    }

    /// The latest rate of each currency the book has rates for.
    public func latestRates(in scope: BookScope) async throws -> [StoredRate] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT r.id, r.currency, r.date, r.rate FROM exchange_rates r
                WHERE r.book_id = \(bind: scope.bookID)
                  AND r.date = (SELECT MAX(l.date) FROM exchange_rates l WHERE l.book_id = r.book_id AND l.currency = r.currency)
                ORDER BY r.currency
                """
            ).all().map(Self.stored)
        }
    }

    /// The book's records that no rate converts, counted by currency.
    public func unconvertedCounts(in scope: BookScope) async throws -> [UnconvertedCount] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT currency, CAST(COUNT(*) AS BIGINT) AS n, MIN(date) AS first FROM transactions
                WHERE book_id = \(bind: scope.bookID) AND base_minor IS NULL GROUP BY currency ORDER BY currency
                """
            ).all().map { row in
                UnconvertedCount(
                    currency: try Row.currency(code: try row.decode(column: "currency", as: String.self)),
                    count: try row.decode(column: "n", as: Int.self),
                    // A stored date that is none is an error naming it, not a made-up day.
                    firstDate: try Row.date(
                        try row.decode(column: "first", as: String.self),
                        table: "transactions",
                        id: "of currency \(try row.decode(column: "currency", as: String.self))",
                        column: "date"
                    )
                )
            }
        }
    }

    /// Sets the rate of a currency from a day on (replacing that day's rate if there is one),
    /// and re-converts the records it now applies to: in the rate's transaction for a few, else
    /// in batches after it (`change`). While they run the book refuses a second long write (409).
    public func setRate(
        in scope: BookScope,
        currency: Currency,
        date: LocalDate,
        rate: ExchangeRate
    ) async throws
        -> RateChange
    {
        try await setRate(in: scope, currency: currency, date: date, rate: rate, limits: .standard.on(database.engine))
    }

    func setRate(
        in scope: BookScope,
        currency: Currency,
        date: LocalDate,
        rate: ExchangeRate,
        limits: LongWriteLimits
    ) async throws
        -> RateChange
    {
        let book = try scope.writable()
        try Self.check(currency, book: book)
        return try await change(book, limits: limits) { db, _ in
            guard
                let row = try await db.raw(
                    """
                    INSERT INTO exchange_rates (book_id, currency, date, rate, created_at)
                    VALUES (\(bind: book.id), \(bind: currency.code), \(bind: date.description), \(bind: rate.description), \(bind: Clock.timestamp()))
                    ON CONFLICT (book_id, currency, date) DO UPDATE SET rate = excluded.rate
                    RETURNING id, currency, date, rate
                    """
                ).first()
            else { throw DatabaseError(description: "INSERT returned no rate") }
            return RatesWritten(rate: try Self.stored(row), written: 1, changed: [currency: [date]])
        }
    }

    /// Deletes a rate; the records it converted fall back to the rate before it, or to none.
    public func deleteRate(_ id: RateID, in scope: BookScope) async throws -> RateChange {
        try await deleteRate(id, in: scope, limits: .standard.on(database.engine))
    }

    func deleteRate(_ id: RateID, in scope: BookScope, limits: LongWriteLimits) async throws -> RateChange {
        let book = try scope.writable()
        return try await change(book, limits: limits) { db, _ in
            guard
                let row = try await db.raw(
                    """
                    DELETE FROM exchange_rates WHERE id = \(bind: id) AND book_id = \(bind: book.id)
                    RETURNING id, currency, date, rate
                    """
                ).first()
            else { throw StoreError.notFound("rate") }
            let gone = try Self.stored(row)
            return RatesWritten(rate: nil, written: 0, changed: [gone.currency: [gone.date]])
        }
    }

    /// Sets many rates at once (a file): all of them or, on any error, none.
    public func importRates(in scope: BookScope, _ rows: [RateRow]) async throws -> RateChange {
        try await importRates(in: scope, rows, limits: .standard.on(database.engine))
    }

    func importRates(in scope: BookScope, _ rows: [RateRow], limits: LongWriteLimits) async throws -> RateChange {
        let book = try scope.writable()
        guard !rows.isEmpty else { throw FieldError("file", "has no rates") }
        guard rows.count <= RateRow.importLimit else {
            throw FieldError("file", "has \(rows.count) rates; at most \(RateRow.importLimit) go in one import")
        }
        // The last of a day's repeats wins, as one statement may not upsert a row twice.
        var latest: [String: RateRow] = [:]
        for row in rows {
            try Self.check(row.currency, book: book, line: row.line)
            latest["\(row.currency.code) \(row.date)"] = row
        }
        // In file order, so the rates' ids follow the file.
        let unique = latest.values.sorted { ($0.line, $0.currency.code) < ($1.line, $1.currency.code) }
        return try await change(book, limits: limits) { db, writer in
            try await writer.insert(
                into: "exchange_rates",
                columns: ["book_id", "currency", "date", "rate", "created_at"],
                values: unique.flatMap {
                    [.text($0.currency.code), .text($0.date.description), .text($0.rate.description)]
                },
                shared: ["book_id": .int(book.id.rawValue), "created_at": .text(Clock.timestamp())],
                suffix: "ON CONFLICT (book_id, currency, date) DO UPDATE SET rate = excluded.rate"
            )
            return RatesWritten(
                rate: nil,
                written: unique.count,
                changed: Dictionary(grouping: unique, by: \.currency).mapValues { $0.map(\.date) }
            )
        }
    }

    private static func check(_ currency: Currency, book: Book, line: Int? = nil) throws {
        guard currency != book.currency else {
            throw FieldError(
                line.map { "line \($0), currency" } ?? "currency",
                "is the book's own currency (\(book.currency.code)), which needs no rate"
            )
        }
    }

    static func stored(_ row: any SQLRow) throws -> StoredRate {
        let dateText = try row.decode(column: "date", as: String.self)
        let rateText = try row.decode(column: "rate", as: String.self)
        guard let date = LocalDate(dateText), let rate = ExchangeRate(rateText) else {
            throw DatabaseError(description: "stored rate \(dateText) \(rateText) is invalid")
        }
        return StoredRate(
            id: RateID(rawValue: try row.decode(column: "id", as: Int64.self)),
            currency: try Row.currency(code: try row.decode(column: "currency", as: String.self)),
            date: date,
            rate: rate
        )
    }
}
