/// `dashboard.mustache`: a week, month or year at a glance.
struct DashboardPage: ViewModel {
    let budgets: [BudgetCard]
    let hasBudgets: Bool
    let dueSoon: [BillRow]
    let hasDueSoon: Bool
    let periodTitle: String
    let spans: [SpanLink]
    let prev: String
    let next: String
    let isCurrent: Bool
    let currentLink: String
    let spent: String
    let income: String
    let cashFlow: String
    let dailyAverage: String
    /// Spending by category, and income and spending over six months.
    let bars: ChartFigure
    let trend: ChartFigure
    let groups: [RankGroup]
    let latest: [RecordRow]
    let hasLatest: Bool
    let historyLink: String
    let reportLink: String
    /// The span's amounts in other currencies as entered, per kind.
    let otherCurrencies: [String]
    let hasOtherCurrencies: Bool
    let unconverted: UnconvertedNote
}

/// A week / month / year switch of the dashboard.
struct SpanLink: ViewModel {
    let name: String
    let link: String
    let current: Bool
}

/// "By category", "By payee"…: the top rows of one grouping.
struct RankGroup: ViewModel {
    let title: String
    let rows: [RankRow]
    let hasRows: Bool
}

/// A group's total with its share, colour and a link to its records.
struct RankRow: ViewModel {
    let key: String
    let total: String
    let share: String
    let color: String
    /// The search for this row's records; "" when it cannot be searched for.
    let link: String
    let hasLink: Bool

    init(key: String, total: String, share: String, color: String, link: String?) {
        self.key = key
        self.total = total
        self.share = share
        self.color = SafeColor.hex(color)
        self.link = link ?? ""
        hasLink = link != nil
    }
}
