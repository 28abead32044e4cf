import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import NIOCore
import TallyCore
import TallyStore

/// Sets `context.identity` from the session cookie or an `Authorization: Bearer` token, and
/// `context.clientAddress` (for login throttling). It never refuses a request itself; routes
/// that need a user ask `context.requireUser()`.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let store: Store
    /// Whether to believe `X-Forwarded-For` (only behind a proxy that sets it).
    var trustForwardedFor = false

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
