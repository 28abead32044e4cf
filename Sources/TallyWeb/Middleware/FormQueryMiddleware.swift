import HTTPTypes
import Hummingbird

/// Reads `+` in a query string as a space, as HTML forms (`method="get"`: the search and report
/// forms) and most HTTP libraries write one (`application/x-www-form-urlencoded`). Hummingbird's
/// `queryParameters` decodes only `%20`, so `?payee=Coffee+Shop` searched for "Coffee+Shop" and
/// `?amount_max=+50.00+` was refused (schemathesis, seed 33). A plus that is meant is `%2B`, as
/// those clients and Tally's own links (`Links.encode`) write it.
struct FormQueryMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let path = Self.rewritten(request.head.path) else { return try await next(request, context) }
        var head = request.head
        head.path = path
        return try await next(Request(head: head, body: request.body), context)
    }

    /// The path with each `+` of its query written `%20`; nil when the query holds none (the path
    /// before it is left as it is: there a `+` is a plus).
    static func rewritten(_ path: String?) -> String? {
        guard let path, let start = path.firstIndex(of: "?") else { return nil }
        let query = path[start...]
        guard query.contains("+") else { return nil }
        return String(path[..<start]) + query.replacingOccurrences(of: "+", with: "%20")
    }
}
