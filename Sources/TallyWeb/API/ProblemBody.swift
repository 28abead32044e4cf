import Foundation
import Hummingbird

/// The stable machine part of every problem answer: `code`, snake_case, one per kind of problem,
/// documented as an enum in `openapi.json`. `title` and `detail` are for people; a client
/// branches on `code` (and, for a 422, on each entry of `errors`).
enum ProblemCode: String, CaseIterable, Sendable {
    case malformedRequest = "malformed_request"
    case unauthorized
    case forbidden
    case notFound = "not_found"
    case methodNotAllowed = "method_not_allowed"
    case notAcceptable = "not_acceptable"
    case conflict
    case gone
    case tooLarge = "too_large"
    case unsupportedMediaType = "unsupported_media_type"
    case rangeNotSatisfiable = "range_not_satisfiable"
    case invalid
    case throttled
    case headersTooLarge = "headers_too_large"
    case internalError = "internal_error"
    case unavailable
    case error

    /// The code of a status.
    init(_ status: HTTPResponse.Status) {
        self =
            switch status.code {
            case 400: .malformedRequest
            case 401: .unauthorized
            case 403: .forbidden
            case 404: .notFound
            case 405: .methodNotAllowed
            case 406: .notAcceptable
            case 409: .conflict
            case 410: .gone
            case 413: .tooLarge
            case 415: .unsupportedMediaType
            case 416: .rangeNotSatisfiable
            case 422: .invalid
            case 429: .throttled
            case 431: .headersTooLarge
            case 500: .internalError
            case 503: .unavailable
            default: .error
            }
    }
}

/// The one RFC 9457 body every problem answer is written from (`AppError`, the parser's own 400s,
/// an import's 422 with its proposed mapping).
enum ProblemBody {
    /// `type`, `title`, `status`, `detail` and `code`; with a `field`, also `field` (kept for the
    /// clients written before `errors`) and `errors: [{field, code, message}]`.
    static func fields(_ status: HTTPResponse.Status, _ detail: String, field: String? = nil) -> [String: Any] {
        var body: [String: Any] = [
            "type": "about:blank", "title": status.reasonPhrase, "detail": detail, "status": status.code,
            "code": ProblemCode(status).rawValue,
        ]
        if let field {
            body["field"] = field
            let prefix = field + ": "
            let message = detail.hasPrefix(prefix) ? String(detail.dropFirst(prefix.count)) : detail
            body["errors"] = [["field": field, "code": ProblemCode.invalid.rawValue, "message": message]]
        }
        return body
    }
}
