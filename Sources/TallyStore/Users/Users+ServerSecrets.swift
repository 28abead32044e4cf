import Foundation
import SQLKit

extension Users {
    /// A 256-bit secret (64 hex digits) that the server makes once and keeps in the database, so
    /// every process and every restart signs with the same key (the CSRF tokens). Two processes
    /// starting together agree: the first insert wins and both read it back.
    public func serverSecret(named name: String) async throws -> String {
        let fresh = Self.randomHex(bytes: 32)
        return try await database.write { db in
            try await db.raw(
                """
                INSERT INTO server_secrets (name, value, created_at) VALUES (\(bind: name), \(bind: fresh), \(bind: Clock.timestamp()))
                ON CONFLICT (name) DO NOTHING
                """
            ).run()
            guard let row = try await db.raw("SELECT value FROM server_secrets WHERE name = \(bind: name)").first()
            else {
                throw StoreError.notFound("server secret")
            }
            return try row.decode(column: "value", as: String.self)
        }
    }
}
