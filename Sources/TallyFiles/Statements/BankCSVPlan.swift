import TallyCore

/// A mapping applied to one file: its columns found, its date format and decimal separator
/// settled (from the whole file when the mapping leaves them out), ready to turn rows into entries.
struct BankCSVPlan {
    private enum Amount {
        case signed(BankCSVColumn)
        case directed(BankCSVColumn, direction: BankCSVColumn, out: String, in: String)
        case split(debit: BankCSVColumn, credit: BankCSVColumn)
    }

    private let date: BankCSVColumn
    private let dateFormat: BankCSVDateFormat
    private let amount: Amount
    private let decimal: Character
    private let negate: Bool
    private let payee, category, account, currency, id, type: BankCSVColumn?
    private let note: [BankCSVColumn]
    private let defaultCurrency: Currency
    /// Fields a row needs: up to the header's last named cell and the highest mapped column.
    private let width: Int

    init(mapping: CSVMapping, table: BankCSVTable, defaultCurrency: Currency) throws(StatementError) {
        func find(_ column: CSVMapping.Column?, _ key: String) throws(StatementError) -> BankCSVColumn? {
            guard let column else { return nil }
            return try table.resolve(column, key: key)
        }
        date = try table.resolve(mapping.date, key: "date")
        if let amountColumn = try find(mapping.amount, "amount") {
            if let direction = mapping.direction {
                amount = .directed(
                    amountColumn,
                    direction: try table.resolve(direction.column, key: "direction.column"),
                    out: direction.out.trimmingSpaces().lowercased(),
                    in: direction.in.trimmingSpaces().lowercased()
                )
            } else {
                amount = .signed(amountColumn)
            }
        } else {
            amount = .split(
                debit: try table.resolve(mapping.debit!, key: "debit"),
                credit: try table.resolve(mapping.credit!, key: "credit")
            )
        }
        payee = try find(mapping.payee, "payee")
        category = try find(mapping.category, "category")
        account = try find(mapping.account, "account")
        currency = try find(mapping.currency, "currency")
        id = try find(mapping.id, "id")
        type = try find(mapping.type, "type")
        var note: [BankCSVColumn] = []
        for column in mapping.note { note.append(try table.resolve(column, key: "note")) }
        self.note = note
        negate = mapping.negate
        self.defaultCurrency = defaultCurrency

        let all = [date] + note + [payee, category, account, currency, id, type].compactMap { $0 }
        let amounts: [BankCSVColumn] =
            switch amount {
            case .signed(let c), .directed(let c, _, _, _): [c]
            case .split(let d, let c): [d, c]
            }
        var used = all + amounts
        if case .directed(_, let d, _, _) = amount { used.append(d) }
        // Trailing empty header cells ("Date;Amount;") are not columns rows must have.
        let named = table.header.map { cells in (cells.lastIndex { !$0.isEmpty } ?? -1) + 1 } ?? 0
        width = max(named, (used.map(\.index).max() ?? 0) + 1)
        for row in table.rows where row.fields.count < width {
            throw StatementError(
                "line \(row.line)",
                table.header == nil
                    ? "has \(row.fields.count) fields, but the mapping uses column \(width)"
                    : "has \(row.fields.count) fields, but the header on line \(table.headerLine) has \(width)"
            )
        }

        if let text = mapping.dateFormat {
            dateFormat = BankCSVDateFormat(text)!
        } else {
            dateFormat = try Self.detectDateFormat(table, date)
        }
        if let text = mapping.decimalSeparator {
            decimal = text == "," ? "," : "."
        } else {
            let cells = table.rows.lazy.flatMap { row in amounts.map { row.fields[$0.index] } }
            decimal = BankCSVNumbers.decimalSeparator(cells) ?? "."
        }
    }

    /// The one candidate format that fits the whole date column, or an error asking for one.
    private static func detectDateFormat(
        _ table: BankCSVTable,
        _ date: BankCSVColumn
    ) throws(StatementError) -> BankCSVDateFormat {
        var remaining = BankCSVDateFormat.candidates
        for row in table.rows {
            let value = row.fields[date.index]
            guard !value.isEmpty else { throw StatementError("line \(row.line), \(date.label)", "the date is empty") }
            let left = remaining.filter { $0.read(value) != nil }
            guard !left.isEmpty else {
                let fitted =
                    remaining.count == BankCSVDateFormat.candidates.count
                    ? "is not a date in any format Tally knows"
                    : "does not fit \(BankCSVDateFormat.list(remaining)), which the rows above fit"
                throw StatementError("line \(row.line), \(date.label)", "'\(value)' \(fitted); set date_format")
            }
            remaining = left
        }
        guard remaining.count > 1 else { return remaining[0] }
        let name = date.label.dropFirst("column ".count)
        let both = remaining.count == 2 ? "both " : ""
        throw StatementError(
            "mapping.date_format",
            "the date column \(name) fits \(both)\(BankCSVDateFormat.list(remaining)); choose date_format"
        )
    }

