import Foundation
import SQLKit
import TallyCore

extension Books {
    /// How long an invitation works unless its owner says otherwise.
    public static let invitationDays = 7

    /// Makes an invitation to the book (owners only): a one-time link granting `role`, meant for
    /// anyone holding it or, with `email`, for that one person (an existing user also sees it
    /// among their books). The token is returned once; only its SHA-256 is kept.
    public func invite(
        in scope: BookScope,
        role rawRole: String?,
        email rawEmail: String? = nil,
        days: Int = Books.invitationDays
    ) async throws -> NewInvitation {
        try scope.require(.owner)
        let role = try Role.input(rawRole)
        let email: String? = try (rawEmail?.trimmingSpaces().isEmpty ?? true) ? nil : Validate.email(rawEmail)
        guard (1...90).contains(days) else { throw FieldError("expires_in_days", "must be between 1 and 90") }
        let token = "inv_" + Users.randomHex(bytes: 24)
        let expires = Clock.timestamp(Date().addingTimeInterval(Double(days) * 86_400))
        let id = try await database.write { db in
            // Re-checked under the book's lock, so a link cannot be made by someone being demoted.
            let members = try await Self.lockMembers(db, book: scope.bookID)
            guard members.contains(where: { $0.userID == scope.user.id && $0.role == .owner }) else {
                throw StoreError.forbidden("only an owner of this book may do this")
            }
            // Only an account that has this email now may accept by id (see `Migration0014`).
            var invited: UserID?
            if let email {
                invited = try await db.raw("SELECT id FROM users WHERE email = \(bind: email)").first()?
                    .decode(column: "id", as: UserID.self)
            }
            return try await db.raw(
                """
                INSERT INTO book_invitations (book_id, token_hash, role, email, created_by, created_at, expires_at, invited_user_id)
                VALUES (\(bind: scope.bookID), \(bind: Users.sha256(token)), \(bind: role.rawValue), \(bind: email),
                \(bind: scope.user.id), \(bind: Clock.timestamp()), \(bind: expires), \(bind: invited)) RETURNING id
                """
            ).first()!.decode(column: "id", as: InvitationID.self)
        }
        let invitation = Invitation(
            id: id,
            bookID: scope.bookID,
            bookName: scope.book.name,
            role: role,
            email: email,
            invitedBy: scope.user.email,
            expiresAt: expires,
            status: .pending
        )
        return NewInvitation(invitation: invitation, token: token)
    }

    /// The book's invitations, newest first (the last 200). Tokens are never shown again.
    public func invitations(in scope: BookScope) async throws -> [Invitation] {
        try await database.read { db in
            try await db.raw(
                "\(unsafeRaw: Self.invitationSelect) WHERE i.book_id = \(bind: scope.bookID) ORDER BY i.id DESC LIMIT 200"
            )
            .all()
        }.map(Self.invitation)
    }

    /// Withdraws a pending invitation (owners only); its link then answers "not found".
    public func revokeInvitation(_ id: InvitationID, in scope: BookScope) async throws {
        try scope.require(.owner)
        let revoked = try await database.write { db in
            try await db.raw(
                """
                UPDATE book_invitations SET revoked_at = \(bind: Clock.timestamp())
                WHERE id = \(bind: id) AND book_id = \(bind: scope.bookID) AND accepted_at IS NULL AND revoked_at IS NULL
                RETURNING id
                """
            ).first()
        }
        if revoked == nil { throw StoreError.notFound("invitation") }
    }

    /// What an invitation link opens, for the page that offers to accept it: `nil` for an
    /// unknown or revoked token (the two look the same).
    public func invitation(token: String) async throws -> Invitation? {
        guard let hash = Self.invitationHash(token) else { return nil }
        let row = try await database.read { db in
            try await db.raw("\(unsafeRaw: Self.invitationSelect) WHERE i.token_hash = \(bind: hash)").first()
        }
        return try row.map(Self.invitation).flatMap { $0.status == .revoked ? nil : $0 }
    }

    /// The pending invitations made for this user (by their email, while they had it), to
    /// accept from their book list.
    public func invitations(for user: User) async throws -> [Invitation] {
        try await database.read { db in
            try await db.raw(
                """
                \(unsafeRaw: Self.invitationSelect) WHERE i.invited_user_id = \(bind: user.id) AND i.email = \(bind: user.email)
                ORDER BY i.id DESC LIMIT 50
                """
            ).all()
        }.map(Self.invitation).filter { $0.status == .pending }
    }

    /// Joins the book of the invitation whose link is `token`. `notFound` for an unknown or
    /// revoked token, or one meant for another email; `gone` for an expired or used one. A member
    /// already in the book keeps the higher of their role and the invited one.
    public func accept(token: String, by user: User) async throws -> Book {
        guard let hash = Self.invitationHash(token) else { throw StoreError.notFound("invitation") }
        return try await database.write { db in
            try await Self.accept(db, where: "token_hash", hash, by: user)
        }
    }

    /// Joins the book of an invitation made for this user (an existing account, by its email), by
    /// its id. Any other invitation needs its link's token: ids are easy to guess.
    public func accept(invitation id: InvitationID, by user: User) async throws -> Book {
        try await database.write { db in
            try await Self.accept(db, where: "id", id.rawValue, by: user)
        }
    }

    /// Accepts what an accept route names: a link's token (`inv_…`), or the id of an invitation
    /// sent to the user's email (from their list).
    public func accept(tokenOrID value: String, by user: User) async throws -> Book {
        if let id = Int64(value), id > 0 { return try await accept(invitation: InvitationID(rawValue: id), by: user) }
        return try await accept(token: value, by: user)
    }

