import HTTPTypes
import Hummingbird

/// Serves `StaticAssets`: `/static/<name>` (hashed names cached for a year, plain names
/// revalidated), and at the root the two files whose URL must not change: the service worker
/// (its scope is the folder it is served from, so `/sw.js` covers the whole app) and the web
/// app manifest. A middleware ahead of the session, as Hummingbird's `FileMiddleware` is, so a
/// stylesheet never costs a session read.
struct StaticFilesMiddleware<Context: RequestContext>: RouterMiddleware {
    let assets: StaticAssets

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get || request.method == .head else { return try await next(request, context) }
        let path = request.uri.path
        if path.hasPrefix("/static/") {
            let name = String(path.dropFirst("/static/".count))
            guard let found = assets.lookup(name) else { throw HTTPError(.notFound) }
            return Self.response(found.asset, request: request, immutable: found.immutable)
        }
        if path == "/sw.js" || path == "/manifest.webmanifest", let asset = assets.files[String(path.dropFirst())] {
            return Self.response(asset, request: request, immutable: false)
        }
        return try await next(request, context)
    }

    /// The file, gzipped when the client accepts it, or a 304 when its ETag still matches.
    static func response(_ asset: StaticAssets.Asset, request: Request, immutable: Bool) -> Response {
        var headers: HTTPFields = [
            .contentType: asset.contentType,
            .eTag: asset.etag,
            .cacheControl: immutable ? "public, max-age=31536000, immutable" : "no-cache",
        ]
        if asset.gzip != nil { headers[.vary] = "Accept-Encoding" }
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == asset.etag
            })
        {
            return Response(status: .notModified, headers: headers)
        }
        if let gzip = asset.gzip, AcceptEncoding.gzip(request.headers) {
            headers[.contentEncoding] = "gzip"
            headers[.contentLength] = String(gzip.readableBytes)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzip))
        }
        headers[.contentLength] = String(asset.bytes.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.bytes))
    }
}

/// Reads `Accept-Encoding`.
enum AcceptEncoding {
    /// Whether the client takes gzip: listed, and not with `q=0`.
    static func gzip(_ headers: HTTPFields) -> Bool {
        guard let value = headers[.acceptEncoding] else { return false }
        return value.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            // "q=0" (or 0.0, 0.000) refuses it; any non-zero digit in the weight accepts it.
            guard let weight = parts.dropFirst().first(where: { $0.hasPrefix("q=") }) else { return true }
            return weight.dropFirst(2).contains { "123456789".contains($0) }
        }
    }
}
