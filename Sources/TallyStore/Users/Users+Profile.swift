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
    /// with another owner stay with that owner. The account and every membership of its books go
    /// in one transaction, so the books are gone to everyone at once; their records then go in
    /// batches (`Books.deleteInBatches`), so a big book holds up no other book's writes.
    public func deleteAccount(
        _ user: User,
        password: String?,
        client: String? = nil,
        limits: LoginLimits = .standard
    ) async throws {
        try await deleteAccount(
            user,
            password: password,
            client: client,
            limits: limits,
            writes: .standard.on(database.engine)
        )
    }

    func deleteAccount(
        _ user: User,
        password: String?,
        client: String?,
        limits: LoginLimits,
        writes: LongWriteLimits
    ) async throws {
        try await confirmPassword(password, of: user, client: client, limits: limits)
        let jobs = try await database.write { db in
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
                AND o.user_id <> \(bind: user.id)) ORDER BY m.book_id
                """
            ).all().map { try $0.decode(column: "book_id", as: BookID.self) }
            var jobs: [LongWrite] = []
            for book in sole {
                // A book busy with another long write refuses the whole deletion (409): nothing
                // is taken away until every book can go.
                jobs.append(try await LongWrite.claim(db, book: book, kind: .bookDelete, subject: nil))
                try await db.raw("DELETE FROM book_invitations WHERE book_id = \(bind: book)").run()
                try await db.raw("DELETE FROM book_members WHERE book_id = \(bind: book)").run()
            }
            try await Books.revokeInvitations(db, madeBy: user.id, in: nil)
            try await db.raw("DELETE FROM sessions WHERE user_id = \(bind: user.id)").run()
            try await db.raw("DELETE FROM users WHERE id = \(bind: user.id)").run()
            return jobs
        }
        for job in jobs {
            core.catalogs.forget(job.book)
            do {
                try await Books(core: core).deleteInBatches(job, limits: writes)
            } catch {
                // The account is gone already, and its books to everyone: the job's row stays,
                // and the next start-up (or the next claim on the book) finishes the deletion.
                database.logger.error("deleting book \(job.book) of a deleted account stopped: \(error)")
            }
        }
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
