import HTTPTypes
import Hummingbird

/// Adds the headers every response carries: a Content-Security-Policy that allows only the
/// app's own scripts, styles and images, no framing, no MIME sniffing and no referrer (so a
/// receipt's URL never leaks to another site).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var policy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            var response = try await next(request, context)
            apply(&response.headers)
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            apply(&response.headers)
            return response
        }
    }

    func apply(_ headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = Self.policy
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    }
}
