import SQLKit
import TallyCore

/// Keeps the per-day and per-month totals and the account balances that reports read.
///
/// Every write to `transactions` adds the old row with a minus sign and the new row with a plus
/// sign to a `Totals` batch and applies it in the same database transaction, so the totals can
/// never disagree with the records. Imports fold thousands of rows into one batch first.
struct Totals {
    /// One cell of the kept totals.
    struct Key: Hashable {
        var day: String
        var kind: String
        var category: Int64
        var account: Int64
        var payeeKey: String
        var currency: String
    }

    /// An account's balance in one currency. Keyed by the raw id: an import hashes one or two
    /// of these per record, and a typed id's hashing goes through Tagged's generic witnesses.
    struct Balance: Hashable {
        var account: Int64
        var currency: String
    }

    /// One cell's sums: the records' own amounts, how many records, their amounts in the book's
    /// currency, and how many of them have no base amount (no rate applies).
    struct Sum {
        var total: Int64 = 0
        var count: Int64 = 0
        var base: Int64 = 0
        var unconverted: Int64 = 0
        /// Records counted here and in no other cell (see `RecordMoney`).
        var records: Int64 = 0
        /// Of those, the ones without a converted amount.
        var unconvertedRecords: Int64 = 0

        /// True when the batch leaves the cell as it was.
        var isZero: Bool {
            total == 0 && count == 0 && base == 0 && unconverted == 0 && records == 0 && unconvertedRecords == 0
        }

        static func += (a: inout Sum, b: Sum) {
            a.total += b.total
            a.count += b.count
            a.base += b.base
            a.unconverted += b.unconverted
            a.records += b.records
            a.unconvertedRecords += b.unconvertedRecords
        }
    }

    private(set) var cells: [Key: Sum] = [:]
    private(set) var balances: [Balance: Int64] = [:]
    /// The same moves by day, for the account-moves tables (see `Totals+AccountMoves.swift`).
    private(set) var dayMoves: [DayMove: Int64] = [:]

    /// How many cells the batch holds.
    var cellCount: Int { cells.count }

    /// Forgets the cells (once written) and keeps the balance moves.
    mutating func removeCells() { cells = [:] }

    /// Adds (`sign` +1) or removes (-1) one record. A transfer counts as leaving its account
    /// (`transfer_out`) and arriving in the other (`transfer_in`); reports leave both out of spending.
    /// `base` is the amount in the book's currency, nil when no rate applies. A split record's
    /// `lines` put each share under its own category; payee, account and day stay the record's.
    mutating func add(
        sign: Int64,
        kind: TransactionKind,
        amount: Int64,
        base: Int64?,
        currency: String,
        date: String,
        payeeKey: String,
        category: CategoryID?,
        account: AccountID?,
        toAccount: AccountID?,
        lines: [RecordMoney.Line] = []
    ) {
        let shares =
            lines.isEmpty ? [RecordMoney.Line(category: category, amount: amount, base: base, counted: true)] : lines
        // The kept-totals tables key "no category" and "no account" as 0.
        func cell(_ kind: String, _ account: AccountID?) {
            for (position, share) in shares.enumerated() {
                let key = Key(
                    day: date,
                    kind: kind,
                    category: share.category?.rawValue ?? 0,
                    account: account?.rawValue ?? 0,
                    payeeKey: payeeKey,
                    currency: currency
                )
                let counted: Int64 = share.counted ? sign : 0
                cells[key, default: Sum()] += Sum(
                    total: sign * share.amount,
                    count: counted,
                    base: sign * (share.base ?? 0),
                    unconverted: share.base == nil ? counted : 0,
                    records: position == 0 ? sign : 0,
                    unconvertedRecords: position == 0 && share.base == nil ? sign : 0
                )
            }
        }
        func move(_ account: AccountID?, _ delta: Int64) {
            guard let account else { return }
            balances[Balance(account: account.rawValue, currency: currency), default: 0] += sign * delta
            dayMoves[DayMove(account: account.rawValue, currency: currency, day: date), default: 0] += sign * delta
        }
        switch kind {
        case .expense:
            cell("expense", account)
            move(account, -amount)
        case .income:
            cell("income", account)
            move(account, amount)
        case .transfer:
            cell("transfer_out", account)
            cell("transfer_in", toAccount)
            move(account, -amount)
            move(toAccount, amount)
        }
    }

