import TallyCore

/// A bank-statement import: staged for review, then committed (or discarded), and undoable as a
/// whole afterwards.
public struct StatementImport: Sendable {
    /// Its id.
    public var id: Int64
    /// ofx, qif, camt or csv.
    public var format: String
    /// The uploaded file's name.
    public var fileName: String
    /// staged, committed or undone.
    public var status: Status
    /// When it was uploaded (ISO 8601).
    public var createdAt: String
    /// When a staged import stops being offered (ISO 8601).
    public var expiresAt: String
    /// When it was committed.
    public var committedAt: String?
    /// The file's accounts and the book's account each goes to.
    public var accounts: [ImportAccount]
    /// Every row, in file order.
    public var rows: [ImportRow]
    /// Per account, the statement's closing balance beside the book's balance on that day.
    public var balances: [ImportBalance]

    /// The states of an import.
    public enum Status: String, Sendable, Codable {
        /// Uploaded, waiting for review.
        case staged
        /// Stored.
        case committed
        /// Discarded before the commit, or undone after it.
        case undone
    }

    /// How many rows have each status, as the history counted them (it reads no rows).
    public var listedCounts: [ImportRowStatus: Int] = [:]

    /// How many records the commit stores (or made): every row not skipped, except that both
    /// sides of a transfer within the file are one record.
    public var recordCount: Int {
        // By index, with no filtered copies: a copy of 100,000 rows held a fifth of the CLI's peak.
        var transferring: Set<Int> = []
        for i in rows.indices where rows[i].action == .transfer && rows[i].pairRow != nil {
            transferring.insert(rows[i].row)
        }
        var count = 0
        for i in rows.indices where rows[i].action != .skip {
            if rows[i].action == .transfer, let pair = rows[i].pairRow, rows[i].amount.minorUnits > 0,
                transferring.contains(pair)
            {
                continue
            }
            count += 1
        }
        return count
    }

    /// How many rows have each status.
    public var counts: [ImportRowStatus: Int] {
        guard !rows.isEmpty else { return listedCounts }
        // By index: a copy of each row would retain a dozen strings.
        var counts: [ImportRowStatus: Int] = [:]
        for i in rows.indices { counts[rows[i].status, default: 0] += 1 }
        return counts
    }
}

/// The first step of reconciliation: what the statement says an account holds at its end, and
/// what the book says.
public struct ImportBalance: Sendable, Equatable {
    /// Index into the import's accounts.
    public var account: Int
    /// The statement's closing balance.
    public var statement: Money
    /// Its day.
    public var date: LocalDate
    /// The book's balance of that account at the end of that day (nil while the account is made
    /// only on commit).
    public var book: Money?

    /// statement − book, when both are known.
    public var difference: Money? {
        guard let book, book.currency == statement.currency else { return nil }
        return Money(minorUnits: statement.minorUnits - book.minorUnits, currency: book.currency)
    }
}

/// A change to a staged row: what the review page, `PATCH …/rows/{row}` and the CLI send.
public struct ImportRowChange: Sendable, Equatable {
    /// import, skip or transfer.
    public var action: String?
    /// Category id, name or "Parent:Child"; "" clears it.
    public var category: String?
    /// New payee.
    public var payee: String?
    /// New note.
    public var note: String?

    /// A change; every field optional.
    public init(action: String? = nil, category: String? = nil, payee: String? = nil, note: String? = nil) {
        self.action = action
        self.category = category
        self.payee = payee
        self.note = note
    }
}

/// What undoing a committed import did.
public struct ImportUndo: Sendable, Equatable {
    /// Records removed.
    public var removed: Int
    /// Records kept because they were edited after the import.
    public var kept: [TransactionID]
    /// Transfers turned back into the records they were made from.
    public var restored: Int

    /// A result.
    public init(removed: Int, kept: [TransactionID], restored: Int) {
        self.removed = removed
        self.kept = kept
        self.restored = restored
    }
}

/// The limits of statement imports.
public enum StatementImportLimits {
    /// A staged import is offered this long (seconds): a week.
    public static let stagedLifetime: Double = 7 * 86_400
}
