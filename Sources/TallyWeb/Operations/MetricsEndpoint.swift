import Crypto
import Foundation
import Hummingbird
import TallyStore

/// Where `/metrics` is served and who may read it (`tally serve --metrics`).
public struct MetricsSettings: Sendable {
    /// The registry the app and the store count into.
    public var metrics: AppMetrics
    /// Required as `Authorization: Bearer …` when set; on the app's own port it must be.
    public var token: String?
    /// Serve `/metrics` on this address only, instead of the app's port.
    public var address: (host: String, port: Int)?

    /// Metrics on the app's port behind `token`, or on `address` (with `token` too, if given).
    public init(metrics: AppMetrics, token: String?, address: (host: String, port: Int)? = nil) {
        self.metrics = metrics
        self.token = token
        self.address = address
    }
}

/// Answers `GET /metrics` with the Prometheus text. It sits before the sign-in middleware, whose
/// reading of `Authorization: Bearer` as an API token would refuse the metrics token.
struct MetricsEndpointMiddleware<Context: RequestContext>: RouterMiddleware {
    let endpoint: MetricsEndpoint

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.uri.path == "/metrics" else { return try await next(request, context) }
        return try await endpoint.answer(request)
    }
}

/// The metrics document and its access check, shared by the app's port and a metrics address.
struct MetricsEndpoint: Sendable {
    let metrics: AppMetrics
    let store: Store
    let token: String?

    func answer(_ request: Request) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        if let token {
            guard let sent = request.headers[.authorization], sent.hasPrefix("Bearer ") else {
                return Response(status: .unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"metrics\""])
            }
            // Compared as SHA-256 digests, in constant time.
            let expected = SHA256.hash(data: Data(token.utf8))
            let given = SHA256.hash(data: Data(sent.dropFirst("Bearer ".count).utf8))
            guard expected == given else { return Response(status: .forbidden) }
        }
        let text = try await metrics.render(store)
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }

    /// A router for a metrics address of its own: `/metrics` and nothing else.
    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let endpoint = self
        router.get("metrics") { request, _ in try await endpoint.answer(request) }
        router.head("metrics") { request, _ in try await endpoint.answer(request) }
        return router
    }
}
