import TallyCore

/// One `Ntry` read into entries.
///
/// - The amount is `Amt` in its `Ccy`, positive for CRDT and negative for DBIT. `CdtDbtInd`
///   states the direction of this booking on the account, also for a reversal (`RvslInd`
///   true): ISO 20022 defines a reversal of a debit as a CRDT entry, so the sign is never
///   flipped; the entry's `type` is "reversal" and its payee is the original payment's
///   counterparty.
/// - The day is `BookgDt`, else `ValDt`; the id is `AcctSvcrRef`, else `NtryRef`.
/// - With one `TxDtls`, the payee is the counterparty (the creditor of a debit, the debtor of
///   a credit) and the memo the remittance text; the amount stays the entry's.
/// - With several `TxDtls` (a batch booking) that each state an amount in the entry's
///   currency adding up to the entry: one entry per transaction, with the id
///   "<entry id>/<AcctSvcrRef or EndToEndId or ordinal>". Otherwise the batch stays one entry.
/// - Pending (`PDNG`) and information-only (`INFO`) entries are left out: the bank books them
///   again on a later statement.
enum CAMTEntry {
    static func entries(
        _ ntry: SafeXML.Element,
        location: String,
        account: Int
    ) throws(StatementError) -> [StatementEntry] {
        let status = ntry.text("Sts") ?? ntry.text("Sts", "Cd")
        if status == "PDNG" || status == "INFO" { return [] }
        let unsigned = try CAMTFields.amount(ntry.child("Amt"), location, "Amt")
        let (amount, credit) = try CAMTFields.signed(unsigned, ntry, location)
        let reversal = ntry.text("RvslInd") == "true" || ntry.text("RvslInd") == "1"
        var day = try date(ntry, "BookgDt", location)
        if day == nil { day = try date(ntry, "ValDt", location) }
        guard let day else {
            throw StatementError("\(location) (BookgDt)", "is missing, and so is ValDt: the entry has no date")
        }
        let id = try CAMTFields.identifier(
            ntry.text("AcctSvcrRef") ?? ntry.text("NtryRef"),
            "\(location) (AcctSvcrRef)"
        )
        var entry = StatementEntry(
            location: location,
            account: account,
            date: day.date,
            time: day.time,
            amount: amount,
            memo: CAMTFields.clean(ntry.text("AddtlNtryInf")),
            fileID: id,
            type: reversal ? "reversal" : transactionCode(ntry)
        )
        let details = ntry.children("NtryDtls").flatMap { $0.children("TxDtls") }
        if details.count == 1 {
            let detail = details[0]
            entry.payee = payee(detail, credit: credit, reversal: reversal)
            entry.memo = memo(detail, fallback: entry.memo)
            return [entry]
        }
        guard details.count > 1 else { return [entry] }
        if let split = try batch(details, entry, credit: credit, reversal: reversal) { return split }
        let payees = Set(details.map { payee($0, credit: credit, reversal: reversal) })
        if payees.count == 1, let only = payees.first { entry.payee = only }
        if entry.memo.isEmpty {
            entry.memo = CAMTFields.clean(
                details.map { memo($0, fallback: "") }.filter { !$0.isEmpty }.joined(separator: "; ")
            )
        }
        return [entry]
    }

