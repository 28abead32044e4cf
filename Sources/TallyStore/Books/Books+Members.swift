import SQLKit
import TallyCore

extension Books {
    /// The book's members, owners first, then by email. Every member may read the list.
    public func members(in scope: BookScope) async throws -> [Member] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT u.id, u.email, u.display_name, u.photo_version, m.role FROM book_members m JOIN users u ON u.id = m.user_id
                WHERE m.book_id = \(bind: scope.bookID)
                ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END, u.email
                """
            ).all()
        }.map(Self.member)
    }

    /// Gives a member another role (owners only). Making someone an owner is how ownership is
    /// passed on; the last owner cannot step down, so a book always has one.
    public func setRole(_ rawRole: String?, of userID: UserID, in scope: BookScope) async throws -> Member {
        try scope.require(.owner)
        let role = try Role.input(rawRole)
        return try await database.write { db in
            let current = try await Self.lockMembers(db, book: scope.bookID)
            // Checked again under the lock: the caller may have lost the role since the request began.
            guard current.first(where: { $0.userID == scope.user.id })?.role == .owner else {
                throw StoreError.forbidden("only an owner of this book may do this")
            }
            guard let member = current.first(where: { $0.userID == userID }) else {
                throw StoreError.notFound("member")
            }
            if member.role == .owner && role != .owner && current.filter({ $0.role == .owner }).count == 1 {
                throw StoreError.conflict("a book needs at least one owner: make another member an owner first")
            }
            try await db.raw(
                """
                UPDATE book_members SET role = \(bind: role.rawValue)
                WHERE book_id = \(bind: scope.bookID) AND user_id = \(bind: userID)
                """
            ).run()
            if role != .owner { try await Self.revokeInvitations(db, madeBy: userID, in: scope.bookID) }
            var changed = member
            changed.role = role
            return changed
        }
    }

    /// Takes a member out of the book (owners only); the last owner cannot be removed.
    public func removeMember(_ userID: UserID, in scope: BookScope) async throws {
        try scope.require(.owner)
        try await remove(userID, from: scope.bookID, by: scope.user.id)
    }

    /// The caller leaves the book. The last owner cannot leave while the book has other members
    /// (they make one an owner first) and cannot leave a book only they are in (they delete it).
    public func leave(_ scope: BookScope) async throws {
        try await remove(scope.user.id, from: scope.bookID, by: nil)
    }

    /// Removes a member; `owner` (when an owner removes someone) must still be one under the lock.
    private func remove(_ userID: UserID, from book: BookID, by owner: UserID?) async throws {
        try await database.write { db in
            let current = try await Self.lockMembers(db, book: book)
            if let owner, current.first(where: { $0.userID == owner })?.role != .owner {
                throw StoreError.forbidden("only an owner of this book may do this")
            }
            guard let member = current.first(where: { $0.userID == userID }) else {
                throw StoreError.notFound("member")
            }
            if member.role == .owner && current.filter({ $0.role == .owner }).count == 1 {
                throw StoreError.conflict(
                    current.count == 1
                        ? "you are this book's only member: delete the book instead"
                        : "a book needs at least one owner: make another member an owner first"
                )
            }
            try await db.raw(
                "DELETE FROM book_members WHERE book_id = \(bind: book) AND user_id = \(bind: userID)"
            ).run()
            try await Self.revokeInvitations(db, madeBy: userID, in: book)
        }
    }

    /// The members, read after taking the book's row lock: on PostgreSQL two owners stepping down
    /// at once would otherwise both see the other still an owner (SQLite writes one at a time).
    static func lockMembers(_ db: any SQLDatabase, book: BookID) async throws -> [Member] {
        try await db.raw("UPDATE books SET name = name WHERE id = \(bind: book)").run()
        return try await db.raw(
            """
            SELECT u.id, u.email, u.display_name, u.photo_version, m.role FROM book_members m JOIN users u ON u.id = m.user_id
            WHERE m.book_id = \(bind: book)
            """
        ).all().map(member)
    }

    static func member(_ row: any SQLRow) throws -> Member {
        Member(
            userID: try row.decode(column: "id", as: UserID.self),
            email: try row.decode(column: "email", as: String.self),
            name: try row.decode(column: "display_name", as: String.self),
            role: Role(rawValue: try row.decode(column: "role", as: String.self)) ?? .viewer,
            photoVersion: try row.decode(column: "photo_version", as: String?.self)
        )
    }
}
