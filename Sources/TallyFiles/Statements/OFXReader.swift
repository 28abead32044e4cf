import TallyCore

/// Reads OFX 1.x (SGML), OFX 2.x (XML) and Quicken's QFX bank and credit-card statements.
///
/// Every `STMTRS` (with `BANKACCTFROM`) and `CCSTMTRS` (with `CCACCTFROM`) becomes an account, in
/// file order, and each `STMTTRN` of its `BANKTRANLIST` an entry of that account. Investment
/// statements are not read. Errors name the element and its number in the file:
/// "STMTTRN 3 (TRNAMT)", "STMTRS 2 (CURDEF)", or a line for a file that cannot be tokenized.
public enum OFXReader {
    /// The statement in `bytes`. `defaultCurrency` applies when a statement has no `CURDEF`.
    ///
    /// An entry's amount is `TRNAMT` as signed by the bank, in the statement's `CURDEF`, except
    /// when the transaction has a `CURRENCY` aggregate: the OFX specification says its amounts
    /// are then in `CURSYM` (`CURRATE` converts them to `CURDEF`, and is not applied). With
    /// `ORIGCURRENCY` the amounts are already converted to `CURDEF`, so `CURDEF` is kept.
    public static func read(_ bytes: [UInt8], defaultCurrency: Currency) throws(StatementError) -> Statement {
        guard bytes.count <= StatementLimits.maxBytes else {
            throw StatementError("file", "is larger than \(StatementLimits.maxBytes / 1024 / 1024) MiB")
        }
        let tree = try OFXTree(try OFXHeader.read(bytes))
        var reader = Reader(tree: tree, defaultCurrency: defaultCurrency)
        try reader.readStatements()
        if reader.accounts.isEmpty {
            try reader.checkStatus()
            if tree.nodes.contains(where: { $0.name == OFXTag.invstmtrs }) {
                throw StatementError(
                    "INVSTMTRS 1",
                    "the file holds only investment statements (INVSTMTRS), which Tally does not read"
                )
            }
            reader.accounts = [StatementAccount()]
        }
        return Statement(format: .ofx, accounts: reader.accounts, entries: reader.entries)
    }
}

/// The walk over one file's tree.
private struct Reader {
    let tree: OFXTree
    let defaultCurrency: Currency
    var accounts: [StatementAccount] = []
    var entries: [StatementEntry] = []
    private var counts: [String: Int] = [:]
    private var transactions = 0

    init(tree: OFXTree, defaultCurrency: Currency) {
        self.tree = tree
        self.defaultCurrency = defaultCurrency
    }

    /// Nodes are numbered in document order, so a scan finds the statements in file order.
    mutating func readStatements() throws(StatementError) {
        for index in tree.nodes.indices {
            let tag = tree.nodes[index].name
            guard tag == OFXTag.stmtrs || tag == OFXTag.ccstmtrs else { continue }
            let name = tree.name(of: index)
            counts[name, default: 0] += 1
            try readStatement(index, where: "\(name) \(counts[name]!)")
        }
    }

    private mutating func readStatement(_ node: Int, where place: String) throws(StatementError) {
        let isCard = tree.nodes[node].name == OFXTag.ccstmtrs
        var account = StatementAccount(kind: isCard ? .creditCard : .bank)
        let curdef = tree.value(tree.child(node, OFXTag.curdef))
        if !curdef.isEmpty {
            account.currency = try currency(curdef, at: "\(place) (CURDEF)")
        }
        let currency = account.currency ?? defaultCurrency
        let from = tree.child(node, isCard ? OFXTag.ccacctfrom : OFXTag.bankacctfrom)
        account.number = tree.value(tree.child(from, OFXTag.acctid), cut: true)
        let ledger = tree.child(node, OFXTag.ledgerbal)
        let balance = tree.value(tree.child(ledger, OFXTag.balamt))
        if !balance.isEmpty {
            account.closingBalance = try amount(balance, currency, at: "\(place) (LEDGERBAL/BALAMT)", field: "BALAMT")
        }
        let asOf = tree.value(tree.child(ledger, OFXTag.dtasof))
        if !asOf.isEmpty {
            account.closingDate = try date(asOf, at: "\(place) (LEDGERBAL/DTASOF)", field: "DTASOF").date
        }
        let accountIndex = accounts.count
        accounts.append(account)
        for transaction in tree.children(tree.child(node, OFXTag.banktranlist), OFXTag.stmttrn) {
            try readTransaction(transaction, account: accountIndex, currency: currency)
        }
    }

