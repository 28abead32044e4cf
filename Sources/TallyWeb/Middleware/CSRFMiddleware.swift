import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// Double-submit CSRF protection. Every browser gets a random `tally_csrf` cookie (HttpOnly,
/// SameSite=Strict); every form carries the same value in a hidden `_csrf` field, and scripts
/// send it as `X-CSRF-Token`. A cross-site page can neither read the cookie nor guess the value.
///
/// Unsafe requests authenticated by a bearer token are exempt (no ambient credential), as are
/// the two API calls that authenticate by email and password in their body.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppContext
    static let cookieName = "tally_csrf"
    static let exempt: Set<String> = ["/api/v1/users", "/api/v1/tokens"]
    let secureCookies: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        var request = request
        let existing = request.cookies[Self.cookieName]?.value
        let token = existing.flatMap { $0.count == 64 ? String($0) : nil } ?? Self.newToken()
        context.csrfToken = token
        let unsafe = ![.get, .head, .options].contains(request.method)
        // An API call without any credential carries nothing to forge: let the route answer 401.
        let isAPI = request.uri.path.hasPrefix("/api/")
        if unsafe && context.authMethod != .token && !(isAPI && context.identity == nil) && !Self.exempt.contains(request.uri.path) {
            let sent = try await Self.submittedToken(&request, context: context)
            guard let existing, let sent, Self.constantTimeEqual(sent, existing) else {
                throw HTTPError(.forbidden, message: "the form has expired or did not come from this site; reload the page and try again")
            }
        }
        var response = try await next(request, context)
        if existing != token {
            let cookie = Cookie(name: Self.cookieName, value: token, path: "/", secure: secureCookies, httpOnly: true, sameSite: .strict)
            response.headers[values: .setCookie].append(cookie.description)
        }
        return response
    }

    /// The token from the `X-CSRF-Token` header, or the `_csrf` field of a form body.
    static func submittedToken(_ request: inout Request, context: Context) async throws -> String? {
        if let header = request.headers[.csrfToken] { return header }
        let type = request.headers[.contentType] ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") || type.hasPrefix("multipart/form-data") {
            let body = try await request.collectBody(upTo: context.maxUploadSize)
            let form = try FormBody.parse(body, contentType: type)
            return form.fields["_csrf"]
        }
        return nil
    }

    static func newToken() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.map { String(format: "%02x", $0) }.joined()
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension HTTPField.Name {
    /// `X-CSRF-Token`, sent by the app's scripts.
    static let csrfToken = Self("X-CSRF-Token")!
}
