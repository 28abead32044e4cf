import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// The user's settings (not a book's): time zone, the daily reminder, and the private calendar
/// feed with how to subscribe to it and a button to replace its link.
struct SettingsPages {
    let store: Store
    let pages: PageRenderer
    /// The server's public address (`--public-url`): feed links are built from it, never from
    /// the request's Host header.
    let publicURL: String

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let signedIn = routes.signedIn()
        signedIn.get("settings", use: show)
        signedIn.post("settings", use: update)
        signedIn.post("settings/calendar-feed", use: rotate)
        return routes
    }

    func show(_ request: Request, context: SignedInContext) async throws -> Response {
        try await page(request, context: context)
    }

    /// The page; `newToken` is a feed token just made, whose link is shown this once (only its
    /// hash is kept); `profile` carries what a profile post has to say.
    func page(
        _ request: Request,
        context: SignedInContext,
        form: SettingsForm? = nil,
        error: FieldError? = nil,
        notice: String = "",
        newToken: String? = nil,
        status: HTTPResponse.Status? = nil,
        profile: ((inout ProfileSection) -> Void)? = nil
    ) async throws -> Response {
        let user = context.user
        let twoStep = try await store.users.twoStepEnabled(user)
        var section = ProfileSection(
            name: user.name,
            email: user.email,
            photo: user.photoVersion.map { "/api/v1/profile/photo?v=\($0)" } ?? "",
            twoStep: twoStep,
            codesLeft: twoStep ? try await store.users.recoveryCodesLeft(user) : 0
        )
        profile?(&section)
        section.hasRecoveryCodes = !section.recoveryCodes.isEmpty
        let settings = try await store.settings.current(for: user)
        let feedCreated = try await store.plans.calendarFeedCreatedAt(for: user)
        let firstBook = try await store.books.all(for: user).first
        let model = SettingsPage(
            timeZone: form?.timeZone ?? settings.timeZone,
            zones: TimeZone.knownTimeZoneIdentifiers.sorted(),
            dailyReminder: form.map { $0.dailyReminder == "1" } ?? settings.dailyReminder,
            reminderTime: form?.reminderTime ?? settings.reminderTime.description,
            feedURL: newToken.map { CalendarFeedRoute.url(token: $0, publicURL: publicURL) } ?? "",
            webcalURL: newToken.map { CalendarFeedRoute.webcalURL(token: $0, publicURL: publicURL) } ?? "",
            feedExists: feedCreated != nil,
            feedCreated: String((feedCreated ?? "").prefix(10)),
            error: error?.description ?? "",
            notice: notice,
            backLink: firstBook.map { "/books/\($0.id)/today" } ?? "/",
            profile: section
        )
        var response = pages.page(
            "settings",
            title: "Settings",
            context: context,
            model: model,
            status: status ?? (error == nil ? .ok : .unprocessableContent)
        )
        // A secret or recovery codes on the page: never kept by a cache.
        if !section.setupSecret.isEmpty || section.hasRecoveryCodes { response.headers[.cacheControl] = "no-store" }
        return response
    }

    func update(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        return try await PageRenderer.post(request, context: context, as: SettingsForm.self) { form in
            _ = try await store.settings.updateSettings(
                for: user,
                timeZone: form.timeZone,
                dailyReminder: form.dailyReminder == "1",
                reminderTime: form.reminderTime
            )
            return "/settings"
        } refused: { form, error in
            try await page(request, context: context, form: form, error: error)
        }
    }

    /// Makes a new feed link and shows it at once, in this response: it cannot be shown again.
    func rotate(_ request: Request, context: SignedInContext) async throws -> Response {
        let token = try await store.plans.rotateCalendarFeed(for: context.user)
        var response = try await page(
            request,
            context: context,
            notice: "Your new calendar link is below. Copy it now: it is shown only once.",
            newToken: token
        )
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
