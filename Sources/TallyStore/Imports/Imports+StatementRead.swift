import Foundation
import SQLKit
import TallyCore

extension Imports {
    /// A statement import with its rows (unless `rows` is false) and the balance comparison.
    public func statementImport(
        _ id: Int64,
        in scope: BookScope,
        rows withRows: Bool = true
    ) async throws -> StatementImport {
        let bookID = scope.bookID
        return try await database.read { db in
            let header = try await Self.header(db, id, book: bookID)
            let rows = withRows ? try await Self.rows(db, importID: id) : []
            return header.statementImport(
                rows: rows,
                balances: try await Self.balances(db, accounts: header.accounts, book: bookID)
            )
        }
    }

    /// The book's statement imports, newest first, without their rows but with how many rows
    /// have each status: the import history.
    public func statementImports(in scope: BookScope, limit: Int = 50) async throws -> [StatementImport] {
        let bookID = scope.bookID
        return try await database.read { db in
            var imports = try await db.raw(
                """
                SELECT id, format, file_name, status, accounts, created_at, expires_at, committed_at FROM statement_imports
                WHERE book_id = \(bind: bookID) ORDER BY id DESC LIMIT \(bind: min(max(limit, 1), 500))
                """
            ).all().map { row in
                try row.decode(model: Header.self).statementImport(rows: [], balances: [])
            }
            guard !imports.isEmpty else { return imports }
            let index = Dictionary(uniqueKeysWithValues: imports.enumerated().map { ($1.id, $0) })
            for row in try await db.raw(
                """
                SELECT import_id, status, CAST(COUNT(*) AS BIGINT) AS n FROM statement_import_rows
                WHERE import_id IN (\(binds: imports.map(\.id))) GROUP BY import_id, status
                """
            ).all() {
                guard let i = index[try row.decode(column: "import_id", as: Int64.self)],
                    let status = ImportRowStatus(rawValue: try row.decode(column: "status", as: String.self))
                else { continue }
                imports[i].listedCounts[status] = Int(try row.decode(column: "n", as: Int64.self))
            }
            return imports
        }
    }

    /// Changes a staged row: what to do with it (import, skip, or transfer when it matched one),
    /// its category, payee or note. An edited field is no longer a rule's proposal.
    public func updateImportRow(
        _ id: Int64,
        row number: Int,
        in scope: BookScope,
        _ change: ImportRowChange
    )
        async throws -> ImportRow
    {
        let book = try scope.writable()
        return try await database.write { db in
            let header = try await Self.header(db, id, book: book.id)
            guard header.status == .staged else {
                throw StoreError.conflict(
                    "only a staged import's rows can be changed; this one is \(header.status.rawValue)"
                )
            }
            // Only this row is read: a 100,000-row import is edited one row at a time.
            guard
                var row = try await db.raw(
                    """
                    SELECT \(unsafeRaw: Self.rowColumns.joined(separator: ", ")) FROM statement_import_rows
                    WHERE import_id = \(bind: id) AND row = \(bind: number)
                    """
                ).first().map({ try Self.row(SQLKitStreamedRow(row: $0)) })
            else {
                throw StoreError.notFound("row \(number)")
            }
            if let raw = change.action?.trimmingSpaces().lowercased(), !raw.isEmpty {
                guard let action = ImportRowAction(rawValue: raw) else {
                    throw FieldError("action", "must be import, skip or transfer")
                }
                if action == .transfer, row.matchID == nil, row.pairRow == nil, row.transferAccount.isEmpty {
                    throw FieldError("action", "only a row that matched a record in another account can be a transfer")
                }
                row.action = action
            }
            if let payee = change.payee {
                row.payee = try Validate.name(payee, field: "payee", maxLength: 200)
                row.proposed["payee"] = nil
            }
            if let note = change.note {
                try Validate.text(note, field: "note", maxLength: 500)
                row.note = note.trimmingSpaces()
                row.proposed["note"] = nil
            }
            if let raw = change.category {
                guard row.lines.isEmpty else {
                    throw FieldError(
                        "category",
                        "row \(number) is split over \(row.lines.count) categories; change them on the record once it is imported"
                    )
                }
                row.categoryName = ""
                row.categoryID = nil
                if let reference = Reference(raw) {
                    let kind: CategoryKind = row.kind == .income ? .income : .expense
                    let all = try await Books.categories(db, book: book.id)
                    row.categoryID = try Books.resolve(reference, in: all, kind: kind, field: "category").id
                }
                row.proposed["category"] = nil
            }
            let proposed = String(decoding: try JSONEncoder().encode(row.proposed), as: UTF8.self)
            try await db.raw(
                """
                UPDATE statement_import_rows SET action = \(bind: row.action.rawValue), payee = \(bind: row.payee),
                note = \(bind: row.note), category_id = \(bind: row.categoryID), category_name = \(bind: row.categoryName),
                proposed = \(bind: proposed)
                WHERE import_id = \(bind: id) AND row = \(bind: number)
                """
            ).run()
            return row
        }
    }