    /// Accepts inside the caller's transaction (sign-up with an invitation uses it too).
    static func accept(
        _ db: any SQLDatabase,
        where column: String,
        _ value: some Encodable & Sendable,
        by user: User
    ) async throws -> Book {
        guard
            let row = try await db.raw(
                "\(unsafeRaw: invitationSelect) WHERE i.\(unsafeRaw: column == "id" ? "id" : "token_hash") = \(bind: value)"
            ).first()
        else { throw StoreError.notFound("invitation") }
        let invitation = try Self.invitation(row)
        if let email = invitation.email, email != user.email {
            throw StoreError.notFound("invitation")
        }
        if column == "id" {
            let invited = try row.decode(column: "invited_user_id", as: UserID?.self)
            guard invited == user.id, invitation.email == user.email else { throw StoreError.notFound("invitation") }
        }
        switch invitation.status {
        case .revoked: throw StoreError.notFound("invitation")
        case .expired: throw StoreError.gone("this invitation has expired: ask for a new one")
        case .accepted: throw StoreError.gone("this invitation has already been used: ask for a new one")
        case .pending: break
        }
        // The book first, then the invitation: the order every change of members takes, so two
        // of them never wait on each other (PostgreSQL would end one with a deadlock).
        let members = try await lockMembers(db, book: invitation.bookID)
        // A link works only while its maker is still an owner of the book (this also covers
        // links made before makers' links were withdrawn on losing the role).
        let creator = try row.decode(column: "created_by", as: UserID?.self)
        guard let creator, members.contains(where: { $0.userID == creator && $0.role == .owner }) else {
            throw StoreError.notFound("invitation")
        }
        // One-time: only the first of two accepting at once gets the row back.
        let claimed = try await db.raw(
            """
            UPDATE book_invitations SET accepted_at = \(bind: Clock.timestamp()), accepted_by = \(bind: user.id)
            WHERE id = \(bind: invitation.id) AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id
            """
        ).first()
        guard claimed != nil else { throw StoreError.gone("this invitation has already been used: ask for a new one") }
        var role = invitation.role
        if let current = members.first(where: { $0.userID == user.id }) {
            if current.role.includes(role) { role = current.role }
            try await db.raw(
                """
                UPDATE book_members SET role = \(bind: role.rawValue)
                WHERE book_id = \(bind: invitation.bookID) AND user_id = \(bind: user.id)
                """
            ).run()
        } else {
            try await db.raw(
                """
                INSERT INTO book_members (book_id, user_id, role)
                VALUES (\(bind: invitation.bookID), \(bind: user.id), \(bind: role.rawValue))
                """
            ).run()
        }
        let book = try await db.raw("SELECT currency FROM books WHERE id = \(bind: invitation.bookID)").first()
        let currency = try book?.decode(column: "currency", as: String.self) ?? "USD"
        return Row.book(id: invitation.bookID, name: invitation.bookName, currency: currency, role: role.rawValue)
    }

    /// Withdraws the pending invitations `creator` made (in `book`, or everywhere): a member who
    /// loses the owner role, is removed, leaves or deletes their account takes back the links
    /// they could otherwise use to come back in.
    static func revokeInvitations(_ db: any SQLDatabase, madeBy creator: UserID, in book: BookID?) async throws {
        if let book {
            try await db.raw(
                """
                UPDATE book_invitations SET revoked_at = \(bind: Clock.timestamp())
                WHERE created_by = \(bind: creator) AND book_id = \(bind: book) AND accepted_at IS NULL AND revoked_at IS NULL
                """
            ).run()
        } else {
            try await db.raw(
                """
                UPDATE book_invitations SET revoked_at = \(bind: Clock.timestamp())
                WHERE created_by = \(bind: creator) AND accepted_at IS NULL AND revoked_at IS NULL
                """
            ).run()
        }
    }

    /// The hash of a well-formed token, else nil (no query for junk).
    static func invitationHash(_ token: String) -> String? {
        guard token.hasPrefix("inv_"), token.utf8.count == 52, token.utf8.allSatisfy({ $0 < 128 }) else { return nil }
        return Users.sha256(token)
    }

    private static let invitationSelect = """
        SELECT i.id, i.book_id, b.name AS book_name, i.role, i.email, u.email AS invited_by, i.expires_at,
        i.accepted_at, i.revoked_at, i.invited_user_id, i.created_by FROM book_invitations i JOIN books b ON b.id = i.book_id
        LEFT JOIN users u ON u.id = i.created_by
        """

    private static func invitation(_ row: any SQLRow) throws -> Invitation {
        let expires = try row.decode(column: "expires_at", as: String.self)
        let status: Invitation.Status =
            if try row.decode(column: "revoked_at", as: String?.self) != nil {
                .revoked
            } else if try row.decode(column: "accepted_at", as: String?.self) != nil {
                .accepted
            } else if expires <= Clock.timestamp() {
                .expired
            } else {
                .pending
            }
        return Invitation(
            id: try row.decode(column: "id", as: InvitationID.self),
            bookID: try row.decode(column: "book_id", as: BookID.self),
            bookName: try row.decode(column: "book_name", as: String.self),
            role: Role(rawValue: try row.decode(column: "role", as: String.self)) ?? .viewer,
            email: try row.decode(column: "email", as: String?.self),
            invitedBy: try row.decode(column: "invited_by", as: String?.self),
            expiresAt: expires,
            status: status
        )
    }
}
