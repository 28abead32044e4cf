import Foundation
import SQLKit
import TallyCore

/// A book the caller was let into: who they are, the book, their role in it and their "today".
///
/// Only `Store.scope(_:book:)` makes one (the initializer is internal), so a service handed a
/// scope knows the membership check already happened; whether the role may change the book is
/// decided here, in memory, by `requireWrite()`.
public struct BookScope: Sendable {
    /// The signed-in member.
    public let user: User
    /// The book, with the member's role.
    public let book: Book
    /// The member's time zone (their setting, else the server's): it decides what "today" is.
    public let timeZone: TimeZone
    /// The book's catalogue version when the request began (see `CatalogCache`).
    let catalogVersion: Int64

    init(user: User, book: Book, timeZone: TimeZone, catalogVersion: Int64 = -1) {
        self.user = user
        self.book = book
        self.timeZone = timeZone
        self.catalogVersion = catalogVersion
    }

    /// The book's id.
    public var bookID: BookID { book.id }

    /// Today's date where the member is: the one "today" of every page, report and default.
    public var today: LocalDate { Clock.localDate(at: Date(), in: timeZone) }

    /// Throws `forbidden` unless the member's role may change the book.
    public func requireWrite() throws {
        guard book.role.canWrite else { throw StoreError.forbidden("viewers cannot change this book") }
    }

    /// Throws `forbidden` unless the member's role includes `role` (owner ⊇ editor ⊇ viewer).
    public func require(_ role: Role) throws {
        guard book.role.includes(role) else {
            throw StoreError.forbidden(
                "only \(role == .owner ? "an owner" : "an owner or an editor") may do this; you are \(book.role.withArticle) of this book"
            )
        }
    }

    /// The book, once `requireWrite()` has passed.
    public func writable() throws -> Book {
        try requireWrite()
        return book
    }
}

extension Store {
    /// Lets `user` into the book `bookID`: the one membership check of a request. `notFound` when
    /// they are not a member (never saying whether the book exists). One read gets the book, the
    /// role and the member's time zone, locale and week start.
    public func scope(_ user: User, book bookID: BookID) async throws -> BookScope {
        guard let scope = try await scope(userID: user.id, book: bookID) else { throw StoreError.notFound("book") }
        return scope
    }

    /// The caller of a signed-in session and their book in one read: `nil` when the user is gone,
    /// `notFound` when they are not a member of the book.
    public func scope(userID: UserID, book bookID: BookID) async throws -> BookScope? {
        let row = try await database.read { db in
            try await db.raw(
                """
                SELECT u.id AS user_id, u.email, u.display_name, u.photo_version, b.id, b.name, b.currency, b.catalog_version, b.archived_at, m.role, s.time_zone,
                  s.locale, s.first_weekday FROM users u
                LEFT JOIN book_members m ON m.user_id = u.id AND m.book_id = \(bind: bookID)
                LEFT JOIN books b ON b.id = m.book_id
                LEFT JOIN user_settings s ON s.user_id = u.id
                WHERE u.id = \(bind: userID)
                """
            ).first()
        }
        guard let row else { return nil }
        return try scope(try StoredScope(row, token: false))
    }

    /// The holder of an API token and their book in one read (the token lookup and the
    /// membership check of a request together): `nil` when the token is unknown or revoked,
    /// `notFound` when its user is not a member of the book.
    public func scope(token: String, book bookID: BookID) async throws -> BookScope? {
        guard token.hasPrefix("tly_"), token.count < 100 else { return nil }
        let hash = Users.sha256(token)
        let row = try await database.read { db in
            try await db.raw(
                """
                SELECT u.id AS user_id, u.email, u.display_name, u.photo_version, t.last_used_at, b.id, b.name, b.currency, b.catalog_version, b.archived_at, m.role, s.time_zone,
                  s.locale, s.first_weekday
                FROM api_tokens t JOIN users u ON u.id = t.user_id
                LEFT JOIN book_members m ON m.user_id = u.id AND m.book_id = \(bind: bookID)
                LEFT JOIN books b ON b.id = m.book_id
                LEFT JOIN user_settings s ON s.user_id = u.id
                WHERE t.token_hash = \(bind: hash)
                """
            ).first()
        }
        guard let row else { return nil }
        let stored = try StoredScope(row, token: true)
        try await users.noteTokenUse(hash: hash, lastUsed: stored.lastUsedAt)
        return try scope(stored)
    }

    /// A scope from a row of the reads above.
    private func scope(_ row: StoredScope) throws -> BookScope {
        // The book's columns come from LEFT JOINs: all NULL when the caller is not a member.
        guard let id = row.bookID, let name = row.name, let code = row.currency, let version = row.catalogVersion
        else { throw StoreError.notFound("book") }
        return BookScope(
            user: User(
                id: row.userID,
                email: row.email,
                name: row.displayName,
                photoVersion: row.photoVersion,
                locale: row.locale,
                firstWeekday: row.firstWeekday
            ),
            book: Row.book(id: id, name: name, currency: code, role: row.role, archived: row.archivedAt != nil),
            timeZone: self.zone(named: row.timeZone),
            catalogVersion: version
        )
    }
}

/// A row of the access checks above: the caller, and the book when they are one of its members.
/// Read column by column rather than with `row.decode(model:)`: it runs on every request to a
/// book, where SQLKit's row decoder costs more than the rest of the decoding (docs/benchmarks.md,
/// "Codable rows on the hot paths").
private struct StoredScope {
    let userID: UserID
    let email: String
    let displayName: String
    let photoVersion: String?
    let bookID: BookID?
    let name: String?
    let currency: String?
    let catalogVersion: Int64?
    let archivedAt: String?
    let role: String?
    let timeZone: String?
    let locale: String?
    let firstWeekday: Int?
    /// Only the token read has it.
    let lastUsedAt: String?

    init(_ row: any SQLRow, token: Bool) throws {
        userID = UserID(rawValue: try row.decode(column: "user_id", as: Int64.self))
        email = try row.decode(column: "email", as: String.self)
        displayName = try row.decode(column: "display_name", as: String.self)
        photoVersion = try row.decode(column: "photo_version", as: String?.self)
        bookID = try row.decode(column: "id", as: Int64?.self).map(BookID.init(rawValue:))
        name = try row.decode(column: "name", as: String?.self)
        currency = try row.decode(column: "currency", as: String?.self)
        catalogVersion = try row.decode(column: "catalog_version", as: Int64?.self)
        archivedAt = try row.decode(column: "archived_at", as: String?.self)
        role = try row.decode(column: "role", as: String?.self)
        timeZone = try row.decode(column: "time_zone", as: String?.self)
        locale = try row.decode(column: "locale", as: String?.self)
        firstWeekday = try row.decode(column: "first_weekday", as: Int64?.self).map { Int($0) }
        lastUsedAt = token ? try row.decode(column: "last_used_at", as: String?.self) : nil
    }
}
