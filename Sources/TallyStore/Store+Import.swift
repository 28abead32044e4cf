import SQLKit
import TallyCore

extension Store {
    /// Imports every row of `source` into a book in one database transaction: all of it, or —
    /// when any row is wrong — nothing, with an error naming the line and column. Categories,
    /// sub-categories and accounts that do not exist yet are created; payees are remembered.
    public func importRecords(into bookID: RecordID, for user: User, from source: some ImportSource) async throws -> ImportResult {
        let book = try await access(user, book: bookID, write: true)
        let sqlite = database.engine == .sqlite
        do {
            let result = try await importAll(into: book, from: source, sqlite: sqlite)
            if sqlite { try await database.write { try await Self.importPragmas($0, on: false) } }
            return result
        } catch {
            if sqlite { try? await database.write { try await Self.importPragmas($0, on: false) } }
            throw error
        }
    }

    /// A big import touches more pages than SQLite's default 2 MB cache holds; spilling them to
    /// the journal mid-transaction cost a third of its time. The cache shrinks again after.
    private static func importPragmas(_ db: any SQLDatabase, on: Bool) async throws {
        try await db.raw("PRAGMA cache_size = \(unsafeRaw: on ? "-131072" : "-2000")").run()
    }

    static let importColumns = [
        "book_id", "kind", "amount_minor", "currency", "date", "time", "payee", "payee_key", "category_id",
        "account_id", "to_account_id", "note", "created_at", "updated_at",
    ]

    private func importAll(into book: Book, from source: some ImportSource, sqlite: Bool) async throws -> ImportResult {
        let bookID = book.id
        return try await database.bulkWrite { db, writer in
            if sqlite { try await Self.importPragmas(db, on: true) }
            var names = try await ImportNames.load(db, book: book)
            var totals = Totals()
            var payees: [String: ImportedPayee] = [:]
            var result = ImportResult()
            var keys: [String: String] = [:]
            var resolved: [SpelledNames: ResolvedNames] = [:]
            let now = BulkValue.text(Clock.timestamp())
            let shared = ["book_id": BulkValue.int(bookID), "created_at": now, "updated_at": now]
            let width = Self.importColumns.count - shared.count
            // Bigger statements mean fewer statement journals and full-text segments; 4,000 rows of
            // 14 values stay under PostgreSQL's 65,535 binds.
            let batchRows = 4_000
            var values: [BulkValue] = []
            values.reserveCapacity(batchRows * width)
            var queue = WriteQueue(depth: 2)
            func flush() async throws {
                guard !values.isEmpty else { return }
                let batch = values
                values.removeAll(keepingCapacity: true)
                try await queue.enqueue {
                    try await writer.insert(into: "transactions", columns: Self.importColumns, values: batch, shared: shared)
                }
            }
            // The kept totals go out in parts as well: written beside the records rather than all
            // after them, and never more than a part held in memory.
            func flushTotals() async throws {
                for fold in totals.folds(book: bookID) {
                    try await queue.enqueue {
                        try await writer.insert(into: fold.table.name, columns: fold.table.columns, values: fold.values, suffix: fold.table.addOnConflict)
                    }
                }
                totals.removeCells()
            }
            do {
                while let row = try source.next() {
                    let d = row.draft
                    let spelled = SpelledNames(kind: d.kind, category: row.category, sub: row.subcategory, account: row.account, toAccount: row.toAccount)
                    let ids: ResolvedNames
                    if let known = resolved[spelled] {
                        ids = known
                    } else {
                        // Creating a category or account is a write of its own: let the batches in flight land first.
                        try await queue.settle()
                        ids = ResolvedNames(
                            category: try await names.category(db, kind: d.kind, name: row.category, sub: row.subcategory, line: row.line),
                            account: try await names.account(db, row.account, currency: d.amount.currency),
                            toAccount: try await names.account(db, row.toAccount, currency: d.amount.currency)
                        )
                        resolved[spelled] = ids
                    }
                    let (category, account, toAccount) = (ids.category, ids.account, ids.toAccount)
                    if d.kind == .transfer, account == toAccount {
                        throw ValidationError("line \(row.line), to_account", "must differ from account")
                    }
                    let key: String
                    if let known = keys[d.payee] { key = known } else { key = Totals.payeeKey(d.payee); keys[d.payee] = key }
                    let date = d.date.description
                    // In `importColumns` order, without the shared ones.
                    values.append(.text(d.kind.rawValue))
                    values.append(.int(d.amount.minorUnits))
                    values.append(.text(d.amount.currency.code))
                    values.append(.text(date))
                    values.append(.text(d.time?.description ?? ""))
                    values.append(.text(d.payee))
                    values.append(.text(key))
                    values.append(BulkValue(category))
                    values.append(BulkValue(account))
                    values.append(BulkValue(toAccount))
                    values.append(.text(d.note))
                    totals.add(
                        sign: 1, kind: d.kind, amount: d.amount.minorUnits, currency: d.amount.currency.code, date: date,
                        payeeKey: key, category: category, account: account, toAccount: toAccount
                    )
                    if d.kind != .transfer, !key.isEmpty {
                        payees[key, default: ImportedPayee(name: d.payee)].add(d, category: category, account: account)
                    }
                    result.count += 1
                    result.firstDate = min(result.firstDate ?? d.date, d.date)
                    result.lastDate = max(result.lastDate ?? d.date, d.date)
                    if values.count == batchRows * width {
                        try await flush()
                        if totals.cellCount >= 100_000 { try await flushTotals() }
                    }
                }
                try await flush()
                try await flushTotals()
                try await queue.settle()
                try await totals.applyBalances(db, book: bookID)
            } catch {
                await queue.drain()
                throw error
            }
            try await ImportedPayee.save(db, book: bookID, payees)
            result.createdCategories = names.createdCategories
            result.createdAccounts = names.createdAccounts
            return result
        }
    }
}

