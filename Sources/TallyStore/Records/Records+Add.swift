import SQLKit
import TallyCore

extension Records {
    /// Records an expense, income or transfer, with its receipt photos, in one database
    /// transaction: a photo that fails saves nothing. A missing category or account is filled
    /// from the payee's last record (autofill); the payee is remembered for next time.
    public func addTransaction(
        to scope: BookScope,
        _ input: TransactionInput,
        receipts: [[UInt8]] = []
    ) async throws -> TransactionRecord {
        let book = try scope.writable()
        let draft = try TransactionDraft.validate(input, base: nil, bookCurrency: book.currency, today: scope.today)
        // Without photos the add joins the next group commit (`AddQueue`).
        if receipts.isEmpty {
            let record = try await core.adds.add(draft, in: scope)
            database.metrics.recordsAdded.increment()
            return record
        }
        let images = try receipts.map { ($0, try Self.imageType($0, field: "receipts")) }
        let record = try await database.write { db in
            let id = try await Self.insertTransaction(db, book: book, draft: draft)
            for (bytes, type) in images {
                _ = try await Self.insertReceipt(db, book: book.id, transaction: id, bytes: bytes, type: type)
            }
            return try await Self.record(db, id, book: book.id)
        }
        database.metrics.recordsAdded.increment()
        return record
    }

    /// Inserts a checked record inside the caller's transaction, keeping the totals and the
    /// payee memory current: how bills, goals and adds with photos add a record.
    static func insertTransaction(
        _ db: any SQLDatabase,
        book: Book,
        draft: TransactionDraft
    ) async throws -> TransactionID {
        // The same path as a group-committed add, as a batch of one.
        try await AddQueue.insert(db, [(book.id, book.currency, draft)])[0].get().transaction.id
    }

    /// The columns a new record's INSERT fills, in the order of `insertValues`.
    static let insertColumns = [
        "book_id", "kind", "amount_minor", "currency", "date", "time", "payee", "payee_key", "category_id",
        "account_id", "to_account_id", "note", "created_at", "updated_at", "base_minor",
    ]

    /// One resolved record's values for `insertColumns`.
    static func insertValues(
        book: BookID,
        draft: TransactionDraft,
        refs: References,
        base: Money?,
        now: String
    ) -> [BulkValue] {
        [
            .int(book.rawValue), .text(draft.kind.rawValue), .int(draft.amount.minorUnits),
            .text(draft.amount.currency.code),
            .text(draft.date.description), .text(draft.time?.description ?? ""), .text(draft.payee),
            .text(Totals.payeeKey(draft.payee)), BulkValue(refs.category), BulkValue(refs.account),
            BulkValue(refs.toAccount), .text(draft.note), .text(now), .text(now), BulkValue(base?.minorUnits),
        ]
    }
}

