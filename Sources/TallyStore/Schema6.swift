import Crypto
import Foundation
import SQLKit

/// Migration 6: failed sign-ins (for throttling), server secrets (the CSRF signing key), and
/// calendar-feed tokens kept only as SHA-256 hashes.
///
/// Written against SQL only (no live application types) so it means the same thing for as long
/// as old databases exist.
enum Schema6 {
    static func apply(_ db: any SQLDatabase, _ engine: SQLEngine) async throws {
        // One row per failed (or in-flight) password check. `account_key` is the SHA-256 of the
        // normalised email, so the table neither stores what strangers typed nor grows with it
        // beyond 64 characters; `client` is the bounded client address. Rows older than the
        // throttle window are pruned as new ones arrive and by the sweeper.
        try await db.create(table: "login_failures")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("account_key", type: .text, .notNull)
            .column("client", type: .text, .notNull)
            .column("failed_at", type: .bigint, .notNull)
            .run()
        try await db.create(index: "login_failures_account").on("login_failures").column("account_key").column(
            "failed_at"
        ).run()
        try await db.create(index: "login_failures_client").on("login_failures").column("client").column("failed_at")
            .run()
        try await db.create(index: "login_failures_time").on("login_failures").column("failed_at").run()

        // Secrets the server makes once and every process shares (the CSRF HMAC key).
        try await db.create(table: "server_secrets")
            .column("name", type: .text, .primaryKey(autoIncrement: false))
            .column("value", type: .text, .notNull)
            .column("created_at", type: .text, .notNull)
            .run()

        // Feed tokens: keep only their SHA-256, like sessions and API tokens. Existing links keep
        // working because the feed route hashes the token it is given.
        try await db.raw("ALTER TABLE calendar_feeds RENAME COLUMN token TO token_hash").run()
        let rows = try await db.raw("SELECT user_id, token_hash FROM calendar_feeds").all()
        for row in rows {
            let user = try row.decode(column: "user_id", as: Int64.self)
            let plain = try row.decode(column: "token_hash", as: String.self)
            try await db.raw(
                "UPDATE calendar_feeds SET token_hash = \(bind: sha256Hex(plain)) WHERE user_id = \(bind: user)"
            ).run()
        }
    }

    /// Lower-case hex SHA-256 of UTF-8 text (the same digest the store uses for tokens).
    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
