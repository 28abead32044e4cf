/// A record already in the book, as the review compares rows with it.
public struct ImportCandidate: Sendable, Equatable {
    /// Its id.
    public var id: TransactionID
    /// Expense, income or transfer.
    public var kind: TransactionKind
    /// Its account.
    public var accountID: AccountID?
    /// Day.
    public var date: LocalDate
    /// Positive amount.
    public var amount: Money
    /// Payee.
    public var payee: String
    /// Whether it came from a file (it has a file id): such records are not fuzzy duplicates.
    public var fromFile: Bool

    /// A candidate.
    public init(
        id: TransactionID,
        kind: TransactionKind,
        accountID: AccountID?,
        date: LocalDate,
        amount: Money,
        payee: String,
        fromFile: Bool
    ) {
        self.id = id
        self.kind = kind
        self.accountID = accountID
        self.date = date
        self.amount = amount
        self.payee = payee
        self.fromFile = fromFile
    }

    /// Signed as a statement writes it: money into `accountID` is positive.
    var signedMinor: Int64 { kind == .income ? amount.minorUnits : -amount.minorUnits }
}

/// Finds what each row of a statement import is: already imported, a possible duplicate of a
/// record, one side of a transfer, or new. Pure, so the rules are tested without a database.
///
/// As Actual does it, exact ids come first and a fuzzy match only after; unlike the complaints
/// about it, a fuzzy match is never merged: it is shown with its reason and kept by default.
public enum ImportMatcher {
    /// How many days apart a duplicate or a transfer's two sides may be.
    public static let windowDays = 3

    /// The id of each entry: the file's own (FITID, AcctSvcrRef) when it has one; else a hash of
    /// the row's own fields plus its ordinal among identical rows, so that two equal purchases in
    /// one file are two rows, and the same rows in an overlapping file get the same ids.
    public static func importedIDs(_ entries: [StatementEntry]) -> [String] {
        var seen: [String: Int] = [:]
        return entries.map { entry in
            if let id = entry.fileID, !id.isEmpty { return id }
            let key = [
                String(entry.account), entry.date.description, entry.amount.decimalString, entry.amount.currency.code,
                entry.payee, entry.memo,
            ].joined(separator: "\u{1F}")
            let ordinal = seen[key, default: 0] + 1
            seen[key] = ordinal
            return "h:" + fnv1a(key) + "#\(ordinal)"
        }
    }

    /// Sets each row's status, action, match and reason. `accounts[i]` is the book account of the
    /// import's account `i` (nil when it is made on commit); `imported` holds "account id|file id"
    /// of every file id already stored; `candidates` are the book's records near the rows' dates.
    public static func review(
        _ rows: inout [ImportRow],
        accounts: [AccountID?],
        imported: Set<String>,
        candidates: [ImportCandidate]
    ) {
        var used: Set<TransactionID> = []
        // Candidates by amount and currency: a row only ever looks at records of its own amount,
        // so a 100,000-row file against a million records stays linear.
        var byAmount: [AmountKey: [ImportCandidate]] = [:]
        for candidate in candidates {
            byAmount[AmountKey(candidate.amount.minorUnits.magnitude, candidate.amount.currency), default: []]
                .append(candidate)
        }
        for i in rows.indices {
            let row = rows[i]
            let account = accounts[row.account]
            if row.amount.minorUnits == 0 {
                rows[i].status = .new
                rows[i].action = .skip
                rows[i].reason = "the amount is zero"
                continue
            }
            if let account, imported.contains("\(account.rawValue)|\(row.importedID)") {
                rows[i].status = .imported
                rows[i].action = .skip
                rows[i].reason = "already imported (file id \(row.importedID))"
                continue
            }
            let near = byAmount[AmountKey(row.amount.minorUnits.magnitude, row.amount.currency), default: []].filter {
                !used.contains($0.id) && abs($0.date.dayNumber - row.date.dayNumber) <= windowDays
            }
            .sorted { abs($0.date.dayNumber - row.date.dayNumber) < abs($1.date.dayNumber - row.date.dayNumber) }
            if let account,
                let twin = near.first(where: {
                    $0.accountID == account && !$0.fromFile && $0.kind != .transfer
                        && $0.signedMinor == row.amount.minorUnits && similar($0.payee, row.payee)
                })
            {
                used.insert(twin.id)
                rows[i].status = .duplicate
                rows[i].action = .import
                rows[i].matchID = twin.id
                rows[i].reason =
                    "possible duplicate of record \(twin.id.rawValue): same account and amount, "
                    + days(twin.date, row.date) + ", payee '\(twin.payee)'"
                continue
            }
            if let other = near.first(where: {
                $0.accountID != nil && $0.accountID != account && $0.kind != .transfer
                    && $0.signedMinor == -row.amount.minorUnits
            }) {
                used.insert(other.id)
                rows[i].status = .transfer
                rows[i].action = .transfer
                rows[i].matchID = other.id
                rows[i].reason =
                    "transfer with record \(other.id.rawValue) in another account: the opposite amount, "
                    + days(other.date, row.date)
                continue
            }
            rows[i].status = .new
            rows[i].action = .import
            rows[i].reason = ""
        }
    }

    struct AmountKey: Hashable {
        let magnitude: UInt64
        let currency: Currency
        init(_ magnitude: UInt64, _ currency: Currency) {
            self.magnitude = magnitude
            self.currency = currency
        }
    }

    /// Payees are similar when one is empty, one holds the other, or they share a word of three
    /// letters or more (digits and store numbers left out): "STARBUCKS #1234" and "Starbucks".
    public static func similar(_ a: String, _ b: String) -> Bool {
        let x = words(a)
        let y = words(b)
        if x.isEmpty || y.isEmpty { return true }
        let (p, q) = (x.joined(separator: " "), y.joined(separator: " "))
        return p.contains(q) || q.contains(p) || !Set(x).isDisjoint(with: y)
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 3 }
    }

    static func days(_ a: LocalDate, _ b: LocalDate) -> String {
        let d = abs(a.dayNumber - b.dayNumber)
        return d == 0 ? "the same day" : d == 1 ? "1 day apart" : "\(d) days apart"
    }

    /// FNV-1a, 64 bits, as 16 hex digits: stable everywhere (Swift's `Hasher` is seeded per run).
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