    private mutating func readTransaction(_ node: Int, account: Int, currency: Currency) throws(StatementError) {
        guard entries.count < StatementLimits.maxEntries else {
            throw StatementError("file", "has more than \(StatementLimits.maxEntries) transactions")
        }
        transactions += 1
        let place = "STMTTRN \(transactions)"
        func field(_ name: Int32) -> String { tree.value(tree.child(node, name), cut: true) }
        var amountCurrency = currency
        let foreign = tree.child(node, OFXTag.currency)
        if foreign >= 0 {
            let code = tree.value(tree.child(foreign, OFXTag.cursym))
            if !code.isEmpty { amountCurrency = try self.currency(code, at: "\(place) (CURRENCY/CURSYM)") }
        }
        let rawAmount = tree.value(tree.child(node, OFXTag.trnamt))
        guard !rawAmount.isEmpty else { throw StatementError("\(place) (TRNAMT)", "TRNAMT is missing") }
        let money = try amount(rawAmount, amountCurrency, at: "\(place) (TRNAMT)", field: "TRNAMT")
        let rawDate = tree.value(tree.child(node, OFXTag.dtposted))
        guard !rawDate.isEmpty else { throw StatementError("\(place) (DTPOSTED)", "DTPOSTED is missing") }
        let (date, time) = try date(rawDate, at: "\(place) (DTPOSTED)", field: "DTPOSTED")
        var payee = field(OFXTag.name)
        if payee.isEmpty { payee = tree.value(tree.child(tree.child(node, OFXTag.payee), OFXTag.name), cut: true) }
        let fileID = field(OFXTag.fitid)
        entries.append(
            StatementEntry(
                location: place,
                account: account,
                date: date,
                time: time,
                amount: money,
                payee: payee,
                memo: field(OFXTag.memo),
                fileID: fileID.isEmpty ? nil : fileID,
                checkNumber: field(OFXTag.checknum),
                type: field(OFXTag.trntype)
            )
        )
    }

    /// A request the bank refused (`SONRS` or a statement response with a non-zero `STATUS`
    /// `CODE`) is reported with the bank's own message, instead of as an empty statement.
    func checkStatus() throws(StatementError) {
        var seen: [String: Int] = [:]
        for index in tree.nodes.indices {
            let tag = tree.nodes[index].name
            guard tag == OFXTag.sonrs || tag == OFXTag.stmttrnrs || tag == OFXTag.ccstmttrnrs else { continue }
            let name = tree.name(of: index)
            seen[name, default: 0] += 1
            let status = tree.child(index, OFXTag.status)
            let code = tree.value(tree.child(status, OFXTag.code))
            guard !code.isEmpty, code != "0" else { continue }
            let message = tree.value(tree.child(status, OFXTag.message))
            throw StatementError(
                "\(name) \(seen[name]!) (STATUS)",
                "the bank sent error \(code)\(message.isEmpty ? "" : " (\(message))") instead of a statement"
            )
        }
    }

    private func currency(_ code: String, at place: String) throws(StatementError) -> Currency {
        guard let currency = Currency(code: code) else {
            throw StatementError(place, "'\(code.prefix(40))' is not an ISO 4217 currency code Tally knows")
        }
        return currency
    }

    private func amount(
        _ raw: String,
        _ currency: Currency,
        at place: String,
        field: String
    ) throws(StatementError)
        -> Money
    {
        switch OFXValue.amount(raw, currency: currency) {
        case .success(let money): return money
        case .failure(let problem): throw StatementError(place, "\(field) '\(raw.prefix(40))' \(problem)")
        }
    }

    private func date(
        _ raw: String,
        at place: String,
        field: String
    ) throws(StatementError)
        -> (date: LocalDate, time: TimeOfDay?)
    {
        guard let parsed = OFXValue.date(raw) else {
            throw StatementError(
                place,
                "\(field) '\(raw.prefix(40))' is not an OFX date "
                    + "(YYYYMMDD, optionally HHMMSS.XXX and a zone like [-5:EST])"
            )
        }
        guard LocalDate.supported.contains(parsed.date) else {
            throw StatementError(
                place,
                "\(field) '\(raw.prefix(40))' is outside the dates Tally accepts "
                    + "(\(LocalDate.supported.lowerBound) to \(LocalDate.supported.upperBound))"
            )
        }
        return parsed
    }
}