    /// Discards a staged import, or undoes a committed one: its records go, except those edited
    /// since (kept and listed); the transfers it made become the records they were again.
    public func undoStatementImport(_ id: Int64, in scope: BookScope) async throws -> ImportUndo {
        let book = try scope.writable()
        return try await database.write { db in
            let header = try await Self.header(db, id, book: book.id)
            switch header.status {
            case .undone: throw StoreError.conflict("this import was discarded or undone already")
            case .staged:
                try await db.raw("UPDATE statement_imports SET status = 'undone' WHERE id = \(bind: id)").run()
                try await db.raw("DELETE FROM statement_import_rows WHERE import_id = \(bind: id)").run()
                return ImportUndo(removed: 0, kept: [], restored: 0)
            case .committed: break
            }
            // Its commit in batches is still under way (or its process died and the next start
            // undoes it): its records are not all there to take back.
            if try await db.raw(
                """
                SELECT id FROM long_writes WHERE book_id = \(bind: book.id)
                AND kind = \(bind: LongWrite.Kind.importCommit.rawValue) AND subject_id = \(bind: id)
                """
            ).first() != nil {
                throw StoreError.conflict("this import is still being committed; try again when it is done")
            }
            try await db.raw("UPDATE statement_imports SET status = 'undone' WHERE id = \(bind: id)").run()
            var totals = Totals()
            var kept = try await db.raw(
                """
                SELECT id FROM transactions WHERE import_id = \(bind: id) AND book_id = \(bind: book.id)
                AND edited = 1 ORDER BY id
                """
            ).all().map { try $0.decode(column: "id", as: TransactionID.self) }
            // Read first: the lines go with their records (ON DELETE CASCADE).
            let lines = try await RecordMoney.lines(
                db,
                book: book.id,
                where: "t.import_id = \(bind: id) AND t.edited = 0"
            )
            let removed = try await db.raw(
                """
                DELETE FROM transactions WHERE import_id = \(bind: id) AND book_id = \(bind: book.id) AND edited = 0
                RETURNING \(unsafeRaw: RecordMoney.columns)
                """
            ).all()
            for row in removed {
                try totals.add(sign: -1, row: row, lines: lines[try row.decode(column: "id", as: Int64.self)] ?? [])
            }
            var restored = 0
            for row in try await db.raw(
                """
                SELECT transaction_id, previous FROM statement_import_rows
                WHERE import_id = \(bind: id) AND action = 'transfer' AND previous <> '' AND transaction_id IS NOT NULL
                """
            ).all() {
                let record = try row.decode(column: "transaction_id", as: TransactionID.self)
                let previous = try JSONDecoder().decode(
                    Previous.self,
                    from: Data(try row.decode(column: "previous", as: String.self).utf8)
                )
                if try await Self.restore(db, record, previous, book: book.id, totals: &totals) {
                    restored += 1
                    try await db.raw(
                        "DELETE FROM imported_ids WHERE import_id = \(bind: id) AND transaction_id = \(bind: record)"
                    ).run()
                } else {
                    kept.append(record)
                }
            }
            try await totals.apply(db, book: book.id)
            return ImportUndo(removed: removed.count, kept: kept, restored: restored)
        }
    }

    /// Turns a transfer an import made back into the record it was; false when it is no longer
    /// that transfer (then it stays as it is).
    private static func restore(
        _ db: any SQLDatabase,
        _ id: TransactionID,
        _ previous: Previous,
        book: BookID,
        totals: inout Totals
    ) async throws -> Bool {
        guard
            try await RecordMoney.update(
                db,
                book: book,
                id: id,
                set: """
                    kind = \(bind: previous.kind), category_id = \(bind: previous.categoryID),
                    account_id = \(bind: previous.accountID), to_account_id = \(bind: previous.toAccountID),
                    updated_at = \(bind: previous.updatedAt)
                    """,
                condition: """
                    t.kind = 'transfer' AND t.account_id = \(bind: previous.fromID) AND t.to_account_id = \(bind: previous.toID)
                    """,
                totals: &totals
            ) != nil
        else { return false }
        return true
    }

    /// Deletes staged imports past their expiry, with their rows (housekeeping); how many.
    public func purgeExpiredImports(now: Date = Date()) async throws -> Int {
        try await database.write { db in
            try await db.raw(
                """
                DELETE FROM statement_imports WHERE status = 'staged' AND expires_at < \(bind: Clock.timestamp(now))
                RETURNING id
                """
            ).all().count
        }
    }

    /// An import's own columns.
    static func header(_ db: any SQLDatabase, _ id: Int64, book: BookID) async throws -> Header {
        guard
            let row = try await db.raw(
                """
                SELECT id, format, file_name, status, accounts, created_at, expires_at, committed_at FROM statement_imports
                WHERE id = \(bind: id) AND book_id = \(bind: book)
                """
            ).first()
        else { throw StoreError.notFound("import") }
        return try row.decode(model: Header.self)
    }

    /// A `statement_imports` row.
    struct Header: Decodable {
        let id: Int64
        let format: String
        let fileName: String
        let status: StatementImport.Status
        let accounts: [ImportAccount]
        let createdAt: String
        let expiresAt: String
        let committedAt: String?

        /// The import with these rows and balances.
        func statementImport(rows: [ImportRow], balances: [ImportBalance]) -> StatementImport {
            StatementImport(
                id: id,
                format: format,
                fileName: fileName,
                status: status,
                createdAt: createdAt,
                expiresAt: expiresAt,
                committedAt: committedAt,
                accounts: accounts,
                rows: rows,
                balances: balances
            )
        }

        enum CodingKeys: String, CodingKey {
            case id, format, status, accounts
            case fileName = "file_name"
            case createdAt = "created_at"
            case expiresAt = "expires_at"
            case committedAt = "committed_at"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(Int64.self, forKey: .id)
            format = try c.decode(String.self, forKey: .format)
            fileName = try c.decode(String.self, forKey: .fileName)
            status = StatementImport.Status(rawValue: try c.decode(String.self, forKey: .status)) ?? .undone
            accounts = try ImportAccount.decode(try c.decode(String.self, forKey: .accounts))
            createdAt = try c.decode(String.self, forKey: .createdAt)
            expiresAt = try c.decode(String.self, forKey: .expiresAt)
            committedAt = try c.decodeIfPresent(String.self, forKey: .committedAt)
        }
    }
}
