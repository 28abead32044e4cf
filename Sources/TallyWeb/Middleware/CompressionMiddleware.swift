import CompressNIO
import HTTPTypes
import Hummingbird
import NIOCore

/// Gzips the HTML pages for clients that accept it: a month's calendar or a report is 20 to
/// 60 KB of markup that shrinks about five times, which is what a phone on a slow network waits
/// for. Static files carry their own gzip copy (`StaticAssets`); API answers are left as they are
/// (small, and read by programs that may not ask for gzip).
///
/// Only requests from Tally's own pages (`Sec-Fetch-Site: same-origin`) or typed and bookmarked
/// (`none`) are compressed. A page carries the CSRF token and may echo what the request sent (a
/// search); compressed, its size would tell a site that makes the victim's browser send many
/// requests, and watches their sizes on the network, one more byte of the token each time
/// (BREACH). A request started by another site, or by a browser that does not say, gets the
/// page as it is.
///
/// hummingbird-compression is not among the packages this project may use, so this is the
/// small part of it we need, on CompressNIO (zlib).
struct CompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Bodies below this are sent as they are: the gzip header and the CPU are not worth it.
    static var minimumBytes: Int { 1024 }
    /// Pages are rendered into memory, so this bounds nothing the server did not already hold.
    static var maximumBytes: Int { 16 * 1024 * 1024 }
    static var fetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard (response.headers[.contentType] ?? "").hasPrefix("text/html") else { return response }
        // Kept beside what the page said it varies by (its language follows Accept-Language).
        response.headers[.vary] = [response.headers[.vary], "Accept-Encoding"].compactMap { $0 }.joined(separator: ", ")
        let site = request.headers[Self.fetchSite]
        guard site == "same-origin" || site == "none", response.headers[.contentEncoding] == nil,
            AcceptEncoding.gzip(request.headers),
            let length = response.body.contentLength, (Self.minimumBytes...Self.maximumBytes).contains(length)
        else { return response }
        let collector = BodyCollector(capacity: length)
        try await response.body.write(collector)
        var body = collector.buffer
        let packed = try body.compress(with: .gzip())
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = String(packed.readableBytes)
        response.body = .init(byteBuffer: packed)
        return response
    }
}

/// A response body writer that keeps what is written, to compress it whole.
private final class BodyCollector: ResponseBodyWriter {
    var buffer: ByteBuffer

    init(capacity: Int) {
        buffer = ByteBuffer()
        buffer.reserveCapacity(capacity)
    }

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
