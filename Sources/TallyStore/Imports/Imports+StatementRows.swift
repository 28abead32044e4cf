import Foundation
import SQLKit
import SQLiteNIO
import TallyCore

extension Imports {
    /// Files each row by the book's rules, proposing values only where the file gave none: the
    /// payee (the file's is raw bank text), the note when empty, the category when the file named
    /// none. The account is the import's, never a rule's.
    static func fileByRules(
        _ db: any SQLDatabase,
        _ rows: inout [ImportRow],
        accounts: [AccountID?],
        book: Book,
        categories all: [TallyCore.Category]
    )
        async throws
    {
        let rules = try await Rules.load(db, book: book.id)
        guard !rules.isEmpty else { return }
        let engine = RuleBook(rules)
        let categories = Set(all.map(\.id.rawValue))
        for i in rows.indices where rows[i].action != .transfer || rows[i].matchID == nil {
            let row = rows[i]
            var explicit: Set<RuleField> = [.account]
            if row.categoryID != nil || !row.categoryName.isEmpty || !row.transferAccount.isEmpty || row.pairRow != nil
                || !row.lines.isEmpty
            {
                explicit.insert(.category)
            }
            if !row.note.isEmpty { explicit.insert(.note) }
            let outcome = engine.apply(
                to: RuleCandidate(
                    payee: row.payee,
                    note: row.note,
                    amount: row.amount,
                    accountID: accounts[row.account]?.rawValue,
                    kind: row.kind,
                    explicit: explicit
                )
            )
            if let payee = outcome.payee, let rule = outcome.sources[.payee] {
                rows[i].payee = payee
                rows[i].proposed["payee"] = rule
            }
            if let note = outcome.note, let rule = outcome.sources[.note] {
                rows[i].note = note
                rows[i].proposed["note"] = rule
            }
            if let category = outcome.category, categories.contains(category), let rule = outcome.sources[.category] {
                rows[i].categoryID = CategoryID(rawValue: category)
                rows[i].proposed["category"] = rule
            }
            if let tag = outcome.tag, let rule = outcome.sources[.tag] {
                rows[i].tags = [tag]
                rows[i].proposed["tag"] = rule
            }
        }
    }

    static let rowColumns = [
        "import_id", "row", "location", "account", "date", "time", "kind", "amount_minor", "currency", "payee", "note",
        "category_id", "category_name", "transfer_account", "imported_id", "status", "action", "match_id", "reason",
        "proposed", "transaction_id", "previous", "pair_row", "lines", "tags",
    ]

    /// Writes the rows through the bulk path the imports use (on SQLite one bound JSON value per
    /// batch): a 100,000-row file as bound VALUES lists spent most of its staging here.
    static func insertRows(_ writer: BulkWriter, _ rows: [ImportRow], importID: Int64) async throws {
        let columns = rowColumns.filter { $0 != "import_id" }
        for start in stride(from: 0, to: rows.count, by: 4_000) {
            var values: [BulkValue] = []
            values.reserveCapacity(4_000 * columns.count)
            for r in rows[start..<min(start + 4_000, rows.count)] {
                let proposed = String(decoding: try JSONEncoder().encode(r.proposed), as: UTF8.self)
                values += [
                    .int(Int64(r.row)), .text(r.location), .int(Int64(r.account)), .text(r.date.description),
                    .text(r.time?.description ?? ""), .text(r.kind.rawValue), .int(r.amount.minorUnits),
                    .text(r.amount.currency.code), .text(r.payee), .text(r.note), BulkValue(r.categoryID),
                    .text(r.categoryName), .text(r.transferAccount), .text(r.importedID), .text(r.status.rawValue),
                    .text(r.action.rawValue), BulkValue(r.matchID), .text(r.reason), .text(proposed),
                    BulkValue(r.transactionID), .text(""), BulkValue(r.pairRow.map(Int64.init)),
                    .text(try StagedLine.encode(r.lines)), .text(try StagedLine.encodeTags(r.tags)),
                ]
            }
            try await writer.insert(
                into: "statement_import_rows",
                columns: ["import_id"] + columns,
                values: values,
                shared: ["import_id": .int(importID)]
            )
        }
    }

    /// The rows of an import, in order, streamed and read column by column: SQLKit's Codable row
    /// decoder cost a 100,000-row commit about a second, and holding every SQL row beside the
    /// rows made from them doubled what the read took in memory.
    static func rows(
        _ db: any SQLDatabase,
        sqlite: SQLiteConnection? = nil,
        importID: Int64
    ) async throws
        -> [ImportRow]
    {
        let rows = StreamCollector([ImportRow]())
        try await streamRows(
            db,
            sqlite: sqlite,
            """
            SELECT \(unsafeRaw: rowColumns.joined(separator: ", ")) FROM statement_import_rows
            WHERE import_id = \(bind: importID) ORDER BY row
            """
        ) { row in rows.add { $0.append(try Self.row(row)) } }
        return try rows.result()
    }

