import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// CSRF protection with tokens signed by a server secret (HMAC-SHA256, key made once and kept
/// in the database), so a token cannot be made up, and bound so it cannot be carried over:
///
/// - signed in, the token is the HMAC of a random nonce stored in the session, so it is only
///   valid for that session (a planted cookie is worth nothing: the cookie is not even read);
/// - signed out (the login and sign-up forms), the token is a random nonce plus its HMAC, kept
///   in an HttpOnly, SameSite=Strict cookie, and the form must send the same value.
///
/// The cookie always holds the token the next form needs (so scripts and tests can read it
/// from the page or the cookie alike); it is `__Host-tally_csrf` when cookies are secure.
/// Forms send the token in `_csrf`, scripts in `X-CSRF-Token`.
///
/// Unsafe requests authenticated by a bearer token are exempt (no ambient credential), as are
/// the two API calls that authenticate by email and password in their body.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppContext
    static let exempt: Set<String> = ["/api/v1/users", "/api/v1/tokens"]
    let secureCookies: Bool
    let key: SymmetricKey

    /// `secret` is the server's hex secret (`Store.serverSecret(named: "csrf")`).
    init(secret: String, secureCookies: Bool) {
        self.secureCookies = secureCookies
        key = SymmetricKey(data: Data(secret.utf8))
    }

    /// The cookie's name: `__Host-` makes browsers refuse it unless Secure, Path=/, no Domain,
    /// so a sibling subdomain cannot plant it.
    var cookieName: String { secureCookies ? "__Host-tally_csrf" : "tally_csrf" }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // A bearer token is no ambient credential and its caller fills in no forms: no token to
        // check, sign or set, on the path every API client takes.
        if context.authMethod == .token { return try await next(request, context) }
        var context = context
        var request = request
        let cookie = request.cookies[cookieName].map { String($0.value) }
        let anonymous = cookie.flatMap { isSignedAnonymous($0) ? $0 : nil }
        let anonymousToken = anonymous ?? makeAnonymousToken()
        // Sessions made before tokens were bound to them get their nonce now (saved with the session).
        if var session = context.sessions.session, session.csrfNonce.count != 32 {
            session.csrfNonce = Self.newNonce()
            _ = context.sessions.updateSession(session)
        }
        let sessionToken = context.sessions.session.map { sessionBoundToken($0.csrfNonce) }
        context.csrfToken = sessionToken ?? anonymousToken

        let unsafe = ![.get, .head, .options].contains(request.method)
        // An API call without any credential carries nothing to forge: let the route answer 401.
        let isAPI = request.uri.path.hasPrefix("/api/")
        if unsafe && context.authMethod != .token && !(isAPI && context.identity == nil && context.credential == nil)
            && !Self.exempt.contains(request.uri.path)
        {
            let sent = try await Self.submittedToken(&request, context: context)
            // With a session only its own token counts; without one the form must match a cookie
            // this server signed.
            let expected = sessionToken ?? anonymous
            guard let expected, let sent, Self.constantTimeEqual(sent, expected) else {
                throw HTTPError(
                    .forbidden,
                    message: "the form has expired or did not come from this site; reload the page and try again"
                )
            }
        }
        var response = try await next(request, context)
        // Signing in or out during the route changes which token the next form needs.
        let current = context.sessions.session.map { sessionBoundToken($0.csrfNonce) } ?? anonymousToken
        if cookie != current {
            let set = Cookie(
                name: cookieName,
                value: current,
                path: "/",
                secure: secureCookies,
                httpOnly: true,
                sameSite: .strict
            )
            response.headers[values: .setCookie].append(set.description)
        }
        return response
    }

    /// A session's token: the HMAC of its nonce (64 hex digits).
    func sessionBoundToken(_ nonce: String) -> String {
        Self.hex(HMAC<SHA256>.authenticationCode(for: Data("session:\(nonce)".utf8), using: key))
    }

    /// A signed-out token: 32 hex digits of nonce, then 32 of its HMAC.
    func makeAnonymousToken() -> String {
        let nonce = Self.newNonce()
        return nonce + anonymousSignature(nonce)
    }

    /// Whether `token` is a nonce this server signed.
    func isSignedAnonymous(_ token: String) -> Bool {
        guard token.utf8.count == 64,
            token.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { return false }
        let nonce = String(token.prefix(32))
        return Self.constantTimeEqual(String(token.suffix(32)), anonymousSignature(nonce))
    }

    private func anonymousSignature(_ nonce: String) -> String {
        String(Self.hex(HMAC<SHA256>.authenticationCode(for: Data("anonymous:\(nonce)".utf8), using: key)).prefix(32))
    }

    /// The token from the `X-CSRF-Token` header, or the `_csrf` field of a form body.
    static func submittedToken(_ request: inout Request, context: Context) async throws -> String? {
        if let header = request.headers[.csrfToken] { return header }
        let type = request.headers[.contentType] ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") || type.hasPrefix("multipart/form-data") {
            let body = try await request.collectBody(upTo: context.maxUploadSize)
            return try Request.decodeForm(CSRFField.self, body: body, contentType: type).token
        }
        return nil
    }

    /// The one field of any form this middleware reads.
    private struct CSRFField: Decodable {
        let token: String?

        enum CodingKeys: String, CodingKey {
            case token = "_csrf"
        }
    }

    /// 128 random bits as 32 hex digits.
    static func newNonce() -> String {
        hex(SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
    }

    static func hex<D: Sequence>(_ bytes: D) -> String where D.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension HTTPField.Name {
    /// `X-CSRF-Token`, sent by the app's scripts.
    static let csrfToken = Self("X-CSRF-Token")!
}
