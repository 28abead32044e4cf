import Foundation
import SQLKit
import TallyCore

/// A second factor being set up: the secret to type or scan, shown until a code confirms it.
public struct TwoStepSetup: Sendable {
    /// The secret in base32, grouped by four for typing.
    public let secret: String
    /// The `otpauth://` URI.
    public let uri: String
}

extension Users {
    /// How many one-time recovery codes a user gets.
    public static let recoveryCodeCount = 10

    /// Whether the user signs in with a second factor.
    public func twoStepEnabled(_ user: User) async throws -> Bool {
        try await twoStepRow(user.id)?.enabled ?? false
    }

    /// Starts (or restarts) setting up a second factor once the password is given: a new secret,
    /// kept but not in force until `enableTwoStep` gets a code made from it. Refused while one is
    /// on (turn it off first). The password keeps a stolen session from locking the owner out.
    public func startTwoStep(
        for user: User,
        password: String?,
        client: String? = nil,
        limits: LoginLimits = .standard
    ) async throws -> TwoStepSetup {
        if try await twoStepEnabled(user) { throw StoreError.conflict("two-step sign-in is already on") }
        try await confirmPassword(password, of: user, client: client, limits: limits)
        let secret = TOTP.newSecret()
        let text = TOTP.base32(secret)
        let started = try await database.write { db in
            // Never over a second factor turned on meanwhile (in another tab).
            try await db.raw(
                """
                UPDATE users SET totp_secret = \(bind: text), totp_last_step = NULL
                WHERE id = \(bind: user.id) AND totp_enabled_at IS NULL RETURNING id
                """
            ).first()
        }
        guard started != nil else { throw StoreError.conflict("two-step sign-in is already on") }
        return TwoStepSetup(secret: Self.grouped(text), uri: TOTP.uri(secret: secret, account: user.email))
    }

    /// Turns the second factor on once `code` comes from the secret being set up; returns the
    /// recovery codes, shown this once (only their hashes are kept).
    public func enableTwoStep(for user: User, code: String?, now: Date = Date()) async throws -> [String] {
        guard let row = try await twoStepRow(user.id), let secret = row.secret, !row.enabled else {
            throw StoreError.conflict("start setting up two-step sign-in first")
        }
        guard let step = TOTP.matchingStep(code ?? "", secret: secret, time: Int64(now.timeIntervalSince1970)) else {
            throw FieldError("code", "is not the code your app shows now")
        }
        let codes = (0..<Self.recoveryCodeCount).map { _ in Self.recoveryCode() }
        try await database.write { db in
            // Only the secret the code was checked against: a restart in another tab since then
            // must not turn on a secret the person never saw.
            let enabled = try await db.raw(
                """
                UPDATE users SET totp_enabled_at = \(bind: Clock.timestamp(now)), totp_last_step = \(bind: step)
                WHERE id = \(bind: user.id) AND totp_secret = \(bind: TOTP.base32(secret)) AND totp_enabled_at IS NULL
                RETURNING id
                """
            ).first()
            guard enabled != nil else { throw StoreError.conflict("the setup changed meanwhile: start again") }
            try await db.raw("DELETE FROM recovery_codes WHERE user_id = \(bind: user.id)").run()
            try await Self.storeRecoveryCodes(db, codes, user: user.id)
        }
        return codes
    }

    /// The second factor being set up, to show again after a wrong code, but only to whoever
    /// already holds it (`shown`, the secret the form carried): else a stolen session could read
    /// the secret of a setup its owner left unfinished, and turn two-step sign-in on against them.
    public func pendingTwoStep(for user: User, shown: String?) async throws -> TwoStepSetup? {
        guard let row = try await twoStepRow(user.id), !row.enabled, let secret = row.secret,
            let shown, TOTP.base32Decode(shown) == secret
        else { return nil }
        let text = TOTP.base32(secret)
        return TwoStepSetup(secret: Self.grouped(text), uri: TOTP.uri(secret: secret, account: user.email))
    }

    /// Turns the second factor off once the password is given; the recovery codes go too.
    public func disableTwoStep(
        for user: User,
        password: String?,
        client: String? = nil,
        limits: LoginLimits = .standard
    ) async throws {
        try await confirmPassword(password, of: user, client: client, limits: limits)
        try await resetTwoStep(for: user)
    }

    /// Turns the second factor off without the password: for the server's operator (the CLI),
    /// when someone lost both their phone and their recovery codes.
    public func resetTwoStep(for user: User) async throws {
        try await database.write { db in
            try await db.raw(
                "UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = \(bind: user.id)"
            ).run()
            try await db.raw("DELETE FROM recovery_codes WHERE user_id = \(bind: user.id)").run()
        }
    }

