import SQLKit
import TallyCore

extension Users {
    /// Saves a web session's JSON under the SHA-256 of its key (a leaked table reveals no
    /// usable session ids). `expiresAt` is in Unix seconds; nil keeps an existing expiry.
    /// `userID` is the session's user, kept beside the JSON so their sessions can be ended.
    public func putSession(key: String, value: String, expiresAt: Int64?, userID: UserID? = nil) async throws {
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO sessions (key_hash, value, expires_at, user_id) VALUES (\(bind: Self.sha256(key)), \(bind: value), \(bind: expiresAt), \(bind: userID))
                ON CONFLICT (key_hash) DO UPDATE SET value = excluded.value, user_id = excluded.user_id,
                expires_at = COALESCE(excluded.expires_at, sessions.expires_at)
                """
            ).run()
        }
    }

    /// Ends every session of `user` but the one whose key is `keep` (the caller's own); returns
    /// how many ended.
    @discardableResult
    public func endSessions(of user: User, except keep: String?) async throws -> Int {
        let kept = keep.map(Self.sha256) ?? ""
        return try await database.write { db in
            try await db.raw(
                "DELETE FROM sessions WHERE user_id = \(bind: user.id) AND key_hash <> \(bind: kept) RETURNING key_hash"
            ).all().count
        }
    }

    /// A live session's JSON and expiry; expired ones are deleted and not returned.
    public func session(key: String) async throws -> (value: String, expiresAt: Int64?)? {
        let hash = Self.sha256(key)
        let row = try await database.read { db in
            try await db.raw("SELECT value, expires_at FROM sessions WHERE key_hash = \(bind: hash)").first()
        }
        guard let session = try row?.decode(model: SessionRow.self) else { return nil }
        if let expiresAt = session.expiresAt, expiresAt <= Clock.unixNow() {
            try await removeSession(key: key)
            return nil
        }
        return (session.value, session.expiresAt)
    }

    /// Ends a session.
    public func removeSession(key: String) async throws {
        try await database.write { db in
            try await db.raw("DELETE FROM sessions WHERE key_hash = \(bind: Self.sha256(key))").run()
        }
    }

    /// Deletes every expired session; returns how many.
    @discardableResult
    public func purgeExpiredSessions() async throws -> Int {
        try await database.write { db in
            try await db.raw(
                "DELETE FROM sessions WHERE expires_at IS NOT NULL AND expires_at <= \(bind: Clock.unixNow()) RETURNING key_hash"
            ).all().count
        }
    }
}
