import Hummingbird
import TallyCore
import TallyStore

/// The one access check of every `books/:book` route, pages and API alike: reads the caller and
/// the `:book` path parameter, lets the caller into the book once (`Store.scope(_:book:)`: the
/// book, their role and their zone in one read) and hands the scope to the handler in
/// `context.scope`. Handlers and the services below them never ask again; a viewer's attempt to
/// change something is refused by the scope itself, in memory.
struct BookScopeMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let store: Store

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let user = try context.requireUser()
        var context = context
        context.scope = try await store.scope(user, book: try context.parameters.id("book"))
        return try await next(request, context)
    }
}

extension RouterMethods where Context == AppContext {
    /// The routes under `books/:book`, each behind `BookScopeMiddleware`.
    func book(_ store: Store) -> RouterGroup<AppContext> {
        group("books/:book").add(middleware: BookScopeMiddleware(store: store))
    }
}
