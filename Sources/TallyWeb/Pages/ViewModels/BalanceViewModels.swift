/// `balances.mustache`: the net worth chart and the table of balances per period.
struct BalancePage: ViewModel {
    /// "1 Apr 2025 – 15 Mar 2026, by month".
    let period: String
    let from: String
    let to: String
    /// "day", "week" or "month".
    let step: String
    let intervalOptions: [ValueOption]
    /// The line chart of the net worth (no links inside: the table is its text alternative).
    let chartSVG: String
    /// One heading per account (and currency other than the book's), after End and Net worth.
    let columns: [String]
    let rows: [BalanceRow]
    /// The balances the net worth leaves out for want of a rate, "" when none.
    let leftOut: String
    /// The book's currency.
    let currency: String
    /// The same balances from the API, as JSON.
    let jsonLink: String
}

/// One period of the table: its last day, the net worth and each account's balance.
struct BalanceRow: ViewModel {
    let end: String
    /// The net worth, marked " *" when it leaves a balance out.
    let netWorth: String
    let cells: [String]
}
