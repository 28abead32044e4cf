import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// A statement import as the API shows it: `{id, format, file_name, status, created_at,
/// expires_at, committed_at, accounts}`, plus `balances`, `counts` and `rows` when it is shown
/// whole (the history leaves those three out). Account numbers never appear, only their last four.
struct StatementImportJSON: ResponseEncodable {
    let id: Int64, format: String, fileName: String, status: String
    let createdAt: String, expiresAt: String, committedAt: String?
    let accounts: [AccountJSON]
    let balances: [BalanceJSON]?
    let counts: [String: Int]?
    let rows: [ImportRowJSON]?

    /// A file account and the book account it goes to.
    struct AccountJSON: Encodable {
        let accountId: Int64?, name: String, last4: String, closingBalance: String?, closingDate: String?

        init(_ a: ImportAccount) {
            accountId = a.accountID?.rawValue
            name = a.name
            last4 = a.last4
            closingBalance = a.closingMinor.flatMap { minor in
                a.closingCurrency.flatMap(Currency.init(code:)).map {
                    Money(minorUnits: minor, currency: $0).decimalString
                }
            }
            closingDate = a.closingDate?.description
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(accountId, forKey: .accountId)
            try c.encode(name, forKey: .name)
            try c.encode(last4, forKey: .last4)
            try c.encode(closingBalance, forKey: .closingBalance)
            try c.encode(closingDate, forKey: .closingDate)
        }

        enum Keys: String, CodingKey { case accountId, name, last4, closingBalance, closingDate }
    }

    /// The statement's closing balance of an account beside the book's on that day.
    struct BalanceJSON: Encodable {
        let account: Int, statement: String, book: String?, difference: String?, date: String

        init(_ b: ImportBalance) {
            account = b.account
            statement = b.statement.decimalString
            book = b.book?.decimalString
            difference = b.difference?.decimalString
            date = b.date.description
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(account, forKey: .account)
            try c.encode(statement, forKey: .statement)
            try c.encode(book, forKey: .book)
            try c.encode(difference, forKey: .difference)
            try c.encode(date, forKey: .date)
        }

        enum Keys: String, CodingKey { case account, statement, book, difference, date }
    }

    /// The whole import (`whole`), or its history line. `accounts` are the book's: an account
    /// made on commit is not in the import's stored list, so its id is found by name here.
    init(_ i: StatementImport, categories: [TallyCore.Category], accounts book: [Account] = [], whole: Bool) {
        id = i.id
        format = i.format
        fileName = i.fileName
        status = i.status.rawValue
        createdAt = i.createdAt
        expiresAt = i.expiresAt
        committedAt = i.committedAt
        accounts = i.accounts.map { account in
            var account = account
            if account.accountID == nil {
                account.accountID = book.first { $0.name.lowercased() == account.name.lowercased() }?.id
            }
            return AccountJSON(account)
        }
        guard whole else {
            (balances, counts, rows) = (nil, nil, nil)
            return
        }
        balances = i.balances.map(BalanceJSON.init)
        let counted = i.counts
        counts = Dictionary(uniqueKeysWithValues: ImportRowStatus.allCases.map { ($0.rawValue, counted[$0] ?? 0) })
        rows = i.rows.map { ImportRowJSON($0, categories: categories) }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encode(format, forKey: .format)
        try c.encode(fileName, forKey: .fileName)
        try c.encode(status, forKey: .status)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(expiresAt, forKey: .expiresAt)
        try c.encode(committedAt, forKey: .committedAt)
        try c.encode(accounts, forKey: .accounts)
        try c.encodeIfPresent(balances, forKey: .balances)
        try c.encodeIfPresent(counts, forKey: .counts)
        try c.encodeIfPresent(rows, forKey: .rows)
    }

    enum Keys: String, CodingKey {
        case id, format, fileName, status, createdAt, expiresAt, committedAt, accounts, balances, counts, rows
    }
}