/// Records added by many requests at once, written together: group commit.
///
/// Every add used to be its own write transaction: read the book's categories and accounts,
/// insert, upsert three kept-totals tables, the balances and the payee memory, commit. With one
/// SQLite writer (and one round trip per statement on PostgreSQL) the writer's turn was the
/// limit. Here the adds that arrive while one batch is being written wait together and go in
/// the next one: one transaction, the catalogue taken once per book (from `CatalogCache` when it
/// holds the version the requests saw), one multi-row INSERT for the records, and the totals,
/// balances and payee memory folded across the batch (as an import does). Each add is still
/// all-or-nothing: a draft whose names do not resolve fails alone with its `FieldError`, and if
/// the batch's transaction fails, its adds are retried one at a time with the catalogue read
/// afresh, so one bad add never takes others down with it.
actor AddQueue {
    /// One waiting add.
    struct Job: Sendable {
        let book: BookID
        /// The book's currency, which records in it are converted to.
        let base: Currency
        /// The book's catalogue version at the request's access check (see `CatalogCache`).
        let catalogVersion: Int64
        let draft: TransactionDraft
        let done: CheckedContinuation<TransactionRecord, any Error>
    }

    private let database: Database
    private let catalogs: CatalogCache
    private var waiting: [Job] = []
    private var writing = false
    /// At most this many adds in one transaction, so a burst does not make one long write.
    private let batchLimit = 64

    init(database: Database, catalogs: CatalogCache) {
        self.database = database
        self.catalogs = catalogs
    }

    /// Adds a checked draft to the book and returns the stored record, once its batch committed.
    func add(_ draft: TransactionDraft, in scope: BookScope) async throws -> TransactionRecord {
        try await withCheckedThrowingContinuation { done in
            waiting.append(
                Job(
                    book: scope.bookID,
                    base: scope.book.currency,
                    catalogVersion: scope.catalogVersion,
                    draft: draft,
                    done: done
                )
            )
            if !writing {
                writing = true
                Task { await self.drain() }
            }
        }
    }

    /// Writes batches until no add waits. Adds that arrive during a write (the actor is free
    /// while it awaits the database) form the next batch.
    private func drain() async {
        while !waiting.isEmpty {
            let batch = Array(waiting.prefix(batchLimit))
            waiting.removeFirst(batch.count)
            await write(batch)
        }
        writing = false
    }

    private func write(_ batch: [Job]) async {
        do {
            let catalogs = self.catalogs
            let outcomes = try await database.bulkWrite { db, writer in
                try await Self.insert(
                    db,
                    batch.map { ($0.book, $0.base, $0.draft) },
                    writer: writer,
                    catalogs: catalogs,
                    versions: batch.map(\.catalogVersion)
                )
            }
            for (job, outcome) in zip(batch, outcomes) { job.done.resume(with: outcome) }
        } catch {
            guard batch.count > 1 else { return batch[0].done.resume(throwing: error) }
            for job in batch {
                do {
                    // On its own, with the catalogue read afresh: a batch fails when a category or
                    // account it named went away after the request's check.
                    let outcome = try await database.write { db in
                        try await Self.insert(db, [(job.book, job.base, job.draft)])
                    }
                    job.done.resume(with: outcome[0])
                } catch {
                    job.done.resume(throwing: error)
                }
            }
        }
    }

    /// Inserts the drafts inside the caller's transaction; each gets its record, or the
    /// `FieldError` that kept it out. `writer` is the transaction's own, when the caller has
    /// it (the fast path on SQLite). With `catalogs`, a book's catalogue comes from memory
    /// when it is held at the version the drafts' requests saw. Each draft comes with its book's
    /// currency, which it is converted to.
    static func insert(
        _ db: any SQLDatabase,
        _ drafts: [(book: BookID, base: Currency, draft: TransactionDraft)],
        writer: BulkWriter? = nil,
        catalogs: CatalogCache? = nil,
        versions: [Int64] = []
    ) async throws -> [Result<TransactionRecord, any Error>] {
        var outcomes = [Result<TransactionRecord, any Error>](
            repeating: .failure(CancellationError()),
            count: drafts.count
        )
        let now = Clock.timestamp()
        for book in Set(drafts.map(\.book)) {
            let indices = drafts.indices.filter { drafts[$0].book == book }
            let version = indices.map { versions.indices.contains($0) ? versions[$0] : -1 }.min() ?? -1
            // Without a cache (a retried add, or a record written inside another service's
            // transaction) the catalogue is read afresh.
            let catalog: CatalogCache.Catalog
            if let catalogs {
                catalog = try await catalogs.catalog(db, book: book, version: version)
            } else {
                catalog = try await CatalogCache.read(db, book: book)
            }
            // The book's rules fill what each record left empty, before autofill does.
            let filled = try await Rules.fill(
                db,
                indices.map { drafts[$0].draft },
                book: book,
                accounts: catalog.accounts
            )
            let remembered = try await rememberedPayees(db, book: book, drafts: filled)
            var resolved: [(index: Int, draft: TransactionDraft, refs: Records.References)] = []
            var lineCategories: [Int: [CategoryID?]] = [:]
            for (position, index) in indices.enumerated() {
                let draft = filled[position]
                do {
                    let refs = try Records.resolve(
                        draft,
                        remembered: remembered[draft.payee.lowercased()],
                        categories: catalog.categories,
                        accounts: catalog.accounts
                    )
                    if !draft.lines.isEmpty {
                        lineCategories[index] = try Records.lineCategories(draft, categories: catalog.categories)
                    }
                    resolved.append((index, draft, refs))
                } catch {
                    outcomes[index] = .failure(error)
                }
            }
            // Nothing of this book's went in (every draft refused): nothing to write.
            guard !resolved.isEmpty else { continue }
            let rates = try await Conversion.table(
                db,
                book: book,
                base: drafts[indices[0]].base,
                needs: resolved.map { ($0.draft.amount.currency, $0.draft.date) }
            )
            let converted = resolved.map { rates.convert($0.draft.amount, on: $0.draft.date) }
            let ids = try await (writer ?? BulkWriter(db: db, sqlite: nil)).insertReturningIDs(
                into: "transactions",
                columns: Records.insertColumns,
                values: zip(resolved, converted).flatMap {
                    Records.insertValues(book: book, draft: $0.draft, refs: $0.refs, base: $1, now: now)
                }
            )
            var totals = Totals()
            var payees: [String: PayeeUse] = [:]
            for (((index, draft, refs), id), base) in zip(zip(resolved, ids), converted) {
                // Split records are rare: each writes its lines on its own.
                var lines: [TransactionLine] = []
                if let categories = lineCategories[index] {
                    lines = try await Records.writeLines(
                        db,
                        book: book,
                        id: TransactionID(rawValue: id),
                        draft: draft,
                        categories: categories,
                        base: base
                    )
                }
                if !draft.tags.isEmpty {
                    try await RecordTags.write(db, book: book, record: TransactionID(rawValue: id), names: draft.tags)
                }
                totals.add(sign: 1, draft, refs, base: base, lines: RecordMoney.lines(of: lines))
                if !draft.payee.isEmpty, draft.kind != .transfer {
                    payees[Totals.payeeKey(draft.payee), default: PayeeUse(name: draft.payee)]
                        .add(draft, category: refs.category, account: refs.account)
                }
                outcomes[index] = .success(
                    TransactionRecord(
                        id: TransactionID(rawValue: id),
                        book: book,
                        draft: draft,
                        refs: refs,
                        base: base,
                        categories: catalog.categories,
                        accounts: catalog.accounts,
                        lines: lines
                    )
                )
            }
            try await totals.apply(db, book: book)
            try await PayeeUse.save(db, book: book, payees)
        }
        return outcomes
    }

    /// What the payees of drafts that leave out a category or account were last recorded with.
    private static func rememberedPayees(
        _ db: any SQLDatabase,
        book: BookID,
        drafts: [TransactionDraft]
    ) async throws -> [String: Records.Remembered] {
        let keys = Set(
            drafts.filter { $0.kind != .transfer && ($0.category == nil || $0.account == nil) }.map {
                $0.payee.lowercased()
            }
        )
        guard !keys.isEmpty else { return [:] }
        let rows = try await db.raw(
            """
            SELECT name_key, last_category_id, last_account_id FROM payees
            WHERE book_id = \(bind: book) AND name_key IN (\(binds: Array(keys)))
            """
        ).all()
        var remembered: [String: Records.Remembered] = [:]
        for row in rows {
            let payee = try row.decode(model: Records.Remembered.self)
            remembered[payee.key] = payee
        }
        return remembered
    }
}

