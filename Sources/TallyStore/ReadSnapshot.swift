import PostgresKit
import SQLKit
import SQLiteKit
import SQLiteNIO

/// The read transaction a task is inside (see `Database.snapshot`): reads made within it, by any
/// service, run on its connection and see its one snapshot.
struct ReadSnapshot: Sendable {
    /// The database it belongs to (a test may hold two).
    let owner: ObjectIdentifier
    let db: any SQLDatabase
    /// The same connection for `readStreaming` on SQLite.
    let sqlite: SQLiteConnection?
    /// The same connection on PostgreSQL, for the export's cursor.
    var postgres: PostgresConnection? = nil

    @TaskLocal static var current: ReadSnapshot?
}

extension Database {
    /// Runs `body` inside one read transaction: every `read` it makes, through any service, sees
    /// the database as it was at the first one, and the page is read on one pooled connection
    /// instead of one per read (the dashboard made eleven). SQLite: a deferred `BEGIN` on a
    /// reader; PostgreSQL: `REPEATABLE READ READ ONLY`, whose snapshot spans its statements
    /// (`READ COMMITTED`, the default, takes one per statement).
    ///
    /// Only for work that reads: writes inside still run, in their own transaction, but on an
    /// in-memory SQLite database (one connection, held here) they could not, so there `body` runs
    /// without a snapshot. Nested calls join the outer snapshot.
    public func snapshot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let owner = ObjectIdentifier(self)
        if ReadSnapshot.current?.owner == owner || !readsBesideWrites { return try await body() }
        return try await metrics.connection(.read) { got in
            switch backend {
            case .sqlite(_, let readers):
                return try await readers.withConnection { connection in
                    got()
                    let db = connection.sql()
                    return try await Self.inTransaction(db, begin: "BEGIN") {
                        try await ReadSnapshot.$current.withValue(
                            ReadSnapshot(owner: owner, db: db, sqlite: connection)
                        ) {
                            try await body()
                        }
                    }
                }
            case .postgres(let client):
                await running.wait()
                return try await client.withConnection { connection in
                    got()
                    let db = sql(on: connection)
                    return try await Self.inTransaction(db, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                        try await ReadSnapshot.$current.withValue(
                            ReadSnapshot(owner: owner, db: db, sqlite: nil, postgres: connection)
                        ) {
                            try await body()
                        }
                    }
                }
            }
        }
    }

    /// The snapshot this task is inside, when it belongs to this database.
    var currentSnapshot: ReadSnapshot? {
        ReadSnapshot.current.flatMap { $0.owner == ObjectIdentifier(self) ? $0 : nil }
    }

    private nonisolated(nonsending) static func inTransaction<T: Sendable>(
        _ db: any SQLDatabase,
        begin: String,
        _ body: () async throws -> T
    ) async throws -> T {
        try await db.raw(SQLQueryString(begin)).run()
        do {
            let result = try await body()
            try await db.raw("COMMIT").run()
            return result
        } catch {
            try? await db.raw("ROLLBACK").run()
            throw error
        }
    }
}
