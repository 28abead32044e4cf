/// The step of a trend.
public enum ReportInterval: String, Sendable, CaseIterable {
    /// One point per day.
    case day
    /// One point per week, weeks starting on Monday (ISO 8601).
    case week
    /// One point per calendar month.
    case month
    /// One point per calendar year.
    case year

    /// The label of the period a day falls in: "2024-03-05", "2024-03-04" (the week's Monday),
    /// "2024-03" or "2024".
    public func period(of date: LocalDate) -> String {
        switch self {
        case .day: date.description
        case .week: date.adding(days: 1 - date.isoWeekday).description
        case .month: YearMonth(date).description
        case .year: String(date.description.prefix(4))
        }
    }

    /// Every period label that meets the range, in order; at most `limit` of them (the caller
    /// sees more than `maxPeriods` as "too many" without the loop running on).
    public func periods(in range: DateRange, limit: Int = maxPeriods + 1) -> [String] {
        var labels: [String] = []
        var day = range.from
        while day <= range.to && labels.count < limit {
            labels.append(period(of: day))
            let next: LocalDate =
                switch self {
                case .day: day.adding(days: 1)
                case .week: day.adding(days: 8 - day.isoWeekday)
                case .month: day.startOfMonth.adding(months: 1)
                case .year: day.startOfMonth.adding(months: 13 - day.month)
                }
            // Calendar arithmetic clamps at the last representable month; never loop on it.
            guard next > day else { break }
            day = next
        }
        return labels
    }

    /// The periods of a range that a request may ask for: at most `maxPeriods`, else a
    /// `FieldError` on `interval` that says how many the range would have needed.
    public func checkedPeriods(in range: DateRange) throws(FieldError) -> [String] {
        let labels = periods(in: range)
        guard labels.count <= Self.maxPeriods else {
            throw FieldError(
                "interval",
                "\(rawValue) gives more than \(Self.maxPeriods) periods over this range; choose a longer interval or a shorter range"
            )
        }
        return labels
    }

    /// How many periods a range may have before a trend is refused as too long to draw.
    public static let maxPeriods = 1_000
}

/// One line of a trend: a group's total in each period.
public struct TrendSeries: Sendable, Hashable {
    /// The group ("Food"), or the kind ("expense") when the trend is not grouped.
    public var key: String
    /// Link filter value, as in `ReportRow`.
    public var filterValue: String
    /// Expense or income.
    public var kind: TransactionKind
    /// The series currency.
    public var currency: Currency
    /// Chart colour.
    public var color: String
    /// One total per period of the report.
    public var values: [Int64]
    /// Record counts per period.
    public var counts: [Int]

    /// A series.
    public init(
        key: String,
        filterValue: String,
        kind: TransactionKind,
        currency: Currency,
        color: String,
        values: [Int64],
        counts: [Int]
    ) {
        self.key = key
        self.filterValue = filterValue
        self.kind = kind
        self.currency = currency
        self.color = color
        self.values = values
        self.counts = counts
    }

    /// The series' sum over all periods; throws `FieldError.totalTooLarge` past 64 bits.
    public var total: Money {
        get throws(FieldError) { Money(minorUnits: try values.checkedSum(), currency: currency) }
    }
}

/// Totals per period, per group.
public struct TrendReport: Sendable, Hashable {
    /// Period labels, oldest first.
    public var periods: [String]
    /// The step.
    public var interval: ReportInterval
    /// The book's currency.
    public var currency: Currency
    /// Series, largest total first (book currency first).
    public var series: [TrendSeries]
    /// The records in the range that no rate converts, which the values leave out.
    public var unconverted: Unconverted = .none

    /// A trend; throws `FieldError.totalTooLarge` when a series' total leaves 64 bits.
    public init(
        periods: [String],
        interval: ReportInterval,
        currency: Currency,
        series: [TrendSeries]
    ) throws(FieldError) {
        self.periods = periods
        self.interval = interval
        self.currency = currency
        var totals: [Money] = []
        for s in series { totals.append(try s.total) }
        self.series = zip(series, totals).sorted { a, b in
            reportOrder((a.0.kind, a.1, a.0.key), before: (b.0.kind, b.1, b.0.key), home: currency)
        }.map(\.0)
    }
}

/// Income, expense and their difference per period, in the book's currency.
public struct CashFlowReport: Sendable, Hashable {
    /// One period.
    public struct Period: Sendable, Hashable {
        /// Label, as in `ReportInterval.period(of:)`.
        public var period: String
        /// Money received.
        public var income: Money
        /// Money spent.
        public var expense: Money
        /// Income minus expense.
        public var net: Money { Money(minorUnits: income.minorUnits - expense.minorUnits, currency: income.currency) }
    }

    /// The step.
    public var interval: ReportInterval
    /// The book's currency, the only one summed.
    public var currency: Currency
    /// The periods, oldest first.
    public var periods: [Period]

    /// Builds a cash flow from an ungrouped trend of both kinds (book currency only).
    public init(trend: TrendReport) {
        interval = trend.interval
        let currency = trend.currency
        self.currency = currency
        func values(_ kind: TransactionKind) -> [Int64] {
            trend.series.first { $0.kind == kind && $0.currency == currency }?.values
                ?? Array(repeating: 0, count: trend.periods.count)
        }
        let income = values(.income)
        let expense = values(.expense)
        periods = trend.periods.indices.map { i in
            Period(
                period: trend.periods[i],
                income: Money(minorUnits: income[i], currency: currency),
                expense: Money(minorUnits: expense[i], currency: currency)
            )
        }
    }
}
