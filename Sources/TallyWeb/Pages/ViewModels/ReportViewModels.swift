/// `report.mustache`: the summary table and the charts of a period.
struct ReportPage: ViewModel {
    let heading: String
    let period: String
    let from: String
    let to: String
    let byOptions: [ValueOption]
    /// The tag the report is limited to ("" for none), and the book's tags.
    let tag: String
    let tagOptions: [String]
    let kindOptions: [ValueOption]
    let intervalOptions: [ValueOption]
    let rows: [ReportRowModel]
    let hasRows: Bool
    /// Rows not shown (0: all are), and the page with all of them.
    let moreRows: Int
    let hasMoreRows: Bool
    let allRowsLink: String
    let totals: [ReportTotalRow]
    /// The charts, each with the table of its figures.
    let bars: ChartFigure
    let donut: ChartFigure
    let trend: ChartFigure
    let flow: ChartFigure
    let csvLink: String
    let pdfLink: String
    let trendCsvLink: String
    /// The report's records as a Ledger journal and a Beancount file.
    let ledgerLink: String
    let beancountLink: String
    let unconverted: UnconvertedNote
}

/// A row of the summary table.
struct ReportRowModel: ViewModel {
    let key: String
    let kind: String
    let total: String
    let count: Int
    let share: String
    let average: String
    let color: String
    /// The row's amounts in other currencies as entered ("€84.00, ¥3,000"), "" when none.
    let originals: String
    /// The search for this row's records; "" (no link) when it cannot be searched for.
    let link: String
}

/// A total line of the summary table.
struct ReportTotalRow: ViewModel {
    let label: String
    let total: String
    let count: Int
}

/// `search.mustache`: the filter form, the totals of what matched, and the records with their
/// dates.
struct SearchPage: ViewModel {
    let q: String
    let from: String
    let to: String
    let category: String
    let account: String
    let payee: String
    /// The tag filter, and the book's tags for its autocompletion.
    let tag: String
    let tagOptions: [String]
    let amountMin: String
    let amountMax: String
    /// Whether a filter is set, so the filters start open.
    let filtersOpen: Bool
    let kinds: [ValueOption]
    let records: [RecordRow]
    let count: Int
    let spent: String
    let income: String
    let net: String
    /// The matches' amounts in other currencies as entered, per kind.
    let otherCurrencies: [String]
    let hasOtherCurrencies: Bool
    let unconverted: UnconvertedNote
    let nextLink: String
    let csvLink: String
    /// The same records as Tally's JSON, a Ledger journal and Beancount.
    let jsonLink: String
    let ledgerLink: String
    let beancountLink: String
}
