import Foundation
import SQLKit
import Testing

@testable import TallyStore

/// `?pool_size=`, `?statement_timeout=` and `?prepared_statements=` on a PostgreSQL URL.
@Suite("PostgreSQL pool and timeout settings")
struct PostgresSettingsTests {
    @Test func defaultsAndValues() throws {
        #expect(try PostgresSettings([]) == PostgresSettings([URLQueryItem(name: "sslmode", value: "disable")]))
        let none = try PostgresSettings([])
        #expect(none.poolSize == 10 && none.statementTimeoutMilliseconds == 0 && none.preparedStatements)
        #expect(try !PostgresSettings([URLQueryItem(name: "prepared_statements", value: "off")]).preparedStatements)
        let set = try PostgresSettings([
            URLQueryItem(name: "pool_size", value: "25"), URLQueryItem(name: "statement_timeout", value: "0"),
        ])
        #expect(set.poolSize == 25 && set.statementTimeoutMilliseconds == 0)
        let configuration = try Database.postgresConfiguration(
            "postgres://u:p@db:5432/tally?sslmode=disable&pool_size=3&statement_timeout=1500"
        )
        #expect(configuration.options.maximumConnections == 3)
        #expect(
            configuration.options.additionalStartupParameters.map { "\($0.0)=\($0.1)" } == ["statement_timeout=1500"]
        )
    }

    @Test(arguments: [
        ("pool_size", "0", "pool_size must be a whole number from 1 to 500"),
        ("pool_size", "ten", "pool_size must be a whole number from 1 to 500"),
        ("statement_timeout", "-1", "statement_timeout must be milliseconds from 0 (no limit) to 86400000"),
        ("statement_timeout", "30s", "statement_timeout must be milliseconds from 0 (no limit) to 86400000"),
        ("prepared_statements", "yes", "prepared_statements must be on or off"),
    ])
    func badValuesNameTheParameter(_ name: String, _ value: String, _ message: String) {
        let error = #expect(throws: DatabaseError.self) {
            try PostgresSettings([URLQueryItem(name: name, value: value)])
        }
        #expect(error?.description == message)
    }

    /// On the real server: a statement past the limit is cancelled, and the pool goes on.
    @Test(.enabled(if: Backend.postgresURL != nil, "TEST_DATABASE_URL is not set: PostgreSQL skipped"))
    func theServerCancelsALongStatement() async throws {
        let url = Backend.postgresURL! + (Backend.postgresURL!.contains("?") ? "&" : "?") + "statement_timeout=200"
        let database = try await Database(.postgres(url))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await database.run() }
            defer { group.cancelAll() }
            await #expect(throws: (any Error).self) {
                try await database.read { db in try await db.raw("SELECT pg_sleep(2)").run() }
            }
            let one = try await database.read { db in
                try await db.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self)
            }
            #expect(one == 1)
        }
    }
}
