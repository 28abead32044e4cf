import Foundation
import SQLKit
import SQLiteNIO
import TallyCore

extension Records {
    /// The record `id` of the book, read on the caller's connection.
    static func record(
        _ db: any SQLDatabase,
        _ id: TransactionID,
        book bookID: BookID
    ) async throws -> TransactionRecord {
        guard
            let row = try await db.raw(
                TransactionRecord.selectSQL + " WHERE t.id = \(bind: id) AND t.book_id = \(bind: bookID)"
            ).first()
        else {
            throw StoreError.notFound("transaction")
        }
        var records = [try TransactionRecord(row: row)]
        try await attachLines(db, to: &records)
        return records[0]
    }

    /// Deletes a record inside the caller's transaction, taking it out of the totals; false when
    /// it is already gone.
    @discardableResult
    static func removeTransaction(_ db: any SQLDatabase, book bookID: BookID, id: TransactionID) async throws -> Bool {
        // Read first: the lines go with the record (ON DELETE CASCADE).
        let lines = try await RecordMoney.lines(db, book: bookID, ids: [id.rawValue])[id.rawValue] ?? []
        guard
            let row = try await db.raw(
                """
                DELETE FROM transactions WHERE id = \(bind: id) AND book_id = \(bind: bookID)
                RETURNING \(unsafeRaw: RecordMoney.columns)
                """
            ).first()
        else { return false }
        var totals = Totals()
        try totals.add(sign: -1, row: row, lines: lines)
        try await totals.apply(db, book: bookID)
        return true
    }

    /// Changes the given fields of a record (the others stay as they were) and attaches new
    /// receipt photos, in one database transaction.
    public func updateTransaction(
        _ id: TransactionID,
        in scope: BookScope,
        _ input: TransactionInput,
        receipts: [[UInt8]] = []
    ) async throws -> TransactionRecord {
        let bookID = scope.bookID
        let book = try scope.writable()
        let images = try receipts.map { ($0, try Self.imageType($0, field: "receipts")) }
        return try await database.write { db in
            var old = try await Self.record(db, id, book: bookID)
            let draft = try TransactionDraft.validate(
                input,
                base: old.draft,
                bookCurrency: book.currency,
                today: scope.today
            )
            let refs = try await Self.resolveReferences(db, book: bookID, draft: draft)
            let lineCategories =
                draft.lines.isEmpty
                ? [] : try Self.lineCategories(draft, categories: try await Books.categories(db, book: bookID))
            // A record in another currency, before or after, is written under the records lock, and
            // read again under it: a change of rates may have re-converted it meanwhile.
            let foreign = old.transaction.amount.currency != book.currency || draft.amount.currency != book.currency
            if foreign {
                try await Conversion.lockForRecords(db, book: bookID)
                old = try await Self.record(db, id, book: bookID)
            }
            let base = try await Conversion.table(
                db,
                book: bookID,
                base: book.currency,
                needs: [(draft.amount.currency, draft.date)],
                lock: false
            ).convert(draft.amount, on: draft.date)
            try await db.raw(
                """
                UPDATE transactions SET kind = \(bind: draft.kind.rawValue), amount_minor = \(bind: draft.amount.minorUnits),
                  currency = \(bind: draft.amount.currency.code), date = \(bind: draft.date.description), time = \(bind: draft.time?.description ?? ""),
                  payee = \(bind: draft.payee), payee_key = \(bind: Totals.payeeKey(draft.payee)), category_id = \(bind: refs.category), account_id = \(bind: refs.account),
                  to_account_id = \(bind: refs.toAccount), note = \(bind: draft.note), updated_at = \(bind: Clock.timestamp()),
                  base_minor = \(bind: base?.minorUnits), edited = 1
                WHERE id = \(bind: id) AND book_id = \(bind: bookID)
                """
            ).run()
            // Lines are rewritten whole: a record split, changed, or made one category again.
            let lines =
                draft.lines.isEmpty && old.lineCount == 0
                ? []
                : try await Self.writeLines(
                    db,
                    book: bookID,
                    id: id,
                    draft: draft,
                    categories: lineCategories,
                    base: base
                )
            if draft.tags != old.transaction.tags {
                try await RecordTags.write(db, book: bookID, record: id, names: draft.tags)
            }
            var totals = Totals()
            totals.add(sign: -1, old.transaction)
            totals.add(sign: 1, draft, refs, base: base, lines: RecordMoney.lines(of: lines))
            try await totals.apply(db, book: bookID)
            try await Self.rememberPayee(db, book: bookID, draft: draft, category: refs.category, account: refs.account)
            for (bytes, type) in images {
                _ = try await Self.insertReceipt(db, book: bookID, transaction: id, bytes: bytes, type: type)
            }
            return try await Self.record(db, id, book: bookID)
        }
    }