    /// New recovery codes in place of the old ones, once the password is given.
    public func renewRecoveryCodes(
        for user: User,
        password: String?,
        client: String? = nil,
        limits: LoginLimits = .standard
    ) async throws -> [String] {
        try await confirmPassword(password, of: user, client: client, limits: limits)
        guard try await twoStepEnabled(user) else { throw StoreError.conflict("two-step sign-in is off") }
        let codes = (0..<Self.recoveryCodeCount).map { _ in Self.recoveryCode() }
        try await database.write { db in
            try await db.raw("DELETE FROM recovery_codes WHERE user_id = \(bind: user.id)").run()
            try await Self.storeRecoveryCodes(db, codes, user: user.id)
        }
        return codes
    }

    /// Checks the second step of a sign-in: a code from the app (each step accepted once), or an
    /// unused recovery code (then used up). Throttled like passwords; `unauthorized` when wrong.
    public func verifySecondFactor(
        _ user: User,
        code rawCode: String?,
        client: String? = nil,
        limits: LoginLimits = .standard,
        now: Date = Date()
    ) async throws {
        let code = String((rawCode ?? "").prefix(64)).trimmingSpaces()
        let throttleKey = "second-factor:" + user.email
        try await claimLoginAttempt(email: throttleKey, client: client, limits: limits)
        guard let row = try await twoStepRow(user.id), row.enabled, let secret = row.secret else {
            throw StoreError.unauthorized("two-step sign-in is not on for this account")
        }
        if let step = TOTP.matchingStep(code, secret: secret, time: Int64(now.timeIntervalSince1970)) {
            // Only a later step than the last one used: a code seen over a shoulder is spent.
            let taken = try await database.write { db in
                try await db.raw(
                    """
                    UPDATE users SET totp_last_step = \(bind: step) WHERE id = \(bind: user.id)
                    AND (totp_last_step IS NULL OR totp_last_step < \(bind: step)) RETURNING id
                    """
                ).first()
            }
            if taken != nil {
                try await clearLoginFailures(email: throttleKey)
                return
            }
            throw StoreError.unauthorized("that code was already used; wait for the next one")
        }
        let normalized = code.lowercased().filter { $0.isLetter || $0.isNumber }
        let used = try await database.write { db in
            try await db.raw(
                """
                UPDATE recovery_codes SET used_at = \(bind: Clock.timestamp(now))
                WHERE user_id = \(bind: user.id) AND code_hash = \(bind: Self.sha256(normalized)) AND used_at IS NULL
                RETURNING user_id
                """
            ).first()
        }
        guard used != nil else { throw StoreError.unauthorized("wrong code") }
        try await clearLoginFailures(email: throttleKey)
    }

    /// How many recovery codes are left unused.
    public func recoveryCodesLeft(_ user: User) async throws -> Int {
        try await database.read { db in
            try await db.raw(
                "SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = \(bind: user.id) AND used_at IS NULL"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    private struct TwoStepRow {
        let secret: [UInt8]?
        let enabled: Bool
    }

    private func twoStepRow(_ id: UserID) async throws -> TwoStepRow? {
        let row = try await database.read { db in
            try await db.raw("SELECT totp_secret, totp_enabled_at FROM users WHERE id = \(bind: id)").first()
        }
        guard let row else { return nil }
        let secret = try row.decode(column: "totp_secret", as: String?.self).flatMap(TOTP.base32Decode)
        let enabled = try row.decode(column: "totp_enabled_at", as: String?.self) != nil
        return TwoStepRow(secret: secret, enabled: enabled)
    }

    private static func storeRecoveryCodes(_ db: any SQLDatabase, _ codes: [String], user: UserID) async throws {
        for code in codes {
            let key = code.lowercased().filter { $0.isLetter || $0.isNumber }
            try await db.raw(
                "INSERT INTO recovery_codes (user_id, code_hash) VALUES (\(bind: user), \(bind: sha256(key)))"
            ).run()
        }
    }

    /// "xxxxx-xxxxx": 10 characters of a 32-letter alphabet (50 bits), easy to copy by hand.
    static func recoveryCode() -> String {
        let letters = Array("abcdefghjkmnpqrstuvwxyz23456789")
        var generator = SystemRandomNumberGenerator()
        let chars = (0..<10).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] }
        return String(chars[0..<5]) + "-" + String(chars[5...])
    }

    static func grouped(_ text: String) -> String {
        stride(from: 0, to: text.count, by: 4).map { start in
            let from = text.index(text.startIndex, offsetBy: start)
            return String(text[from..<(text.index(from, offsetBy: 4, limitedBy: text.endIndex) ?? text.endIndex)])
        }.joined(separator: " ")
    }
}
