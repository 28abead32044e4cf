import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// `GET …/books/{book}/today`: the quick-glance widget's data. `GET|PATCH /settings`, and the
/// private calendar feed's URL: `GET /calendar-feed`, `POST /calendar-feed/rotate`.
struct TodayAPI {
    let store: Store
    /// The server's public address, for the feed link.
    var publicURL = "http://127.0.0.1:8080"

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("today", use: store.oneSnapshot(today))
        let signedIn = routes.signedIn()
        signedIn.get("settings", use: settings)
        signedIn.patch("settings", use: updateSettings)
        signedIn.get("calendar-feed", use: feed)
        signedIn.post("calendar-feed/rotate", use: rotate)
        return routes
    }

    func today(_ request: Request, context: AppContext) async throws -> APIModel.TodayJSON {
        let scope = try context.bookScope()
        return APIModel.TodayJSON(try await store.plans.todaySummary(in: scope))
    }

    func settings(_ request: Request, context: SignedInContext) async throws -> APIModel.SettingsJSON {
        APIModel.SettingsJSON(try await store.settings.current(for: context.user))
    }

    func updateSettings(_ request: Request, context: SignedInContext) async throws -> APIModel.SettingsJSON {
        let user = context.user
        let body = try await request.decode(as: SettingsChanges.self, context: context)
        let settings = try await store.settings.updateSettings(
            for: user,
            timeZone: body.timeZone,
            dailyReminder: body.dailyReminder,
            reminderTime: body.reminderTime,
            locale: body.locale,
            firstWeekday: body.firstWeekday
        )
        return APIModel.SettingsJSON(settings)
    }

    /// The feed token is stored hashed, so its link is shown once: here when the feed is first
    /// made, afterwards `url` is null until `rotate` makes a new one.
    func feed(_ request: Request, context: SignedInContext) async throws -> APIModel.CalendarFeedJSON {
        let user = context.user
        if let createdAt = try await store.plans.calendarFeedCreatedAt(for: user) {
            return APIModel.CalendarFeedJSON(url: nil, createdAt: createdAt)
        }
        let token = try await store.plans.rotateCalendarFeed(for: user)
        return APIModel.CalendarFeedJSON(url: CalendarFeedRoute.url(token: token, publicURL: publicURL), createdAt: nil)
    }

    func rotate(_ request: Request, context: SignedInContext) async throws -> APIModel.CalendarFeedJSON {
        let token = try await store.plans.rotateCalendarFeed(for: context.user)
        return APIModel.CalendarFeedJSON(url: CalendarFeedRoute.url(token: token, publicURL: publicURL), createdAt: nil)
    }
}

/// `PATCH /settings`.
struct SettingsChanges: APIRequest {
    static let fields: Set<String> = ["time_zone", "daily_reminder", "reminder_time", "locale", "first_weekday"]
    let timeZone: String?
    let dailyReminder: Bool?
    let reminderTime: String?
    /// Absent: kept; null: follow the browser; else a BCP 47 tag.
    let locale: String??
    /// Absent: kept; null: the region's; else 1 (Monday) … 7 (Sunday).
    let firstWeekday: Int??

    init(_ body: JSONBody) throws {
        timeZone = try body.string("time_zone")
        dailyReminder = try body.bool("daily_reminder")
        reminderTime = try body.string("reminder_time")
        locale = try body.nullable("locale") { try body.string("locale") }
        firstWeekday = try body.nullable("first_weekday") {
            try body.integer("first_weekday", in: 1...7, unit: "1 = Monday … 7 = Sunday")
        }
    }
}
