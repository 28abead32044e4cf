import SQLKit
import TallyCore

/// Records added by many requests at once, written together: group commit.
///
/// Every add used to be its own write transaction: read the book's categories and accounts,
/// insert, upsert three kept-totals tables, the balances and the payee memory, commit. With one
/// SQLite writer (and one round trip per statement on PostgreSQL) the writer's turn was the
/// limit. Here the adds that arrive while one batch is being written wait together and go in
/// the next one: one transaction, the catalogue read once per book, one insert per record and
/// the totals, balances and payee memory folded across the batch (as an import does). Each add is
/// still all-or-nothing: a draft whose names do not resolve fails alone with its
/// `ValidationError`, and if the batch's transaction fails, its adds are retried one at a time,
/// so one bad add never takes others down with it.
actor AddQueue {
    /// One waiting add.
    struct Job: Sendable {
        let book: RecordID
        let draft: TransactionDraft
        let done: CheckedContinuation<TransactionRecord, any Error>
    }

    private let database: Database
    private var waiting: [Job] = []
    private var writing = false
    /// At most this many adds in one transaction, so a burst does not make one long write.
    private let batchLimit = 64

    init(database: Database) {
        self.database = database
    }

    /// Adds a checked draft to the book and returns the stored record, once its batch committed.
    func add(book: RecordID, draft: TransactionDraft) async throws -> TransactionRecord {
        try await withCheckedThrowingContinuation { done in
            waiting.append(Job(book: book, draft: draft, done: done))
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
            let outcomes = try await database.write { db in try await Self.insert(db, batch.map { ($0.book, $0.draft) })
            }
            for (job, outcome) in zip(batch, outcomes) { job.done.resume(with: outcome) }
        } catch {
            guard batch.count > 1 else { return batch[0].done.resume(throwing: error) }
            for job in batch {
                do {
                    let outcome = try await database.write { db in try await Self.insert(db, [(job.book, job.draft)]) }
                    job.done.resume(with: outcome[0])
                } catch {
                    job.done.resume(throwing: error)
                }
            }
        }
    }

    /// Inserts the drafts inside the caller's transaction; each gets its record, or the
    /// `ValidationError` that kept it out.
    static func insert(
        _ db: any SQLDatabase,
        _ drafts: [(book: RecordID, draft: TransactionDraft)]
    ) async throws -> [Result<TransactionRecord, any Error>] {
        var outcomes = [Result<TransactionRecord, any Error>](
            repeating: .failure(CancellationError()),
            count: drafts.count
        )
        for book in Set(drafts.map(\.book)) {
            let indices = drafts.indices.filter { drafts[$0].book == book }
            let categories = try await Store.categories(db, book: book)
            let accounts = try await Store.accounts(db, book: book)
            let remembered = try await rememberedPayees(db, book: book, drafts: indices.map { drafts[$0].draft })
            var totals = Totals()
            var payees: [String: PayeeUse] = [:]
            let now = Clock.timestamp()
            for index in indices {
                let draft = drafts[index].draft
                let refs: Store.References
                do {
                    refs = try Store.resolve(
                        draft,
                        remembered: remembered[draft.payee.lowercased()],
                        categories: categories,
                        accounts: accounts
                    )
                } catch {
                    outcomes[index] = .failure(error)
                    continue
                }
                let id = try await Store.insertRow(db, book: book, draft: draft, refs: refs, now: now)
                totals.add(sign: 1, draft, refs)
                if !draft.payee.isEmpty, draft.kind != .transfer {
                    payees[Totals.payeeKey(draft.payee), default: PayeeUse(name: draft.payee)]
                        .add(draft, category: refs.category, account: refs.account)
                }
                outcomes[index] = .success(
                    TransactionRecord(
                        id: id,
                        book: book,
                        draft: draft,
                        refs: refs,
                        categories: categories,
                        accounts: accounts
                    )
                )
            }
            // Nothing of this book's went in (every draft refused): nothing to fold.
            guard indices.contains(where: { if case .success = outcomes[$0] { true } else { false } }) else { continue }
            try await totals.apply(db, book: book)
            try await PayeeUse.save(db, book: book, payees)
        }
        return outcomes
    }

    /// What the payees of drafts that leave out a category or account were last recorded with.
    private static func rememberedPayees(
        _ db: any SQLDatabase,
        book: RecordID,
        drafts: [TransactionDraft]
    ) async throws -> [String: Store.Remembered] {
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
        var remembered: [String: Store.Remembered] = [:]
        for row in rows {
            remembered[try row.decode(column: "name_key", as: String.self)] = Store.Remembered(
                category: try row.decode(column: "last_category_id", as: Int64?.self),
                account: try row.decode(column: "last_account_id", as: Int64?.self)
            )
        }
        return remembered
    }
}

extension TransactionRecord {
    /// A record just inserted, named from the catalogue its references were resolved in (no
    /// second read).
    init(
        id: RecordID,
        book: RecordID,
        draft: TransactionDraft,
        refs: Store.References,
        categories: [Category],
        accounts: [Account]
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
                note: draft.note
            ),
            categoryPath: category.map { $0.path(in: categories) },
            categoryIcon: category?.icon,
            categoryColor: category?.color,
            accountName: refs.account.flatMap { id in accounts.first { $0.id == id }?.name },
            toAccountName: refs.toAccount.flatMap { id in accounts.first { $0.id == id }?.name }
        )
    }
}
