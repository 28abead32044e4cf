import TallyCore

/// A field's text and the line it is on.
struct QIFField {
    let line: Int
    let text: String
}

/// One split line of a record: `S` category or `[Account]`, `E` memo, `$` amount.
struct QIFSplit {
    var line: Int
    var category: String?
    var memo: String?
    var amount: QIFField?
}

/// One transaction record as written, before its date and amounts are read (that waits until
/// the whole file has shown its date order and decimal separator).
struct QIFRecord {
    let line: Int
    let account: Int
    var date: QIFDateFields?
    var dateText: QIFField?
    var total: QIFField?
    var newerTotal: QIFField?
    var payee = ""
    var memo = ""
    var number = ""
    var category = ""
    var splits: [QIFSplit] = []
    /// Whether any line other than `^` was seen.
    var hasFields = false

    init(line: Int, account: Int) {
        self.line = line
        self.account = account
    }

    /// Adds a split field, starting a new split when the current one already has it (Quicken
    /// writes S, E, $ in that order, but a split without a category or memo leaves them out).
    mutating func addSplit(_ code: UInt8, _ text: String, line: Int) {
        let full: Bool
        if let current = splits.last {
            switch code {
            case UInt8(ascii: "S"): full = current.category != nil || current.memo != nil || current.amount != nil
            case UInt8(ascii: "E"): full = current.memo != nil || current.amount != nil
            default: full = current.amount != nil
            }
        } else {
            full = true
        }
        if full { splits.append(QIFSplit(line: line)) }
        switch code {
        case UInt8(ascii: "S"): splits[splits.count - 1].category = text
        case UInt8(ascii: "E"): splits[splits.count - 1].memo = text
        default: splits[splits.count - 1].amount = QIFField(line: line, text: text)
        }
    }

    /// The statement entries of the record: one (a split one when its splits can be a split
    /// record), or one per split.
    func entries(
        order: QIFDateOrder,
        currency: Currency,
        decimalSeparator: Character
    ) throws(StatementError) -> [StatementEntry] {
        guard let dateText else { throw StatementError("line \(line)", "the record has no date (D)") }
        guard let date = date?.date(order) else {
            throw StatementError(
                "line \(dateText.line)",
                "D '\(dateText.text.prefix(40))' is not a date between \(LocalDate.supported.lowerBound) and "
                    + "\(LocalDate.supported.upperBound) (read \(order == .monthFirst ? "month" : "day") first)"
            )
        }
        // Newer Quicken writes U beside T with the same amount; T is the one every reader knows.
        guard let totalField = total ?? newerTotal else {
            throw StatementError("line \(line)", "the record has no amount (T)")
        }
        let code = total == nil ? "U" : "T"
        let amount = try Self.amount(totalField, code, currency, decimalSeparator)
        let transfer = Self.category(category)
        var entry = StatementEntry(
            location: "line \(line)",
            account: account,
            date: date,
            amount: amount,
            payee: payee,
            memo: memo,
            category: transfer.category,
            transferAccount: transfer.account,
            checkNumber: number
        )
        guard !splits.isEmpty else { return [entry] }
        var parts: [(split: QIFSplit, amount: Money, target: (category: String, account: String))] = []
        parts.reserveCapacity(splits.count)
        var sum: Int64 = 0
        for (index, split) in splits.enumerated() {
            guard let field = split.amount else {
                throw StatementError("line \(split.line)", "split \(index + 1) has no amount ($)")
            }
            let part = try Self.amount(field, "$", currency, decimalSeparator)
            // Cannot overflow: each part is within Money.maxMinorUnits and a file has at most
            // StatementLimits.maxEntries splits.
            sum += part.minorUnits
            parts.append((split, part, Self.category(split.category ?? "")))
        }
        guard sum == amount.minorUnits else {
            throw StatementError(
                "line \(totalField.line)",
                "the splits add up to \(Money(minorUnits: sum, currency: currency).decimalString), "
                    + "but \(code) is \(amount.decimalString)"
            )
        }
        // Lines a split record can hold (2–100, no transfer, each the total's sign) make one entry
        // with its lines; anything else stays one entry per split, as Quicken shows the parts.
        let sign = amount.minorUnits.signum()
        if (Split.minLines...Split.maxLines).contains(parts.count), sign != 0,
            parts.allSatisfy({ $0.target.account.isEmpty && $0.amount.minorUnits.signum() == sign })
        {
            entry.category = ""
            entry.transferAccount = ""
            entry.splits = parts.map {
                StatementSplit(category: $0.target.category, amount: $0.amount, memo: $0.split.memo ?? "")
            }
            return [entry]
        }
        var entries: [StatementEntry] = []
        entries.reserveCapacity(parts.count)
        for (index, part) in parts.enumerated() {
            entry.location = "line \(line) (split \(index + 1))"
            entry.amount = part.amount
            entry.memo = (part.split.memo ?? "").isEmpty ? memo : part.split.memo ?? ""
            entry.category = part.target.category
            entry.transferAccount = part.target.account
            entries.append(entry)
        }
        return entries
    }

    private static func amount(
        _ field: QIFField,
        _ code: String,
        _ currency: Currency,
        _ separator: Character
    ) throws(StatementError) -> Money {
        switch QIFAmounts.parse(field.text, currency: currency, decimalSeparator: separator) {
        case .success(let money): return money
        case .failure(let error):
            var message = "\(code) '\(field.text.prefix(40))' \(error)"
            if error == .notANumber {
                message += " (this file writes amounts like \(separator == "," ? "1.234,56" : "1,234.56"))"
            }
            throw StatementError("line \(field.line)", message)
        }
    }

    /// `L`/`S` text: `Category:Sub`, `[Account]` for a transfer; a `/Class` part is dropped,
    /// since Tally has no classes.
    static func category(_ text: String) -> (category: String, account: String) {
        var body = text
        if let slash = text.utf8.firstIndex(of: UInt8(ascii: "/")) { body = String(text[..<slash]).trimmingSpaces() }
        let utf8 = body.utf8
        if utf8.count >= 2, utf8.first == UInt8(ascii: "["), utf8.last == UInt8(ascii: "]") {
            return ("", String(body.dropFirst().dropLast()).trimmingSpaces())
        }
        return (body.trimmingSpaces(), "")
    }
}
