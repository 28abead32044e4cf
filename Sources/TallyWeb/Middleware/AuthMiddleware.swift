import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import NIOCore
import TallyCore
import TallyStore

/// Sets `context.identity` from the session cookie or an `Authorization: Bearer` token, and
/// `context.clientAddress` (for login throttling). It refuses only an unknown token; routes
/// that need a user sit in a `signedIn()` group (`SignedInContext`) or a `book(_:)` group.
///
/// On a book's routes (`/books/{book}/…`, `/api/v1/books/{book}/…`) it only notes the
/// credential (`context.credential`): `BookScopeMiddleware` then reads the caller, the book and
/// their role in one query instead of two.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let store: Store
    /// Whether to believe `X-Forwarded-For` (only behind a proxy that sets it).
    var trustForwardedFor = false
    /// The server's default locale (`tally serve --locale`, `TALLY_LOCALE`).
    var serverLocale: TallyLocale?

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.clientAddress = Self.clientAddress(
            request,
            remote: context.remoteAddress,
            trustForwardedFor: trustForwardedFor
        )
        // Who is calling includes what language they read, for a caller with no setting.
        context.browserLocale = LocaleResolution.resolve(
            setting: nil,
            acceptLanguage: request.headers[.acceptLanguage],
            serverDefault: serverLocale
        )
        let deferred = Self.isBookPath(request.uri.path)
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            context.authMethod = .token
            if deferred {
                context.credential = .token(token)
            } else {
                guard let user = try await store.users.user(forToken: token) else { throw Self.unknownToken }
                context.identity = user
            }
        } else if let session = context.sessions.session, !session.secondFactorPending {
            if deferred {
                context.credential = .session(userID: session.userID)
                context.authMethod = .session
            } else if let user = try await store.users.user(id: session.userID) {
                context.identity = user
                context.authMethod = .session
            }
        }
        let answered = context
        return try await Formats.$current.withValue(answered.formats) { try await next(request, answered) }
    }

    /// The answer to a bearer token that is unknown or revoked.
    static let unknownToken = HTTPError(.unauthorized, message: "the API token is unknown or revoked")

    /// Whether the path is under one book: `books/{book}` or `api/v1/books/{book}`, with or
    /// without more after it (`api/v1/books` itself lists books and is not).
    static func isBookPath(_ path: String) -> Bool {
        var rest = Substring(path)
        if rest.hasPrefix("/api/v1/") { rest = rest.dropFirst(7) }
        guard rest.hasPrefix("/books/") else { return false }
        return !rest.dropFirst(7).prefix { $0 != "/" }.isEmpty
    }

    /// The address login failures are counted against: the connection's peer IP; behind a
    /// trusted proxy, the last `X-Forwarded-For` entry (the one that proxy appended — earlier
    /// entries are whatever the client sent). Kept to the characters of an IP address.
    static func clientAddress(_ request: Request, remote: SocketAddress?, trustForwardedFor: Bool) -> String {
        if trustForwardedFor, let forwarded = request.headers[values: HTTPField.Name("X-Forwarded-For")!].last,
            let last = forwarded.split(separator: ",").last
        {
            let cleaned = String(
                last.trimmingCharacters(in: .whitespaces).filter { $0.isHexDigit || $0 == "." || $0 == ":" }.prefix(45)
            )
            if !cleaned.isEmpty { return cleaned }
        }
        return remote?.ipAddress ?? "local"
    }
}