/// The names on an import row as spelled, and the ids they resolved to: most rows repeat a
/// combination already seen, so they skip the case-folding lookups.
private struct SpelledNames: Hashable {
    var kind: TransactionKind
    var category, sub, account, toAccount: String
}

private struct ResolvedNames {
    var category, account, toAccount: RecordID?
}

/// A payee seen in an import: its latest spelling and record (for autofill) and how often.
struct ImportedPayee {
    var name: String
    var category: RecordID?
    var account: RecordID?
    var amount: Int64 = 0
    var currency = ""
    var uses: Int64 = 0

    mutating func add(_ draft: TransactionDraft, category: RecordID?, account: RecordID?) {
        name = draft.payee
        self.category = category
        self.account = account
        amount = draft.amount.minorUnits
        currency = draft.amount.currency.code
        uses += 1
    }

    static func save(_ db: any SQLDatabase, book: RecordID, _ payees: [String: ImportedPayee]) async throws {
        let all = Array(payees)
        for start in stride(from: 0, to: all.count, by: 500) {
            let values = all[start..<min(start + 500, all.count)].map { key, p -> SQLQueryString in
                "(\(bind: book), \(bind: p.name), \(bind: key), \(bind: p.category), \(bind: p.account), \(bind: p.amount), \(bind: p.currency), \(bind: p.uses))"
            }
            try await db.raw("""
                INSERT INTO payees (book_id, name, name_key, last_category_id, last_account_id, last_amount_minor, last_currency, use_count)
                VALUES \(values.joined(separator: ", "))
                ON CONFLICT (book_id, name_key) DO UPDATE SET name = excluded.name, last_category_id = excluded.last_category_id,
                  last_account_id = excluded.last_account_id, last_amount_minor = excluded.last_amount_minor,
                  last_currency = excluded.last_currency, use_count = payees.use_count + excluded.use_count
                """).run()
        }
    }
}

/// The book's categories and accounts by name, creating the missing ones as an import meets them.
struct ImportNames {
    private var categories: [String: RecordID] = [:]
    private var accounts: [String: RecordID] = [:]
    private var nextCategoryPosition = 0
    private var nextAccountPosition = 0
    let book: Book
    private(set) var createdCategories = 0
    private(set) var createdAccounts = 0

    static func load(_ db: any SQLDatabase, book: Book) async throws -> ImportNames {
        var names = ImportNames(book: book)
        let all = try await Store.categories(db, book: book.id)
        for c in all {
            let parent = c.parentID.flatMap { id in all.first { $0.id == id }?.name } ?? ""
            let key = parent.isEmpty ? Self.key(c.kind, c.name, "") : Self.key(c.kind, parent, c.name)
            if names.categories[key] == nil { names.categories[key] = c.id }
        }
        names.nextCategoryPosition = all.count
        let accounts = try await Store.accounts(db, book: book.id)
        for a in accounts where names.accounts[a.name.lowercased()] == nil { names.accounts[a.name.lowercased()] = a.id }
        names.nextAccountPosition = accounts.count
        return names
    }

    private static func key(_ kind: CategoryKind, _ name: String, _ sub: String) -> String {
        "\(kind.rawValue)\u{1F}\(name.lowercased())\u{1F}\(sub.lowercased())"
    }

    mutating func category(_ db: any SQLDatabase, kind: TransactionKind, name: String, sub: String, line: Int) async throws -> RecordID? {
        guard kind != .transfer, !name.isEmpty else { return nil }
        let categoryKind: CategoryKind = kind == .income ? .income : .expense
        let parentKey = Self.key(categoryKind, name, "")
        var parent = categories[parentKey]
        if parent == nil {
            parent = try await Store.insertCategory(
                db, book: book.id, parent: nil, kind: categoryKind, name: name, icon: "🏷️",
                color: Palette.color(for: name), position: nextCategoryPosition
            )
            categories[parentKey] = parent
            nextCategoryPosition += 1
            createdCategories += 1
        }
        guard !sub.isEmpty else { return parent }
        let childKey = Self.key(categoryKind, name, sub)
        if let child = categories[childKey] { return child }
        let child = try await Store.insertCategory(
            db, book: book.id, parent: parent, kind: categoryKind, name: sub, icon: "🏷️",
            color: Palette.color(for: name), position: nextCategoryPosition
        )
        categories[childKey] = child
        nextCategoryPosition += 1
        createdCategories += 1
        return child
    }

    mutating func account(_ db: any SQLDatabase, _ name: String, currency: Currency) async throws -> RecordID? {
        guard !name.isEmpty else { return nil }
        if let id = accounts[name.lowercased()] { return id }
        let lower = name.lowercased()
        // A best guess from the name; the accounts page changes it.
        let kind: AccountKind = lower.contains("credit") || lower.contains("visa") || lower.contains("amex") ? .credit
            : lower.contains("cash") ? .cash : lower.contains("gift") ? .gift : lower.contains("saving") ? .savings : .checking
        let id = try await db.raw("""
            INSERT INTO accounts (book_id, name, kind, currency, opening_minor, archived, position)
            VALUES (\(bind: book.id), \(bind: name), \(bind: kind.rawValue), \(bind: currency.code), 0, 0, \(bind: nextAccountPosition))
            RETURNING id
            """).first()!.decode(column: "id", as: Int64.self)
        accounts[lower] = id
        nextAccountPosition += 1
        createdAccounts += 1
        return id
    }
}
