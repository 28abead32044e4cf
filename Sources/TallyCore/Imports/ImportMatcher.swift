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
    /// A transfer the file itself states (QIF `L[Account]`) stays one unless already imported,
    /// and the two sides of a transfer within the file are paired last (`pairWithinFile`).
    public static func review(
        _ rows: inout [ImportRow],
        accounts: [AccountID?],
        imported: Set<String>,
        candidates: [ImportCandidate]
    ) {
        var used: Set<TransactionID> = []
        // Candidates by amount, each list in day order: a row only ever looks at the records of
        // its own amount within its window, so a 100,000-row file against a million records
        // stays linear even for amounts a year holds hundreds of times.
        let dayNumbers = candidates.map(\.date.dayNumber)
        var byAmount: [UInt64: [Int]] = [:]
        for (index, candidate) in candidates.enumerated() {
            byAmount[candidate.amount.minorUnits.magnitude, default: []].append(index)
        }
        var candidateWords = [[String]?](repeating: nil, count: candidates.count)
        for slot in byAmount.values.indices {
            byAmount.values[slot].sort { (dayNumbers[$0], $0) < (dayNumbers[$1], $1) }
        }
        for i in rows.indices {
            // The fields it needs, not a copy of the whole row (a dozen strings to retain).
            let (amount, day) = (rows[i].amount, rows[i].date.dayNumber)
            let account = accounts[rows[i].account]
            if amount.minorUnits == 0 {
                rows[i].status = .new
                rows[i].action = .skip
                rows[i].reason = "the amount is zero"
                continue
            }
            if let account, !imported.isEmpty, imported.contains("\(account.rawValue)|\(rows[i].importedID)") {
                rows[i].status = .imported
                rows[i].action = .skip
                rows[i].reason = "already imported (file id \(rows[i].importedID))"
                continue
            }
            if !rows[i].transferAccount.isEmpty {
                rows[i].status = .transfer
                rows[i].action = .transfer
                rows[i].matchID = nil
                rows[i].reason = "the file names it a transfer with '\(rows[i].transferAccount)'"
                continue
            }
            // The nearest record in days that is a duplicate, else the nearest that is the other
            // side of a transfer; on equal distance the one listed first, as a stable sort by
            // distance would give. Found in one pass over the window, without building a list.
            var twin: (candidate: ImportCandidate, rank: (Int, Int))?
            var other: (candidate: ImportCandidate, rank: (Int, Int))?
            let list = byAmount[amount.minorUnits.magnitude] ?? []
            var low = 0
            var high = list.count
            while low < high {
                let middle = (low + high) / 2
                if dayNumbers[list[middle]] < day - windowDays { low = middle + 1 } else { high = middle }
            }
            var payeeWords: [String]?
            for index in list[low...] {
                guard dayNumbers[index] <= day + windowDays else { break }
                let rank = (abs(dayNumbers[index] - day), index)
                guard candidates[index].amount.currency == amount.currency, candidates[index].kind != .transfer,
                    !used.contains(candidates[index].id)
                else { continue }
                if let account, twin.map({ rank < $0.rank }) ?? true, candidates[index].accountID == account,
                    !candidates[index].fromFile, candidates[index].signedMinor == amount.minorUnits
                {
                    // Each payee split into words once, however many rows it is compared with.
                    if payeeWords == nil { payeeWords = words(rows[i].payee) }
                    if candidateWords[index] == nil { candidateWords[index] = words(candidates[index].payee) }
                    if similar(words: candidateWords[index]!, payeeWords!) { twin = (candidates[index], rank) }
                }
                if other.map({ rank < $0.rank }) ?? true, candidates[index].accountID != nil,
                    candidates[index].accountID != account, candidates[index].signedMinor == -amount.minorUnits
                {
                    other = (candidates[index], rank)
                }
            }
            if let twin = twin?.candidate {
                used.insert(twin.id)
                rows[i].status = .duplicate
                rows[i].action = .import
                rows[i].matchID = twin.id
                rows[i].reason =
                    "possible duplicate of record \(twin.id.rawValue): same account and amount, "
                    + days(twin.date, rows[i].date) + ", payee '\(twin.payee)'"
                continue
            }
            // A split record has categories to keep: it is never made one side of a transfer.
            if let other = other?.candidate, rows[i].lines.isEmpty {
                used.insert(other.id)
                rows[i].status = .transfer
                rows[i].action = .transfer
                rows[i].matchID = other.id
                rows[i].reason =
                    "transfer with record \(other.id.rawValue) in another account: the opposite amount, "
                    + days(other.date, rows[i].date)
                continue
            }
            rows[i].status = .new
            rows[i].action = .import
            rows[i].reason = ""
        }
        pairWithinFile(&rows, accounts: accounts)
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
        similar(words: words(a), words(b))
    }

    /// `similar` of two payees already split by `words`.
    static func similar(words x: [String], _ y: [String]) -> Bool {
        if x.isEmpty || y.isEmpty { return true }
        // A shared word first: the usual answer, found without joining anything.
        if x.contains(where: y.contains) { return true }
        let (p, q) = (x.joined(separator: " "), y.joined(separator: " "))
        return p.contains(q) || q.contains(p)
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
