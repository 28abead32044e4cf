import SQLKit
import TallyCore

/// How many failed password checks are allowed before sign-in is refused for a while.
public struct LoginLimits: Sendable {
    /// Failures per account (email) within `window` before that account is throttled.
    public var perAccount: Int
    /// Failures per client address within `window` (any accounts) before the address is throttled.
    public var perClient: Int
    /// The sliding window, in seconds.
    public var window: Int64
    /// Sign-ups per client address within `window`, whether they succeed or not: each one costs
    /// a bcrypt hash and may make an account, so a flood is refused like a flood of guesses.
    public var signupsPerClient: Int

    /// The server's limits: 5 per account and 50 per address in 15 minutes, and 10 sign-ups per
    /// address in the same 15 minutes.
    public static let standard = LoginLimits(perAccount: 5, perClient: 50, window: 15 * 60)

    /// Makes limits (tests use small ones).
    public init(perAccount: Int, perClient: Int, window: Int64, signupsPerClient: Int = 10) {
        self.perAccount = perAccount
        self.perClient = perClient
        self.window = window
        self.signupsPerClient = signupsPerClient
    }
}

/// A sign-in refused without checking the password, because of too many recent failures.
public struct LoginThrottled: Error, Sendable, Equatable, CustomStringConvertible {
    /// Seconds until one more attempt will be checked (for `Retry-After`), at least 1.
    public let retryAfter: Int
    /// Whether the account or the client address hit its limit.
    public let byClient: Bool
    /// Whether it was a sign-up (by client address) rather than a sign-in.
    public var signUp = false

    /// What the person is told.
    public var description: String {
        let minutes = max(1, (retryAfter + 59) / 60)
        let wait = "try again in \(minutes) minute\(minutes == 1 ? "" : "s")"
        if signUp { return "too many sign-ups from your network; \(wait)" }
        return byClient
            ? "too many failed sign-ins from your network; \(wait)"
            : "too many failed sign-ins for this account; \(wait)"
    }
}

extension Users {
    /// Claims one password check for `email` from `client`, or throws `LoginThrottled` when the
    /// account or the address already has too many failures in the window. The claim is written
    /// as a failure *before* bcrypt runs, so parallel guesses (even in other processes sharing
    /// PostgreSQL) are counted; a successful check removes the account's failures afterwards.
    func claimLoginAttempt(email: String, client: String?, limits: LoginLimits) async throws {
        let account = Self.sha256(email)
        let clientKey = Self.boundedClient(client)
        let now = Clock.unixNow()
        let since = now - limits.window
        let engine = database.engine
        try await database.write { db in
            try await Self.serialize(db, engine: engine, keys: [account] + (clientKey.map { [$0] } ?? []))
            // Pruned as it goes: nothing older than the window is ever read again.
            try await db.raw("DELETE FROM login_failures WHERE failed_at <= \(bind: since)").run()
            if let oldest = try await Self.limitingFailure(
                db,
                column: "account_key",
                key: account,
                since: since,
                limit: limits.perAccount
            ) {
                throw LoginThrottled(retryAfter: Self.retry(oldest, window: limits.window, now: now), byClient: false)
            }
            if let clientKey,
                let oldest = try await Self.limitingFailure(
                    db,
                    column: "client",
                    key: clientKey,
                    since: since,
                    limit: limits.perClient
                )
            {
                throw LoginThrottled(retryAfter: Self.retry(oldest, window: limits.window, now: now), byClient: true)
            }
            try await db.raw(
                """
                INSERT INTO login_failures (account_key, client, failed_at) VALUES (\(bind: account), \(bind: clientKey ?? ""), \(bind: now))
                """
            ).run()
        }
    }

    /// Makes claims on the same keys wait for each other until this transaction ends. On
    /// PostgreSQL a write transaction is READ COMMITTED: overlapping attempts on one account all
    /// counted the same failures, and 12 at once got 7-12 password checks past a limit of 5
    /// (found by `scripts/bench --cluster`, on one node as on two). A transaction-scoped advisory
    /// lock per key, taken in the same order by every claim (account, then address), so two
    /// claims never wait on each other in a circle. SQLite's `BEGIN IMMEDIATE` already runs one
    /// write at a time.
    static func serialize(_ db: any SQLDatabase, engine: SQLEngine, keys: [String]) async throws {
        guard engine == .postgres else { return }
        for key in keys {
            try await db.raw("SELECT pg_advisory_xact_lock(hashtextextended(\(bind: "login " + key), 0))").run()
        }
    }

    /// Claims one sign-up from `client`, or throws `LoginThrottled` when the address already
    /// made `limits.signupsPerClient` in the window. Counted in `login_failures` under a client
    /// key of its own ("signup " and the address), so every node sharing the database counts the
    /// same attempts and sign-ups never count against the address's sign-ins. A sign-up without
    /// an address (the CLI on the data folder) is not throttled.
    func claimSignUp(client: String?, limits: LoginLimits) async throws {
        guard let address = Self.boundedClient(client) else { return }
        let key = "signup " + address
        let now = Clock.unixNow()
        let since = now - limits.window
        let engine = database.engine
        try await database.write { db in
            try await Self.serialize(db, engine: engine, keys: [key])
            if let oldest = try await Self.limitingFailure(
                db,
                column: "client",
                key: key,
                since: since,
                limit: limits.signupsPerClient
            ) {
                throw LoginThrottled(
                    retryAfter: Self.retry(oldest, window: limits.window, now: now),
                    byClient: true,
                    signUp: true
                )
            }
            try await db.raw(
                "INSERT INTO login_failures (account_key, client, failed_at) VALUES ('signup', \(bind: key), \(bind: now))"
            ).run()
        }
    }

    /// A correct password: the account's failures are forgotten (the address keeps its count of
    /// failures against other accounts).
    func clearLoginFailures(email: String) async throws {
        let account = Self.sha256(email)
        try await database.write { db in
            try await db.raw("DELETE FROM login_failures WHERE account_key = \(bind: account)").run()
        }
    }

    /// Deletes failures older than the window; returns how many (run by the sweeper).
    @discardableResult
    public func pruneLoginFailures(limits: LoginLimits = .standard) async throws -> Int {
        let since = Clock.unixNow() - limits.window
        return try await database.write { db in
            try await db.raw("DELETE FROM login_failures WHERE failed_at <= \(bind: since) RETURNING id").all().count
        }
    }

    /// The failure whose expiry would bring the count under `limit` (the `limit`-th newest), or
    /// nil when there are fewer than `limit` in the window.
    private static func limitingFailure(
        _ db: any SQLDatabase,
        column: String,
        key: String,
        since: Int64,
        limit: Int
    ) async throws -> Int64? {
        try await db.raw(
            """
            SELECT failed_at FROM login_failures WHERE \(ident: column) = \(bind: key) AND failed_at > \(bind: since)
            ORDER BY failed_at DESC LIMIT 1 OFFSET \(literal: max(0, limit - 1))
            """
        ).first()?.decode(column: "failed_at", as: Int64.self)
    }

    private static func retry(_ failedAt: Int64, window: Int64, now: Int64) -> Int {
        Int(max(1, min(window, failedAt + window - now)))
    }

    /// Client addresses are short; anything longer or stranger is cut, so the column stays small.
    static func boundedClient(_ client: String?) -> String? {
        guard let client, !client.isEmpty else { return nil }
        return String(
            client.unicodeScalars.filter { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }.prefix(64).map(
                Character.init
            )
        )
    }
}
