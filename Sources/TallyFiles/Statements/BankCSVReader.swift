import TallyCore

/// Reads any bank's CSV export through a `CSVMapping` into a `Statement`.
///
/// Exact or refused: a row is never guessed at. A date column whose values fit several formats
/// (03/04/2026) is refused until the mapping says which; an amount with more decimals than its
/// currency is refused, never rounded. Each entry's location is its physical line in the file.
public enum BankCSVReader {
    /// The statement the file holds, or the first problem, with its line and column.
    public static func read(
        _ bytes: [UInt8],
        mapping: CSVMapping,
        defaultCurrency: Currency
    ) throws(StatementError) -> Statement {
        try mapping.validate()
        let table = try BankCSVTable.load(
            bytes,
            encoding: mapping.encoding,
            delimiter: mapping.delimiterByte,
            skipLines: mapping.skipLines ?? (mapping.header ? nil : 0),
            header: mapping.header,
            headerNamed: { if case .name(let name) = mapping.date { name } else { nil } }()
        )
        let plan = try BankCSVPlan(mapping: mapping, table: table, defaultCurrency: defaultCurrency)
        var accounts: [StatementAccount] = []
        var accountIndex: [String: Int] = [:]
        var entries: [StatementEntry] = []
        entries.reserveCapacity(table.rows.count)
        for row in table.rows {
            var entry = try plan.entry(row.line, row.fields)
            if let name = plan.accountName(row.fields) {
                if let index = accountIndex[name] {
                    entry.account = index
                } else {
                    entry.account = accounts.count
                    accountIndex[name] = accounts.count
                    accounts.append(StatementAccount(name: name))
                }
            }
            entries.append(entry)
        }
        if accounts.isEmpty { accounts = [StatementAccount()] }
        return Statement(format: .csv, accounts: accounts, entries: entries)
    }
}
