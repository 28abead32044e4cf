import Foundation
import HTTPTypes
import Hummingbird
import TallyCore
import TallyStore

/// The user's settings (not a book's): time zone, the daily reminder, and the private calendar
/// feed with how to subscribe to it and a button to replace its link.
struct SettingsPages {
    let store: Store
    let pages: PageRenderer
    /// Whether the server is reached over HTTPS (the scheme of the feed link when the request
    /// does not say).
    let secure: Bool

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("settings", use: show)
        routes.post("settings", use: update)
        routes.post("settings/calendar-feed", use: rotate)
        return routes
    }

    func show(_ request: Request, context: AppContext) async throws -> Response {
        try await page(request, context: context)
    }

    private func page(
        _ request: Request, context: AppContext, form: PlanForm? = nil, error: ValidationError? = nil, notice: String = ""
    ) async throws -> Response {
        let user = try context.requireUser()
        let settings = try await store.settings(for: user)
        let token = try await store.calendarFeedToken(for: user)
        let host = Self.host(request)
        let feed = "\(Self.scheme(request, secure: secure))://\(host)/calendar/\(token).ics"
        let firstBook = try await store.books(for: user).first
        return pages.page("settings", title: "Settings", context: context, values: [
            "timeZone": form?["time_zone"] ?? settings.timeZone,
            "zones": TimeZone.knownTimeZoneIdentifiers.sorted(),
            "dailyReminder": form.map { $0["daily_reminder"] == "1" } ?? settings.dailyReminder,
            "reminderTime": form?["reminder_time"] ?? settings.reminderTime.description,
            "feedURL": feed, "webcalURL": "webcal://\(host)/calendar/\(token).ics",
            "error": error?.description ?? "", "notice": notice,
            "backLink": firstBook.map { "/books/\($0.id)/today" } ?? "/",
        ], status: error == nil ? .ok : .unprocessableContent)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await PlanForm.read(request, context: context)
        do {
            _ = try await store.updateSettings(
                for: user, timeZone: form["time_zone"], dailyReminder: form["daily_reminder"] == "1", reminderTime: form["reminder_time"]
            )
            return PageRenderer.redirect("/settings")
        } catch let error as ValidationError {
            return try await page(request, context: context, form: form, error: error)
        }
    }

    func rotate(_ request: Request, context: AppContext) async throws -> Response {
        _ = try await store.rotateCalendarFeed(for: try context.requireUser())
        return PageRenderer.redirect("/settings")
    }

    /// The host the browser used (the Host header), kept to the characters a host and port
    /// may have.
    static func host(_ request: Request) -> String {
        let raw = request.head.authority ?? "localhost"
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        let host = String(raw.filter { allowed.contains($0) })
        return host.isEmpty ? "localhost" : host
    }

    /// "https" behind a proxy that says so (or when the server is set up for HTTPS), else the
    /// request's own scheme, else "http".
    static func scheme(_ request: Request, secure: Bool) -> String {
        if let forwarded = request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.split(separator: ",").first?
            .trimmingCharacters(in: .whitespaces).lowercased(), ["http", "https"].contains(forwarded) {
            return forwarded
        }
        if secure { return "https" }
        if let scheme = request.head.scheme?.lowercased(), ["http", "https"].contains(scheme) { return scheme }
        return "http"
    }
}
