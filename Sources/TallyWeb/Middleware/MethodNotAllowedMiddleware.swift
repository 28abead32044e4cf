import HTTPTypes
import Hummingbird
import Synchronization

/// Answers 405 Method Not Allowed, with `Allow`, for a method the router has no route for on a
/// path it does have: Hummingbird's router answers that 404, as if the path did not exist.
///
/// Only the router's own 404 turns into a 405: a route that ran (a record that does not exist)
/// had a method in `Allow`, so its 404 passes through. Sits inside `APIErrorMiddleware`, which
/// makes the 405 problem+json under /api (keeping `Allow`).
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteMethods<Context>

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let allow = await routes.allow(for: request.uri.path, context: context),
                !allow.split(separator: ",").contains(where: { $0.trimmingPrefix(" ") == request.method.rawValue })
            else { throw error }
            throw HTTPError(
                .methodNotAllowed,
                headers: [.allow: allow],
                message: "\(request.method.rawValue) is not allowed here; this path answers \(allow)"
            )
        }
    }
}

/// The methods each path of a router answers, from the router's own route list.
///
/// `fill(from:)` runs once every route is added (the end of `buildRouter`). A path is looked up
/// with a router of its own holding one GET route per path of the real one, so a request's path
/// matches here exactly when Hummingbird would match it (captures, `{token}.ics`, wildcards).
final class RouteMethods<Context: RequestContext>: Sendable {
    private let lookup = Mutex<RouterResponder<Context>?>(nil)

    /// Records every path of `router` with the methods it has routes for.
    func fill(from router: Router<Context>) {
        var methods: [String: (path: RouterPath, names: Set<String>)] = [:]
        for route in router.routes {
            methods[route.path.description, default: (route.path, [])].names.insert(route.method.rawValue)
        }
        let table = Router(context: Context.self)
        for (path, names) in methods.values {
            let allow = names.sorted().joined(separator: ", ")
            table.get(path) { _, _ in Response(status: .noContent, headers: [.allow: allow]) }
        }
        let responder = table.buildResponder()
        lookup.withLock { $0 = responder }
    }

    /// The `Allow` value of the route path `path` matches ("GET, POST"), or nil for no route path.
    func allow(for path: String, context: Context) async -> String? {
        guard let responder = lookup.withLock({ $0 }) else { return nil }
        let probe = Request(
            head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: path),
            body: .init(buffer: .init())
        )
        return try? await responder.respond(to: probe, context: context).headers[.allow]
    }
}
