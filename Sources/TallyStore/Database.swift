import CSQLiteOptions
import Foundation
import Logging
import NIOSSL
import PostgresKit
import PostgresNIO
import SQLKit
import SQLiteKit
import Synchronization

/// Which SQL engine a `Database` talks to; queries are shared, DDL differs in a few places.
public enum SQLEngine: String, Sendable {
    /// Embedded SQLite (the default).
    case sqlite
    /// PostgreSQL server (hosted, many users).
    case postgres
}

/// Where the data lives.
public enum DatabaseLocation: Sendable, Equatable {
    /// An SQLite file.
    case sqliteFile(String)
    /// A private in-memory SQLite database (tests).
    case sqliteMemory
    /// A PostgreSQL URL: postgres://user:password@host:port/database[?sslmode=disable|require].
    case postgres(String)

    /// Reads `--database`: a postgres:// URL, "sqlite::memory:", or an SQLite file path.
    public init(_ text: String) {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(text)
        } else if text == ":memory:" || text == "sqlite::memory:" {
            self = .sqliteMemory
        } else {
            self = .sqliteFile(text.hasPrefix("sqlite://") ? String(text.dropFirst(9)) : text)
        }
    }

    /// A description that never shows a password.
    public var redacted: String {
        switch self {
        case .sqliteFile(let path): path
        case .sqliteMemory: "in-memory SQLite"
        case .postgres(let url):
            redactedURL(url)
        }
    }
}

private func redactedURL(_ url: String) -> String {
    guard var parts = URLComponents(string: url) else { return "postgres" }
    if parts.password != nil { parts.password = "***" }
    return parts.string ?? "postgres"
}

/// Problems opening or talking to the database.
public struct DatabaseError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}

/// The connection layer: hands out `SQLDatabase`s for reading, and runs writes inside one
/// transaction. SQLite gets one writer connection and a few reader connections (WAL lets readers
/// run beside the writer); PostgreSQL gets a `PostgresClient` pool.
public final class Database: Sendable {
    enum Backend: Sendable {
        case sqlite(writer: SQLitePool, readers: SQLitePool)
        case postgres(PostgresClient)
    }

    let backend: Backend
    /// The engine behind this database.
    public let engine: SQLEngine
    let logger: Logger
    /// Connections in use and waits, for `/metrics`.
    let metrics: StoreMetrics
    /// The SQLite file, for connections opened later (the checkpointer, exports).
    let path: String?
    /// The server's checkpoint connection (see `deferCheckpoints`).
    private let checkpointer = Mutex<SQLitePool?>(nil)
    /// Whether imports on PostgreSQL COPY their rows (`BulkWriter.copy`). Always, but for the
    /// tests that compare what COPY stores with what the INSERTs before it stored.
    let copiesImports = Mutex(true)
    /// Opened by `run()`: PostgreSQL connections are leased only after it (see `RunGate`).
    let running = RunGate()
    /// The statements PostgreSQL runs by name; nil on SQLite, or when the URL turns them off.
    let prepared: PreparedStatements?

    /// Opens (and for SQLite creates) the database. For PostgreSQL, `run()` must be running
    /// (a service of the app, or a task of the command) before queries are made.
    public init(
        _ location: DatabaseLocation,
        logger: Logger = Logger(label: "tally.db"),
        metrics: StoreMetrics = .none
    ) async throws {
        self.logger = logger
        self.metrics = metrics
        if case .sqliteFile(let path) = location { self.path = path } else { self.path = nil }
        switch location {
        case .sqliteMemory:
            try Self.sqliteOptions.get()
            let pool = try await SQLitePool(storage: .memory, size: 1, writer: true, logger: logger)
            backend = .sqlite(writer: pool, readers: pool)
            engine = .sqlite
            prepared = nil
        case .sqliteFile(let path):
            try Self.sqliteOptions.get()
            let writer = try await SQLitePool(storage: .file(path: path), size: 1, writer: true, logger: logger)
            let readers = try await SQLitePool(storage: .file(path: path), size: 4, writer: false, logger: logger)
            backend = .sqlite(writer: writer, readers: readers)
            engine = .sqlite
            prepared = nil
        case .postgres(let url):
            backend = .postgres(
                PostgresClient(configuration: try Self.postgresConfiguration(url), backgroundLogger: logger)
            )
            engine = .postgres
            prepared = try Self.postgresSettings(url).preparedStatements ? PreparedStatements() : nil
        }
    }

