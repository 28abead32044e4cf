import Foundation
import SQLKit
import SQLiteNIO
import TallyCore

extension Imports {
    /// Stages a statement read from a bank file for review: every entry becomes a row as it would
    /// be stored, checked against the book (already imported, possible duplicate, transfer) and
    /// filed by the book's rules. Nothing reaches the book's records until `commitStatementImport`.
    /// `account` (an id or a name; made on commit when missing) is the target when the file names
    /// one account; otherwise each file account goes to the book account that remembers its
    /// number, or to one named after it.
    public func stageStatement(
        _ statement: Statement,
        into scope: BookScope,
        fileName: String,
        account: String? = nil
    ) async throws -> StatementImport {
        let book = try scope.writable()
        let user = scope.user
        guard !statement.entries.isEmpty else {
            throw FieldError("file", "holds no transactions to import")
        }
        let now = Date()
        let createdAt = Clock.timestamp(now)
        let expiresAt = Clock.timestamp(now.addingTimeInterval(StatementImportLimits.stagedLifetime))
        // The book's records near the file's days are read on a reading connection while the
        // rows are built in the transaction: with a second core, checking against a million
        // records then adds little to staging. The transaction does not write records, so both
        // see the same ones.
        let database = database
        let early: Task<[ImportCandidate], any Error>? =
            database.readsBesideWrites
            ? Task {
                try await database.readStreaming { db, sqlite in
                    try await Self.candidates(db, sqlite: sqlite, entries: statement.entries, book: book.id)
                }
            } : nil
        defer { early?.cancel() }
        return try await database.bulkWrite { db, writer in
            let accounts = try await Self.importAccounts(db, statement: statement, book: book, chosen: account)
            // The book's categories, read once: the file's category names and the rules both need them.
            let categories = try await Books.categories(db, book: book.id)
            var rows = Self.importRows(statement, categories: categories)
            let ids = accounts.map(\.accountID)
            let candidates =
                if let early {
                    try await early.value
                } else {
                    try await Self.candidates(db, sqlite: writer.sqlite, entries: statement.entries, book: book.id)
                }
            try await Self.review(
                db,
                &rows,
                accounts: ids,
                book: book.id,
                sqlite: writer.sqlite,
                candidates: candidates
            )
            try await Self.fileByRules(db, &rows, accounts: ids, book: book, categories: categories)
            let id = try await db.raw(
                """
                INSERT INTO statement_imports (book_id, user_id, format, file_name, status, accounts, created_at, expires_at)
                VALUES (\(bind: book.id), \(bind: user.id), \(bind: statement.format.rawValue), \(bind: String(fileName.prefix(200))),
                'staged', \(bind: try ImportAccount.encode(accounts)), \(bind: createdAt), \(bind: expiresAt))
                RETURNING id
                """
            ).first()!.decode(column: "id", as: Int64.self)
            try await Self.insertRows(writer, rows, importID: id)
            let balances = try await Self.balances(db, accounts: accounts, book: book.id)
            return StatementImport(
                id: id,
                format: statement.format.rawValue,
                fileName: fileName,
                status: .staged,
                createdAt: createdAt,
                expiresAt: expiresAt,
                committedAt: nil,
                accounts: accounts,
                rows: rows,
                balances: balances
            )
        }
    }

    /// The book account of each of the statement's accounts.
    static func importAccounts(
        _ db: any SQLDatabase,
        statement: Statement,
        book: Book,
        chosen: String?
    ) async throws -> [ImportAccount] {
        let known = try await Books.accounts(db, book: book.id)
        let hashes = try await db.raw(
            "SELECT id, number_hash FROM accounts WHERE book_id = \(bind: book.id) AND number_hash IS NOT NULL"
        ).all().map {
            (try $0.decode(column: "number_hash", as: String.self), try $0.decode(column: "id", as: AccountID.self))
        }
        let byHash = Dictionary(hashes, uniquingKeysWith: { first, _ in first })
        let files = statement.accounts.isEmpty ? [StatementAccount()] : statement.accounts
        if let chosen = chosen?.trimmingSpaces(), !chosen.isEmpty, files.count > 1 {
            throw FieldError(
                "account",
                "this file holds \(files.count) accounts; each goes to the account that remembers its number"
            )
        }
        return try files.enumerated().map { index, file in
            let number = file.number.filter { $0.isLetter || $0.isNumber }.uppercased()
            let hash = number.isEmpty ? "" : Users.sha256("account-number:" + number)
            var target = ImportAccount(
                accountID: nil,
                name: "",
                numberHash: hash,
                last4: String(number.suffix(4)),
                closingMinor: file.closingBalance?.minorUnits,
                closingCurrency: file.closingBalance?.currency.code,
                closingDate: file.closingDate
            )
            if let chosen = chosen?.trimmingSpaces(), !chosen.isEmpty {
                if let id = Int64(chosen), let found = known.first(where: { $0.id.rawValue == id }) {
                    (target.accountID, target.name) = (found.id, found.name)
                } else {
                    let name = try Validate.name(chosen, field: "account")
                    target.name = name
                    target.accountID = known.first { $0.name.lowercased() == name.lowercased() }?.id
                }
            } else if let id = byHash[hash], let found = known.first(where: { $0.id == id }) {
                (target.accountID, target.name) = (found.id, found.name)
            } else {
                let name = !file.name.isEmpty ? file.name : number.isEmpty ? "" : Self.accountName(file.kind, number)
                guard !name.isEmpty else {
                    throw FieldError(
                        "account",
                        index == 0 ? "choose the account this statement is for" : "choose each account"
                    )
                }
                target.name = String(TextRules.cleaned(name, lines: .one).trimmingSpaces().prefix(100))
                target.accountID = known.first { $0.name.lowercased() == name.lowercased() }?.id
            }
            return target
        }
    }

