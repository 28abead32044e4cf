import Foundation
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

extension Plans {
    /// When the user's calendar feed link was made, or nil when they have none. The token itself
    /// is kept only as its SHA-256, so it cannot be shown again: see `rotateCalendarFeed`.
    public func calendarFeedCreatedAt(for user: User) async throws -> String? {
        try await database.read { db in
            try await db.raw("SELECT created_at FROM calendar_feeds WHERE user_id = \(bind: user.id)").first()
        }.map { try $0.decode(column: "created_at", as: String.self) }
    }

    /// A new feed token, returned this once (only its hash is stored); any old URL stops working
    /// at once.
    public func rotateCalendarFeed(for user: User) async throws -> String {
        let token = Users.randomHex(bytes: 32)
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (\(bind: user.id), \(bind: Users.sha256(token)), \(bind: Clock.timestamp()))
                ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
                """
            ).run()
        }
        return token
    }

    /// The feed behind `token`, or `notFound` for a token that is wrong or was rotated away.
    public func calendarFeed(token: String) async throws -> CalendarFeedContent {
        guard token.count == 64, token.allSatisfy(\.isHexDigit) else { throw StoreError.notFound("calendar") }
        let row = try await database.read { db in
            try await db.raw(
                """
                SELECT u.id, u.email FROM calendar_feeds f JOIN users u ON u.id = f.user_id WHERE f.token_hash = \(bind: Users.sha256(token))
                """
            ).first()
        }
        guard let row else { throw StoreError.notFound("calendar") }
        let user = try row.decode(model: Users.UserRow.self).user
        let settings = try await self.settings.current(for: user)
        let zone = zone(named: settings.timeZone)
        let today = Clock.localDate(at: Date(), in: zone)
        var occurrences: [(Book, BillOccurrence)] = []
        // The feed's token stands for the user: each of their books is in scope as it is listed.
        for book in try await self.books.all(for: user) {
            let scope = BookScope(user: user, book: book, timeZone: zone)
            for occurrence in try await billOccurrences(
                in: scope,
                from: today.adding(days: -30),
                through: today.adding(days: 365)
            ) {
                occurrences.append((book, occurrence))
            }
        }
        return CalendarFeedContent(user: user, settings: settings, occurrences: occurrences, today: today)
    }
}
