import Hummingbird
import TallyJSON

extension APIModel {
    /// `GET|POST /calendar-feed…`: the feed link when it was just made (shown once: only its
    /// hash is stored), else null with the time the current link was made.
    struct CalendarFeedJSON: ResponseEncodable, Sendable {
        /// The full feed URL, or nil when it was made earlier.
        let url: String?
        /// When the current link was made (ISO 8601), when `url` is nil.
        let createdAt: String?

        enum CodingKeys: String, CodingKey { case url, createdAt }

        /// Both keys always present, null when unknown, so clients can test `url` directly.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
            try container.encode(createdAt, forKey: .createdAt)
        }
    }
}
