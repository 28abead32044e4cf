import SQLKit
import TallyCore

extension Reports {
    /// Each account's balance, and the book's net worth, at the end of each period of `query`.
    ///
    /// Read from the kept account moves, never the records: one statement sums each account's moves
    /// up to the first period's end and reads them per month or day after it, so ten years by
    /// month read under a thousand rows however many records the book holds.
    /// Balances are converted at the book's rates in force on each period's last day.
    public func balances(_ query: BalanceQuery, in scope: BookScope) async throws -> BalanceReport {
        let bookID = scope.bookID
        let base = scope.book.currency
        return try await database.read { db in
            let accounts = try await self.catalog(db, scope).accounts
            let moves = try await Self.dayMoves(db, book: bookID, query: query)
            let currencies = Set(moves.keys.map(\.currency)).union(accounts.map(\.currency))
            let rates = try await Conversion.table(
                db,
                book: bookID,
                base: base,
                needs: currencies.flatMap { currency in query.ends.map { (currency, $0) } },
                lock: false
            )
            return try BalanceReport(query: query, currency: base, accounts: accounts, moves: moves, rates: rates)
        }
    }

    /// Every series' moves: slot 0 up to the first period's end, then one slot per period.
    ///
    /// Whole months come from `month_account_totals` and the rest from `day_account_totals`: with
    /// a month step only the last month, when the range ends inside it; with a day or week step
    /// the days from the first period's month on, all before it by month. Both are keyed period
    /// first, so each part is one stretch of the key.
    static func dayMoves(
        _ db: any SQLDatabase,
        book: BookID,
        query: BalanceQuery
    ) async throws -> [BalanceSeries: [Int64]] {
        guard let first = query.ends.first, let last = query.ends.last else { return [:] }
        let firstMonth = YearMonth(first)
        // The first month whose moves are read by day.
        let byDay =
            query.interval != .month ? firstMonth : last == last.endOfMonth ? YearMonth(last).next : YearMonth(last)
        let rows = try await db.raw(
            """
            SELECT account_id, currency, '' AS p, CAST(SUM(delta_minor) AS BIGINT) AS total FROM month_account_totals
            WHERE book_id = \(bind: book) AND month <= \(bind: firstMonth.description) AND month < \(bind: byDay.description)
            GROUP BY account_id, currency
            UNION ALL
            SELECT account_id, currency, month AS p, delta_minor AS total FROM month_account_totals
            WHERE book_id = \(bind: book) AND month > \(bind: firstMonth.description) AND month < \(bind: byDay.description)
            UNION ALL
            SELECT account_id, currency, day AS p, delta_minor AS total FROM day_account_totals
            WHERE book_id = \(bind: book) AND day >= \(bind: byDay.first.description) AND day <= \(bind: last.description)
            """
        ).all()
        let index = Dictionary(uniqueKeysWithValues: query.periods.enumerated().map { ($1, $0) })
        let firstEnd = first.description
        var slots: [String: Int] = [:]
        var moves: [BalanceSeries: [Int64]] = [:]
        for row in rows {
            // Column by column: SQLKit's row decoder costs more than the sums (see `TotalsQuery.run`).
            let period = try row.decode(column: "p", as: String.self)
            let slot: Int
            if let known = slots[period] {
                slot = known
            } else {
                // Up to the first end ("" is all of it by month; a month or day compares as text).
                let label = period.count == 10 ? LocalDate(period).map(query.interval.period(of:)) : period
                guard let found = period <= firstEnd ? 0 : label.flatMap({ index[$0] }) else { continue }
                slot = found
                slots[period] = found
            }
            guard let currency = Currency(code: try row.decode(column: "currency", as: String.self)) else { continue }
            let key = BalanceSeries(
                account: try row.decode(column: "account_id", as: AccountID.self),
                currency: currency
            )
            try moves[key, default: Array(repeating: 0, count: query.periods.count)][slot].checkedAdd(
                try row.decode(column: "total", as: Int64.self)
            )
        }
        return moves
    }
}
