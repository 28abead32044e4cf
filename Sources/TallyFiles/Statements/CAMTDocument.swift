import TallyCore

/// What `CAMTReader` has read so far while XMLParser walks the file: each `Ntry` is turned into
/// entries as soon as it closes, each `Stmt` into an account when it closes.
final class CAMTDocument {
    private var statementCount = 0
    private var entryCount = 0
    private var totalEntries = 0
    private var entries: [StatementEntry] = []
    private var accounts: [StatementAccount] = []
    /// For each `Stmt` in file order, its index in `accounts` (statements of one account merge).
    private var accountOfStatement: [Int] = []

    private var statementLocation: String { "Stmt \(statementCount)" }

    func start(_ name: String, namespace: String?, depth: Int) throws(StatementError) {
        if depth == 0 { try CAMTReader.checkDocument(name, namespace: namespace) }
        switch name {
        case "Stmt":
            statementCount += 1
            entryCount = 0
        case "Ntry":
            entryCount += 1
            totalEntries += 1
            guard totalEntries <= StatementLimits.maxEntries else {
                throw StatementError(
                    "\(statementLocation), Ntry \(entryCount)",
                    "the file has more than \(StatementLimits.maxEntries) entries; ask the bank for a shorter period"
                )
            }
        default: break
        }
    }

    func close(_ element: SafeXML.Element) throws(StatementError) {
        guard statementCount > 0 else {
            throw StatementError("line \(element.line)", "\(element.name) is outside a Stmt (statement)")
        }
        switch element.name {
        case "Ntry":
            let location = "\(statementLocation), Ntry \(entryCount)"
            let read = try CAMTEntry.entries(element, location: location, account: statementCount - 1)
            guard entries.count + read.count <= StatementLimits.maxEntries else {
                throw StatementError(location, "the file has more than \(StatementLimits.maxEntries) entries")
            }
            entries += read
        default:
            try closeStatement(element)
        }
    }

    private func closeStatement(_ stmt: SafeXML.Element) throws(StatementError) {
        let account = try CAMTAccount.read(stmt, location: statementLocation)
        // A bank may split one account's statement over several Stmt (pages): one account.
        if !account.number.isEmpty,
            let index = accounts.firstIndex(where: { $0.number == account.number && $0.currency == account.currency })
        {
            if account.closingBalance != nil,
                (accounts[index].closingDate ?? .supported.lowerBound) <= (account.closingDate ?? .supported.upperBound)
            {
                accounts[index].closingBalance = account.closingBalance
                accounts[index].closingDate = account.closingDate
            }
            if accounts[index].name.isEmpty { accounts[index].name = account.name }
            accountOfStatement.append(index)
        } else {
            accountOfStatement.append(accounts.count)
            accounts.append(account)
        }
    }

    func finish() throws(StatementError) -> Statement {
        guard statementCount > 0 else {
            throw StatementError("file", "has no Stmt (statement) inside BkToCstmrStmt; there is nothing to import")
        }
        guard totalEntries > 0 else {
            let location = statementCount == 1 ? "Stmt 1" : "file"
            let subject = statementCount == 1 ? "has no Ntry" : "no Stmt has an Ntry"
            throw StatementError(
                location,
                "\(subject); the statement lists balances but no entries, so there is nothing to import"
            )
        }
        for index in entries.indices { entries[index].account = accountOfStatement[entries[index].account] }
        return Statement(format: .camt, accounts: accounts, entries: entries)
    }
}
