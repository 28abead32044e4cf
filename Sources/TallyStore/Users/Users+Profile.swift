import Foundation
import SQLKit
import TallyCore

extension Users {
    /// Sets the display name member lists and the header show ("" clears it).
    public func setName(_ rawName: String?, for user: User) async throws -> User {
        let name = (rawName ?? "").trimmingSpaces()
        if !name.isEmpty { try Validate.line(name, field: "name", maxLength: 60) }
        try await database.write { db in
            try await db.raw("UPDATE users SET display_name = \(bind: name) WHERE id = \(bind: user.id)").run()
        }
        var changed = user
        changed.name = name
        return changed
    }

    /// Changes the sign-in email once the current password is given (throttled like sign-in).
    public func changeEmail(
        for user: User,
        password: String?,
        to rawEmail: String?,
        client: String? = nil,
        limits: LoginLimits = .standard
    ) async throws -> User {
        try await confirmPassword(password, of: user, client: client, limits: limits)
        let email = try Validate.email(rawEmail)
        try await database.write { db in
            if try await db.raw("SELECT id FROM users WHERE email = \(bind: email) AND id <> \(bind: user.id)").first()
                != nil
            {
                throw FieldError("email", "is already registered")
            }
            try await db.raw("UPDATE users SET email = \(bind: email) WHERE id = \(bind: user.id)").run()
        }
        var changed = user
        changed.email = email
        return changed
    }

    /// Changes the password once the current one is given, and ends every other session of the
    /// user (`keepSession` is the caller's own session key, nil for an API call). API tokens stay.
    public func changePassword(
        for user: User,
        current: String?,
        new rawNew: String?,
        keepSession: String?,
        client: String? = nil,
        limits: LoginLimits = .standard
    ) async throws {
        try await confirmPassword(current, of: user, client: client, limits: limits)
        let password = try Validate.password(rawNew, field: "new_password")
        let hash = try await hashPassword(password)
        try await database.write { db in
            try await db.raw("UPDATE users SET password_hash = \(bind: hash) WHERE id = \(bind: user.id)").run()
        }
        try await endSessions(of: user, except: keepSession)
    }

    /// Deletes the user once their password is given: their sessions, tokens, settings and
    /// memberships, and the books no one else owns (with everything in them). Books they shared
    /// with another owner stay with that owner.
    public func deleteAccount(
        _ user: User,
        password: String?,
        client: String? = nil,
        limits: LoginLimits = .standard
    ) async throws {
        try await confirmPassword(password, of: user, client: client, limits: limits)
        let deleted = try await database.write { db in
            // Each book they own is locked first (in id order), so two owners deleting their
            // accounts at once on PostgreSQL cannot each leave the book to the other.
            let owned = try await db.raw(
                "SELECT book_id FROM book_members WHERE user_id = \(bind: user.id) AND role = 'owner' ORDER BY book_id"
            ).all().map { try $0.decode(column: "book_id", as: BookID.self) }
            for book in owned { _ = try await Books.lockMembers(db, book: book) }
            let sole = try await db.raw(
                """
                SELECT m.book_id FROM book_members m WHERE m.user_id = \(bind: user.id) AND m.role = 'owner'
                AND NOT EXISTS (SELECT 1 FROM book_members o WHERE o.book_id = m.book_id AND o.role = 'owner'
                AND o.user_id <> \(bind: user.id))
                """
            ).all().map { try $0.decode(column: "book_id", as: BookID.self) }
            for book in sole {
                try await db.raw("DELETE FROM books WHERE id = \(bind: book)").run()
            }
            try await Books.revokeInvitations(db, madeBy: user.id, in: nil)
            try await db.raw("DELETE FROM sessions WHERE user_id = \(bind: user.id)").run()
            try await db.raw("DELETE FROM users WHERE id = \(bind: user.id)").run()
            return sole
        }
        for book in deleted { core.catalogs.forget(book) }
    }

    /// Throws `unauthorized` unless `password` is the user's (one throttled check, as sign-in).
    func confirmPassword(_ password: String?, of user: User, client: String?, limits: LoginLimits) async throws {
        do {
            _ = try await authenticate(email: user.email, password: password ?? "", client: client, limits: limits)
        } catch StoreError.unauthorized {
            throw FieldError("password", "is not your current password")
        }
    }
}
