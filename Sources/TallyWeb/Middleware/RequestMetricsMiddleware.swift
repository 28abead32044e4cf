import Dispatch
import Hummingbird

/// Counts every request in `AppMetrics`: by route pattern, method and status, with its latency up
/// to the last byte of its body. Outermost, so that it sees the final answer of every request,
/// errors and static files included.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: AppMetrics

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = DispatchTime.now().uptimeNanoseconds
        metrics.started()
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            metrics.ended()
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            metrics.recordRequest(
                route: Self.route(request, context),
                method: request.method,
                status: status,
                nanoseconds: DispatchTime.now().uptimeNanoseconds - started
            )
            throw error
        }
        let status = response.status
        let metrics = self.metrics
        let route = Self.route(request, context)
        let method = request.method
        // Recorded once the body is written (Hummingbird's own post-write hook is not public).
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            defer {
                metrics.ended()
                metrics.recordRequest(
                    route: route,
                    method: method,
                    status: status,
                    nanoseconds: DispatchTime.now().uptimeNanoseconds - started
                )
            }
            try await body.write(writer)
        }
        return response
    }

    /// The route's pattern (Hummingbird names the paths no route has `NotFound`); what answers
    /// before routing gets one of a few fixed names, never its path: one series per made-up path
    /// would let anyone grow the registry without bound.
    static func route(_ request: Request, _ context: Context) -> String {
        if let pattern = context.endpointPath { return pattern }
        let path = request.uri.path
        if path == "/metrics" { return "/metrics" }
        return path.hasPrefix("/static/") ? "/static/*" : "unrouted"
    }
}