    /// Set once per process, before the first SQLite connection opens (see `CSQLiteOptions.h`).
    private static let sqliteOptions: Result<Void, DatabaseError> = {
        let code = tally_sqlite_keep_query_plans()
        return code == 0 ? .success(()) : .failure(DatabaseError(description: "SQLite refused its options (\(code))"))
    }()

    /// Keeps the PostgreSQL pool alive until cancelled; returns at once for SQLite.
    public func run() async {
        guard case .postgres(let client) = backend else { return }
        await withDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            // The pool marks itself running first thing in its `run()`, and gives no signal that
            // it has. Opened just before that call, the gate let a waiter resume on the other
            // core and lease first in two `tally serve` starts of three, which printed the
            // warning; a few milliseconds after the pool's task starts, it has marked itself.
            try? await Task.sleep(for: .milliseconds(10))
            running.open()
        }
    }

    /// Copies what the WAL holds back into the SQLite database file (a passive checkpoint, which
    /// waits for no one); nothing on PostgreSQL. A server calls it every tenth of a second, so
    /// each checkpoint is small and none runs inside a request. It runs on the checkpointer's own
    /// thread once `deferCheckpoints()` made one, else on a reader.
    public func checkpoint() async throws {
        guard case .sqlite(let writer, let readers) = backend, readers !== writer else { return }
        let pool = checkpointer.withLock { $0 } ?? readers
        // Twice without holding anyone: the second pass only has what was committed during the
        // first, so what is left for the held pass below is smaller still.
        var left = 0
        for _ in 0..<2 {
            let rows = try await pool.withConnection { try await $0.query("PRAGMA wal_checkpoint(PASSIVE)") }
            left = rows.first.map { ($0.column("log")?.integer ?? 0) - ($0.column("checkpointed")?.integer ?? 0) } ?? 0
        }
        // Catch up with the writer held: the few frames committed during the second pass, a short
        // copy and a small fsync. Only a write that begins with the WAL wholly copied starts it
        // over from the top; under steady writes that moment never came, so the WAL grew to the
        // auto-checkpoint mark and then every commit checkpointed inside a request (17–37 ms).
        // While a long write commits batch after batch, far more is left: held, that pass took
        // up to 1.3 s, every writer waiting, so it waits for a quieter round (a tenth of a second).
        guard left <= Self.heldCheckpointFrames else { return }
        _ = try await writer.withConnection { _ in
            let began = ContinuousClock.now
            defer { trace(began, committing: began, "the checkpoint's held pass") }
            return try await pool.withConnection { try await $0.query("PRAGMA wal_checkpoint(PASSIVE)") }
        }
    }

    /// The most frames (pages) the held pass of `checkpoint()` copies: 2 MB.
    static let heldCheckpointFrames = 512

    /// For a server that calls `checkpoint()` itself. A commit that passes SQLite's
    /// auto-checkpoint mark (1,000 pages) copies the WAL back inside that request, so the mark is
    /// raised to 8,000 pages (about 32 MB), which only bounds the WAL if the server's own
    /// checkpoints ever stop. And the checkpoints get a connection on a thread of their own, so
    /// their fsyncs (up to 26 ms each, seen with strace under load) block that thread and not one
    /// of SQLiteNIO's shared threads (one per core), which every request's statements run on.
    /// Commands keep SQLite's default.
    public func deferCheckpoints() async throws {
        guard case .sqlite(let writer, let readers) = backend, readers !== writer, let path else { return }
        _ = try await writer.withConnection { try await $0.query("PRAGMA wal_autocheckpoint = 8000") }
        guard checkpointer.withLock({ $0 }) == nil else { return }
        let pool = try await SQLitePool(
            storage: .file(path: path),
            size: 1,
            writer: false,
            ownThread: true,
            logger: logger
        )
        checkpointer.withLock { $0 = pool }
    }

    /// Closes SQLite connections.
    public func close() async {
        if let pool = checkpointer.withLock({ held in
            defer { held = nil }
            return held
        }) {
            await pool.close()
        }
        if case .sqlite(let writer, let readers) = backend {
            await writer.close()
            if readers !== writer { await readers.close() }
        }
    }

    /// Runs `body` with a connection for reading.
    public func read<T: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        if let snapshot = currentSnapshot { return try await body(snapshot.db) }
        return try await metrics.connection(.read) { got in
            switch backend {
            case .sqlite(_, let readers):
                return try await readers.withConnection {
                    got()
                    return try await body($0.sql())
                }
            case .postgres(let client):
                await running.wait()
                return try await client.withConnection {
                    got()
                    return try await body(sql(on: $0))
                }
            }
        }
    }

    /// Runs `body` inside one transaction: all of it is stored, or (on any error) none of it.
    public func write<T: Sendable>(
        file: StaticString = #fileID,
        line: UInt = #line,
        _ body: @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        try await bulkWrite(file: file, line: line) { db, _ in try await body(db) }
    }

    /// Like `write`, with a `BulkWriter` on the same transaction for many-row inserts.
    func bulkWrite<T: Sendable>(
        file: StaticString = #fileID,
        line: UInt = #line,
        _ body: @Sendable (any SQLDatabase, BulkWriter) async throws -> T
    ) async throws -> T {
        try await metrics.connection(.write) { got in try await transaction(got, at: (file, line), body) }
    }

    /// Like `write`, with SQLite's foreign-key checks and actions off for the transaction: for
    /// deleting a book's categories and accounts once the caller has deleted everything of the
    /// book that refers to them (records, lines, payees, bills, budgets, goals). SQLite checks a
    /// deleted category by scanning every book's records and lines, as no index leads with
    /// those columns (one would cost every add): 16 ms a category at 210,000 records, all of
    /// it holding the one writer. PostgreSQL checks as always.
    func writeWithoutReferenceChecks<T: Sendable>(
        file: StaticString = #fileID,
        line: UInt = #line,
        _ body: @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        try await metrics.connection(.write) { got in
            try await transaction(got, at: (file, line), checkingReferences: false) { db, _ in try await body(db) }
        }
    }

    /// `TALLY_TRACE_WRITES_MS`: SQLite transactions that hold the one writer longer are logged
    /// with the line that began them, and the time their commit took: how a long write's batch
    /// that overruns its bound, or any other write that makes every book wait, is found.
    static let traceWrites: Duration? = ProcessInfo.processInfo.environment["TALLY_TRACE_WRITES_MS"]
        .flatMap(Int.init).map { .milliseconds($0) }

    /// Logs a hold of the writer that began at `began` when it passed `traceWrites`.
    private func trace(_ began: ContinuousClock.Instant, committing: ContinuousClock.Instant, _ what: String) {
        guard let bound = Self.traceWrites, ContinuousClock.now - began > bound else { return }
        let ms = { (time: Duration) in
            time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000
        }
        let now = ContinuousClock.now
        logger.notice("write held the writer \(ms(now - began)) ms (commit \(ms(now - committing)) ms): \(what)")
    }

    private func transaction<T: Sendable>(
        _ got: () -> Void,
        at caller: (file: StaticString, line: UInt),
        checkingReferences: Bool = true,
        _ body: @Sendable (any SQLDatabase, BulkWriter) async throws -> T
    ) async throws -> T {
        switch backend {
        case .sqlite(let writer, _):
            return try await writer.withConnection { connection in
                got()
                let db = connection.sql()
                // Outside the transaction: inside one, SQLite ignores the pragma.
                if !checkingReferences { try await db.raw("PRAGMA foreign_keys = OFF").run() }
                let began = ContinuousClock.now
                let result: T
                do {
                    try await db.raw("BEGIN IMMEDIATE").run()
                    result = try await body(db, BulkWriter(db: db, sqlite: connection))
                    let committing = ContinuousClock.now
                    try await db.raw("COMMIT").run()
                    trace(began, committing: committing, "\(caller.file):\(caller.line)")
                } catch {
                    try? await db.raw("ROLLBACK").run()
                    if !checkingReferences { try await db.raw("PRAGMA foreign_keys = ON").run() }
                    throw error
                }
                if !checkingReferences { try await db.raw("PRAGMA foreign_keys = ON").run() }
                return result
            }
        case .postgres(let client):
            await running.wait()
            do {
                return try await client.withTransaction(logger: logger) { connection in
                    got()
                    let db = sql(on: connection)
                    let copies = copiesImports.withLock { $0 }
                    return try await body(
                        db,
                        BulkWriter(db: db, sqlite: nil, postgres: copies ? connection : nil, logger: logger)
                    )
                }
            } catch let error as PostgresTransactionError {
                // Surface the caller's own error (a FieldError, say), not the wrapper.
                if let closureError = error.closureError { throw closureError }
                throw error
            }
        }
    }

    /// SQLKit's database on a pooled PostgreSQL connection: one that runs frequent statements by
    /// name (`PreparingSQLDatabase`), unless the URL turned that off.
    func sql(on connection: PostgresConnection) -> any SQLDatabase {
        PreparingSQLDatabase(base: connection.sql(), connection: connection, statements: prepared)
    }

    static func postgresSettings(_ url: String) throws -> PostgresSettings {
        try PostgresSettings(URLComponents(string: url)?.queryItems ?? [])
    }

    static func postgresConfiguration(_ url: String) throws -> PostgresClient.Configuration {
        guard let parts = URLComponents(string: url), let host = parts.host, let user = parts.user else {
            throw DatabaseError(description: "not a PostgreSQL URL: postgres://user:password@host:port/database")
        }
        let mode = parts.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        let tls: PostgresClient.Configuration.TLS =
            switch mode {
            case "disable": .disable
            case "require", "verify-full", "verify-ca": .require(.makeClientConfiguration())
            default: .prefer(.makeClientConfiguration())
            }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        var configuration = PostgresClient.Configuration(
            host: host,
            port: parts.port ?? 5432,
            username: user,
            password: parts.password?.removingPercentEncoding,
            database: database.isEmpty ? nil : database,
            tls: tls
        )
        let settings = try PostgresSettings(parts.queryItems ?? [])
        configuration.options.maximumConnections = settings.poolSize
        // Set for every connection at its start; a statement past it is cancelled by the server
        // and its request fails, rather than holding a connection of the pool indefinitely.
        if settings.statementTimeoutMilliseconds > 0 {
            configuration.options.additionalStartupParameters = [
                ("statement_timeout", String(settings.statementTimeoutMilliseconds))
            ]
        }
        return configuration
    }
}

