import SQLKit
import TallyCore

extension ImportRun {
    /// Writes the source's next records in the caller's transaction, with their kept totals: all
    /// that are left, or, with a `batch`, until it is full. True when the source is done.
    func write<S: ImportSource>(
        _ db: any SQLDatabase,
        _ writer: BulkWriter,
        from source: ImportHead<S>,
        batch: inout LongWriteBatch?
    ) async throws -> Bool {
        let bookID = book.id
        var totals = Totals()
        let shared = [
            "book_id": BulkValue.int(bookID.rawValue), "import_id": BulkValue(statementID), "created_at": .text(stamp),
            "updated_at": .text(stamp),
        ]
        let columns = Imports.importColumns
        let width = columns.count - shared.count
        // Bigger statements mean fewer statement journals and full-text segments; 4,000 rows of
        // 15 values stay under PostgreSQL's 65,535 binds. A batch bounded in time writes smaller
        // ones, so that its clock sees the writes and not only the reading.
        let batchRows = batch.map { $0.limits.duration < .seconds(60) ? 125 : 4_000 } ?? 4_000
        var values: [BulkValue] = []
        values.reserveCapacity(batchRows * width)
        var queue = WriteQueue(depth: 2)
        var extras = ImportExtras()
        var names = self.names
        defer { self.names = names }
        func flush() async throws {
            guard !values.isEmpty else { return }
            let rows = values
            let special = extras
            values.removeAll(keepingCapacity: true)
            extras.removeAll()
            try await queue.enqueue {
                if special.isEmpty {
                    try await writer.copy(into: "transactions", columns: columns, values: rows, shared: shared)
                } else {
                    try await special.insert(writer, columns: columns, values: rows, shared: shared, book: bookID)
                }
            }
        }
        // The kept totals go out in parts as well: written beside the records rather than all
        // after them, and never more than a part held in memory.
        func flushTotals() async throws {
            for fold in totals.folds(book: bookID) {
                try await queue.enqueue {
                    try await writer.copyUpsert(
                        into: fold.table.name,
                        columns: fold.table.columns,
                        values: fold.values,
                        order: fold.table.keyColumns,
                        suffix: fold.table.addOnConflict
                    )
                }
            }
            totals.removeCells()
        }
        var done = false
        var lastLine: Int?
        // What the batch does once it stops reading (the writes still queued, the kept totals,
        // the commit) took as long as the reading in a debug build: the reading stops early by
        // what the last batch's took, so that the whole batch keeps to its time.
        let reading = batch.map { max($0.limits.duration / 4, $0.limits.duration - tail) }
        var stopped = ContinuousClock.now
        defer { if batch != nil { tail = ContinuousClock.now - stopped } }
        do {
            while true {
                if let batch, let reading, batch.rows > 0,
                    batch.rows >= batch.limits.rows || ContinuousClock.now - batch.start >= reading
                {
                    break
                }
                guard let row = try source.next() else {
                    done = true
                    break
                }
                let d = row.draft
                let spelled = SpelledNames(
                    kind: d.kind,
                    category: row.category,
                    sub: row.subcategory,
                    account: row.account,
                    toAccount: row.toAccount
                )
                let ids: ResolvedNames
                if let known = resolved[spelled] {
                    ids = known
                } else {
                    // Creating a category or account is a write of its own: let the batches in flight land first.
                    try await queue.settle()
                    ids = ResolvedNames(
                        category: try await names.category(
                            db,
                            kind: d.kind,
                            name: row.category,
                            sub: row.subcategory,
                            line: row.line
                        ),
                        account: try await names.account(db, row.account, currency: d.amount.currency),
                        toAccount: try await names.account(db, row.toAccount, currency: d.amount.currency)
                    )
                    resolved[spelled] = ids
                }
                let (category, account, toAccount) = (ids.category, ids.account, ids.toAccount)
                if d.kind == .transfer, account == toAccount {
                    throw FieldError("line \(row.line), to_account", "must differ from account")
                }
                let key: String
                if let known = keys[d.payee] {
                    key = known
                } else {
                    key = Totals.payeeKey(d.payee)
                    keys[d.payee] = key
                }
                if d.amount.currency != book.currency, foreign.insert(d.amount.currency).inserted, !everyRate {
                    // A currency this import had not met since its first transaction read every rate.
                    try await queue.settle()
                    try await readRates(db)
                }
                let date = d.date.description
                let base = rates.convert(d.amount, on: d.date)?.minorUnits
                var shares: [RecordMoney.Line] = []
                var lineCategories: [CategoryID?] = []
                for line in row.lines {
                    let spelled = SpelledNames(
                        kind: d.kind,
                        category: line.category,
                        sub: line.subcategory,
                        account: "",
                        toAccount: ""
                    )
                    if let known = lineNames[spelled] {
                        lineCategories.append(known)
                        continue
                    }
                    // Possibly a new category: a write of its own, after the batches in flight.
                    try await queue.settle()
                    let id = try await names.category(
                        db,
                        kind: d.kind,
                        name: line.category,
                        sub: line.subcategory,
                        line: row.line
                    )
                    lineNames[spelled] = id
                    lineCategories.append(id)
                }
                if !row.lines.isEmpty || !d.tags.isEmpty {
                    // Its id, lines and tags are written with the batch (`ImportExtras`).
                    shares = RecordMoney.shares(
                        categories: lineCategories,
                        amounts: row.lines.map(\.amount.minorUnits),
                        base: base
                    )
                    extras.append(
                        ImportExtras.Record(
                            index: values.count / width,
                            lines: zip(lineCategories, row.lines).map { ($0, $1.amount.minorUnits, $1.note) },
                            shares: shares,
                            tags: d.tags
                        )
                    )
                }
                // In `importColumns` order, without the shared ones.
                values.append(.text(d.kind.rawValue))
                values.append(.int(d.amount.minorUnits))
                values.append(.text(d.amount.currency.code))
                values.append(.text(date))
                values.append(.text(d.time?.description ?? ""))
                values.append(.text(d.payee))
                values.append(.text(key))
                values.append(row.lines.isEmpty ? BulkValue(category) : .null)
                values.append(BulkValue(account))
                values.append(BulkValue(toAccount))
                values.append(.text(d.note))
                values.append(BulkValue(base))
                values.append(BulkValue(row.importedID))
                let filed = row.lines.isEmpty ? category : nil
                totals.add(
                    sign: 1,
                    kind: d.kind,
                    amount: d.amount.minorUnits,
                    base: base,
                    currency: d.amount.currency.code,
                    date: date,
                    payeeKey: key,
                    category: filed,
                    account: account,
                    toAccount: toAccount,
                    lines: shares
                )
                if d.kind != .transfer, !key.isEmpty {
                    payees[key, default: PayeeUse(name: d.payee)].add(d, category: filed, account: account)
                }
                result.count += 1
                result.firstDate = min(result.firstDate ?? d.date, d.date)
                result.lastDate = max(result.lastDate ?? d.date, d.date)
                batch?.rows += 1
                lastLine = row.line
                if values.count == batchRows * width {
                    try await flush()
                    if totals.cellCount >= 100_000 { try await flushTotals() }
                }
            }
            stopped = ContinuousClock.now
            if !done { done = try source.atEnd() }
            try await flush()
            try await flushTotals()
            try await queue.settle()
            try await totals.applyBalances(db, book: bookID, writer: writer)
        } catch {
            await queue.drain()
            throw error
        }
        if done || lastLine != nil { try await link(db, through: done ? nil : lastLine) }
        return done
    }
}
