import TallyCore

// The rows Users and Settings read, one struct per query shape, each decoded in one call
// (`row.decode(model:)`). Booleans are stored as 0/1 integers.

extension Users {
    /// A user's id and email (`users`, or joined from a token or feed).
    struct UserRow: Decodable {
        private let id: UserID
        private let email: String
        /// Read where the query selects them.
        private let displayName: String?
        private let photoVersion: String?
        private let locale: String?
        private let firstWeekday: Int64?

        private enum CodingKeys: String, CodingKey {
            case id, email, locale
            case displayName = "display_name"
            case photoVersion = "photo_version"
            case firstWeekday = "first_weekday"
        }

        /// The user.
        var user: User {
            User(
                id: id,
                email: email,
                name: displayName ?? "",
                photoVersion: photoVersion,
                locale: locale,
                firstWeekday: firstWeekday.map { Int($0) }
            )
        }
    }

    /// A user with the hash their password is checked against.
    struct LoginRow: Decodable {
        private let id: UserID
        private let email: String
        /// The bcrypt hash.
        let passwordHash: String

        private enum CodingKeys: String, CodingKey {
            case id, email
            case passwordHash = "password_hash"
        }

        /// The user.
        var user: User { User(id: id, email: email) }
    }

    /// A bearer token's owner and when the token was last used.
    struct TokenOwnerRow: Decodable {
        private let id: UserID
        private let email: String
        /// When the token was last used, if ever.
        let lastUsedAt: String?
        private let locale: String?
        private let firstWeekday: Int64?

        private enum CodingKeys: String, CodingKey {
            case id, email, locale
            case lastUsedAt = "last_used_at"
            case firstWeekday = "first_weekday"
        }

        /// The token's owner.
        var user: User { User(id: id, email: email, locale: locale, firstWeekday: firstWeekday.map { Int($0) }) }
    }

    /// An `api_tokens` row as listed to its owner.
    struct TokenRow: Decodable {
        private let id: TokenID
        private let name: String
        private let createdAt: String
        private let lastUsedAt: String?

        private enum CodingKeys: String, CodingKey {
            case id, name
            case createdAt = "created_at"
            case lastUsedAt = "last_used_at"
        }

        /// The token (without its secret, which is not kept).
        var token: APIToken { APIToken(id: id, name: name, createdAt: createdAt, lastUsedAt: lastUsedAt) }
    }

    /// A `sessions` row.
    struct SessionRow: Decodable {
        /// The session's JSON.
        let value: String
        /// Unix seconds; nil for a session without an expiry.
        let expiresAt: Int64?

        private enum CodingKeys: String, CodingKey {
            case value
            case expiresAt = "expires_at"
        }
    }
}

extension Settings {
    /// A `user_settings` row.
    struct SettingsRow: Decodable {
        private let timeZone: String
        private let dailyReminder: Int64
        private let reminderTime: String
        private let locale: String?
        private let firstWeekday: Int64?

        private enum CodingKeys: String, CodingKey {
            case timeZone = "time_zone"
            case dailyReminder = "daily_reminder"
            case reminderTime = "reminder_time"
            case locale
            case firstWeekday = "first_weekday"
        }

        /// The settings; a reminder time that is not a time falls back to 20:00, a locale or week
        /// start that no longer reads to following the browser and the region.
        var settings: UserSettings {
            UserSettings(
                timeZone: timeZone,
                dailyReminder: dailyReminder != 0,
                reminderTime: TimeOfDay(reminderTime) ?? TimeOfDay("20:00")!,
                locale: locale.flatMap { try? TallyLocale($0).tag },
                firstWeekday: firstWeekday.flatMap { (1...7).contains($0) ? Int($0) : nil }
            )
        }
    }
}
