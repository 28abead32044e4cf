import TallyCore

/// The account a `Stmt` is about, with its closing booked balance (`CLBD`).
enum CAMTAccount {
    static func read(_ stmt: SafeXML.Element, location: String) throws(StatementError) -> StatementAccount {
        var account = StatementAccount()
        account.number = stmt.text("Acct", "Id", "IBAN") ?? stmt.text("Acct", "Id", "Othr", "Id") ?? ""
        account.name = CAMTFields.clean(stmt.text("Acct", "Nm") ?? stmt.text("Acct", "Ownr", "Nm"))
        if let code = stmt.text("Acct", "Ccy") {
            guard let currency = Currency(code: code), code.count == 3 else {
                throw StatementError(
                    "\(location) (Acct/Ccy)",
                    "currency '\(code.prefix(40))' is not an ISO 4217 code Tally knows"
                )
            }
            account.currency = currency
        }
        for (index, balance) in stmt.children("Bal").enumerated() where balance.text("Tp", "CdOrPrtry", "Cd") == "CLBD"
        {
            let at = "\(location), Bal \(index + 1)"
            let money = try CAMTFields.amount(balance.child("Amt"), at, "Amt")
            account.closingBalance = try CAMTFields.signed(money, balance, at).money
            guard let day = balance.child("Dt"), let date = try CAMTFields.date(day, at, "Dt") else {
                throw StatementError("\(at) (Dt)", "is missing; a closing balance states its day")
            }
            account.closingDate = date.date
            break
        }
        return account
    }
}
