/// One of the kept account-moves tables (migration 27): what each account moved in each currency,
/// per day or per month, so that a balance on any day is the account's opening balance plus a few
/// sums, and balances over time are read without the records.
///
/// They are kept by the same batches as `account_balances` (see `Totals+AccountMoves.swift`). A
/// period whose moves net to zero (a record added and deleted again) keeps a row of 0: sweeping it
/// would cost every delete a statement, and readers and `check` take 0 and no row alike.
struct AccountMovesTable: Sendable {
    /// The table's name.
    let name: String
    /// "day" (YYYY-MM-DD) or "month" (YYYY-MM): the period column.
    let period: String

    /// Per day: the days at a range's edges, and day and week steps.
    static let day = AccountMovesTable(name: "day_account_totals", period: "day")
    /// Per month: the whole months of a range (ten years by month are under a thousand rows).
    static let month = AccountMovesTable(name: "month_account_totals", period: "month")
    /// Every table a write keeps current, in the order writers lock them.
    static let all = [day, month]

    /// How many characters of "YYYY-MM-DD" the period keeps.
    var periodLength: Int { period == "day" ? 10 : 7 }

    /// The columns in insert order; the first four are the primary key.
    var columns: [String] { ["book_id", period, "account_id", "currency", "delta_minor"] }

    /// The primary key, which is also the order its writers lock rows in: period first, so a
    /// range of days or months is one stretch of the key.
    var keyColumns: [String] { Array(columns.prefix(4)) }

    /// The upsert clause that adds a batch to what is kept.
    var addOnConflict: String {
        """
        ON CONFLICT (\(keyColumns.joined(separator: ", "))) DO UPDATE SET
          delta_minor = \(name).delta_minor + excluded.delta_minor
        """
    }
}
