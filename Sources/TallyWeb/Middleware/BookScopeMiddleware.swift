import Hummingbird
import TallyCore
import TallyStore

/// The one access check of every `books/:book` route, pages and API alike: reads the caller's
/// credential (noted by `AuthMiddleware`) and the `:book` path parameter, and lets the caller
/// into the book with one read (`Store.scope(token:book:)` / `scope(userID:book:)`: the user,
/// the book, their role and their zone) and hands the scope to the handler in `context.scope`.
/// It then applies `BookAccess`, the one rule of which role each route needs: a viewer's change
/// or an editor's attempt to manage members is a 403 before any handler runs.
struct BookScopeMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let store: Store

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // No credential at all is a 401 (a sign-in page for the pages) before any 404.
        if context.credential == nil { _ = try context.requireUser() }
        let book = try context.parameters.id("book", as: BookID.self)
        var context = context
        let scope: BookScope
        switch context.credential {
        case .token(let token):
            guard let found = try await store.scope(token: token, book: book) else { throw AuthMiddleware.unknownToken }
            scope = found
        case .session(let userID):
            guard let found = try await store.scope(userID: userID, book: book) else {
                throw HTTPError(.unauthorized, message: "sign in or send an API token")
            }
            scope = found
        case nil:
            scope = try await store.scope(try context.requireUser(), book: book)
        }
        context.identity = scope.user
        context.scope = scope
        let needed = BookAccess.required(request.method, context.endpointPath ?? request.uri.path)
        guard scope.book.role.includes(needed) else {
            throw AppError(.forbidden, BookAccess.refusal(scope.book.role, needs: needed))
        }
        // A book's page lists the caller's open books in the header (one small read); images
        // (receipts, photos) and the book's own address (a redirect) draw no page.
        let endpoint = context.endpointPath ?? ""
        if case .session? = context.credential, !request.uri.path.hasPrefix("/api/"), !endpoint.hasSuffix("/photo"),
            !endpoint.contains("/receipts/"), endpoint != "/books/{book}"
        {
            context.switcherBooks = try await store.books.all(for: scope.user).filter { !$0.archived || $0.id == book }
        }
        // The member's own locale and week start, read with the book, for every amount it writes.
        let answered = context
        var response = try await Formats.$current.withValue(answered.formats) { try await next(request, answered) }
        // A page of a book (not the API) remembers it as this device's last book, for `/today`.
        if case .session? = context.credential, request.method == .get, response.status == .ok,
            !request.uri.path.hasPrefix("/api/"), request.cookies[LastBook.cookie]?.value != String(book.rawValue)
        {
            response.headers[values: .setCookie].append(LastBook.setCookie(book))
        }
        return response
    }
}

extension RouterMethods where Context == AppContext {
    /// The routes under `books/:book`, each behind `BookScopeMiddleware`.
    func book(_ store: Store) -> RouterGroup<AppContext> {
        group("books/:book").add(middleware: BookScopeMiddleware(store: store))
    }
}