    /// Adds or removes a stored record, with its lines when it is split.
    mutating func add(sign: Int64, _ t: Transaction) {
        add(
            sign: sign,
            kind: t.kind,
            amount: t.amount.minorUnits,
            base: t.baseMinor,
            currency: t.amount.currency.code,
            date: t.date.description,
            payeeKey: Totals.payeeKey(t.payee),
            category: t.categoryID,
            account: t.accountID,
            toAccount: t.toAccountID,
            lines: RecordMoney.lines(of: t.lines)
        )
    }

    /// Adds or removes a stored row read back with its kind, amounts, currency, date, payee key
    /// and ids (`RecordMoney.columns`), and a split record's `lines`; with `base`, as if its base
    /// amount were that instead.
    mutating func add(sign: Int64, row: any SQLRow, lines: [RecordMoney.Line] = [], base: Int64?? = .none) throws {
        let stored = try row.decode(model: Counted.self)
        guard let kind = TransactionKind(rawValue: stored.kind) else { return }
        add(
            sign: sign,
            kind: kind,
            amount: stored.amountMinor,
            base: base ?? stored.baseMinor,
            currency: stored.currency,
            date: stored.date,
            payeeKey: stored.payeeKey,
            category: stored.categoryID,
            account: stored.accountID,
            toAccount: stored.toAccountID,
            lines: lines
        )
    }

    /// The columns of a stored record that its totals cells are keyed and summed by.
    private struct Counted: Decodable {
        let kind: String
        let amountMinor: Int64
        let baseMinor: Int64?
        let currency: String
        let date: String
        let payeeKey: String
        let categoryID: CategoryID?
        let accountID: AccountID?
        let toAccountID: AccountID?

        enum CodingKeys: String, CodingKey {
            case kind, currency, date
            case amountMinor = "amount_minor"
            case baseMinor = "base_minor"
            case payeeKey = "payee_key"
            case categoryID = "category_id"
            case accountID = "account_id"
            case toAccountID = "to_account_id"
        }
    }

    /// Adds or removes a validated draft with its resolved references and base amount.
    mutating func add(
        sign: Int64,
        _ d: TransactionDraft,
        _ refs: (category: CategoryID?, account: AccountID?, toAccount: AccountID?),
        base: Money?,
        lines: [RecordMoney.Line] = []
    ) {
        add(
            sign: sign,
            kind: d.kind,
            amount: d.amount.minorUnits,
            base: base?.minorUnits,
            currency: d.amount.currency.code,
            date: d.date.description,
            payeeKey: Totals.payeeKey(d.payee),
            category: refs.category,
            account: refs.account,
            toAccount: refs.toAccount,
            lines: lines
        )
    }

