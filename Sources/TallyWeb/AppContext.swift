import Hummingbird
import HummingbirdAuth
import TallyCore

/// What a web session remembers: who signed in.
public struct WebSession: Codable, Sendable {
    /// The signed-in user.
    public var userID: Int64
}

/// How the caller proved who they are; CSRF rules differ.
public enum AuthMethod: Sendable {
    /// A browser session cookie.
    case session
    /// `Authorization: Bearer` personal token.
    case token
}

/// The per-request context: the session, the signed-in user and the CSRF token.
public struct AppContext: AuthRequestContext, SessionRequestContext, RequestContext {
    /// Hummingbird's own storage.
    public var coreContext: CoreRequestContextStorage
    /// The signed-in user, set by `AuthMiddleware`.
    public var identity: User?
    /// How `identity` was established.
    public var authMethod: AuthMethod?
    /// The session, loaded by `SessionMiddleware` from the SQL store.
    public let sessions: SessionContext<WebSession>
    /// The double-submit CSRF token of this browser (set by `CSRFMiddleware`).
    public var csrfToken: String = ""

    /// Makes a context for a request.
    public init(source: Source) {
        coreContext = .init(source: source)
        identity = nil
        sessions = .init()
    }

    /// Receipts are up to 10 MB; multipart framing needs a little more.
    public var maxUploadSize: Int { 11 * 1024 * 1024 }

    /// The signed-in user or a 401.
    public func requireUser() throws -> User {
        guard let identity else { throw HTTPError(.unauthorized, message: "sign in or send an API token") }
        return identity
    }
}
