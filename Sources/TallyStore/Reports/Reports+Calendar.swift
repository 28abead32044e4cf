import SQLKit
import TallyCore

/// One day's records with the numbers the day view shows.
public struct DaySummary: Sendable {
    /// The day's totals.
    public let totals: DayTotals
    /// The month's daily average spending.
    public let monthDailyAverage: Money
    /// The records, in time order.
    public let records: [TransactionRecord]
}

extension Reports {
    /// Expense and income per day of a month, and the month's totals, in the book's currency.
    /// Records in other currencies are counted but not summed until exchange rates exist.
    public func month(_ month: YearMonth, in scope: BookScope) async throws -> MonthSummary {
        let book = scope.book
        let days = try await database.read { db in
            try await Self.dayTotals(db, book: book, from: month.first, to: month.last)
        }
        return try MonthSummary(month: month, currency: book.currency, recorded: days, today: scope.today)
    }

    /// A day's records with its count, totals, cash flow and the month's daily average.
    public func day(_ date: LocalDate, in scope: BookScope) async throws -> DaySummary {
        let month = try await self.month(YearMonth(date), in: scope)
        let page = try await records.transactions(
            in: scope,
            filter: TransactionFilter(from: date, to: date),
            limit: 500
        )
        return DaySummary(
            totals: month.days[date.day - 1],
            monthDailyAverage: month.dailyAverage,
            records: page.records
        )
    }

    static func dayTotals(_ db: any SQLDatabase, book: Book, from: LocalDate, to: LocalDate) async throws -> [DayTotals]
    {
        // Read from the kept per-day totals; a transfer counts once (its leaving side).
        let rows = try await db.raw(
            """
            SELECT day AS date,
              CAST(COALESCE(SUM(CASE WHEN kind = 'expense' AND currency = \(bind: book.currency.code) THEN total_minor ELSE 0 END), 0) AS BIGINT) AS expense,
              CAST(COALESCE(SUM(CASE WHEN kind = 'income' AND currency = \(bind: book.currency.code) THEN total_minor ELSE 0 END), 0) AS BIGINT) AS income,
              CAST(SUM(CASE WHEN kind = 'transfer_in' THEN 0 ELSE count END) AS BIGINT) AS n
            FROM day_totals
            WHERE book_id = \(bind: book.id) AND day >= \(bind: from.description) AND day <= \(bind: to.description)
            GROUP BY day ORDER BY day
            """
        ).all()
        return try rows.compactMap { row in
            let day = try row.decode(model: StoredDay.self)
            guard let date = LocalDate(day.date) else { return nil }
            return DayTotals(
                date: date,
                expense: Money(minorUnits: day.expense, currency: book.currency),
                income: Money(minorUnits: day.income, currency: book.currency),
                count: day.count
            )
        }
    }

    /// A row of `dayTotals`' query: one day's sums.
    private struct StoredDay: Decodable {
        let date: String
        let expense: Int64
        let income: Int64
        let count: Int

        enum CodingKeys: String, CodingKey {
            case date, expense, income
            case count = "n"
        }
    }
}
