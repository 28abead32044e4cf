import SQLKit

/// One schema change. Migrations run in order, each in its own transaction, and are recorded in
/// `schema_migrations` so each runs once.
struct Migration: Sendable {
    let version: Int
    let name: String
    let apply: @Sendable (any SQLDatabase, SQLEngine) async throws -> Void
}

/// Brings a database up to the current schema.
enum Migrator {
    static let all: [Migration] = [
        Migration(
            version: 1,
            name: "users, books, records, receipts, sessions",
            apply: { db, _ in try await Schema1.apply(db) }
        ),
        Migration(version: 2, name: "kept totals, payee keys, full-text search", apply: Schema2.apply),
        Migration(
            version: 3,
            name: "uploads waiting for an import to be confirmed",
            apply: { db, _ in
                try await db.create(table: "pending_imports")
                    .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
                    .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
                    .column("user_id", type: .bigint, .notNull, .references("users", "id", onDelete: .cascade))
                    .column("file_name", type: .text, .notNull)
                    .column("data", type: .blob, .notNull)
                    .column("created_at", type: .text, .notNull)
                    .run()
            }
        ),
        Migration(version: 4, name: "narrower kept totals, leaner search index", apply: Schema4.apply),
        Migration(version: 5, name: "budgets, goals, bills, calendar feeds, user settings", apply: Schema5.apply),
        Migration(
            version: 6,
            name: "login throttling, server secrets, hashed calendar-feed tokens",
            apply: Schema6.apply
        ),
    ]

    /// Applies every migration not yet recorded (up to `last`); returns the versions it applied.
    @discardableResult
    static func migrate(_ database: Database, upTo last: Int = .max) async throws -> [Int] {
        let engine = database.engine
        try await database.write { db in
            try await lockMigrations(db, engine: engine)
            try await db.create(table: "schema_migrations").ifNotExists()
                .column("version", type: .bigint, .primaryKey(autoIncrement: false))
                .column("name", type: .text, .notNull)
                .column("applied_at", type: .text, .notNull)
                .run()
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
    /// SQLite's `BEGIN IMMEDIATE` already allows one writer at a time.
    private static func lockMigrations(_ db: any SQLDatabase, engine: SQLEngine) async throws {
        if engine == .postgres { try await db.raw("SELECT pg_advisory_xact_lock(7433100)").run() }
    }
}

/// The first schema. Money is BIGINT minor units + a currency code; dates are "YYYY-MM-DD" text,
/// which sorts like dates on both engines; booleans are 0/1 integers.
enum Schema1 {
    static func apply(_ db: any SQLDatabase) async throws {
        try await db.create(table: "users")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("email", type: .text, .notNull, .unique)
            .column("password_hash", type: .text, .notNull)
            .column("created_at", type: .text, .notNull)
            .run()
        try await db.create(table: "books")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("name", type: .text, .notNull)
            .column("currency", type: .text, .notNull)
            .column("created_at", type: .text, .notNull)
            .run()
        try await db.create(table: "book_members")
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("user_id", type: .bigint, .notNull, .references("users", "id", onDelete: .cascade))
            .column("role", type: .text, .notNull)
            .primaryKey("book_id", "user_id")
            .run()
        try await db.create(index: "book_members_user").on("book_members").column("user_id").run()
        try await db.create(table: "api_tokens")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("user_id", type: .bigint, .notNull, .references("users", "id", onDelete: .cascade))
            .column("name", type: .text, .notNull)
            .column("token_hash", type: .text, .notNull, .unique)
            .column("created_at", type: .text, .notNull)
            .column("last_used_at", type: .text)
            .run()
        try await db.create(table: "sessions")
            .column("key_hash", type: .text, .primaryKey(autoIncrement: false))
            .column("value", type: .text, .notNull)
            .column("expires_at", type: .bigint)
            .run()
        try await db.create(table: "accounts")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("name", type: .text, .notNull)
            .column("kind", type: .text, .notNull)
            .column("currency", type: .text, .notNull)
            .column("opening_minor", type: .bigint, .notNull)
            .column("archived", type: .bigint, .notNull)
            .column("position", type: .bigint, .notNull)
            .unique("book_id", "name")
            .run()
        try await db.create(table: "categories")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("parent_id", type: .bigint, .references("categories", "id", onDelete: .cascade))
            .column("kind", type: .text, .notNull)
            .column("name", type: .text, .notNull)
            .column("icon", type: .text, .notNull)
            .column("color", type: .text, .notNull)
            .column("position", type: .bigint, .notNull)
            .run()
        try await db.create(index: "categories_book").on("categories").column("book_id").column("kind").run()
        try await db.create(table: "payees")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("name", type: .text, .notNull)
            .column("name_key", type: .text, .notNull)
            .column("last_category_id", type: .bigint, .references("categories", "id", onDelete: .setNull))
            .column("last_account_id", type: .bigint, .references("accounts", "id", onDelete: .setNull))
            .column("last_amount_minor", type: .bigint)
            .column("last_currency", type: .text)
            .column("use_count", type: .bigint, .notNull)
            .unique("book_id", "name_key")
            .run()
        try await db.create(table: "transactions")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("kind", type: .text, .notNull)
            .column("amount_minor", type: .bigint, .notNull)
            .column("currency", type: .text, .notNull)
            .column("date", type: .text, .notNull)
            // "" when no time was given, so it sorts first on both engines (NULLs do not).
            .column("time", type: .text, .notNull)
            .column("payee", type: .text, .notNull)
            .column("category_id", type: .bigint, .references("categories", "id"))
            .column("account_id", type: .bigint, .references("accounts", "id"))
            .column("to_account_id", type: .bigint, .references("accounts", "id"))
            .column("note", type: .text, .notNull)
            .column("created_at", type: .text, .notNull)
            .column("updated_at", type: .text, .notNull)
            .run()
        try await db.create(index: "transactions_book_date").on("transactions")
            .column("book_id").column("date").column("time").column("id").run()
        try await db.create(index: "transactions_book_category_date").on("transactions")
            .column("book_id").column("category_id").column("date").run()
        try await db.create(index: "transactions_book_account").on("transactions").column("book_id").column(
            "account_id"
        ).run()
        try await db.create(index: "transactions_to_account").on("transactions").column("to_account_id").run()
        try await db.create(table: "receipts")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("transaction_id", type: .bigint, .notNull, .references("transactions", "id", onDelete: .cascade))
            .column("content_type", type: .text, .notNull)
            .column("byte_size", type: .bigint, .notNull)
            .column("data", type: .blob, .notNull)
            .column("created_at", type: .text, .notNull)
            .run()
        try await db.create(index: "receipts_transaction").on("receipts").column("transaction_id").run()
    }
}
