import Hummingbird
import HummingbirdAuth
import TallyCore
import TallyStore

/// Sets `context.identity` from the session cookie or an `Authorization: Bearer` token. It never
/// refuses a request itself; routes that need a user ask `context.requireUser()`.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let store: Store

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            guard let user = try await store.user(forToken: token) else {
                throw HTTPError(.unauthorized, message: "the API token is unknown or revoked")
            }
            context.identity = user
            context.authMethod = .token
        } else if let session = context.sessions.session, let user = try await store.user(id: session.userID) {
            context.identity = user
            context.authMethod = .session
        }
        return try await next(request, context)
    }
}
