import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request that NIO's HTTP/1.1 parser refuses with problem+json, as every other error is
/// answered, instead of Hummingbird's bare `400` with no body.
///
/// Such a request never reaches the router: the parser stops at the bytes themselves. The usual
/// one is a URL (request line) over 80 KB — the parser's limit on the request line and headers
/// together — which gets a 414; anything else it cannot parse gets a 400. This handler sits in
/// the channel right after the parser (Hummingbird's `additionalChannelHandlers`), sees the
/// parser's error before Hummingbird's request loop does, writes the answer and closes the
/// connection, as Hummingbird would have.
final class ParseErrorHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    /// Whether this connection has had its answer; every error after it (the parser refuses
    /// each byte that follows its first error) is dropped.
    private var answered = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !answered else { return }
        guard let parse = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        answered = true
        let (status, detail) = Self.answer(parse)
        let body = ByteBuffer(bytes: Self.problem(status, detail))
        let head = HTTPResponse(
            status: status,
            headerFields: [
                .contentType: "application/problem+json", .contentLength: String(body.readableBytes),
                .connection: "close", HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            ]
        )
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        // Only the sending side closes at once: closing both while the client is still sending
        // the rest of its long request would reset the connection, and the client might lose
        // the answer. The rest is read and dropped for a moment, then the connection ends.
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
        }
    }

    /// The status and detail for a parser's error.
    static func answer(_ error: HTTPParserError) -> (HTTPResponse.Status, String) {
        switch error {
        case .headerOverflow:
            (
                .uriTooLong,
                "the request line and headers are over 80 KB together; a URL (path and query) that long is not read"
            )
        default:
            (.badRequest, "the request is not valid HTTP/1.1 (\(error))")
        }
    }

    /// The RFC 9457 body, as `AppError` writes it.
    static func problem(_ status: HTTPResponse.Status, _ detail: String) -> [UInt8] {
        let body = ProblemBody.fields(status, detail)
        return Array((try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data())
    }
}
