import TallyCore

// Public initialisers for store values that a client rebuilds from the API's JSON rather than
// reads from a database: `tally` against a server decodes records and their totals back into
// these types so that it prints them with the same code as against a local file.

extension TransactionRecord {
    /// A record with the names the API sends beside it (icons and colours are not sent; the
    /// command line shows none).
    public init(
        transaction: Transaction,
        categoryPath: String?,
        accountName: String?,
        toAccountName: String?,
        lines: [LineRecord]
    ) {
        self.init(
            transaction: transaction,
            categoryPath: categoryPath,
            categoryIcon: nil,
            categoryColor: nil,
            accountName: accountName,
            toAccountName: toAccountName
        )
        self.lines = lines
    }
}

extension FilterSummary {
    /// The count and totals of every match, as the API's page of records states them.
    public init(count: Int, totals: [KindTotal], currency: Currency, originals: [KindTotal]) {
        self.count = count
        self.totals = totals
        self.currency = currency
        self.originals = originals
    }
}

extension AccountBalance {
    /// An account with its balance in its own currency, as the API's account list states them.
    public init(account: Account, balance: Money) {
        self.account = account
        self.balance = balance
    }
}
