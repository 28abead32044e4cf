import Foundation
import TallyCore
import TallyStore
import Testing

/// The databases the store suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is
/// set (CI sets it; locally the PostgreSQL cases are skipped with a message).
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    static let postgresURL = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The backends available here.
    static var available: [Backend] {
        if postgresURL == nil {
            print("note: TEST_DATABASE_URL is not set: PostgreSQL store tests are skipped (SQLite only)")
            return [.sqlite]
        }
        return [.sqlite, .postgres]
    }

    var testDescription: String { rawValue }
}

/// Runs `body` with a migrated, empty store on `backend`. PostgreSQL tests share one database,
/// so they run one at a time (a lock) and start by emptying every table.
func withStore<T: Sendable>(_ backend: Backend, _ body: @Sendable (Store) async throws -> T) async throws -> T {
    switch backend {
    case .sqlite:
        let store = try await Store.open(.sqliteMemory, bcryptCost: 4)
        // Closed on failure too: an unclosed SQLite connection asserts in its deinit (debug
        // builds), which would end the whole test process and hide the failure.
        do {
            try await store.migrate()
            let result = try await body(store)
            await store.database.close()
            return result
        } catch {
            await store.database.close()
            throw error
        }
    case .postgres:
        return try await PostgresLock.shared.run {
            let store = try await Store.open(.postgres(Backend.postgresURL!), bcryptCost: 4)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await store.database.run() }
                defer { group.cancelAll() }
                // The API suite (another target in the same test process) empties the same
                // database: one pooled connection holds a shared advisory lock meanwhile.
                return try await store.database.read { lock in
                    try await lock.raw("SELECT pg_advisory_lock(7433001)").run()
                    do {
                        try await store.migrate()
                        try await store.database.write { db in
                            for table in [
                                "rule_run_rows", "rule_runs", "imported_ids", "statement_import_rows",
                                "statement_imports",
                                "import_presets", "rules",
                                "bill_payments", "bills", "goal_contributions", "goals", "budget_categories",
                                "budget_accounts", "budgets",
                                "calendar_feeds", "user_settings", "receipts", "transaction_tags", "tags",
                                "transaction_lines", "transactions",
                                "payees", "categories",
                                "accounts", "book_members", "api_tokens", "sessions", "books", "users",
                                "login_failures", "server_secrets",
                            ] {
                                try await db.raw("DELETE FROM \(unsafeRaw: table)").run()
                            }
                        }
                        let result = try await body(store)
                        try await lock.raw("SELECT pg_advisory_unlock(7433001)").run()
                        return result
                    } catch {
                        try? await lock.raw("SELECT pg_advisory_unlock(7433001)").run()
                        throw error
                    }
                }
            }
        }
    }
}

/// Serialises the tests that share the PostgreSQL test database.
actor PostgresLock {
    static let shared = PostgresLock()
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if busy { await withCheckedContinuation { waiters.append($0) } } else { busy = true }
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        return try await body()
    }
}

/// A signed-up user and their first book.
func owner(_ store: Store, email: String = "owner@example.com", currency: String = "USD") async throws -> (User, Book) {
    let user = try await store.users.signUp(
        email: email,
        password: "correct horse",
        currency: currency,
        openSignup: true
    )
    let book = try await store.books.all(for: user)[0]
    return (user, book)
}