    /// How payees are matched and grouped: trimmed and lower-cased.
    static func payeeKey(_ payee: String) -> String {
        // ASCII (nearly every payee) by hand: Foundation's trimming goes through NSString, which
        // cost a restore of a million records more than a second. `.whitespaces` holds two ASCII
        // characters, the space and the tab; ASCII lowercasing is A-Z to a-z.
        var utf8 = payee.utf8[...]
        if utf8.allSatisfy({ $0 < 0x80 }) {
            while let first = utf8.first, first == 0x20 || first == 0x09 { utf8 = utf8.dropFirst() }
            while let last = utf8.last, last == 0x20 || last == 0x09 { utf8 = utf8.dropLast() }
            if !utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return String(Substring(utf8)) }
            return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return payee.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether the batch moves nothing.
    var isEmpty: Bool { cells.isEmpty && balances.isEmpty && dayMoves.isEmpty }

    /// Writes the batch: upserts that add to what is kept, then drops cells that reached zero records.
    func apply(_ db: any SQLDatabase, book: BookID) async throws {
        if isEmpty { return }
        if db.dialect.name == "postgresql" { return try await applyPostgres(db, book: book) }
        let writer = BulkWriter(db: db, sqlite: nil)
        for fold in folds(book: book) {
            try await writer.insert(
                into: fold.table.name,
                columns: fold.table.columns,
                values: fold.values,
                suffix: fold.table.addOnConflict
            )
            // Only removals can empty a cell; imports and additions never need this sweep.
            if !fold.emptied.isEmpty {
                try await db.raw(
                    """
                    DELETE FROM \(unsafeRaw: fold.table.name)
                    WHERE book_id = \(bind: book) AND \(unsafeRaw: fold.table.period) IN (\(binds: fold.emptied)) AND count = 0
                    """
                ).run()
            }
        }
        try await applyBalances(db, book: book)
    }

    /// The batch folded into one table's grain and dimensions: the upsert's values, row after
    /// row in `table.columns` order, and the periods where a cell lost records.
    struct Fold {
        var table: TotalsTable
        var values: [BulkValue]
        var emptied: [String]
    }

    /// The batch folded for every kept-totals table.
    func folds(book: BookID) -> [Fold] {
        let changed = cells.filter { !$0.value.isZero }
        return TotalsTable.all.map { table in
            var folded: [Key: Sum] = [:]
            folded.reserveCapacity(changed.count)
            for (key, value) in changed {
                var k = key
                k.day = String(key.day.prefix(table.periodLength))
                if !table.account { k.account = 0 }
                if !table.payee { k.payeeKey = "" }
                if !table.category { k.category = 0 }
                folded[k, default: Sum()] += value
            }
            var values: [BulkValue] = []
            values.reserveCapacity(folded.count * table.columns.count)
            for (key, value) in folded {
                values.append(.int(book.rawValue))
                values.append(.text(key.day))
                values.append(.text(key.kind))
                if table.category { values.append(.int(key.category)) }
                if table.account { values.append(.int(key.account)) }
                if table.payee { values.append(.text(key.payeeKey)) }
                values.append(.text(key.currency))
                // Without categories a cell counts records: its count is theirs.
                values.append(.int(value.total))
                values.append(.int(table.category ? value.count : value.records))
                values.append(.int(value.base))
                values.append(.int(table.category ? value.unconverted : value.unconvertedRecords))
                values.append(.int(value.records))
            }
            return Fold(
                table: table,
                values: values,
                emptied: Array(
                    Set(folded.filter { (table.category ? $0.value.count : $0.value.records) < 0 }.keys.map(\.day))
                )
            )
        }
    }

    /// Moves the account balances by the batch, and then their days and months (through `writer`
    /// when the caller has one: an import's moves are thousands of days).
    func applyBalances(_ db: any SQLDatabase, book: BookID, writer: BulkWriter? = nil) async throws {
        try await applyAccountBalances(db, book: book)
        try await applyAccountMoves(db, book: book, writer: writer)
    }

    private func applyAccountBalances(_ db: any SQLDatabase, book: BookID) async throws {
        // Sorted: every writer locks balances in the same order (see `applyPostgres`).
        let moves = balances.filter { $0.value != 0 }.sorted {
            ($0.key.account, $0.key.currency) < ($1.key.account, $1.key.currency)
        }
        guard !moves.isEmpty else { return }
        // One statement for every account the batch moved: a group-committed batch touches several.
        let rows = moves.map { key, delta -> SQLQueryString in
            "(\(bind: book), \(bind: key.account), \(bind: key.currency), \(bind: delta))"
        }
        try await db.raw(
            """
            INSERT INTO account_balances (book_id, account_id, currency, balance_minor)
            VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (book_id, account_id, currency) DO UPDATE SET balance_minor = account_balances.balance_minor + excluded.balance_minor
            """
        ).run()
    }

    /// How many records use an account, as spending or income, or either side of a transfer.
    static func recordCount(_ db: any SQLDatabase, book: BookID, account: AccountID) async throws -> Int {
        // A transfer's arriving side is kept under its destination account, so one sum counts both.
        try await db.raw(
            """
            SELECT CAST(COALESCE(SUM(count), 0) AS BIGINT) AS n FROM month_totals WHERE book_id = \(bind: book) AND account_id = \(bind: account)
            """
        ).first()!.decode(column: "n", as: Int.self)
    }

    /// How many records are filed under some categories.
    static func recordCount(_ db: any SQLDatabase, book: BookID, categories: [CategoryID]) async throws -> Int {
        try await db.raw(
            """
            SELECT CAST(COALESCE(SUM(count), 0) AS BIGINT) AS n FROM month_category_totals
            WHERE book_id = \(bind: book) AND category_id IN (\(binds: categories))
            """
        ).first()!.decode(column: "n", as: Int.self)
    }

    /// Moves the kept totals of some categories to another, when their records move with them.
    static func moveCategories(
        _ db: any SQLDatabase,
        book: BookID,
        from doomed: [CategoryID],
        to target: CategoryID
    ) async throws {
        for table in TotalsTable.all where table.category {
            // Several doomed categories can share a cell once they are one: sum them first, as
            // one statement may not upsert the same row twice.
            let others = table.keyColumns.filter { $0 != "category_id" }
            let keys = table.keyColumns.map {
                $0 == "category_id" ? "\(bind: target)" : SQLQueryString("\(unsafeRaw: $0)")
            }
            // "WHERE true" lets SQLite tell the upsert's ON CONFLICT from a join constraint.
            try await db.raw(
                """
                INSERT INTO \(unsafeRaw: table.name) (\(unsafeRaw: table.columns.joined(separator: ", ")))
                SELECT \(keys.joined(separator: ", ")), CAST(SUM(total_minor) AS BIGINT), CAST(SUM(count) AS BIGINT),
                  CAST(SUM(base_minor) AS BIGINT), CAST(SUM(unconverted) AS BIGINT), CAST(SUM(records) AS BIGINT)
                FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book) AND category_id IN (\(binds: doomed)) AND true
                GROUP BY \(unsafeRaw: others.joined(separator: ", "))
                \(unsafeRaw: table.addOnConflict)
                """
            ).run()
            try await db.raw(
                "DELETE FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book) AND category_id IN (\(binds: doomed))"
            ).run()
        }
    }

    /// Recomputes a book's totals from its records, when a migration creates or reshapes them.
    static func rebuild(_ db: any SQLDatabase, book: BookID) async throws {
        for table in TotalsTable.all.map(\.name) + ["account_balances"] + AccountMovesTable.all.map(\.name) {
            try await db.raw("DELETE FROM \(unsafeRaw: table) WHERE book_id = \(bind: book)").run()
        }
        // The finest cells first (per day, with payee), then each table folds them.
        try await db.raw(
            """
            CREATE TEMPORARY TABLE rebuilt_totals AS
            SELECT book_id, date AS day, k AS kind, COALESCE(category_id, 0) AS category_id, COALESCE(acct, 0) AS account_id,
              payee_key, currency, CAST(SUM(amount_minor) AS BIGINT) AS total_minor, CAST(SUM(counted) AS BIGINT) AS count,
              CAST(COALESCE(SUM(base_minor), 0) AS BIGINT) AS base_minor,
              CAST(SUM(CASE WHEN base_minor IS NULL THEN counted ELSE 0 END) AS BIGINT) AS unconverted,
              CAST(SUM(leads) AS BIGINT) AS records,
              CAST(SUM(CASE WHEN base_minor IS NULL THEN leads ELSE 0 END) AS BIGINT) AS unconverted_records
            FROM (
              SELECT t.book_id, t.date, CASE WHEN t.kind = 'transfer' THEN 'transfer_out' ELSE t.kind END AS k,
                t.account_id AS acct, t.payee_key, t.currency, \(RecordMoney.shareColumns)
                FROM transactions t \(RecordMoney.sharesJoin) WHERE t.book_id = \(bind: book)
              UNION ALL
              SELECT t.book_id, t.date, 'transfer_in', t.to_account_id, t.payee_key, t.currency, \(RecordMoney.shareColumns)
                FROM transactions t \(RecordMoney.sharesJoin) WHERE t.book_id = \(bind: book) AND t.kind = 'transfer'
            ) AS r
            GROUP BY book_id, date, k, COALESCE(category_id, 0), COALESCE(acct, 0), payee_key, currency
            """
        ).run()
        for table in TotalsTable.all {
            let period = "SUBSTR(day, 1, \(table.periodLength))"
            let keys = table.keyColumns.map { $0 == table.period ? period : $0 }
            try await db.raw(
                """
                INSERT INTO \(unsafeRaw: table.name) (\(unsafeRaw: table.columns.joined(separator: ", ")))
                SELECT \(unsafeRaw: keys.joined(separator: ", ")), CAST(SUM(total_minor) AS BIGINT),
                  CAST(SUM(\(unsafeRaw: table.category ? "count" : "records")) AS BIGINT), CAST(SUM(base_minor) AS BIGINT),
                  CAST(SUM(\(unsafeRaw: table.category ? "unconverted" : "unconverted_records")) AS BIGINT),
                  CAST(SUM(records) AS BIGINT)
                FROM rebuilt_totals GROUP BY \(unsafeRaw: keys.joined(separator: ", "))
                """
            ).run()
        }
        try await db.raw(
            """
            INSERT INTO account_balances (book_id, account_id, currency, balance_minor)
            SELECT book_id, account_id, currency,
              CAST(SUM(CASE WHEN kind IN ('income', 'transfer_in') THEN total_minor ELSE -total_minor END) AS BIGINT)
            FROM rebuilt_totals WHERE account_id <> 0
            GROUP BY book_id, account_id, currency
            """
        ).run()
        try await rebuildAccountMoves(db)
        try await db.raw("DROP TABLE rebuilt_totals").run()
    }
}
