import Foundation
import Hummingbird
import Logging
import NIOCore
import TallyCore
import TallyStore

/// Every error a request can end in: the store's `KnownError` (the classification the CLI uses
/// too) as an HTTP status, plus the web's own (a malformed body, one too large). The API renders
/// it as RFC 9457 problem JSON (it is Hummingbird's `HTTPResponseError`), the pages as the error
/// page.
public struct AppError: HTTPResponseError, CustomStringConvertible {
    /// The status it answers with.
    public let status: HTTPResponse.Status
    /// What went wrong, naming the field where there is one ("amount: …").
    public let detail: String
    /// The field (or CSV column / command option) at fault.
    public let field: String?
    /// Seconds to wait before trying again (sign-in throttling), sent as `Retry-After`.
    public var retryAfter: Int?
    /// The methods the path does answer (a 405), sent as `Allow`.
    public var allow: String?

    /// Classifies a known error; `nil` for anything else (a bug or an outage).
    public init?(known error: any Error) {
        switch error {
        case let error as AppError: self = error
        case let error as BadRequest: self.init(.badRequest, error.detail)
        case is NIOTooManyBytesError: self.init(.contentTooLarge, "the request body is too large")
        case let error as HTTPError:
            self.init(error.status, error.body ?? error.status.reasonPhrase)
            allow = error.headers[.allow]
        default:
            guard let known = KnownError(error) else { return nil }
            let status: HTTPResponse.Status =
                switch known.kind {
                case .invalid: .unprocessableContent
                case .notFound: .notFound
                case .forbidden: .forbidden
                case .conflict: .conflict
                case .unauthorized: .unauthorized
                case .gone: .gone
                case .throttled: .tooManyRequests
                }
            self.init(status, known.detail, field: known.field)
            retryAfter = known.retryAfter
        }
    }

    /// Classifies any error; an unknown one is a 500 whose detail says nothing of the server's insides.
    public init(_ error: any Error) {
        self = AppError(known: error) ?? AppError(.internalServerError, "the server could not complete the request")
    }

    init(_ status: HTTPResponse.Status, _ detail: String, field: String? = nil) {
        self.status = status
        self.detail = detail
        self.field = field
    }

    /// The detail.
    public var description: String { detail }

    /// The detail as a sentence for a page: "Book not found."
    var sentence: String {
        guard status == .notFound else { return detail }
        return "\(detail.prefix(1).uppercased())\(detail.dropFirst())."
    }

    /// The RFC 9457 `application/problem+json` body, with `WWW-Authenticate` on a 401 and `Allow` on a 405.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ProblemBody.fields(status, detail, field: field)
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Logs what a 500 hides from the caller.
    static func log(_ error: any Error, as classified: AppError, logger: Logger, _ label: String) {
        if classified.status == .internalServerError { logger.error("\(label): \(String(reflecting: error))") }
    }
}

/// A request the API cannot read at all (malformed JSON, unknown fields): 400.
struct BadRequest: Error {
    let detail: String
}
