import Logging
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit

/// PostgresKit's database on one pooled connection, except that a statement run often enough
/// (see `PreparedStatements`) runs as a named prepared statement: parsed once per connection,
/// and planned once when PostgreSQL settles on a generic plan. Every query of the store goes
/// through it, so no call site names its statements. `rows` also lets a hot read (the page of
/// records) take PostgresNIO's rows as they are.
struct PreparingSQLDatabase: SQLDatabase {
    /// PostgresKit's own database on the connection: the dialect, and the path for the rest.
    let base: any SQLDatabase
    let connection: PostgresConnection
    /// Nil when the URL turned named statements off: every statement then runs unnamed.
    let statements: PreparedStatements?

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(
        sql query: any SQLExpression,
        _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) -> EventLoopFuture<
        Void
    > {
        base.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        guard try await rows(query, { onRow($0.sql()) }) else {
            return try await base.execute(sql: query, onRow)
        }
    }

    /// Runs `query` (named once it is frequent) and hands `body` PostgresNIO's own rows, which
    /// a caller can read by position or name without SQLKit's decoder. False, with nothing run,
    /// when a bind is of a type `PostgresBinds` does not convert.
    func rows(_ query: any SQLExpression, _ body: (PostgresRow) throws -> Void) async throws -> Bool {
        let (sql, binds) = serialize(query)
        guard let (bindings, types) = PostgresBinds.bindings(binds) else { return false }
        if let level = queryLogLevel {
            logger.log(level: level, "Executing query", metadata: ["sql": .string(sql)])
        }
        let key = PreparedStatements.Key(sql: sql, types: types)
        guard let statements, let name = statements.name(for: key, connection: connection.id) else {
            for try await row in try await connection.query(
                PostgresQuery(unsafeSQL: sql, binds: bindings),
                logger: logger
            ) {
                try body(row)
            }
            return true
        }
        do {
            let rows = try await NamedStatement.$current.withValue(NamedStatement.Text(name: name, sql: sql)) {
                try await connection.execute(NamedStatement(bindings: bindings), logger: logger)
            }
            for try await row in rows { try body(row) }
            return true
        } catch {
            if Self.mayHaveSpoiled(error) { statements.failed(key, connection: connection.id) }
            throw error
        }
    }

    /// Whether an error may have come from the statement's preparation, which PostgresNIO would
    /// then refuse for good on this connection. Integrity violations (class 23: a duplicate, a
    /// missing parent) and rollbacks (class 40: serialization, deadlock) come from running a
    /// prepared statement, and are the ones a server sees in the ordinary course.
    private static func mayHaveSpoiled(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return true }
        return !(state.hasPrefix("23") || state.hasPrefix("40"))
    }
}

/// A named statement whose text is chosen at run time.
///
/// PostgresNIO names and caches a prepared statement by its type's static `name` and `sql`, which
/// suits statements written by hand; Tally's are built by SQLKit. `PostgresConnection.execute`
/// reads both statics while it runs, in the caller's task, so they answer with the task-local
/// text set around that one call. `PreparedStatementTests` checks that the server holds each
/// text under its own name.
struct NamedStatement: PostgresPreparedStatement {
    struct Text: Sendable {
        let name: String
        let sql: String
    }

    @TaskLocal static var current = Text(name: "", sql: "")

    static var name: String { current.name }
    static var sql: String { current.sql }

    let bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
