import Foundation
import SQLKit
import TallyCore

/// A user's preferences: the zone that decides their "today", the daily reminder in their
/// calendar feed, and the language and formats Tally uses with them.
public struct UserSettings: Sendable, Hashable {
    /// An IANA zone name ("Europe/Berlin").
    public var timeZone: String
    /// Whether the feed carries a daily "log today's expenses" reminder.
    public var dailyReminder: Bool
    /// When that reminder goes off, local time.
    public var reminderTime: TimeOfDay
    /// Their locale's canonical BCP 47 tag (`de-DE`); nil follows the browser.
    public var locale: String?
    /// The first day of their week, 1 = Monday … 7 = Sunday; nil takes their region's.
    public var firstWeekday: Int?

    /// Makes settings.
    public init(
        timeZone: String,
        dailyReminder: Bool,
        reminderTime: TimeOfDay,
        locale: String? = nil,
        firstWeekday: Int? = nil
    ) {
        self.timeZone = timeZone
        self.dailyReminder = dailyReminder
        self.reminderTime = reminderTime
        self.locale = locale
        self.firstWeekday = firstWeekday
    }
}

extension Clock {
    /// The calendar date at `instant` in `zone`: what "today" is for someone there. Budget
    /// periods and due dates are calendar dates, so a daylight-saving change only matters here.
    public static func localDate(at instant: Date, in zone: TimeZone) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }
}

extension Settings {
    /// The user's settings, or the defaults (the server's zone, no daily reminder, 20:00).
    public func current(for user: User) async throws -> UserSettings {
        let row = try await database.read { db in
            try await db.raw(
                """
                SELECT time_zone, daily_reminder, reminder_time, locale, first_weekday FROM user_settings
                WHERE user_id = \(bind: user.id)
                """
            ).first()
        }
        guard let row else {
            return UserSettings(timeZone: timeZone.identifier, dailyReminder: false, reminderTime: TimeOfDay("20:00")!)
        }
        return try row.decode(model: SettingsRow.self).settings
    }

    /// Changes the given settings; `nil` keeps a value. `locale` and `firstWeekday` are cleared
    /// (back to the browser's and the region's) with `.some(nil)`.
    public func updateSettings(
        for user: User,
        timeZone rawZone: String?,
        dailyReminder: Bool?,
        reminderTime rawTime: String?,
        locale rawLocale: String?? = nil,
        firstWeekday: Int?? = nil
    ) async throws -> UserSettings {
        var settings = try await current(for: user)
        if let rawZone {
            let name = rawZone.trimmingSpaces()
            guard !name.isEmpty, let zone = TimeZone(identifier: name) else {
                throw FieldError(
                    "time_zone",
                    "'\(rawZone)' is not a time zone name such as Europe/Berlin or America/New_York"
                )
            }
            settings.timeZone = zone.identifier
        }
        if let dailyReminder { settings.dailyReminder = dailyReminder }
        if let rawTime {
            guard let time = TimeOfDay(rawTime.trimmingSpaces()) else {
                throw FieldError("reminder_time", "must be a time like 20:30")
            }
            settings.reminderTime = time
        }
        if let rawLocale { settings.locale = try rawLocale.map { try TallyLocale($0).tag } }
        if let firstWeekday {
            if let day = firstWeekday, !(1...7).contains(day) {
                throw FieldError("first_weekday", "must be 1 (Monday) to 7 (Sunday), or null for the region's")
            }
            settings.firstWeekday = firstWeekday
        }
        let saved = settings
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO user_settings (user_id, time_zone, daily_reminder, reminder_time, locale, first_weekday)
                VALUES (\(bind: user.id), \(bind: saved.timeZone), \(bind: saved.dailyReminder ? 1 : 0), \(bind: saved.reminderTime.description),
                  \(bind: saved.locale), \(bind: saved.firstWeekday))
                ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, daily_reminder = excluded.daily_reminder,
                  reminder_time = excluded.reminder_time, locale = excluded.locale, first_weekday = excluded.first_weekday
                """
            ).run()
        }
        return saved
    }

    /// Today's date where the user is (their zone, else the server's).
    public func today(for user: User) async throws -> LocalDate {
        Clock.localDate(at: Date(), in: zone(named: try await current(for: user).timeZone))
    }
}
