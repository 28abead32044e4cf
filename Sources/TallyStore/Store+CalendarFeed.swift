import SQLKit
import TallyCore

/// What a user's private calendar feed holds: their bills across their books, and the daily
/// reminder if they asked for it.
public struct CalendarFeedContent: Sendable {
    /// Whose feed it is.
    public let user: User
    /// Their settings (daily reminder, time).
    public let settings: UserSettings
    /// Bill occurrences from 30 days ago to a year ahead, with the name of each one's book.
    public let occurrences: [(book: Book, occurrence: BillOccurrence)]
    /// The user's today.
    public let today: LocalDate
}

extension Store {
    /// The user's calendar feed token, made on first use.
    public func calendarFeedToken(for user: User) async throws -> String {
        if let row = try await database.read({ db in
            try await db.raw("SELECT token FROM calendar_feeds WHERE user_id = \(bind: user.id)").first()
        }) {
            return try row.decode(column: "token", as: String.self)
        }
        return try await rotateCalendarFeed(for: user)
    }

    /// A new feed token; the old URL stops working at once.
    public func rotateCalendarFeed(for user: User) async throws -> String {
        let token = Self.randomHex(bytes: 32)
        try await database.write { db in
            try await db.raw("""
                INSERT INTO calendar_feeds (user_id, token, created_at) VALUES (\(bind: user.id), \(bind: token), \(bind: Clock.timestamp()))
                ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at
                """).run()
        }
        return token
    }

    /// The feed behind `token`, or `notFound` for a token that is wrong or was rotated away.
    public func calendarFeed(token: String) async throws -> CalendarFeedContent {
        guard token.count == 64, token.allSatisfy(\.isHexDigit) else { throw StoreError.notFound("calendar") }
        let row = try await database.read { db in
            try await db.raw("""
                SELECT u.id, u.email FROM calendar_feeds f JOIN users u ON u.id = f.user_id WHERE f.token = \(bind: token)
                """).first()
        }
        guard let row else { throw StoreError.notFound("calendar") }
        let user = User(id: try row.decode(column: "id", as: Int64.self), email: try row.decode(column: "email", as: String.self))
        let today = try await today(for: user)
        var occurrences: [(Book, BillOccurrence)] = []
        for book in try await books(for: user) {
            for occurrence in try await billOccurrences(in: book.id, for: user, from: today.adding(days: -30), through: today.adding(days: 365)) {
                occurrences.append((book, occurrence))
            }
        }
        return CalendarFeedContent(user: user, settings: try await settings(for: user), occurrences: occurrences, today: today)
    }
}
