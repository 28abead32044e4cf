import HTTPTypes
import Hummingbird
import Logging

extension HTTPField.Name {
    /// The request's id, answered on every response and logged with every line of the request.
    static let requestID = Self("X-Request-Id")!
}

/// Gives every request an id: the one the client (or a proxy in front) sent, when it is short and
/// printable, else Hummingbird's own. Every log line of the request carries it (as
/// `hb.request.id`), and so does every answer, in `X-Request-Id`, errors included: an error no
/// inner middleware answered (the router's 404, say) is made into its answer here.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let id = Self.accepted(request.headers[.requestID]) ?? Self.padded(context.id)
        context.logger[metadataKey: "hb.request.id"] = .string(id)
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            // What Hummingbird would answer (a bare 500), made here so that it carries the id.
            context.logger.error("unhandled error: \(String(reflecting: error))")
            response = Response(status: .internalServerError)
        }
        response.headers[.requestID] = id
        return response
    }

    /// Hummingbird's own id, always 32 hex digits: it writes its per-process half without
    /// leading zeros, so one process in sixteen gave 31-digit ids (a test caught it, flaking).
    static func padded(_ id: String) -> String {
        id.count >= 32 ? id : String(repeating: "0", count: 32 - id.count) + id
    }

    /// A sent id is kept when it is 1–64 printable ASCII characters without spaces, so it can
    /// neither split a log line nor smuggle a header.
    static func accepted(_ sent: String?) -> String? {
        guard let sent, (1...64).contains(sent.utf8.count),
            sent.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return sent
    }
}
