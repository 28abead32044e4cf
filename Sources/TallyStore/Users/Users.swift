import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix
import SQLKit
import TallyCore

/// A personal API token as listed to its owner (the secret itself is shown only once).
public struct APIToken: Sendable, Hashable {
    /// Row id, used to revoke it.
    public let id: TokenID
    /// What the user called it ("laptop CLI").
    public let name: String
    /// When it was made (ISO 8601).
    public let createdAt: String
    /// When it was last used, if ever.
    public let lastUsedAt: String?
}

extension Users {
    /// Number of users; the first sign-up is always allowed, later ones only with open sign-up.
    public func userCount() async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM users").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// Registers a user and gives them a first book ("Personal") with the default categories and
    /// accounts. Refused when users exist and `openSignup` is false, and throttled per `client`
    /// address (`LoginLimits.signupsPerClient`, `LoginThrottled`).
    public func signUp(
        email rawEmail: String?,
        password rawPassword: String?,
        currency rawCurrency: String? = nil,
        openSignup: Bool,
        invitation token: String? = nil,
        client: String? = nil,
        limits: LoginLimits = .standard,
        names catalog: Catalog = .english
    ) async throws -> User {
        let email = try Validate.email(rawEmail)
        let password = try Validate.password(rawPassword)
        let currency = try (rawCurrency?.isEmpty ?? true) ? Currency.usd : Validate.currency(rawCurrency)
        // Counted once the input is good (a typo is not an attempt), before the bcrypt hash.
        try await claimSignUp(client: client, limits: limits)
        // A pending invitation opens sign-up for the one person who accepts it (and, when it
        // names an email, only for that email); accepting it below is what makes it one-time.
        let invited = try await invitationOpensSignUp(token, email: email)
        if try await userCount() > 0 && !openSignup && !invited {
            throw StoreError.forbidden("sign-up is closed on this server; ask its owner for an account")
        }
        let hash = try await hashPassword(password)
        return try await database.write { db in
            if try await db.raw("SELECT id FROM users WHERE email = \(bind: email)").first() != nil {
                throw FieldError("email", "is already registered")
            }
            let userID = try await db.raw(
                """
                INSERT INTO users (email, password_hash, created_at)
                VALUES (\(bind: email), \(bind: hash), \(bind: Clock.timestamp())) RETURNING id
                """
            ).first()!.decode(column: "id", as: UserID.self)
            _ = try await Books.createBook(
                db,
                name: Defaults.firstBookName(in: catalog),
                currency: currency,
                owner: userID,
                names: catalog
            )
            let user = User(id: userID, email: email)
            if invited, let token, let hash = Books.invitationHash(token) {
                _ = try await Books.accept(db, where: "token_hash", hash, by: user)
            }
            return user
        }
    }

    /// Whether `token` is a pending invitation `email` may sign up with; throws when it names
    /// one that cannot be used, so the person learns why.
    private func invitationOpensSignUp(_ token: String?, email: String) async throws -> Bool {
        if let token, !token.isEmpty {
            guard let invitation = try await books.invitation(token: token) else {
                throw StoreError.notFound("invitation")
            }
            if let meant = invitation.email, meant != email {
                throw FieldError("email", "this invitation was sent to another email address")
            }
            guard invitation.status == .pending else {
                throw StoreError.gone(
                    "this invitation has \(invitation.status == .expired ? "expired" : "already been used"): ask for a new one"
                )
            }
            return true
        }
        return false
    }