    /// One `statement_import_rows` row. A stored date or currency that is not one is an error
    /// naming the row, never a stand-in (it was 2000-01-01 and USD): committing a made-up value
    /// would put a wrong record in the book without a word.
    static func row(_ r: any StreamedRow) throws -> ImportRow {
        func text(_ k: String) throws -> String { try r.text(k) ?? "" }
        func int(_ k: String) throws -> Int64? { try r.int(k) }
        let number = Int(try int("row") ?? 0)
        let importID = try int("import_id") ?? 0
        func damaged(_ column: String, _ value: String) -> KnownError {
            // A conflict with what is stored, for the person to act on (discard the import and
            // stage the file again), rather than a failure of the server.
            KnownError(
                .conflict,
                "import \(importID) row \(number): its stored \(column) '\(value.prefix(40))' is "
                    + "not a \(column == "date" ? "date (YYYY-MM-DD)" : "currency Tally knows"); "
                    + "discard this import and stage the file again",
                field: column
            )
        }
        let storedCurrency = try text("currency")
        guard let currency = Currency(code: storedCurrency) else { throw damaged("currency", storedCurrency) }
        let storedDate = try text("date")
        guard let date = LocalDate(storedDate) else { throw damaged("date", storedDate) }
        let proposedText = try text("proposed")
        let proposed =
            proposedText == "{}" || proposedText.isEmpty
            ? [:] : try JSONDecoder().decode([String: Int64].self, from: Data(proposedText.utf8))
        var row = ImportRow(
            row: number,
            location: try text("location"),
            account: Int(try int("account") ?? 0),
            date: date,
            time: TimeOfDay(try text("time")),
            amount: Money(minorUnits: try int("amount_minor") ?? 0, currency: currency),
            payee: try text("payee"),
            note: try text("note"),
            categoryID: try int("category_id").map(CategoryID.init(rawValue:)),
            categoryName: try text("category_name"),
            transferAccount: try text("transfer_account"),
            importedID: try text("imported_id"),
            status: ImportRowStatus(rawValue: try text("status")) ?? .new,
            action: ImportRowAction(rawValue: try text("action")) ?? .skip,
            matchID: try int("match_id").map(TransactionID.init(rawValue:)),
            pairRow: try int("pair_row").map { Int($0) },
            reason: try text("reason"),
            proposed: proposed,
            transactionID: try int("transaction_id").map(TransactionID.init(rawValue:))
        )
        row.lines = try StagedLine.decode(try text("lines"), currency: currency)
        row.tags = try StagedLine.decodeTags(try text("tags"))
        return row
    }

    /// Per account with a stated closing balance: the book's balance at the end of that day.
    static func balances(
        _ db: any SQLDatabase,
        accounts: [ImportAccount],
        book: BookID
    ) async throws
        -> [ImportBalance]
    {
        var out: [ImportBalance] = []
        for (i, a) in accounts.enumerated() {
            guard let minor = a.closingMinor, let code = a.closingCurrency, let currency = Currency(code: code),
                let date = a.closingDate
            else { continue }
            var bookBalance: Money?
            // An account made by the commit is found by its name.
            var accountID = a.accountID
            if accountID == nil {
                accountID = try await db.raw(
                    "SELECT id FROM accounts WHERE book_id = \(bind: book) AND LOWER(name) = LOWER(\(bind: a.name))"
                ).first()?.decode(column: "id", as: AccountID.self)
            }
            if let id = accountID {
                let row = try await db.raw(
                    """
                    SELECT CAST(COALESCE(SUM(CASE
                      WHEN kind = 'income' AND account_id = \(bind: id) THEN amount_minor
                      WHEN kind = 'transfer' AND to_account_id = \(bind: id) THEN amount_minor
                      ELSE -amount_minor END), 0) AS BIGINT) AS total
                    FROM transactions WHERE book_id = \(bind: book) AND currency = \(bind: code)
                    AND (account_id = \(bind: id) OR to_account_id = \(bind: id)) AND date <= \(bind: date.description)
                    """
                ).first()
                let opening = try await db.raw(
                    "SELECT opening_minor, currency FROM accounts WHERE id = \(bind: id) AND book_id = \(bind: book)"
                ).first()
                let total = try row?.decode(column: "total", as: Int64.self) ?? 0
                let openingMinor = try opening?.decode(column: "opening_minor", as: Int64.self) ?? 0
                let sameCurrency = try opening?.decode(column: "currency", as: String.self) == code
                bookBalance = Money(minorUnits: total + (sameCurrency ? openingMinor : 0), currency: currency)
            }
            out.append(
                ImportBalance(
                    account: i,
                    statement: Money(minorUnits: minor, currency: currency),
                    date: date,
                    book: bookBalance
                )
            )
        }
        return out
    }
}

extension ImportAccount {
    /// The accounts as stored in `statement_imports.accounts`.
    static func encode(_ accounts: [ImportAccount]) throws -> String {
        String(decoding: try JSONEncoder().encode(accounts), as: UTF8.self)
    }

    /// Read back.
    static func decode(_ text: String) throws -> [ImportAccount] {
        try JSONDecoder().decode([ImportAccount].self, from: Data(text.utf8))
    }
}
