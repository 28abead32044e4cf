import SQLKit

/// One schema change. Migrations run in order, each in its own transaction, and are recorded in
/// `schema_migrations` so each runs once.
///
/// A migration is frozen: the SQL it sends is kept as text, one file per migration
/// (`Migration0001.swift` …), and never calls the application's types (`TotalsTable`, `Totals`,
/// the services, TallyCore), nor SQLKit's schema builders, whose output a library update could
/// change. It stays what it was on the day it shipped; the schema moves on only by a new migration.
struct Migration: Sendable {
    let version: Int
    let name: String
    /// The statements for SQLite, one per element (SQLite runs one statement per call).
    let sqlite: [String]
    /// The statements for PostgreSQL, one per element.
    let postgres: [String]
    /// A data step that SQL cannot say identically on both engines, frozen in the migration's own
    /// file; it runs after the statements, in the same transaction.
    var then: (@Sendable (any SQLDatabase) async throws -> Void)? = nil

    /// Runs the statements for `engine`, then the data step.
    func apply(_ db: any SQLDatabase, _ engine: SQLEngine) async throws {
        for statement in engine == .sqlite ? sqlite : postgres {
            try await db.raw("\(unsafeRaw: statement)").run()
        }
        try await then?(db)
    }
}

/// Brings a database up to the current schema.
enum Migrator {
    static let all: [Migration] = [
        Migration(
            version: 1,
            name: "users, books, records, receipts, sessions",
            sqlite: Migration0001.sqlite,
            postgres: Migration0001.postgres
        ),
        Migration(
            version: 2,
            name: "kept totals, payee keys, full-text search",
            sqlite: Migration0002.sqlite,
            postgres: Migration0002.postgres,
            then: Migration0002.keyPayees
        ),
        Migration(
            version: 3,
            name: "uploads waiting for an import to be confirmed",
            sqlite: Migration0003.sqlite,
            postgres: Migration0003.postgres
        ),
        Migration(
            version: 4,
            name: "narrower kept totals, leaner search index",
            sqlite: Migration0004.sqlite,
            postgres: Migration0004.postgres
        ),
        Migration(
            version: 5,
            name: "budgets, goals, bills, calendar feeds, user settings",
            sqlite: Migration0005.sqlite,
            postgres: Migration0005.postgres
        ),
        Migration(
            version: 6,
            name: "login throttling, server secrets, hashed calendar-feed tokens",
            sqlite: Migration0006.sqlite,
            postgres: Migration0006.postgres,
            then: Migration0006.hashFeedTokens
        ),
        Migration(
            version: 7,
            name: "catalogue versions for the in-memory catalogue",
            sqlite: Migration0007.sqlite,
            postgres: Migration0007.postgres
        ),
        Migration(
            version: 8,
            name: "payee totals read from the index alone on PostgreSQL",
            sqlite: Migration0008.sqlite,
            postgres: Migration0008.postgres
        ),
        Migration(
            version: 9,
            name: "all-time totals by kind read in index order on SQLite",
            sqlite: Migration0009.sqlite,
            postgres: Migration0009.postgres
        ),
        Migration(
            version: 10,
            name: "idempotency keys for adds",
            sqlite: Migration0010.sqlite,
            postgres: Migration0010.postgres
        ),
        Migration(
            version: 11,
            name: "idempotency keys by age",
            sqlite: Migration0011.sqlite,
            postgres: Migration0011.postgres
        ),
        Migration(
            version: 12,
            name: "archived books, invitations, display names",
            sqlite: Migration0012.sqlite,
            postgres: Migration0012.postgres
        ),
        Migration(
            version: 13,
            name: "second factor, sessions by user, profile photos",
            sqlite: Migration0013.sqlite,
            postgres: Migration0013.postgres
        ),
        Migration(
            version: 14,
            name: "the user an email invitation is for",
            sqlite: Migration0014.sqlite,
            postgres: Migration0014.postgres
        ),
        Migration(
            version: 15,
            name: "exchange rates, converted amounts and their kept totals",
            sqlite: Migration0015.sqlite,
            postgres: Migration0015.postgres
        ),
        Migration(
            version: 16,
            name: "staged statement imports, imported ids, account numbers, CSV presets, rules",
            sqlite: Migration0016.sqlite,
            postgres: Migration0016.postgres
        ),
        Migration(
            version: 17,
            name: "a staged row's other side of a transfer within the same file",
            sqlite: Migration0017.sqlite,
            postgres: Migration0017.postgres
        ),
        Migration(
            version: 18,
            name: "split records: their lines, and a record count per totals cell",
            sqlite: Migration0018.sqlite,
            postgres: Migration0018.postgres
        ),
        Migration(
            version: 19,
            name: "tags on records",
            sqlite: Migration0019.sqlite,
            postgres: Migration0019.postgres
        ),
        Migration(
            version: 20,
            name: "month totals by payee without categories",
            sqlite: Migration0020.sqlite,
            postgres: Migration0020.postgres
        ),
        Migration(
            version: 21,
            name: "split lines and tags on staged bank-file rows",
            sqlite: Migration0021.sqlite,
            postgres: Migration0021.postgres
        ),
        Migration(
            version: 22,
            name: "kept totals by year, account and payee",
            sqlite: Migration0022.sqlite,
            postgres: Migration0022.postgres
        ),
        Migration(
            version: 23,
            name: "the records' money columns by id, for word search",
            sqlite: Migration0023.sqlite,
            postgres: Migration0023.postgres
        ),
        Migration(
            version: 24,
            name: "word search folds accents on PostgreSQL",
            sqlite: Migration0024.sqlite,
            postgres: Migration0024.postgres
        ),
        Migration(
            version: 25,
            name: "records keep their search words on PostgreSQL",
            sqlite: Migration0025.sqlite,
            postgres: Migration0025.postgres
        ),
        Migration(
            version: 26,
            name: "kept totals by year and category",
            sqlite: Migration0026.sqlite,
            postgres: Migration0026.postgres
        ),
        Migration(
            version: 27,
            name: "kept moves per account and currency, by day and by month",
            sqlite: Migration0027.sqlite,
            postgres: Migration0027.postgres
        ),
        Migration(
            version: 28,
            name: "long writes under way, one per book, to finish or undo after a restart",
            sqlite: Migration0028.sqlite,
            postgres: Migration0028.postgres
        ),
        Migration(
            version: 29,
            name: "a person's locale and first day of the week",
            sqlite: Migration0029.sqlite,
            postgres: Migration0029.postgres
        ),
    ]

