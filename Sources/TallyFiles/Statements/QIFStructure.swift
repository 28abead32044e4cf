import TallyCore

/// The first reading of a QIF file: its headers, accounts and records, with each record's
/// fields kept as text.
struct QIFStructure {
    private let text: QIFText
    private(set) var accounts: [StatementAccount] = []
    private(set) var records: [QIFRecord] = []
    private(set) var dates = QIFDateOrderEvidence()
    private(set) var amounts = QIFAmounts()

    private enum Section {
        /// Before the first header, where only `#` comments may stand.
        case start
        /// After `!Option:…` or `!Clear:…`.
        case options
        /// `!Account` blocks.
        case account
        /// Transactions of the account at this index of `accounts`.
        case transactions(Int)
        /// A list Tally does not read (`!Type:Cat`, `Class`, `Memorized`, `Security`, …).
        case skipped
    }

    private var section = Section.start
    private var record: QIFRecord?
    private var block: (name: String, type: String)?
    /// The account the last `!Account` block named; transaction sections belong to it.
    private var current: Int?
    /// An account named with a type Tally has no kind for (`Invst`, `Port`, none), which becomes
    /// an account only if a transaction section follows it.
    private var pendingName: String?
    private var byName: [String: Int] = [:]
    private var unnamed: [StatementAccountKind: Int] = [:]
    private var entryCount = 0

    init(_ text: QIFText) { self.text = text }

    static let kinds: [String: StatementAccountKind] = [
        "bank": .bank, "ccard": .creditCard, "cash": .cash, "oth a": .asset, "oth l": .liability,
    ]
    static let lists: Set<String> = ["cat", "class", "memorized", "security", "prices", "budget"]
    static let readable = "Tally reads Bank, CCard, Cash, Oth A and Oth L"

    mutating func read() throws(StatementError) {
        var seenHeader = false
        for line in text.lines {
            let code = text.code(line)
            if code == UInt8(ascii: "!") {
                seenHeader = true
                try header(line)
                continue
            }
            switch section {
            case .start:
                guard code == UInt8(ascii: "#") || code == UInt8(ascii: "^") else {
                    throw StatementError(
                        line.location,
                        "'\(text.text(line, skip: 0).prefix(40))' comes before the first QIF header; a QIF file "
                            + "starts with a header such as !Type:Bank"
                    )
                }
            case .options:
                guard code == UInt8(ascii: "^") else {
                    throw StatementError(
                        line.location,
                        "'\(text.text(line, skip: 0).prefix(40))' is outside any section (expected !Account or !Type)"
                    )
                }
            case .skipped: continue
            case .account: accountLine(line, code)
            case .transactions(let account): try transactionLine(line, code, account)
            }
        }
        try closeOpen()
        guard seenHeader else {
            throw StatementError("file", "this is not a QIF file: it has no header such as !Type:Bank")
        }
    }

    private mutating func header(_ line: QIFLine) throws(StatementError) {
        try closeOpen()
        let name = text.text(line).lowercased()
        if name == "account" {
            section = .account
        } else if name.hasPrefix("option:") || name.hasPrefix("clear:") {
            section = .options
        } else if name.hasPrefix("type:") {
            let type = name.dropFirst(5).trimmingSpaces()
            let original = text.text(line).dropFirst(5).trimmingSpaces()
            if let kind = Self.kinds[type] {
                section = .transactions(account(for: kind))
            } else if Self.lists.contains(type) {
                section = .skipped
            } else if type == "invst" {
                throw StatementError(
                    line.location,
                    "investment accounts (!Type:Invst) are not supported; \(Self.readable)"
                )
            } else {
                throw StatementError(line.location, "unknown QIF type '\(original.prefix(40))'; \(Self.readable)")
            }
        } else {
            throw StatementError(
                line.location,
                "unknown QIF header '\(text.text(line, skip: 0).prefix(40))'; expected !Type:…, !Account, "
                    + "!Option:… or !Clear:…"
            )
        }
    }

    /// The account a transaction section of `kind` belongs to. The section's type wins over the
    /// one its `!Account` block gave, since it is what the records are.
    private mutating func account(for kind: StatementAccountKind) -> Int {
        if let current {
            accounts[current].kind = kind
            return current
        }
        if let name = pendingName {
            pendingName = nil
            let index = add(StatementAccount(name: name, kind: kind))
            byName[name] = index
            current = index
            return index
        }
        if let index = unnamed[kind] { return index }
        let index = add(StatementAccount(kind: kind))
        unnamed[kind] = index
        return index
    }

    private mutating func add(_ account: StatementAccount) -> Int {
        accounts.append(account)
        return accounts.count - 1
    }

