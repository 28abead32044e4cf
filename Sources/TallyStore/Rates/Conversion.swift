import SQLKit
import TallyCore

/// The rates a write needs to give its records their base amounts, read inside its transaction.
enum Conversion {
    /// Above this many distinct (currency, day) pairs a write reads the currencies' whole rate
    /// history once instead of one rate per pair.
    static let pointReads = 16

    /// A table holding, for each of `needs` not in the book's currency, the rate that applies on
    /// its day. On PostgreSQL it first takes a share lock on the book's row when any record is in
    /// another currency: a change of rates locks that row for update while it re-converts, so a
    /// record written beside it cannot keep a base amount from the old rates. (SQLite has one
    /// writer, so the two never interleave there.) A read that writes nothing passes `lock: false`.
    static func table(
        _ db: any SQLDatabase,
        book: BookID,
        base: Currency,
        needs: [(currency: Currency, date: LocalDate)],
        lock: Bool = true
    ) async throws -> RateTable {
        let foreign = Set(needs.filter { $0.currency != base }.map { Need(currency: $0.currency, date: $0.date) })
        guard !foreign.isEmpty else { return RateTable(base: base) }
        if lock { try await lockForRecords(db, book: book) }
        guard foreign.count <= pointReads else {
            return try await all(db, book: book, base: base, currencies: Array(Set(foreign.map(\.currency))))
        }
        var table = RateTable(base: base)
        for need in foreign {
            if let row = try await db.raw(
                """
                SELECT date, rate FROM exchange_rates
                WHERE book_id = \(bind: book) AND currency = \(bind: need.currency.code) AND date <= \(bind: need.date.description)
                ORDER BY date DESC LIMIT 1
                """
            ).first() {
                try add(row, currency: need.currency.code, to: &table)
            }
        }
        table.sort()
        return table
    }

    /// A book's rates, of some currencies or all, for a write of many records or a change of
    /// rates that re-converts them.
    static func all(
        _ db: any SQLDatabase,
        book: BookID,
        base: Currency,
        currencies: [Currency]? = nil
    ) async throws -> RateTable {
        var table = RateTable(base: base)
        let only: SQLQueryString = currencies.map { " AND currency IN (\(binds: $0.map(\.code)))" } ?? ""
        for row in try await db.raw(
            "SELECT currency, date, rate FROM exchange_rates WHERE book_id = \(bind: book)\(only)"
        ).all() {
            try add(row, currency: try row.decode(column: "currency", as: String.self), to: &table)
        }
        table.sort()
        return table
    }

    /// A record write's side of the lock: shared, so writers do not wait for each other.
    static func lockForRecords(_ db: any SQLDatabase, book: BookID) async throws {
        guard db.dialect.name == "postgresql" else { return }
        try await db.raw("SELECT id FROM books WHERE id = \(bind: book) FOR SHARE").run()
    }

    /// A change of rates' side: exclusive, until its re-conversion commits.
    static func lockForRates(_ db: any SQLDatabase, book: BookID) async throws {
        guard db.dialect.name == "postgresql" else { return }
        try await db.raw("SELECT id FROM books WHERE id = \(bind: book) FOR UPDATE").run()
    }

    private struct Need: Hashable {
        let currency: Currency
        let date: LocalDate
    }

    private static func add(_ row: any SQLRow, currency: String, to table: inout RateTable) throws {
        let dateText = try row.decode(column: "date", as: String.self)
        let rateText = try row.decode(column: "rate", as: String.self)
        guard let date = LocalDate(dateText), let rate = ExchangeRate(rateText) else {
            throw DatabaseError(description: "stored rate \(currency) \(dateText) \(rateText) is invalid")
        }
        table.add(currency, date, rate)
    }
}
