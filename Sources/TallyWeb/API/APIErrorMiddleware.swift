import Foundation
import Hummingbird
import Logging
import NIOCore
import TallyCore
import TallyStore

/// Turns every error under /api — from a route, from the auth and CSRF middleware, or the
/// router's own 404 for an unknown path — into an RFC 9457 `application/problem+json` response
/// whose `detail` names the field at fault. Errors of the HTML pages pass through untouched.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch where request.uri.path.hasPrefix("/api/") {
            return Self.problem(for: error, logger: context.logger)
        }
    }

    static func problem(for error: any Error, logger: Logger) -> Response {
        let (status, detail, field): (HTTPResponse.Status, String, String?) = switch error {
        case let error as ValidationError: (.unprocessableContent, error.description, error.field)
        case let error as StoreError:
            switch error {
            case .notFound: (.notFound, error.description, nil)
            case .forbidden: (.forbidden, error.description, nil)
            case .conflict: (.conflict, error.description, nil)
            case .unauthorized: (.unauthorized, error.description, nil)
            }
        case let error as BadRequest: (.badRequest, error.detail, nil)
        case is NIOTooManyBytesError: (.contentTooLarge, "the request body is too large", nil)
        case let error as HTTPError: (error.status, error.body ?? error.status.reasonPhrase, nil)
        default: (.internalServerError, "the server could not complete the request", nil)
        }
        if status == .internalServerError { logger.error("API error: \(String(reflecting: error))") }
        return problem(status: status, detail: detail, field: field)
    }

    static func problem(status: HTTPResponse.Status, detail: String, field: String? = nil) -> Response {
        var body: [String: String] = ["type": "about:blank", "title": status.reasonPhrase, "detail": detail]
        body["field"] = field
        var object = body.mapValues { $0 as Any }
        object["status"] = status.code
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// A request the API cannot read at all (malformed JSON, unknown fields): 400.
struct BadRequest: Error {
    let detail: String
}
