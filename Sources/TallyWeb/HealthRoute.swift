import Foundation
import Hummingbird
import NIOCore
import TallyStore

/// `GET /healthz`: whether the server can reach its database, for load balancers and service
/// monitors. No sign-in needed and nothing private in it: 200 `{"status":"ok","database":"ok"}`,
/// or 503 `{"status":"unavailable","database":"unreachable"}` when a trivial query fails or
/// takes over five seconds. (`GET /health` still answers a plain "ok" without touching the
/// database: the process is up.)
struct HealthRoute {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("healthz", use: health)
        routes.get("health") { _, _ in "ok" }
        return routes
    }

    func health(_ request: Request, context: AppContext) async throws -> Response {
        let reachable = await store.databaseReachable()
        let body =
            reachable
            ? #"{"database":"ok","engine":"\#(store.database.engine.rawValue)","status":"ok"}"#
            : #"{"database":"unreachable","engine":"\#(store.database.engine.rawValue)","status":"unavailable"}"#
        return Response(
            status: reachable ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: body))
        )
    }
}
