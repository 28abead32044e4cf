import Hummingbird
import TallyCore
import TallyStore

/// The app's fixed entry points, which the web app manifest names: `/today` (its start page)
/// and `/add` (its "Add expense" shortcut). Each opens the book last used on this device, which
/// `LastBook` remembers in a cookie, or the first book when there is none or it is no longer
/// this user's.
struct EntryPages {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("today") { request, context in try await open(request, context: context, page: "today") }
        routes.get("add") { request, context in try await open(request, context: context, page: "transactions/new") }
        return routes
    }

    func open(_ request: Request, context: AppContext, page: String) async throws -> Response {
        guard let book = try await LastBook.find(request, context: context, store: store) else {
            return try await LastBook.nowhere(context: context, store: store)
        }
        return PageRenderer.redirect("/books/\(book)/\(page)")
    }
}

/// The book this device used last: a cookie set by the book pages (`BookScopeMiddleware`), only
/// ever trusted after checking that the signed-in user is a member.
enum LastBook {
    static let cookie = "tally_book"

    /// The last book if the user may open it, else their first open book; nil when signed out
    /// or they have no book.
    static func find(_ request: Request, context: AppContext, store: Store) async throws -> BookID? {
        guard let user = context.identity else { return nil }
        // Not a member (any more), or no such book: the scope lookup refuses; fall back.
        if let value = request.cookies[cookie]?.value, let raw = Int64(value),
            let scope = try? await store.scope(userID: user.id, book: BookID(raw))
        {
            return scope.bookID
        }
        let books = try await store.books.all(for: user)
        return (books.first { !$0.archived } ?? books.first)?.id
    }

    /// Where to go with no book to open: the book list (to make one) when signed in, else sign-in
    /// or, on a server with no users yet, sign-up.
    static func nowhere(context: AppContext, store: Store) async throws -> Response {
        if context.identity != nil { return PageRenderer.redirect("/books") }
        return PageRenderer.redirect(try await store.users.userCount() == 0 ? "/signup" : "/login")
    }

    /// The `Set-Cookie` value remembering `book` for a year. It holds a book id, no secret (it
    /// grants nothing: membership is checked on use), so it needs no `Secure` flag; HttpOnly, as
    /// no script reads it.
    static func setCookie(_ book: BookID) -> String {
        Cookie(
            name: cookie,
            value: String(book.rawValue),
            maxAge: 365 * 24 * 3600,
            path: "/",
            httpOnly: true,
            sameSite: .lax
        ).description
    }
}
