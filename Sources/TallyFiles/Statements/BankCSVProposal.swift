import TallyCore

/// Proposes a mapping from what the columns hold and what their headers say. Only a first draft
/// for people to correct: the web page shows it with the preview before anything is imported.
enum BankCSVProposal {
    /// Header words, lower-cased, matched as substrings; earlier words win.
    static let debitWords = ["debit", "withdrawal", "money out", "paid out", "soll", "ausgabe", "out"]
    static let creditWords = ["credit", "deposit", "money in", "paid in", "haben", "einnahme", "in"]
    static let amountWords = ["amount", "betrag", "bedrag", "montant", "importe", "umsatz", "value", "sum"]
    static let balanceWords = ["balance", "saldo", "kontostand", "solde", "running"]
    static let payeeWords = [
        "payee", "merchant", "counterparty", "begünstigter", "beguenstigter", "empfänger", "zahlungspflichtige",
        "naam", "name", "description", "omschrijving", "beschreibung",
    ]
    static let memoWords = [
        "memo", "verwendungszweck", "mededelingen", "reference", "purpose", "note", "info", "text",
    ]
    /// Cell pairs (out, in) that make a column a direction column.
    static let directionPairs = [("debit", "credit"), ("af", "bij"), ("dr", "cr"), ("out", "in"), ("s", "h")]

    /// The mapping, or nil when no column holds dates or none holds amounts.
    static func propose(_ sniff: CSVSniff, rows: [(line: Int, fields: [String])]) -> CSVMapping? {
        let columns = sniff.columns
        guard let date = columns.first(where: \.looksLikeDate) else { return nil }
        let hasHeader = sniff.header != nil
        let duplicate = Set((sniff.header ?? []).filter { name in sniff.header!.filter { $0 == name }.count > 1 })
        func ref(_ c: CSVSniffColumn) -> CSVMapping.Column {
            if let name = c.name, hasHeader, !name.isEmpty, !duplicate.contains(name), Int(name) == nil,
                TextRules.refused(in: name, lines: .one) == nil
            {
                return .name(name)
            }
            return .index(c.number)
        }
        func named(_ words: [String], in candidates: [CSVSniffColumn]) -> CSVSniffColumn? {
            for word in words {
                let found = candidates.first { c in
                    let name = (c.name ?? "").lowercased()
                    // Short words ("in", "out", "af") must be the whole header, not part of "Info".
                    return word.count <= 3 ? name == word : name.contains(word)
                }
                if let found { return found }
            }
            return nil
        }
        let amounts = columns.filter { c in
            c.looksLikeAmount && !balanceWords.contains { (c.name ?? "").lowercased().contains($0) }
        }
        var mapping = CSVMapping(
            delimiter: sniff.delimiter,
            encoding: sniff.encoding,
            skipLines: sniff.skipLines,
            header: hasHeader,
            date: ref(date),
            dateFormat: date.dateFormats.count == 1 ? date.dateFormats[0] : nil
        )
        var separator: String?
        let debitCandidates = columns.filter {
            !$0.looksLikeDate && ($0.looksLikeAmount || $0.isEmpty || isUnsignedAmounts($0, rows))
        }
        if hasHeader, let debit = named(debitWords, in: debitCandidates),
            let credit = named(creditWords, in: debitCandidates.filter { $0 != debit })
        {
            mapping.debit = ref(debit)
            mapping.credit = ref(credit)
            separator = debit.decimalSeparator ?? credit.decimalSeparator
        } else if let amount = (hasHeader ? named(amountWords, in: amounts + unsigned(columns, rows)) : nil)
            ?? amounts.first
        {
            mapping.amount = ref(amount)
            separator = amount.decimalSeparator ?? BankCSVNumbers.decimalSeparator(cells(amount, rows)).map(String.init)
            if !amount.looksLikeAmount
                || !cells(amount, rows).contains(where: { $0.contains("-") || $0.contains("(") }),
                let direction = directionColumn(columns, rows)
            {
                mapping.direction = direction
            }
        } else {
            return nil
        }
        mapping.decimalSeparator = separator ?? "."
        let used = Set([mapping.date, mapping.amount, mapping.debit, mapping.credit].compactMap { $0 })
        let text = columns.filter { c in
            !c.looksLikeDate && !c.looksLikeAmount && !c.isEmpty && !used.contains(ref(c))
        }
        // Without a header, the payee is most often the longest text ("PURCHASE AUTHORIZED ON…").
        let longest = text.max { a, b in
            cells(a, rows).map(\.count).reduce(0, +) < cells(b, rows).map(\.count).reduce(0, +)
        }
        let payee = hasHeader ? named(payeeWords, in: text) : longest
        mapping.payee = payee.map(ref)
        if let memo = hasHeader ? named(memoWords, in: text.filter { $0 != payee }) : nil {
            mapping.note = [ref(memo)]
        }
        return mapping
    }

    private static func cells(_ c: CSVSniffColumn, _ rows: [(line: Int, fields: [String])]) -> [String] {
        rows.prefix(1000).compactMap { $0.fields.count >= c.number ? $0.fields[c.number - 1] : nil }
            .filter { !$0.isEmpty }
    }

    /// Amount columns without signs or decimals in every row ("23", "1.200"), which the
    /// per-column judgement leaves out, but which next to a direction column are the amount.
    private static func unsigned(
        _ columns: [CSVSniffColumn],
        _ rows: [(line: Int, fields: [String])]
    ) -> [CSVSniffColumn] {
        columns.filter { !$0.looksLikeAmount && !$0.looksLikeDate && isUnsignedAmounts($0, rows) }
    }

    private static func isUnsignedAmounts(_ c: CSVSniffColumn, _ rows: [(line: Int, fields: [String])]) -> Bool {
        let values = cells(c, rows)
        return !values.isEmpty && values.allSatisfy { BankCSVNumbers.looksLikeAmount($0, ",") }
    }

    /// A column whose cells are all one of a known out/in pair.
    private static func directionColumn(
        _ columns: [CSVSniffColumn],
        _ rows: [(line: Int, fields: [String])]
    ) -> CSVMapping.Direction? {
        for c in columns where !c.looksLikeDate && !c.looksLikeAmount && !c.isEmpty {
            let values = Set(cells(c, rows).map { $0.lowercased() })
            for (out, into) in directionPairs where values.isSubset(of: [out, into]) {
                let original = cells(c, rows)
                let outText = original.first { $0.lowercased() == out } ?? out
                let inText = original.first { $0.lowercased() == into } ?? into
                let column: CSVMapping.Column =
                    c.name.flatMap { $0.isEmpty || TextRules.refused(in: $0, lines: .one) != nil ? nil : .name($0) }
                    ?? .index(c.number)
                return CSVMapping.Direction(column: column, out: outText, in: inText)
            }
        }
        return nil
    }
}