/// The pool and timeout a PostgreSQL URL asks for: `?pool_size=N&statement_timeout=MS`.
public struct PostgresSettings: Sendable, Equatable {
    /// Connections the pool opens at most (`pool_size`, 1–500; 10 when not given).
    public var poolSize = 10
    /// How long one statement may run, in milliseconds, before the server cancels it
    /// (`statement_timeout`; 0, the default, is no limit). Off by default because a wait for a
    /// lock counts too: a node starting while another migrates waits on the migration's lock,
    /// and a backup or a `tally check` of a large book reads in long statements.
    public var statementTimeoutMilliseconds = 0
    /// Whether frequent statements run as named prepared statements (`prepared_statements=on`,
    /// the default, or `off`). Off for a pooler in transaction mode (PgBouncer before 1.21),
    /// which may hand each transaction a different server connection.
    public var preparedStatements = true

    /// Reads the URL's query; a value out of range is an error naming the parameter.
    public init(_ items: [URLQueryItem]) throws {
        for item in items {
            switch item.name {
            case "pool_size":
                guard let value = item.value.flatMap(Int.init), (1...500).contains(value) else {
                    throw DatabaseError(description: "pool_size must be a whole number from 1 to 500")
                }
                poolSize = value
            case "statement_timeout":
                guard let value = item.value.flatMap(Int.init), (0...86_400_000).contains(value) else {
                    throw DatabaseError(
                        description: "statement_timeout must be milliseconds from 0 (no limit) to 86400000"
                    )
                }
                statementTimeoutMilliseconds = value
            case "prepared_statements":
                switch item.value {
                case "on": preparedStatements = true
                case "off": preparedStatements = false
                default: throw DatabaseError(description: "prepared_statements must be on or off")
                }
            default: continue
            }
        }
    }
}
