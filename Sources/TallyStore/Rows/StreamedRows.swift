import PostgresNIO
import SQLKit
import SQLiteKit
import SQLiteNIO
import Synchronization

/// A row of a streamed query, read column by column by name.
///
/// `.all()` holds every row of a query at once, and SQLKit's decoder pays a dynamic cast for
/// every value; a statement import reads a hundred thousand rows twice. Streamed, a row is read
/// and dropped, and on SQLite its values are taken straight from SQLiteNIO's row.
protocol StreamedRow {
    /// An integer column; nil when NULL.
    func int(_ column: String) throws -> Int64?
    /// A text column; nil when NULL.
    func text(_ column: String) throws -> String?
}

private struct SQLiteStreamedRow: StreamedRow {
    let row: SQLiteRow
    func int(_ column: String) -> Int64? { row.column(column)?.integer.map { Int64($0) } }
    func text(_ column: String) -> String? {
        switch row.column(column) {
        case .text(let text): text
        case .integer(let number): String(number)
        default: nil
        }
    }
}

/// A PostgreSQL row read straight from PostgresNIO: each cell decoded as the one type asked for,
/// where SQLKit's decoder goes through `Codable` and a chain of dynamic casts per value.
private struct PostgresStreamedRow: StreamedRow {
    let row: PostgresRandomAccessRow
    init(_ row: PostgresRow) { self.row = row.makeRandomAccess() }
    func int(_ column: String) throws -> Int64? { try cell(column).decode(Int64?.self) }
    func text(_ column: String) throws -> String? { try cell(column).decode(String?.self) }

    private func cell(_ column: String) throws -> PostgresCell {
        guard row.contains(column) else { throw DatabaseError(description: "no column \(column) in the row") }
        return row[column]
    }
}

struct SQLKitStreamedRow: StreamedRow {
    let row: any SQLRow
    func int(_ column: String) throws -> Int64? { try row.decode(column: column, as: Int64?.self) }
    func text(_ column: String) throws -> String? { try row.decode(column: column, as: String?.self) }
}

/// Runs `query` and hands each row to `body`, in order, as it comes. On SQLite the query goes to
/// `sqlite` (the same connection as `db`) with the same SQL and binds SQLKit would send.
func streamRows(
    _ db: any SQLDatabase,
    sqlite: SQLiteConnection?,
    _ query: SQLQueryString,
    _ body: @escaping @Sendable (any StreamedRow) -> Void
) async throws {
    guard let sqlite else {
        if let postgres = db as? PreparingSQLDatabase, try await postgres.rows(query, { body(PostgresStreamedRow($0)) })
        {
            return
        }
        try await db.raw(query).run { body(SQLKitStreamedRow(row: $0)) }
        return
    }
    var serializer = SQLSerializer(database: db)
    query.serialize(to: &serializer)
    let encoder = SQLiteDataEncoder()
    let binds = try serializer.binds.map { try encoder.encode($0) }
    try await sqlite.query(serializer.sql, binds) { body(SQLiteStreamedRow(row: $0)) }
}

extension Database {
    /// Streams a query's rows on a reading connection (see `streamRows`).
    func stream(_ query: SQLQueryString, _ body: @escaping @Sendable (any StreamedRow) -> Void) async throws {
        try await readStreaming { db, sqlite in try await streamRows(db, sqlite: sqlite, query, body) }
    }

    /// Runs `body` on a reading connection, with that connection's SQLiteNIO handle on SQLite so
    /// that `streamRows` can read it directly.
    func readStreaming<T: Sendable>(
        _ body: @Sendable (any SQLDatabase, SQLiteConnection?) async throws -> T
    ) async throws -> T {
        if let snapshot = currentSnapshot { return try await body(snapshot.db, snapshot.sqlite) }
        // Counted in the pool metrics as `read` is: the record list reads this way.
        return try await metrics.connection(.read) { got in
            switch backend {
            case .sqlite(_, let readers):
                return try await readers.withConnection {
                    got()
                    return try await body($0.sql(), $0)
                }
            case .postgres(let client):
                await running.wait()
                return try await client.withConnection {
                    got()
                    return try await body(sql(on: $0), nil)
                }
            }
        }
    }

    /// The SQLite file an export may open its own snapshot of (`ExportSnapshotReader`); nil on
    /// PostgreSQL and on an in-memory database, which no other connection can open.
    var snapshotPath: String? { readsBesideWrites ? path : nil }

    /// Whether a read can run while a write transaction is open: not on an in-memory SQLite
    /// database, whose one connection the transaction holds.
    var readsBesideWrites: Bool {
        if case .sqlite(let writer, let readers) = backend { return readers !== writer }
        return true
    }
}

/// What a streamed query builds up as its rows go by. The rows arrive one at a time on the
/// database's thread; the lock is never contended, it only makes the hand-over safe. The first
/// error ends the collection and is thrown by `result()`.
final class StreamCollector<State: Sendable>: Sendable {
    private let state: Mutex<(value: State, error: (any Error)?)>

    init(_ initial: State) { state = Mutex((initial, nil)) }

    /// Adds a row to the state; after an error, rows are ignored.
    func add(_ body: (inout State) throws -> Void) {
        state.withLock { state in
            guard state.error == nil else { return }
            do { try body(&state.value) } catch { state.error = error }
        }
    }

    /// What the rows made, or the first error.
    func result() throws -> State {
        try state.withLock { state in
            if let error = state.error { throw error }
            return state.value
        }
    }
}
