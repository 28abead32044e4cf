/// One account's money in one currency: an account's own currency, or another one its records
/// were written in (a cash account that paid in euros keeps those apart).
public struct BalanceSeries: Sendable, Hashable {
    /// The account.
    public var account: AccountID
    /// The currency.
    public var currency: Currency

    /// A series.
    public init(account: AccountID, currency: Currency) {
        self.account = account
        self.currency = currency
    }
}

/// Each account's balance, and the book's net worth, at the end of each period of a range.
///
/// A balance is the account's opening balance (in its own currency) plus every income and
/// arriving transfer, minus every expense and leaving transfer, up to and including the period's
/// last day. Net worth is the sum of every balance converted to the book's currency at the rate
/// in force on that day: credit cards and other debts are negative balances, so they count
/// against it. A balance no rate converts has no base amount and is left out of the net worth,
/// which then says so (`Period.leftOut`); it is never counted as zero in silence.
public struct BalanceReport: Sendable, Hashable {
    /// One series' balance at a period's end.
    public struct Balance: Sendable, Hashable {
        /// The account.
        public var account: Account
        /// The balance in the series' currency.
        public var balance: Money
        /// The balance in the book's currency; nil when no rate on or before the day converts it.
        public var base: Money?
    }

    /// One period.
    public struct Period: Sendable, Hashable {
        /// Its label, as `ReportInterval.period(of:)` writes it.
        public var label: String
        /// The day its balances are taken at: its last day, or the range's last.
        public var end: LocalDate
        /// Every series, in the order of `BalanceReport.series`.
        public var balances: [Balance]
        /// The sum of the converted balances, in the book's currency.
        public var netWorth: Money

        /// The balances the net worth leaves out, for want of a rate.
        public var leftOut: [Balance] { balances.filter { $0.base == nil } }
    }

    /// What was asked.
    public var query: BalanceQuery
    /// The book's currency, that of `netWorth` and every `base`.
    public var currency: Currency
    /// The series shown, in the table's order: the accounts in their order, each one's own
    /// currency first.
    public var series: [BalanceSeries]
    /// The periods, oldest first.
    public var periods: [Period]

    /// Builds the report from the accounts and their moves. `moves[series][0]` is the sum of a
    /// series' moves up to the first period's end (all history before it), `moves[series][i]` the
    /// sum after period i − 1's end up to period i's. A series is shown when it is a
    /// non-archived account's own currency, or when it holds money at some period's end; moves of
    /// an account not in `accounts` are left out. Throws `FieldError.totalTooLarge` past 64 bits.
    public init(
        query: BalanceQuery,
        currency: Currency,
        accounts: [Account],
        moves: [BalanceSeries: [Int64]],
        rates: RateTable
    ) throws(FieldError) {
        self.query = query
        self.currency = currency
        let count = query.periods.count
        let others = Dictionary(grouping: moves.keys) { $0.account }
        var series: [BalanceSeries] = []
        var columns: [[Balance]] = []
        for account in accounts {
            let foreign = (others[account.id] ?? []).filter { $0.currency != account.currency }
            let mine = BalanceSeries(account: account.id, currency: account.currency)
            for key in [mine] + foreign.sorted(by: { $0.currency.code < $1.currency.code }) {
                var running = key == mine ? account.openingBalance.minorUnits : 0
                var column: [Balance] = []
                column.reserveCapacity(count)
                for (index, end) in query.ends.enumerated() {
                    if let sums = moves[key], index < sums.count { try running.checkedAdd(sums[index]) }
                    let money = Money(minorUnits: running, currency: key.currency)
                    let base = running == 0 ? Money.zero(currency) : rates.convert(money, on: end)
                    column.append(Balance(account: account, balance: money, base: base))
                }
                let shown = (key == mine && !account.archived) || column.contains { $0.balance.minorUnits != 0 }
                guard shown else { continue }
                series.append(key)
                columns.append(column)
            }
        }
        self.series = series
        var periods: [Period] = []
        periods.reserveCapacity(count)
        for index in 0..<count {
            let balances = columns.map { $0[index] }
            let net = try balances.checkedSum { $0.base?.minorUnits ?? 0 }
            periods.append(
                Period(
                    label: query.periods[index],
                    end: query.ends[index],
                    balances: balances,
                    netWorth: Money(minorUnits: net, currency: currency)
                )
            )
        }
        self.periods = periods
    }
}