    /// The table where applied versions are recorded, frozen like the migrations.
    static func schemaMigrations(_ engine: SQLEngine) -> String {
        switch engine {
        case .sqlite:
            #"CREATE TABLE IF NOT EXISTS "schema_migrations" ("version" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "applied_at" TEXT NOT NULL)"#
        case .postgres:
            #"CREATE TABLE IF NOT EXISTS "schema_migrations" ("version" BIGINT PRIMARY KEY, "name" TEXT NOT NULL, "applied_at" TEXT NOT NULL)"#
        }
    }

    /// Applies every migration not yet recorded (up to `last`); returns the versions it applied.
    @discardableResult
    static func migrate(_ database: Database, upTo last: Int = .max) async throws -> [Int] {
        let engine = database.engine
        try await database.write { db in
            try await lockMigrations(db, engine: engine)
            try await db.raw("\(unsafeRaw: schemaMigrations(engine))").run()
        }
        var applied: [Int] = []
        for migration in all where migration.version <= last {
            let done = try await database.write { db in
                // Re-checked inside the writing transaction (under the lock on PostgreSQL) so
                // two servers starting together cannot both apply it.
                try await lockMigrations(db, engine: engine)
                let rows = try await db.select().column("version").from("schema_migrations")
                    .where("version", .equal, migration.version).all()
                guard rows.isEmpty else { return false }
                try await migration.apply(db, engine)
                try await db.insert(into: "schema_migrations")
                    .columns("version", "name", "applied_at")
                    .values(SQLBind(migration.version), SQLBind(migration.name), SQLBind(Clock.timestamp()))
                    .run()
                return true
            }
            if done { applied.append(migration.version) }
        }
        return applied
    }

    /// On PostgreSQL, a transaction-scoped advisory lock serialises migrations between processes;
    /// SQLite's `BEGIN IMMEDIATE` already allows one writer at a time. A `statement_timeout` in
    /// the URL is lifted for the migration's transaction: waiting for another process's migration,
    /// or rebuilding a large table, must not be cancelled halfway through a start.
    private static func lockMigrations(_ db: any SQLDatabase, engine: SQLEngine) async throws {
        guard engine == .postgres else { return }
        try await db.raw("SET LOCAL statement_timeout = 0").run()
        try await db.raw("SELECT pg_advisory_xact_lock(7433100)").run()
    }
}
