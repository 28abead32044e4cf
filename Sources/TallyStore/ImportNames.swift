import SQLKit
import TallyCore

/// The names on an import row as spelled, and the ids they resolved to: most rows repeat a
/// combination already seen, so they skip the case-folding lookups.
struct SpelledNames: Hashable {
    var kind: TransactionKind
    var category, sub, account, toAccount: String
}

struct ResolvedNames {
    var category: CategoryID?
    var account, toAccount: AccountID?
}

/// A payee's latest spelling and record (for autofill) and how many uses a write adds: one for
/// a single record, many for an import.
struct PayeeUse {
    var name: String
    var category: CategoryID?
    var account: AccountID?
    var amount: Int64 = 0
    var currency = ""
    var uses: Int64 = 0

    mutating func add(_ draft: TransactionDraft, category: CategoryID?, account: AccountID?) {
        name = draft.payee
        self.category = category
        self.account = account
        amount = draft.amount.minorUnits
        currency = draft.amount.currency.code
        uses += 1
    }

    /// Remembers the uses by payee key, adding to what the book already knew.
    static func save(_ db: any SQLDatabase, book: BookID, _ payees: [String: PayeeUse]) async throws {
        let all = Array(payees)
        for start in stride(from: 0, to: all.count, by: 500) {
            let values = all[start..<min(start + 500, all.count)].map { key, p -> SQLQueryString in
                "(\(bind: book), \(bind: p.name), \(bind: key), \(bind: p.category), \(bind: p.account), \(bind: p.amount), \(bind: p.currency), \(bind: p.uses))"
            }
            try await db.raw(
                """
                INSERT INTO payees (book_id, name, name_key, last_category_id, last_account_id, last_amount_minor, last_currency, use_count)
                VALUES \(values.joined(separator: ", "))
                ON CONFLICT (book_id, name_key) DO UPDATE SET name = excluded.name, last_category_id = excluded.last_category_id,
                  last_account_id = excluded.last_account_id, last_amount_minor = excluded.last_amount_minor,
                  last_currency = excluded.last_currency, use_count = payees.use_count + excluded.use_count
                """
            ).run()
        }
    }
}

/// The book's categories and accounts by name, creating the missing ones as an import meets them.
struct ImportNames {
    private var categories: [String: CategoryID] = [:]
    private var accounts: [String: AccountID] = [:]
    private var nextCategoryPosition = 0
    private var nextAccountPosition = 0
    let book: Book
    /// The categories and accounts this import made, in the order made: a failed import in
    /// batches deletes those nothing else came to use.
    private(set) var madeCategories: [CategoryID] = []
    private(set) var madeAccounts: [AccountID] = []
    var createdCategories: Int { madeCategories.count }
    var createdAccounts: Int { madeAccounts.count }

    static func load(_ db: any SQLDatabase, book: Book) async throws -> ImportNames {
        var names = ImportNames(book: book)
        let all = try await Books.categories(db, book: book.id)
        for c in all {
            let parent = c.parentID.flatMap { id in all.first { $0.id == id }?.name } ?? ""
            let key = parent.isEmpty ? Self.key(c.kind, c.name, "") : Self.key(c.kind, parent, c.name)
            if names.categories[key] == nil { names.categories[key] = c.id }
        }
        names.nextCategoryPosition = all.count
        let accounts = try await Books.accounts(db, book: book.id)
        for a in accounts where names.accounts[a.name.lowercased()] == nil {
            names.accounts[a.name.lowercased()] = a.id
        }
        names.nextAccountPosition = accounts.count
        return names
    }

    private static func key(_ kind: CategoryKind, _ name: String, _ sub: String) -> String {
        "\(kind.rawValue)\u{1F}\(name.lowercased())\u{1F}\(sub.lowercased())"
    }

    mutating func category(
        _ db: any SQLDatabase,
        kind: TransactionKind,
        name: String,
        sub: String,
        line: Int
    ) async throws -> CategoryID? {
        guard kind != .transfer, !name.isEmpty else { return nil }
        let categoryKind: CategoryKind = kind == .income ? .income : .expense
        let parentKey = Self.key(categoryKind, name, "")
        var parent = categories[parentKey]
        if parent == nil {
            let made = try await Books.insertCategory(
                db,
                book: book.id,
                parent: nil,
                kind: categoryKind,
                name: name,
                icon: "🏷️",
                color: Palette.color(for: name),
                position: nextCategoryPosition
            )
            parent = made
            categories[parentKey] = made
            nextCategoryPosition += 1
            madeCategories.append(made)
        }
        guard !sub.isEmpty else { return parent }
        let childKey = Self.key(categoryKind, name, sub)
        if let child = categories[childKey] { return child }
        let child = try await Books.insertCategory(
            db,
            book: book.id,
            parent: parent,
            kind: categoryKind,
            name: sub,
            icon: "🏷️",
            color: Palette.color(for: name),
            position: nextCategoryPosition
        )
        categories[childKey] = child
        nextCategoryPosition += 1
        madeCategories.append(child)
        return child
    }

    mutating func account(_ db: any SQLDatabase, _ name: String, currency: Currency) async throws -> AccountID? {
        guard !name.isEmpty else { return nil }
        if let id = accounts[name.lowercased()] { return id }
        let lower = name.lowercased()
        // A best guess from the name; the accounts page changes it.
        let kind: AccountKind =
            lower.contains("credit") || lower.contains("visa") || lower.contains("amex")
            ? .credit
            : lower.contains("cash")
                ? .cash : lower.contains("gift") ? .gift : lower.contains("saving") ? .savings : .checking
        let id = try await db.raw(
            """
            INSERT INTO accounts (book_id, name, kind, currency, opening_minor, archived, position)
            VALUES (\(bind: book.id), \(bind: name), \(bind: kind.rawValue), \(bind: currency.code), 0, 0, \(bind: nextAccountPosition))
            RETURNING id
            """
        ).first()!.decode(column: "id", as: AccountID.self)
        accounts[lower] = id
        nextAccountPosition += 1
        madeAccounts.append(id)
        return id
    }
}
