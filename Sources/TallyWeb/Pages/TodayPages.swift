import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// The Today view: the quick glance a user pins to their home screen. The main budget's
/// remaining amount, today's spending, a big "Add expense" button and the bills due soon.
struct TodayPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("today", use: today)
        routes.get("books/:book/today/manifest.webmanifest", use: manifest)
        return routes
    }

    func today(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let summary = try await store.plans.todaySummary(in: scope)
        let model = TodayPage(
            date: summary.date.longTitle,
            spentToday: summary.spentToday.formatted,
            addLink: "/books/\(book.id)/transactions/new?date=\(summary.date)",
            dueSoon: summary.dueSoon.map { PlanText.occurrence($0, book: book.id, today: summary.date) },
            hasDueSoon: !summary.dueSoon.isEmpty,
            budgetsLink: "/books/\(book.id)/budgets",
            billsLink: "/books/\(book.id)/bills",
            manifest: "/books/\(book.id)/today/manifest.webmanifest",
            main: summary.main.map { PlanText.budget($0, book: book.id) }
        )
        return pages.page("today", title: "Today", context: context, book: book, model: model)
    }

    /// A web app manifest that opens this book's Today view, so "Add to Home Screen" from the
    /// page pins it. It names no one and reads nothing (browsers fetch manifests without
    /// cookies), only the book id from the path.
    func manifest(_ request: Request, context: AppContext) async throws -> Response {
        let book = try context.parameters.id("book", as: BookID.self)
        let manifest: [String: Any] = [
            "name": "Tally Today", "short_name": "Today",
            "description": "Your budget today, and a quick way to add an expense",
            "start_url": "/books/\(book)/today", "scope": "/", "display": "standalone",
            "background_color": "#f5f5f7", "theme_color": "#1f6f5c",
            "icons": [
                ["src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"],
                ["src": "/static/icon-180.png", "sizes": "180x180", "type": "image/png"],
            ],
        ]
        let data = try JSONSerialization.data(
            withJSONObject: manifest,
            options: [.sortedKeys, .withoutEscapingSlashes]
        )
        return Response(
            status: .ok,
            headers: [.contentType: "application/manifest+json", .cacheControl: "public, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
