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
    /// first, so each part is one stretch of the key. Each row's slot is worked out in the SQL and
    /// the rows summed there per slot: ten years by week were 18,000 day rows, and decoding them
    /// (SQLKit decodes each cell by name) was nine tenths of the answer's time.
    static func dayMoves(
        _ db: any SQLDatabase,
        book: BookID,
        query: BalanceQuery
    ) async throws -> [BalanceSeries: [Int64]] {
        guard let first = query.ends.first, let last = query.ends.last, let label = query.periods.first else {
            return [:]
        }
        let firstMonth = YearMonth(first)
        // The first month whose moves are read by day.
        let byDay =
            query.interval != .month ? firstMonth : last == last.endOfMonth ? YearMonth(last).next : YearMonth(last)
        let month0 = firstMonth.year * 12 + firstMonth.month
        // A day's slot after the first: months, weeks or days since the first period began.
        let daySlot: SQLQueryString =
            switch query.interval {
            case .month: "\(unsafeRaw: months("day")) - \(bind: month0)"
            case .week: "(\(unsafeRaw: julian("day")) - \(bind: julian(LocalDate(label) ?? first))) / 7"
            default: "\(unsafeRaw: julian("day")) - \(bind: julian(first))"
            }
        let rows = try await db.raw(
            """
            SELECT account_id, currency, 0 AS slot, CAST(SUM(delta_minor) AS BIGINT) AS total FROM month_account_totals
            WHERE book_id = \(bind: book) AND month <= \(bind: firstMonth.description) AND month < \(bind: byDay.description)
            GROUP BY account_id, currency
            UNION ALL
            SELECT account_id, currency, \(unsafeRaw: months("month")) - \(bind: month0) AS slot, delta_minor AS total
            FROM month_account_totals
            WHERE book_id = \(bind: book) AND month > \(bind: firstMonth.description) AND month < \(bind: byDay.description)
            UNION ALL
            SELECT account_id, currency, CASE WHEN day <= \(bind: first.description) THEN 0 ELSE \(daySlot) END AS slot,
              CAST(SUM(delta_minor) AS BIGINT) AS total
            FROM day_account_totals
            WHERE book_id = \(bind: book) AND day >= \(bind: byDay.first.description) AND day <= \(bind: last.description)
            GROUP BY account_id, currency, 3
            """
        ).all()
        let count = query.periods.count
        var currencies: [String: Currency] = [:]
        var moves: [BalanceSeries: [Int64]] = [:]
        for row in rows {
            // Column by column: SQLKit's row decoder costs more than the sums (see `TotalsQuery.run`).
            let slot = try row.decode(column: "slot", as: Int.self)
            let code = try row.decode(column: "currency", as: String.self)
            guard (0..<count).contains(slot), let currency = currencies[code] ?? Currency(code: code) else { continue }
            currencies[code] = currency
            let key = BalanceSeries(
                account: AccountID(rawValue: try row.decode(column: "account_id", as: Int64.self)),
                currency: currency
            )
            try moves[key, default: Array(repeating: 0, count: count)][slot].checkedAdd(
                try row.decode(column: "total", as: Int64.self)
            )
        }
        return moves
    }

    /// `YYYY-MM…` in `column` as a number of months, year × 12 + month.
    private static func months(_ column: String) -> String {
        "(CAST(SUBSTR(\(column), 1, 4) AS INTEGER) * 12 + CAST(SUBSTR(\(column), 6, 2) AS INTEGER))"
    }

    /// `YYYY-MM-DD` in `column` as its Julian day number (Fliegel and Van Flandern), in integer
    /// arithmetic both engines do alike: every term is positive for the supported years, so their
    /// truncating divisions are the formula's floors.
    private static func julian(_ column: String) -> String {
        let (y, m, d) = (
            "CAST(SUBSTR(\(column), 1, 4) AS INTEGER)", "CAST(SUBSTR(\(column), 6, 2) AS INTEGER)",
            "CAST(SUBSTR(\(column), 9, 2) AS INTEGER)"
        )
        let a = "((14 - \(m)) / 12)"
        let (year, month) = ("(\(y) + 4800 - \(a))", "(\(m) + 12 * \(a) - 3)")
        return "(\(d) + (153 * \(month) + 2) / 5 + 365 * \(year) + \(year) / 4 - \(year) / 100 + \(year) / 400 - 32045)"
    }

    /// The same for a day of Swift's, computed the same way.
    private static func julian(_ day: LocalDate) -> Int {
        let a = (14 - day.month) / 12
        let (year, month) = (day.year + 4800 - a, day.month + 12 * a - 3)
        return day.day + (153 * month + 2) / 5 + 365 * year + year / 4 - year / 100 + year / 400 - 32045
    }
}