    /// The entry a row states.
    func entry(_ line: Int, _ fields: [String]) throws(StatementError) -> StatementEntry {
        let rawDate = fields[date.index]
        guard !rawDate.isEmpty else { throw StatementError("line \(line), \(date.label)", "the date is empty") }
        guard let (day, time) = dateFormat.read(rawDate) else {
            throw StatementError(
                "line \(line), \(date.label)",
                "'\(rawDate)' is not a date in the format \(dateFormat)"
            )
        }
        guard LocalDate.supported.contains(day) else {
            throw StatementError("line \(line), \(date.label)", "'\(rawDate)' is outside the years 1900–2199")
        }
        var rowCurrency = defaultCurrency
        if let currency, !fields[currency.index].isEmpty {
            let code = fields[currency.index]
            guard let known = Currency(code: code) else {
                throw StatementError("line \(line), \(currency.label)", "'\(code)' is not an ISO 4217 currency code")
            }
            rowCurrency = known
        }
        var money = try amount(line, fields, rowCurrency)
        if negate { money = money.negated }
        let text = { (c: BankCSVColumn?) in c.map { Self.cut(fields[$0.index]) } ?? "" }
        let memo = Self.cut(note.map { fields[$0.index] }.filter { !$0.isEmpty }.joined(separator: " · "))
        let kind = text(type)
        var payee = text(self.payee)
        if payee.isEmpty, memo.isEmpty { payee = kind.isEmpty ? "Unknown" : kind }
        let fileID = text(id)
        return StatementEntry(
            location: "line \(line)",
            date: day,
            time: time,
            amount: money,
            payee: payee,
            memo: memo,
            category: text(category),
            fileID: fileID.isEmpty ? nil : fileID,
            type: kind
        )
    }

    /// The account a row names; nil when the mapping has no account column.
    func accountName(_ fields: [String]) -> String? {
        account.map { Self.cut(fields[$0.index]) }
    }

    private func amount(_ line: Int, _ fields: [String], _ currency: Currency) throws(StatementError) -> Money {
        switch amount {
        case .signed(let column):
            return try parse(line, fields, column, currency)
        case .directed(let column, let direction, let out, let into):
            let magnitude = try parse(line, fields, column, currency).minorUnits.magnitude
            let cell = fields[direction.index]
            switch cell.lowercased() {
            case out: return Money(minorUnits: -Int64(magnitude), currency: currency)
            case into: return Money(minorUnits: Int64(magnitude), currency: currency)
            default:
                throw StatementError(
                    "line \(line), \(direction.label)",
                    "'\(cell)' is neither '\(out)' (money out) nor '\(into)' (money in)"
                )
            }
        case .split(let debit, let credit):
            let (d, c) = (fields[debit.index], fields[credit.index])
            if d.isEmpty, c.isEmpty {
                throw StatementError(
                    "line \(line)",
                    "has no amount: both \(debit.label) and \(credit.label) are empty"
                )
            }
            let out = d.isEmpty ? 0 : try parse(line, fields, debit, currency).minorUnits.magnitude
            let into = c.isEmpty ? 0 : try parse(line, fields, credit, currency).minorUnits
            if out != 0, into != 0 {
                throw StatementError(
                    "line \(line)",
                    "has an amount in both \(debit.label) ('\(d)') and \(credit.label) ('\(c)')"
                )
            }
            return Money(minorUnits: into - Int64(out), currency: currency)
        }
    }

    private func parse(
        _ line: Int,
        _ fields: [String],
        _ column: BankCSVColumn,
        _ currency: Currency
    ) throws(StatementError) -> Money {
        let raw = fields[column.index]
        switch StatementAmount.parse(raw, currency: currency, decimalSeparator: decimal) {
        case .success(let money): return money
        case .failure(.empty): throw StatementError("line \(line), \(column.label)", "the amount is empty")
        case .failure(let error): throw StatementError("line \(line), \(column.label)", "'\(raw)' \(error)")
        }
    }

    /// Text cut to `StatementLimits.maxText` characters.
    private static func cut(_ text: String) -> String {
        text.utf8.count <= StatementLimits.maxText ? text : String(text.prefix(StatementLimits.maxText))
    }
}
