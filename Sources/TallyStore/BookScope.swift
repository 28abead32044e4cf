import Foundation
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

    init(user: User, book: Book, timeZone: TimeZone) {
        self.user = user
        self.book = book
        self.timeZone = timeZone
    }

    /// The book's id.
    public var bookID: RecordID { book.id }

    /// Today's date where the member is: the one "today" of every page, report and default.
    public var today: LocalDate { Clock.localDate(at: Date(), in: timeZone) }

    /// Throws `forbidden` unless the member's role may change the book.
    public func requireWrite() throws {
        guard book.role.canWrite else { throw StoreError.forbidden("viewers cannot change this book") }
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
    /// role and the member's time zone.
    public func scope(_ user: User, book bookID: RecordID) async throws -> BookScope {
        let row = try await database.read { db in
            try await db.raw(
                """
                SELECT b.id, b.name, b.currency, m.role, s.time_zone FROM books b
                JOIN book_members m ON m.book_id = b.id
                LEFT JOIN user_settings s ON s.user_id = m.user_id
                WHERE b.id = \(bind: bookID) AND m.user_id = \(bind: user.id)
                """
            ).first()
        }
        guard let row else { throw StoreError.notFound("book") }
        let zone = try row.decodeNil(column: "time_zone") ? nil : try row.decode(column: "time_zone", as: String.self)
        return BookScope(
            user: user,
            book: try Row.book(row),
            timeZone: zone.flatMap(TimeZone.init(identifier:)) ?? timeZone
        )
    }
}