    private mutating func accountLine(_ line: QIFLine, _ code: UInt8) {
        if block == nil { block = ("", "") }
        switch code {
        case UInt8(ascii: "N"): block?.name = Self.cut(text.text(line))
        case UInt8(ascii: "T"): block?.type = text.text(line).lowercased()
        case UInt8(ascii: "^"): closeBlock()
        default: break  // D description, L credit limit, $ and / balance: not kept
        }
    }

    /// An `!Account` block names the account of the sections that follow; an account named twice
    /// (Quicken lists every account first, then names each again before its transactions) is one.
    private mutating func closeBlock() {
        guard let block else { return }
        self.block = nil
        guard !block.name.isEmpty else { return }
        pendingName = nil
        if let index = byName[block.name] {
            current = index
        } else if let kind = Self.kinds[block.type] {
            current = add(StatementAccount(name: block.name, kind: kind))
            byName[block.name] = current
        } else {
            current = nil
            pendingName = block.name
        }
    }

    private mutating func transactionLine(_ line: QIFLine, _ code: UInt8, _ account: Int) throws(StatementError) {
        if code == UInt8(ascii: "^") {
            if let open = record.take() { try close(open, ended: true) }
            return
        }
        if record == nil { record = QIFRecord(line: line.number, account: account) }
        // Changed in place through `record!`: a copy would retain every string of the record.
        record!.hasFields = true
        switch code {
        case UInt8(ascii: "D"):
            // quiffen writes a date under a split; a split has no date of its own here.
            guard record!.splits.isEmpty else { break }
            let value = text.text(line)
            guard record!.dateText == nil else {
                throw StatementError(line.location, "a second D in one record (is a ^ missing before it?)")
            }
            guard let fields = QIFDateFields(value) else {
                throw StatementError(
                    line.location,
                    "D '\(value.prefix(40))' is not a date; QIF dates look like 1/2/26, 01/02/2026, 1/ 2'26, "
                        + "01-02-2026, 1.2.26 or 2026-01-02"
                )
            }
            dates.note(fields, line: line.number)
            record!.date = fields
            record!.dateText = QIFField(line: line.number, text: value)
        case UInt8(ascii: "T"):
            guard record!.total == nil else {
                throw StatementError(line.location, "a second T in one record (is a ^ missing before it?)")
            }
            record!.total = amountField(line)
        case UInt8(ascii: "U"): record!.newerTotal = amountField(line)
        case UInt8(ascii: "P"): record!.payee = Self.cut(text.text(line))
        case UInt8(ascii: "M"): record!.memo = Self.cut(text.text(line))
        case UInt8(ascii: "N"): record!.number = Self.cut(text.text(line))
        case UInt8(ascii: "L"): record!.category = Self.cut(text.text(line))
        case UInt8(ascii: "S"), UInt8(ascii: "E"): record!.addSplit(code, Self.cut(text.text(line)), line: line.number)
        case UInt8(ascii: "$"): record!.addSplit(code, amountField(line).text, line: line.number)
        default: break  // C cleared status, A address, F, K, %, 1–7 loan fields: not kept
        }
    }

    private mutating func amountField(_ line: QIFLine) -> QIFField {
        let field = QIFField(line: line.number, text: text.text(line))
        amounts.note(field.text, line: line.number)
        return field
    }

    /// A record ends at `^`; one left open by a header or the end of the file counts when it
    /// has a date and an amount (real files often drop the last `^`).
    private mutating func closeOpen() throws(StatementError) {
        closeBlock()
        if let open = record.take() { try close(open, ended: false) }
    }

    private mutating func close(_ open: QIFRecord, ended: Bool) throws(StatementError) {
        guard open.hasFields else { return }
        let unended = ended ? "" : " and no ^ at its end"
        guard open.dateText != nil else {
            throw StatementError("line \(open.line)", "the record has no date (D)\(unended)")
        }
        guard open.total != nil || open.newerTotal != nil else {
            throw StatementError("line \(open.line)", "the record has no amount (T)\(unended)")
        }
        entryCount += max(1, open.splits.count)
        guard entryCount <= StatementLimits.maxEntries else {
            throw StatementError(
                "line \(open.line)",
                "the file has more than \(StatementLimits.maxEntries) entries, more than Tally reads from one file"
            )
        }
        records.append(open)
    }

    /// Text longer than `StatementLimits.maxText` characters is cut there.
    private static func cut(_ value: String) -> String {
        value.utf8.count <= StatementLimits.maxText ? value : String(value.prefix(StatementLimits.maxText))
    }
}