extension TransactionRecord {
    /// A record just inserted, named from the catalogue its references were resolved in (no
    /// second read).
    init(
        id: TransactionID,
        book: BookID,
        draft: TransactionDraft,
        refs: Records.References,
        base: Money?,
        categories: [Category],
        accounts: [Account],
        lines: [TransactionLine] = []
    ) {
        let category = refs.category.flatMap { id in categories.first { $0.id == id } }
        self.init(
            transaction: Transaction(
                id: id,
                bookID: book,
                kind: draft.kind,
                amount: draft.amount,
                date: draft.date,
                time: draft.time,
                payee: draft.payee,
                categoryID: refs.category,
                accountID: refs.account,
                toAccountID: refs.toAccount,
                note: draft.note,
                baseMinor: base?.minorUnits,
                lines: lines,
                tags: draft.tags
            ),
            categoryPath: category.map { $0.path(in: categories) },
            categoryIcon: category?.icon,
            categoryColor: category?.color,
            accountName: refs.account.flatMap { id in accounts.first { $0.id == id }?.name },
            toAccountName: refs.toAccount.flatMap { id in accounts.first { $0.id == id }?.name }
        )
        self.lines = lines.map { line in
            let category = line.categoryID.flatMap { id in categories.first { $0.id == id } }
            return LineRecord(
                line: line,
                categoryPath: category.map { $0.path(in: categories) },
                categoryIcon: category?.icon,
                categoryColor: category?.color
            )
        }
        lineCount = lines.count
        tagCount = draft.tags.count
    }
}
