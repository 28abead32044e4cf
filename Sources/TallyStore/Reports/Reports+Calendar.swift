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
    /// Expense and income per day of a month, and the month's totals, in the book's currency:
    /// records in other currencies are converted, and those no rate converts are listed.
    public func month(_ month: YearMonth, in scope: BookScope) async throws -> MonthSummary {
        let book = scope.book
        let (days, unconverted) = try await database.read { db in
            let days = try await Self.dayTotals(db, book: book, from: month.first, to: month.last)
            let unconverted = try await Self.unconverted(
                db,
                book: book.id,
                range: try DateRange(from: month.first, to: month.last),
                kinds: ["expense", "income"],
                count: days.reduce(0) { $0 + $1.unconverted }
            )
            return (days, unconverted)
        }
        var summary = try MonthSummary(month: month, currency: book.currency, recorded: days, today: scope.today)
        summary.unconverted = unconverted
        return summary
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
              CAST(COALESCE(SUM(CASE WHEN kind = 'expense' THEN base_minor ELSE 0 END), 0) AS BIGINT) AS expense,
              CAST(COALESCE(SUM(CASE WHEN kind = 'income' THEN base_minor ELSE 0 END), 0) AS BIGINT) AS income,
              CAST(SUM(CASE WHEN kind = 'transfer_in' THEN 0 ELSE count END) AS BIGINT) AS n,
              CAST(SUM(CASE WHEN kind IN ('expense', 'income') THEN unconverted ELSE 0 END) AS BIGINT) AS unc
            FROM day_totals
            WHERE book_id = \(bind: book.id) AND day >= \(bind: from.description) AND day <= \(bind: to.description)
            GROUP BY day ORDER BY day
            """
        ).all()
        return try rows.compactMap { row in
            let day = try row.decode(model: StoredDay.self)
            guard let date = LocalDate(day.date) else { return nil }
            var totals = DayTotals(
                date: date,
                expense: Money(minorUnits: day.expense, currency: book.currency),
                income: Money(minorUnits: day.income, currency: book.currency),
                count: day.count
            )
            totals.unconverted = day.unconverted
            return totals
        }
    }

    /// A row of `dayTotals`' query: one day's sums.
    private struct StoredDay: Decodable {
        let date: String
        let expense: Int64
        let income: Int64
        let count: Int
        let unconverted: Int

        enum CodingKeys: String, CodingKey {
            case date, expense, income
            case count = "n"
            case unconverted = "unc"
        }
    }
}