    /// "Checking ••1234", "Card ••9876": a new account named by its kind and the number's end.
    static func accountName(_ kind: StatementAccountKind, _ number: String) -> String {
        let word =
            switch kind {
            case .creditCard: "Card"
            case .cash: "Cash"
            case .asset: "Asset"
            case .liability: "Loan"
            case .bank: "Account"
            }
        return "\(word) ••\(number.suffix(4))"
    }

    /// The statement's entries as rows, with their ids and the book's categories they name.
    static func importRows(_ statement: Statement, categories: [TallyCore.Category]) -> [ImportRow] {
        let paths = Category.namePaths(categories)
        var byPath: [String: CategoryID] = [:]
        for c in categories {
            let key = "\(c.kind.rawValue)|\(paths[c.id, default: [c.name]].joined(separator: ":").lowercased())"
            if byPath[key] == nil { byPath[key] = c.id }
        }
        let ids = ImportMatcher.importedIDs(statement.entries)
        return statement.entries.enumerated().map { i, entry in
            // The payee is the file's payee, else its memo, else the row's type, else "Unknown". A
            // bank's text may hold line breaks, tabs or invisible characters that a person could
            // not type into Tally: they become spaces (or are dropped), as in the journal exports.
            let payee = [entry.payee, entry.memo, entry.type, "Unknown"].lazy.map { TextRules.cleaned($0, lines: .one) }
                .first { !$0.trimmingSpaces().isEmpty }!
            let note = entry.payee.trimmingSpaces().isEmpty ? "" : TextRules.cleaned(entry.memo, lines: .several)
            var row = ImportRow(
                row: i + 1,
                location: entry.location,
                account: entry.account,
                date: entry.date,
                time: entry.time,
                amount: entry.amount,
                payee: String(payee.trimmingSpaces().prefix(200)),
                note: String(note.trimmingSpaces().prefix(500)),
                transferAccount: entry.transferAccount,
                importedID: ids[i]
            )
            if !entry.splits.isEmpty {
                // Lines are positive, as a split record's are; the reader gave each the total's sign.
                row.lines = entry.splits.map { split in
                    let names = Self.categoryPath(split.category).split(separator: ":", maxSplits: 1).map(String.init)
                    return ImportLine(
                        category: names.first ?? "",
                        subcategory: names.dropFirst().first ?? "",
                        amount: Money(
                            minorUnits: split.amount.minorUnits.magnitude.int64,
                            currency: split.amount.currency
                        ),
                        note: String(TextRules.cleaned(split.memo, lines: .several).trimmingSpaces().prefix(500))
                    )
                }
                return row
            }
            let path = Self.categoryPath(entry.category)
            if !path.isEmpty, entry.transferAccount.isEmpty {
                let kind: CategoryKind = row.kind == .income ? .income : .expense
                if let id = byPath["\(kind.rawValue)|\(path.lowercased())"] {
                    row.categoryID = id
                } else {
                    row.categoryName = String(path.prefix(201))
                }
                row.proposed["category"] = 0
            }
            return row
        }
    }

    /// "Food:Groceries" from a file's category text, its parts trimmed and empty ones dropped.
    static func categoryPath(_ text: String) -> String {
        TextRules.cleaned(text, lines: .one).split(separator: ":").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            .joined(separator: ":")
    }

    /// Finds what each row is, from the ids already imported into the accounts and the book's
    /// records around the rows' days (`candidates`).
    static func review(
        _ db: any SQLDatabase,
        _ rows: inout [ImportRow],
        accounts: [AccountID?],
        book: BookID,
        sqlite: SQLiteConnection? = nil,
        candidates: [ImportCandidate]
    )
        async throws
    {
        let imported = try await Self.importedIDs(db, sqlite: sqlite, rows: rows, accounts: accounts, book: book)
        ImportMatcher.review(&rows, accounts: accounts, imported: imported, candidates: candidates)
    }
}
