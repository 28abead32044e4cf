import Hummingbird
import HummingbirdAuth
import NIOCore
import TallyCore
import TallyStore

/// What a web session remembers: who signed in, and the random value its CSRF token is bound to.
public struct WebSession: Codable, Sendable {
    /// The signed-in user.
    public var userID: UserID
    /// A random value made with the session; the CSRF token is an HMAC of it. Sessions from
    /// before it existed decode with "" and get one on their next request.
    public var csrfNonce: String
    /// The password was right but the second factor is still to come: such a session signs no
    /// one in (`AuthMiddleware` ignores it); only `/login/code` reads it.
    public var secondFactorPending: Bool

    /// A new session for `userID` with a fresh CSRF nonce.
    public init(userID: UserID, secondFactorPending: Bool = false) {
        self.userID = userID
        self.csrfNonce = CSRFMiddleware.newNonce()
        self.secondFactorPending = secondFactorPending
    }

    enum CodingKeys: String, CodingKey { case userID, csrfNonce, secondFactorPending }

    /// Decodes a stored session; older sessions have no nonce and no pending second factor.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userID = try container.decode(UserID.self, forKey: .userID)
        csrfNonce = try container.decodeIfPresent(String.self, forKey: .csrfNonce) ?? ""
        secondFactorPending = try container.decodeIfPresent(Bool.self, forKey: .secondFactorPending) ?? false
    }
}

/// How the caller proved who they are; CSRF rules differ.
public enum AuthMethod: Sendable {
    /// A browser session cookie.
    case session
    /// `Authorization: Bearer` personal token.
    case token
}

/// A credential noted but not yet looked up (on a book's routes, `BookScopeMiddleware` reads
/// it together with the book).
public enum Credential: Sendable {
    /// An `Authorization: Bearer` token.
    case token(String)
    /// A signed-in session's user.
    case session(userID: UserID)
}

/// The per-request context: the session, the signed-in user, the CSRF token and the client's
/// address.
public struct AppContext: AuthRequestContext, SessionRequestContext, RemoteAddressRequestContext, RequestContext {
    /// Hummingbird's own storage.
    public var coreContext: CoreRequestContextStorage
    /// The signed-in user, set by `AuthMiddleware`.
    public var identity: User?
    /// How `identity` was established.
    public var authMethod: AuthMethod?
    /// The session, loaded by `SessionMiddleware` from the SQL store.
    public let sessions: SessionContext<WebSession>
    /// The CSRF token the pages put in their forms (set by `CSRFMiddleware`).
    public var csrfToken: String = ""
    /// The connection's peer address (nil in router tests and on Unix sockets).
    public let remoteAddress: SocketAddress?
    /// The client address used for login throttling (set by `AuthMiddleware`): the peer's IP,
    /// or the last `X-Forwarded-For` entry when the server is told to trust its proxy, or
    /// "local" when there is no peer address.
    public var clientAddress: String = "local"
    /// The book the route names and the caller's place in it, set once per request by
    /// `BookScopeMiddleware` on every `books/:book` route.
    public var scope: BookScope?
    /// The credential `AuthMiddleware` left for `BookScopeMiddleware` to read with the book.
    public var credential: Credential?
    /// The locale of a caller with no setting of their own: the browser's `Accept-Language`, else
    /// the server's default, else US English (set by `AuthMiddleware`).
    public var browserLocale: TallyLocale = .english
    /// The caller's books for the header's switcher, read by `BookScopeMiddleware` for a book's
    /// pages (not its API).
    var switcherBooks: [Book] = []

    /// Makes a context for a request.
    public init(source: Source) {
        coreContext = .init(source: source)
        identity = nil
        sessions = .init()
        remoteAddress = source.channel.remoteAddress
    }

    /// Receipts are up to 10 MB; multipart framing needs a little more.
    public var maxUploadSize: Int { 11 * 1024 * 1024 }

    /// JSON bodies for `request.decode(as:context:)`: see `APIRequestDecoder`.
    public var requestDecoder: some RequestDecoder { APIRequestDecoder() }

    /// JSON for every `ResponseEncodable` the API returns: see `APIResponseEncoder`.
    public var responseEncoder: some ResponseEncoder { APIResponseEncoder() }

    /// The caller's locale: their setting (read with them, or with the book), else the browser's.
    public var locale: TallyLocale {
        LocaleResolution.resolve(
            setting: (scope?.user ?? identity)?.locale,
            acceptLanguage: nil,
            serverDefault: browserLocale
        )
    }

    /// How the caller's amounts, dates and numbers are written: their locale and week start.
    public var formats: Formats { Formats(locale, firstWeekday: (scope?.user ?? identity)?.firstWeekday) }

    /// The signed-in user or a 401.
    public func requireUser() throws -> User {
        guard let identity else { throw HTTPError(.unauthorized, message: "sign in or send an API token") }
        return identity
    }

    /// The scope `BookScopeMiddleware` resolved; a route outside a `books/:book` group that asks
    /// for one is a programming error, answered with a 500 rather than an unchecked book.
    public func bookScope() throws -> BookScope {
        guard let scope else { throw HTTPError(.internalServerError, message: "route has no book scope") }
        return scope
    }
}
