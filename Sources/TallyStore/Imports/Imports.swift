import SQLKit
import TallyCore

extension Imports {
    /// Imports every row of `source` into a book: all of it, or — when any row is wrong —
    /// nothing, with an error naming the line and column. Categories, sub-categories and
    /// accounts that do not exist yet are created; payees are remembered. A file of up to one
    /// batch (`LongWriteLimits`) is one transaction; a bigger one is written in batches and
    /// undone when one fails (see `importAll`). With `staged`, the staged upload of that token
    /// is claimed (deleted) by the transaction that ends the import, so a confirmation sent
    /// twice imports once and the second gets "not found" (or, while a big one runs, "busy").
    ///
    /// With `wholly`, the import is one transaction whatever its size: the local `tally import`,
    /// a process that `kill -9` may stop with no server after it to undo a half-written job, so
    /// it stays all or nothing by the engine's own rollback, as before batches.
    public func importRecords(
        into scope: BookScope,
        from source: some ImportSource,
        claiming staged: String? = nil,
        wholly: Bool = false
    ) async throws -> ImportResult {
        try await importRecords(
            into: scope,
            from: source,
            claiming: staged,
            limits: wholly
                ? LongWriteLimits(rows: Int.max / 2, duration: .seconds(1_000_000))
                : .standard.on(database.engine).forImports(on: database.engine)
        )
    }

    func importRecords(
        into scope: BookScope,
        from source: some ImportSource,
        claiming staged: String? = nil,
        limits: LongWriteLimits
    ) async throws -> ImportResult {
        let user = scope.user
        let book = try scope.writable()
        let sqlite = database.engine == .sqlite
        do {
            let result = try await importAll(
                into: book,
                from: source,
                sqlite: sqlite,
                claim: staged.map { (token: $0, user: user.id) },
                limits: limits
            )
            if sqlite { try await database.write { try await Self.importPragmas($0, on: false) } }
            database.metrics.importsCSV.increment()
            database.metrics.recordsImported.increment(by: Int64(result.count))
            return result
        } catch {
            if sqlite { try? await database.write { try await Self.importPragmas($0, on: false) } }
            throw error
        }
    }

    /// A big import touches more pages than SQLite's default 2 MB cache holds; spilling them to
    /// the journal mid-transaction cost a million-record file a third of its time. The cache
    /// shrinks again after. `cacheKiB` is the cache while importing.
    static func importPragmas(_ db: any SQLDatabase, on: Bool, cacheKiB: Int = importCacheKiB) async throws {
        try await db.raw("PRAGMA cache_size = \(unsafeRaw: on ? "-\(cacheKiB)" : "-2000")").run()
    }

    /// The cache of an import of unknown size (a file read as it is stored): 128 MB.
    static let importCacheKiB = 131_072

    /// The cache for committing `records` records: a third of a KiB each, 8 to 128 MB. The whole
    /// 128 MB was most of a 100,000-row commit's peak memory (71 MB of it filled); with 32 MB it
    /// ran as fast (2.5 s either way for the bench's CSV, 2.1 s for its OFX).
    static func commitCacheKiB(records: Int) -> Int { min(importCacheKiB, max(8_192, records / 3)) }

    static let importColumns = [
        "book_id", "kind", "amount_minor", "currency", "date", "time", "payee", "payee_key", "category_id",
        "account_id", "to_account_id", "note", "base_minor", "imported_id", "import_id", "created_at", "updated_at",
    ]
}
