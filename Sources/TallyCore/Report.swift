/// One group of a summary report.
public struct ReportRow: Sendable, Hashable {
    /// What the row is: "Food", "Food:Coffee", "Starbucks", "Cash".
    public var key: String
    /// What a link to the row's records filters on: a category or account id, or the payee.
    public var filterValue: String
    /// Expense or income.
    public var kind: TransactionKind
    /// Sum of the row's records in the book's currency (the converted amounts of records in
    /// other currencies; those no rate converts are left out and counted in `unconverted`).
    public var total: Money
    /// Number of records.
    public var count: Int
    /// Colour for charts ("#RRGGBB").
    public var color: String
    /// The row's records in other currencies, summed as entered, one per currency: shown beside
    /// the converted total.
    public var originals: [Money] = []
    /// How many of the row's records no rate converts.
    public var unconverted: Int = 0
    /// How many of the row's records its kind's total counts from this row: a split record is
    /// in the row of each of its categories but counted in the total once. nil: all of `count`.
    public var totalCount: Int?

    /// A row.
    public init(key: String, filterValue: String, kind: TransactionKind, total: Money, count: Int, color: String) {
        self.key = key
        self.filterValue = filterValue
        self.kind = kind
        self.total = total
        self.count = count
        self.color = color
    }

    /// Total divided by the records it sums (those no rate converts are in neither), rounded
    /// half away from zero.
    public var average: Money { total.divided(by: count - unconverted) }
}

/// Totals of one kind in one currency.
public struct KindTotal: Sendable, Hashable {
    /// Expense or income.
    public var kind: TransactionKind
    /// The sum.
    public var total: Money
    /// Number of records.
    public var count: Int

    /// A total.
    public init(kind: TransactionKind, total: Money, count: Int) {
        self.kind = kind
        self.total = total
        self.count = count
    }
}

/// A summary report: one row per group, largest first, and the totals they add up to.
public struct SummaryReport: Sendable, Hashable {
    /// The request.
    public var query: ReportQuery
    /// The book's currency; rows in other currencies are listed but not converted.
    public var currency: Currency
    /// Rows, expenses before incomes, book currency first, then largest total first.
    public var rows: [ReportRow]
    /// Totals per kind, in the book's currency (rows in other currencies are converted).
    public var totals: [KindTotal]
    /// The records in the range that no rate converts, which the totals leave out.
    public var unconverted: Unconverted = .none

    /// A report; sorts the rows and computes the totals.
    /// Throws `FieldError.totalTooLarge` when a total leaves 64 bits.
    public init(query: ReportQuery, currency: Currency, rows: [ReportRow]) throws(FieldError) {
        self.query = query
        self.currency = currency
        self.rows = rows.sorted { a, b in
            reportOrder((a.kind, a.total, a.key), before: (b.kind, b.total, b.key), home: currency)
        }
        var totals: [KindTotal] = []
        for row in self.rows {
            if let i = totals.firstIndex(where: { $0.kind == row.kind && $0.total.currency == row.total.currency }) {
                try totals[i].total.minorUnits.checkedAdd(row.total.minorUnits)
                totals[i].count += row.totalCount ?? row.count
            } else {
                totals.append(KindTotal(kind: row.kind, total: row.total, count: row.totalCount ?? row.count))
            }
        }
        self.totals = totals
    }

    /// The total of one kind in the book's currency.
    public func total(_ kind: TransactionKind) -> KindTotal {
        totals.first { $0.kind == kind && $0.total.currency == currency }
            ?? KindTotal(kind: kind, total: .zero(currency), count: 0)
    }

    /// Income minus expense in the book's currency.
    public var net: Money {
        Money(minorUnits: total(.income).total.minorUnits - total(.expense).total.minorUnits, currency: currency)
    }

    /// A row's share of its kind's total in the same currency, in basis points (1/100 of a percent).
    public func shareBasisPoints(_ row: ReportRow) -> Int {
        guard let all = totals.first(where: { $0.kind == row.kind && $0.total.currency == row.total.currency }),
            all.total.minorUnits != 0
        else { return 0 }
        // Split to avoid overflowing Int64 for very large totals.
        let (q, r) = row.total.minorUnits.multipliedFullWidth(by: 10_000)
        let (share, _) = all.total.minorUnits.dividingFullWidth((q, r))
        return Int(share)
    }

    /// "12.34" (percent with two decimals) for files and the API.
    public func sharePercent(_ row: ReportRow) -> String {
        let bp = shareBasisPoints(row)
        return "\(bp / 100).\(bp % 100 < 10 ? "0" : "")\(bp % 100)"
    }

    /// "12.3%" for a row, rounded to the nearest tenth like the donut chart's legend.
    public func shareText(_ row: ReportRow) -> String {
        let tenths = (shareBasisPoints(row) + 5) / 10
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

/// The order of report rows and series: expenses before incomes, the book's currency first,
/// then the largest total, then the name.
func reportOrder(
    _ a: (TransactionKind, Money, String),
    before b: (TransactionKind, Money, String),
    home: Currency
) -> Bool {
    if a.0 != b.0 { return a.0 == .expense }
    if a.1.currency != b.1.currency {
        return a.1.currency == home || (b.1.currency != home && a.1.currency.code < b.1.currency.code)
    }
    if a.1.minorUnits != b.1.minorUnits { return a.1.minorUnits > b.1.minorUnits }
    return a.2 < b.2
}