/// A row of a staged import as it would be stored. Every key is always there (`null` when empty),
/// so that a client can rely on the shape.
struct ImportRowJSON: ResponseEncodable {
    let row: Int, location: String, account: Int, date: String, time: String?, kind: String
    let amount: String, currency: String, payee: String, note: String
    let categoryId: Int64?, category: String?, transferAccount: String, importedId: String
    let status: String, action: String, matchId: Int64?, pairRow: Int?, reason: String, proposed: [String: Int64]
    let transactionId: Int64?
    let lines: [LineJSON]?, tags: [String]

    init(_ r: ImportRow, categories: [TallyCore.Category]) {
        row = r.row
        location = r.location
        account = r.account
        date = r.date.description
        time = r.time?.description
        kind = r.action == .transfer ? TransactionKind.transfer.rawValue : r.kind.rawValue
        amount = r.amount.decimalString
        currency = r.amount.currency.code
        payee = r.payee
        note = r.note
        categoryId = r.categoryID?.rawValue
        // The path of the book's category, or the name of one the file names and commit makes.
        category =
            r.categoryID.flatMap { id in categories.first { $0.id == id }?.path(in: categories) }
            ?? (r.categoryName.isEmpty ? nil : r.categoryName)
        transferAccount = r.transferAccount
        importedId = r.importedID
        status = r.status.rawValue
        action = r.action.rawValue
        matchId = r.matchID?.rawValue
        pairRow = r.pairRow
        reason = r.reason
        proposed = r.proposed
        transactionId = r.transactionID?.rawValue
        lines = r.lines.isEmpty ? nil : r.lines.map(LineJSON.init)
        tags = r.tags
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(row, forKey: .row)
        try c.encode(location, forKey: .location)
        try c.encode(account, forKey: .account)
        try c.encode(date, forKey: .date)
        try c.encode(time, forKey: .time)
        try c.encode(kind, forKey: .kind)
        try c.encode(amount, forKey: .amount)
        try c.encode(currency, forKey: .currency)
        try c.encode(payee, forKey: .payee)
        try c.encode(note, forKey: .note)
        try c.encode(categoryId, forKey: .categoryId)
        try c.encode(category, forKey: .category)
        try c.encode(transferAccount, forKey: .transferAccount)
        try c.encode(importedId, forKey: .importedId)
        try c.encode(status, forKey: .status)
        try c.encode(action, forKey: .action)
        try c.encode(matchId, forKey: .matchId)
        try c.encode(pairRow, forKey: .pairRow)
        try c.encode(reason, forKey: .reason)
        try c.encode(proposed, forKey: .proposed)
        try c.encode(transactionId, forKey: .transactionId)
        try c.encode(lines, forKey: .lines)
        try c.encode(tags, forKey: .tags)
    }

    enum Keys: String, CodingKey {
        case row, location, account, date, time, kind, amount, currency, payee, note, categoryId, category
        case transferAccount, importedId, status, action, matchId, pairRow, reason, proposed, transactionId
        case lines, tags
    }

    /// A split row's line: `{category, amount, note}`, the category as "Food:Groceries" (null when none).
    struct LineJSON: Encodable {
        let category: String?, amount: String, note: String

        init(_ line: ImportLine) {
            let path = [line.category, line.subcategory].filter { !$0.isEmpty }.joined(separator: ":")
            category = path.isEmpty ? nil : path
            amount = line.amount.decimalString
            note = line.note
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(category, forKey: .category)
            try c.encode(amount, forKey: .amount)
            try c.encode(note, forKey: .note)
        }

        enum CodingKeys: String, CodingKey { case category, amount, note }
    }
}

/// What discarding or undoing an import did: `{removed, kept: [ids], restored}`.
struct ImportUndoJSON: ResponseEncodable {
    let removed: Int, kept: [Int64], restored: Int

    init(_ u: ImportUndo) {
        removed = u.removed
        kept = u.kept.map(\.rawValue)
        restored = u.restored
    }
}
