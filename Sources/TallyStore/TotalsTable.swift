import SQLKit

/// One of the kept-totals tables: the same sums at a grain and with a set of dimensions.
///
/// Each table is as narrow as the questions it answers, because its size is what a report reads
/// and what an import writes: at a million records, per-day cells that also split by payee were
/// 425,000 rows; without the payee they are 270,000, and twelve months by category read 46 rows a
/// month from `month_category_totals` instead of 360 from `month_totals`.
struct TotalsTable: Sendable {
    /// The table's name.
    let name: String
    /// "day" (YYYY-MM-DD), "month" (YYYY-MM) or "year" (YYYY).
    let period: String
    /// Whether cells are split by account.
    let account: Bool
    /// Whether cells are split by payee.
    let payee: Bool
    /// Whether cells are split by category. Without it a cell counts records, not lines: a split
    /// record is one entry, so a payee's cells do not multiply with its records' categories.
    var category = true

    /// Per day by category and account: range edges, the calendar, day and week trends.
    static let day = TotalsTable(name: "day_totals", period: "day", account: true, payee: false)
    /// Per month by category, account and payee: anything that filters or groups by payee or account.
    static let month = TotalsTable(name: "month_totals", period: "month", account: true, payee: true)
    /// Per month by category only: the common category reports.
    static let monthCategory = TotalsTable(name: "month_category_totals", period: "month", account: false, payee: false)
    /// Per month by account and payee, without categories: a payee's or an account's totals
    /// when no category is asked for (one cell per record however it is split).
    static let monthPayee = TotalsTable(
        name: "month_payee_totals",
        period: "month",
        account: true,
        payee: true,
        category: false
    )
    /// `monthPayee` by year: the whole years of a long report by payee or account.
    static let yearPayee = TotalsTable(
        name: "year_payee_totals",
        period: "year",
        account: true,
        payee: true,
        category: false
    )
    /// `monthCategory` by year: the whole years of a long report by category, and a list's
    /// all-time count and totals.
    static let yearCategory = TotalsTable(name: "year_category_totals", period: "year", account: false, payee: false)
    /// Every table a write keeps current.
    static let all = [day, month, monthCategory, monthPayee, yearPayee, yearCategory]

    /// How many characters of "YYYY-MM-DD" the period keeps.
    var periodLength: Int {
        switch period {
        case "day": 10
        case "month": 7
        default: 4
        }
    }

    /// The primary key, which is also every column but the sums.
    var keyColumns: [String] {
        ["book_id", period, "kind"] + (category ? ["category_id"] : []) + (account ? ["account_id"] : [])
            + (payee ? ["payee_key"] : []) + ["currency"]
    }

    /// The key columns that hold text (the period, the kind, the payee's key, the currency); the
    /// others, and the sums, are integers.
    var textColumns: [String] { [period, "kind"] + (payee ? ["payee_key"] : []) + ["currency"] }

    /// The key columns and the sums, in insert order.
    var columns: [String] { keyColumns + ["total_minor", "count", "base_minor", "unconverted", "records"] }

    /// The upsert clause that adds a batch to what is kept.
    var addOnConflict: String {
        """
        ON CONFLICT (\(keyColumns.joined(separator: ", "))) DO UPDATE SET
          total_minor = \(name).total_minor + excluded.total_minor, count = \(name).count + excluded.count,
          base_minor = \(name).base_minor + excluded.base_minor, unconverted = \(name).unconverted + excluded.unconverted,
          records = \(name).records + excluded.records
        """
    }
}
