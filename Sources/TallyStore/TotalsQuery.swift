import SQLKit
import TallyCore

/// Reads the kept totals: whole months from `month_totals`, the days at a range's edges from
/// `day_totals`. The work depends on the length of the range and the number of groups, not on
/// how many records the book holds.
struct TotalsQuery {
    /// What the rows are grouped by besides kind and currency.
    enum Dimension: String {
        case none, category = "category_id", account = "account_id", payee = "payee_key"
    }

    /// One group's sum.
    struct Row {
        /// "YYYY-MM" or "YYYY-MM-DD" when grouped by period.
        var period: String?
        /// Category or account id, or payee key, as text; "" without a dimension.
        var group: String
        var kind: String
        var currency: String
        var total: Int64
        var count: Int64
    }

    var book: RecordID
    /// nil reads all time.
    var range: DateRange?
    /// Kept-totals kinds: expense, income, transfer_out, transfer_in.
    var kinds: [String]
    var categories: [RecordID]?
    var account: RecordID?
    var payeeKey: String?
    var dimension: Dimension = .none
    var byPeriod = false
    /// Reads only daily totals (for day and week trends).
    var daysOnly = false

    func run(_ db: any SQLDatabase) async throws -> [Row] {
        var parts: [SQLQueryString] = []
        if daysOnly, let range {
            parts.append(select("day_totals", "day", "day >= \(bind: range.from.description) AND day <= \(bind: range.to.description)"))
        } else if let range {
            let split = range.split
            if let months = split.months {
                parts.append(select("month_totals", "month", "month >= \(bind: months.lowerBound.description) AND month <= \(bind: months.upperBound.description)"))
            }
            let days = split.days.map { r -> SQLQueryString in "(day >= \(bind: r.lowerBound.description) AND day <= \(bind: r.upperBound.description))" }
            if !days.isEmpty {
                parts.append(select("day_totals", "day", "(" + days.joined(separator: " OR ") + ")"))
            }
        } else {
            parts.append(select("month_totals", "month", "1 = 1"))
        }
        let periodColumn: SQLQueryString = byPeriod ? "p" : "''"
        let groupColumn: SQLQueryString = dimension == .none ? "''" : "CAST(\(unsafeRaw: dimension.rawValue) AS TEXT)"
        var groupBy: [SQLQueryString] = ["kind", "currency"]
        if byPeriod { groupBy.append("p") }
        if dimension != .none { groupBy.append("\(unsafeRaw: dimension.rawValue)") }
        let sql: SQLQueryString = """
            SELECT \(periodColumn) AS period, \(groupColumn) AS grp, kind, currency,
              CAST(SUM(total_minor) AS BIGINT) AS total, CAST(SUM(count) AS BIGINT) AS n
            FROM (\(parts.joined(separator: " UNION ALL "))) AS x
            GROUP BY \(groupBy.joined(separator: ", "))
            HAVING SUM(count) > 0
            """
        return try await db.raw(sql).all().map { row in
            Row(
                period: byPeriod ? try row.decode(column: "period", as: String.self) : nil,
                group: try row.decode(column: "grp", as: String.self),
                kind: try row.decode(column: "kind", as: String.self),
                currency: try row.decode(column: "currency", as: String.self),
                total: try row.decode(column: "total", as: Int64.self),
                count: try row.decode(column: "n", as: Int64.self)
            )
        }
    }

    private func select(_ table: String, _ period: String, _ periodCondition: SQLQueryString) -> SQLQueryString {
        var conditions: [SQLQueryString] = ["book_id = \(bind: book)", periodCondition, "kind IN (\(binds: kinds))"]
        if let categories { conditions.append(categories.isEmpty ? "1 = 0" : "category_id IN (\(binds: categories))") }
        if let account { conditions.append("account_id = \(bind: account)") }
        if let payeeKey { conditions.append("payee_key = \(bind: payeeKey)") }
        return """
            SELECT \(unsafeRaw: period) AS p, kind, category_id, account_id, payee_key, currency, total_minor, count
            FROM \(unsafeRaw: table) WHERE \(conditions.joined(separator: " AND "))
            """
    }
}