    /// Deletes a record and its receipts.
    public func deleteTransaction(_ id: TransactionID, in scope: BookScope) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        try await database.write { db in
            guard try await Self.removeTransaction(db, book: bookID, id: id) else {
                throw StoreError.notFound("transaction")
            }
        }
    }

    /// One record.
    public func transaction(_ id: TransactionID, in scope: BookScope) async throws -> TransactionRecord {
        try await database.read { db in try await Self.record(db, id, book: scope.bookID) }
    }

    /// A page of records matching `filter`, in (date, time, id) order, at most `limit` (1–500), with
    /// the count and totals of all matches when `summarize` is set.
    public func transactions(
        in scope: BookScope,
        filter: TransactionFilter = .init(),
        cursor: String? = nil,
        limit: Int = 100,
        summarize: Bool = false
    ) async throws -> TransactionPage {
        let book = scope.book
        guard (1...500).contains(limit) else { throw FieldError("limit", "must be between 1 and 500") }
        let after = try cursor.map(Cursor.init(encoded:))
        // The page's rows are read straight from SQLiteNIO (`readStreaming`) or PostgresNIO
        // (`streamRows`): SQLKit's row decoder was a fifth of the CPU of a page of 50 records at
        // 1M records.
        return try await database.readStreaming { db, sqlite in
            let search = try await SearchConditions.build(db, book: book, filter: filter, engine: self.database.engine)
            var page = try await Self.page(
                db,
                search.conditions,
                newestFirst: filter.newestFirst,
                after: after,
                limit: limit,
                sqlite: sqlite
            )
            if summarize { page.summary = try await search.summary(db) }
            return page
        }
    }

    /// One page of the records matching `conditions`, and the cursor after it.
    static func page(
        _ db: any SQLDatabase,
        _ conditions: [SQLQueryString],
        newestFirst: Bool,
        after: Cursor?,
        limit: Int,
        sqlite: SQLiteConnection? = nil
    ) async throws -> TransactionPage {
        var conditions = conditions
        if let after {
            let op: SQLQueryString = newestFirst ? "<" : ">"
            // A row value, which both engines read as one range of the (book_id, date, time, id)
            // index. The same test spelled with OR let SQLite read the book's records from its
            // first day on every page: 2,000 pages of a million-record export took a minute.
            conditions.append(
                "(t.date, t.time, t.id) \(op) (\(bind: after.date), \(bind: after.time), \(bind: after.id))"
            )
        }
        let order: SQLQueryString = newestFirst ? "t.date DESC, t.time DESC, t.id DESC" : "t.date, t.time, t.id"
        let sql =
            TransactionRecord.selectSQL + " WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY \(order) LIMIT \(literal: limit + 1)"
        let collected = StreamCollector([TransactionRecord]())
        try await streamRows(db, sqlite: sqlite, sql) { row in
            collected.add { $0.append(try TransactionRecord(streamed: row)) }
        }
        var records = try collected.result()
        var next: String?
        if records.count > limit {
            records.removeLast()
            let last = records[records.count - 1].transaction
            next = Cursor(date: last.date.description, time: last.time?.description ?? "", id: last.id.rawValue).encoded
        }
        try await attachLines(db, to: &records)
        return TransactionPage(records: records, nextCursor: next)
    }

    /// A LIKE pattern (with `ESCAPE '\\'`) for text starting with `prefix`. Wildcards in what the
    /// user typed are escaped so they match literally. By scalar, not by Character: "%" followed
    /// by a combining mark is one Character that a string replace would pass over, leaving the
    /// wildcard live (found by fuzzing the CSV writer's twin bug).
    static func likePrefix(_ prefix: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in prefix.unicodeScalars {
            if scalar == "\\" || scalar == "%" || scalar == "_" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped) + "%"
    }

    /// Known payees starting with `prefix` (case-insensitive), most used first, with what they
    /// were last recorded with — for autofill.
    public func payeeSuggestions(in scope: BookScope, prefix: String, limit: Int = 8) async throws -> [Payee] {
        let bookID = scope.bookID
        let book = scope.book
        let pattern = Self.likePrefix(prefix.trimmingCharacters(in: .whitespaces).lowercased())
        return try await database.read { db in
            try await db.raw(
                """
                SELECT name, last_category_id, last_account_id, last_amount_minor, last_currency FROM payees
                WHERE book_id = \(bind: bookID) AND name_key LIKE \(bind: pattern) ESCAPE '\\'
                ORDER BY use_count DESC, name_key LIMIT \(literal: max(1, min(limit, 50)))
                """
            ).all()
        }.map { row in
            let stored = try row.decode(model: StoredPayee.self)
            let currency = stored.lastCurrency.flatMap { Currency(code: $0) } ?? book.currency
            return Payee(
                name: stored.name,
                lastCategoryID: stored.lastCategoryID,
                lastAccountID: stored.lastAccountID,
                lastAmount: stored.lastAmountMinor.map { Money(minorUnits: $0, currency: currency) }
            )
        }
    }

    /// A row of `payees` as the suggestions read it.
    private struct StoredPayee: Decodable {
        let name: String
        let lastCategoryID: CategoryID?
        let lastAccountID: AccountID?
        let lastAmountMinor: Int64?
        let lastCurrency: String?

        enum CodingKeys: String, CodingKey {
            case name
            case lastCategoryID = "last_category_id"
            case lastAccountID = "last_account_id"
            case lastAmountMinor = "last_amount_minor"
            case lastCurrency = "last_currency"
        }
    }

    /// A record's category, account and destination account as ids of its book.
    typealias References = (category: CategoryID?, account: AccountID?, toAccount: AccountID?)

    /// What a payee was last recorded with, for autofill (a row of `payees`).
    struct Remembered: Sendable, Decodable {
        let key: String
        let category: CategoryID?
        let account: AccountID?

        enum CodingKeys: String, CodingKey {
            case key = "name_key"
            case category = "last_category_id"
            case account = "last_account_id"
        }
    }

    /// Turns an edited draft's category and account references into ids of this book (an edit
    /// never autofills; new records go through `AddQueue.insert`).
    static func resolveReferences(
        _ db: any SQLDatabase,
        book: BookID,
        draft: TransactionDraft
    ) async throws -> References {
        try resolve(
            draft,
            remembered: nil,
            categories: draft.category == nil ? [] : try await Books.categories(db, book: book),
            accounts: try await Books.accounts(db, book: book)
        )
    }

    /// The draft's references resolved in the book's catalogue; a category or account the
    /// draft leaves out is filled from what its payee was last recorded with.
    static func resolve(
        _ draft: TransactionDraft,
        remembered: Remembered?,
        categories: [Category],
        accounts: [Account]
    ) throws -> References {
        var categoryRef = draft.category
        var accountRef = draft.account
        if draft.kind != .transfer, let remembered {
            // A split's categories are on its lines: the payee's last category is not one of them.
            if draft.lines.isEmpty { categoryRef = categoryRef ?? remembered.category.map(Reference.to) }
            accountRef = accountRef ?? remembered.account.map(Reference.to)
        }
        var category: CategoryID?
        if let categoryRef {
            let kind: CategoryKind = draft.kind == .income ? .income : .expense
            category = try Books.resolve(categoryRef, in: categories, kind: kind, field: "category").id
        }
        let account = try accountRef.map { try Books.resolve($0, in: accounts, field: "account").id }
        let toAccount = try draft.toAccount.map { try Books.resolve($0, in: accounts, field: "to_account").id }
        if draft.kind == .transfer, account == toAccount {
            throw FieldError("to_account", "must differ from account")
        }
        return (category, account, toAccount)
    }

    static func rememberPayee(
        _ db: any SQLDatabase,
        book: BookID,
        draft: TransactionDraft,
        category: CategoryID?,
        account: AccountID?
    ) async throws {
        guard !draft.payee.isEmpty, draft.kind != .transfer else { return }
        var use = PayeeUse(name: draft.payee)
        use.add(draft, category: category, account: account)
        try await PayeeUse.save(db, book: book, [Totals.payeeKey(draft.payee): use])
    }
}

/// Position after the last record of a page: (date, time, id), sent as opaque base64url text.
struct Cursor {
    let date: String
    let time: String
    let id: Int64

    init(date: String, time: String, id: Int64) {
        self.date = date
        self.time = time
        self.id = id
    }

    init(encoded: String) throws {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
            throw FieldError("cursor", "is not a cursor from this API")
        }
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 3, LocalDate(parts[0]) != nil, parts[1].isEmpty || TimeOfDay(parts[1]) != nil,
            let id = Int64(parts[2])
        else {
            throw FieldError("cursor", "is not a cursor from this API")
        }
        self.init(date: String(parts[0]), time: String(parts[1]), id: id)
    }

    var encoded: String {
        Data("\(date)|\(time)|\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=",
                with: ""
            )
    }
}