    /// One entry per `TxDtls` of a batch, or nil when the details do not all state an amount
    /// in the entry's currency, or their sum is not the entry's amount.
    private static func batch(
        _ details: [SafeXML.Element],
        _ entry: StatementEntry,
        credit: Bool,
        reversal: Bool
    ) throws(StatementError) -> [StatementEntry]? {
        var split: [StatementEntry] = []
        var sum: Int64 = 0
        // A reference two transactions share (banks repeat the batch's) would give two entries
        // one id: those take their ordinal instead.
        let references = details.map { detail in
            [detail.text("Refs", "AcctSvcrRef"), detail.text("Refs", "EndToEndId")]
                .compactMap { $0 }.first { $0 != "NOTPROVIDED" }
        }
        let counts = Dictionary(references.compactMap { $0 }.map { ($0, 1) }, uniquingKeysWith: +)
        for (index, detail) in details.enumerated() {
            let location = "\(entry.location), TxDtls \(index + 1)"
            let element = detail.find("AmtDtls", "TxAmt", "Amt") ?? detail.child("Amt")
            guard let element else { return nil }
            let field = detail.find("AmtDtls", "TxAmt", "Amt") != nil ? "AmtDtls/TxAmt/Amt" : "Amt"
            let unsigned = try CAMTFields.amount(element, location, field)
            guard unsigned.currency == entry.amount.currency else { return nil }
            let (amount, txCredit) = try CAMTFields.signed(unsigned, detail, location, fallback: credit)
            sum += amount.minorUnits  // each is within Money.maxMinorUnits: no overflow for 200,000
            let reference = references[index].flatMap { counts[$0] == 1 ? $0 : nil } ?? String(index + 1)
            var part = entry
            part.location = location
            part.amount = amount
            part.payee = payee(detail, credit: txCredit, reversal: reversal)
            part.memo = memo(detail, fallback: entry.memo)
            if let id = entry.fileID {
                part.fileID = try CAMTFields.identifier("\(id)/\(reference)", "\(location) (Refs)")
            }
            split.append(part)
        }
        return sum == entry.amount.minorUnits ? split : nil
    }

    private static func date(
        _ ntry: SafeXML.Element,
        _ field: String,
        _ location: String
    ) throws(StatementError) -> (date: LocalDate, time: TimeOfDay?)? {
        guard let element = ntry.child(field) else { return nil }
        return try CAMTFields.date(element, location, field)
    }

    /// The other party: for money out the creditor, for money in the debtor; for a reversal,
    /// the party of the payment it reverses. Version .08 wraps the name in `Pty`.
    /// Banks disagree on which direction a reversal's CdtDbtInd states, so a reversal naming
    /// only the other party takes that one.
    private static func payee(_ detail: SafeXML.Element, credit: Bool, reversal: Bool) -> String {
        func name(_ party: String) -> String? {
            detail.text("RltdPties", party, "Nm") ?? detail.text("RltdPties", party, "Pty", "Nm")
        }
        let (party, other) = credit != reversal ? ("Dbtr", "Cdtr") : ("Cdtr", "Dbtr")
        return CAMTFields.clean(name(party) ?? (reversal ? name(other) : nil))
    }

    /// Unstructured remittance lines joined, else the structured creditor reference, else the
    /// transaction's additional information, else `fallback` (the entry's).
    private static func memo(_ detail: SafeXML.Element, fallback: String) -> String {
        let remittance = detail.children("RmtInf")
        let lines = remittance.flatMap { $0.children("Ustrd") }.map(\.text).filter { !$0.isEmpty }
        if !lines.isEmpty { return CAMTFields.clean(lines.joined(separator: " ")) }
        for structured in remittance.flatMap({ $0.children("Strd") }) {
            if let reference = structured.text("CdtrRefInf", "Ref") { return CAMTFields.clean(reference) }
        }
        if let info = detail.text("AddtlTxInf") { return CAMTFields.clean(info) }
        return fallback
    }

    /// The bank transaction code, "PMNT/RCDT/ESCT", else the proprietary code; "" for none.
    private static func transactionCode(_ ntry: SafeXML.Element) -> String {
        guard let code = ntry.child("BkTxCd") else { return "" }
        if let domain = code.text("Domn", "Cd") {
            let family = [code.text("Domn", "Fmly", "Cd"), code.text("Domn", "Fmly", "SubFmlyCd")].compactMap { $0 }
            return CAMTFields.clean(([domain] + family).joined(separator: "/"))
        }
        return CAMTFields.clean(code.text("Prtry", "Cd"))
    }
}