    /// The user with this email and password, or `unauthorized`. Every password check in Tally
    /// goes through here and is throttled: after `limits.perAccount` failures for the email, or
    /// `limits.perClient` from the client address, within the window, it throws
    /// `LoginThrottled` without running bcrypt (whose CPU cost is what a flood of guesses spends).
    public func authenticate(
        email rawEmail: String,
        password rawPassword: String,
        client: String? = nil,
        limits: LoginLimits = .standard
    ) async throws -> User {
        // Bounded before anything else: a password is at most 200 characters (800 bytes), and an
        // email is at most 254.
        let email = String(rawEmail.trimmingCharacters(in: .whitespaces).lowercased().prefix(320))
        let password = String(decoding: rawPassword.utf8.prefix(1024), as: UTF8.self)
        do {
            try await claimLoginAttempt(email: email, client: client, limits: limits)
        } catch let throttled as LoginThrottled {
            database.metrics.signInThrottled.increment()
            throw throttled
        }
        let row = try await database.read { db in
            try await db.raw("SELECT id, email, password_hash FROM users WHERE email = \(bind: email)").first()
        }
        let login = try row?.decode(model: LoginRow.self)
        // Verify against a dummy hash when the user is unknown so timing does not reveal emails.
        let hash = login?.passwordHash ?? Self.dummyHash
        let input = Self.bcryptInput(password)
        let valid = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(input, hash: hash) }
        guard valid, let login else {
            database.metrics.signInFailures.increment()
            throw StoreError.unauthorized("wrong email or password")
        }
        try await clearLoginFailures(email: email)
        return login.user
    }

    /// A user by id.
    public func user(id: UserID) async throws -> User? {
        try await database.read { db in
            try await db.raw(
                """
                SELECT u.id, u.email, u.display_name, u.photo_version, s.locale, s.first_weekday FROM users u
                LEFT JOIN user_settings s ON s.user_id = u.id WHERE u.id = \(bind: id)
                """
            ).first()
        }.map { try $0.decode(model: UserRow.self).user }
    }

    /// A user by email.
    public func user(email: String) async throws -> User? {
        let key = email.trimmingCharacters(in: .whitespaces).lowercased()
        return try await database.read { db in
            try await db.raw("SELECT id, email FROM users WHERE email = \(bind: key)").first()
        }.map { try $0.decode(model: UserRow.self).user }
    }

    /// Every user, by email.
    public func all() async throws -> [User] {
        try await database.read { db in
            try await db.raw("SELECT id, email FROM users ORDER BY email").all()
        }.map { try $0.decode(model: UserRow.self).user }
    }

    /// Makes a personal API token; the secret is returned once and only its SHA-256 is stored.
    public func createToken(for user: User, name rawName: String?) async throws -> (id: TokenID, token: String) {
        let name =
            (rawName ?? "").trimmingCharacters(in: .whitespaces).isEmpty
            ? "API token" : try Validate.name(rawName, field: "name")
        let token = "tly_" + Self.randomHex(bytes: 24)
        let id = try await database.write { db in
            try await db.raw(
                """
                INSERT INTO api_tokens (user_id, name, token_hash, created_at)
                VALUES (\(bind: user.id), \(bind: name), \(bind: Self.sha256(token)), \(bind: Clock.timestamp())) RETURNING id
                """
            ).first()!.decode(column: "id", as: TokenID.self)
        }
        return (id, token)
    }

    /// The user's tokens, newest first.
    public func tokens(for user: User) async throws -> [APIToken] {
        try await database.read { db in
            try await db.raw(
                "SELECT id, name, created_at, last_used_at FROM api_tokens WHERE user_id = \(bind: user.id) ORDER BY id DESC"
            ).all()
        }.map { try $0.decode(model: TokenRow.self).token }
    }

    /// Revokes one of the user's tokens; `notFound` for anyone else's.
    public func revokeToken(_ id: TokenID, for user: User) async throws {
        let deleted = try await database.write { db in
            try await db.raw(
                "DELETE FROM api_tokens WHERE id = \(bind: id) AND user_id = \(bind: user.id) RETURNING id"
            ).all().count
        }
        if deleted == 0 { throw StoreError.notFound("token") }
    }

    /// The owner of a bearer token, or `nil` for unknown or revoked tokens.
    public func user(forToken token: String) async throws -> User? {
        guard token.hasPrefix("tly_"), token.count < 100 else { return nil }
        let hash = Self.sha256(token)
        let row = try await database.read { db in
            try await db.raw(
                """
                SELECT u.id, u.email, t.last_used_at, s.locale, s.first_weekday FROM api_tokens t JOIN users u ON u.id = t.user_id
                LEFT JOIN user_settings s ON s.user_id = u.id
                WHERE t.token_hash = \(bind: hash)
                """
            ).first()
        }
        guard let owner = try row?.decode(model: TokenOwnerRow.self) else { return nil }
        try await noteTokenUse(hash: hash, lastUsed: owner.lastUsedAt)
        return owner.user
    }

    /// Records a token's use at most once an hour, so API reads do not each become a write.
    func noteTokenUse(hash: String, lastUsed: String?) async throws {
        let hourAgo = Clock.timestamp(Date().addingTimeInterval(-3600))
        guard lastUsed.map({ $0 < hourAgo }) ?? true else { return }
        try await database.write { db in
            try await db.raw(
                "UPDATE api_tokens SET last_used_at = \(bind: Clock.timestamp()) WHERE token_hash = \(bind: hash)"
            ).run()
        }
    }

    func hashPassword(_ password: String) async throws -> String {
        let cost = core.bcryptCost
        let input = Self.bcryptInput(password)
        // bcrypt is deliberately slow: keep it off the event loops.
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(input, cost: cost) }
    }

    /// What bcrypt is given for a password: the password itself up to bcrypt's 72 bytes, else its
    /// SHA-256 in hex (64 bytes), so that every byte of a long passphrase counts instead of bcrypt
    /// dropping those past the 72nd (passlib's `bcrypt_sha256` does the same). Passwords of more
    /// than 72 bytes were refused before, so no stored hash was made the other way.
    static func bcryptInput(_ password: String) -> String {
        password.utf8.count <= 72 ? password : sha256(password)
    }

    /// Made on first use at the production cost, so an unknown email takes as long as a real one.
    static let dummyHash = Bcrypt.hash("not a real password", cost: 12)

    static func sha256(_ text: String) -> String {
        // By table, not String(format:), which cost more than the hash on every API request.
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(text.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
