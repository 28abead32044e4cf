import Foundation
import Hummingbird
import NIOCore
import TallyCore
import TallyJSON

/// Reads JSON request bodies for `request.decode(as:context:)` (the context's `requestDecoder`):
/// through `JSONRequestBody`, then decoded; a body the decoder still cannot read is a 400 in the
/// API's words rather than the decoder's.
struct APIRequestDecoder: RequestDecoder {
    func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer = try await JSONRequestBody.read(request)
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: buffer))
        } catch is DecodingError {
            throw BadRequest(detail: "the body is not a valid JSON object")
        }
    }
}

/// The one door of every JSON request body of the API: sent as JSON (`application/json`, with
/// any parameters, or an `application/…+json` type; anything else is a 415), at most `limit`
/// bytes (413), not empty and strictly JSON — no duplicate key, no trailing comma (400).
enum JSONRequestBody {
    /// The checked body.
    static func read(_ request: Request, limit: Int = 1024 * 1024) async throws -> ByteBuffer {
        // A type that is not JSON is refused before the body is read; a request with no type and
        // no body at all hears that the body is missing, which is what there is to fix.
        let typed = request.headers[.contentType] != nil
        if typed { try requireJSONType(request) }
        var request = request
        let buffer = try await request.collectBody(upTo: limit)
        guard buffer.readableBytes > 0 else { throw BadRequest(detail: "the body is empty; send a JSON object") }
        if !typed { try requireJSONType(request) }
        do { try StrictJSON.check(Array(buffer: buffer)) } catch {
            throw BadRequest(detail: "the body is not valid JSON: \(error)")
        }
        return buffer
    }

    /// Throws the 415 unless the request says its body is JSON. HTML forms post to the pages,
    /// never here, so a form's type (or `text/plain`, which a cross-site form can send without
    /// asking first) is refused rather than read as JSON.
    static func requireJSONType(_ request: Request) throws {
        let raw = request.headers[.contentType] ?? ""
        let type = raw.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces().lowercased() } ?? ""
        let isJSON = type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
        guard isJSON else {
            throw AppError(
                .unsupportedMediaType,
                raw.isEmpty
                    ? "send the body as JSON with Content-Type: application/json"
                    : "a body of type \(raw.prefix(100)) is not read here; send JSON with Content-Type: application/json"
            )
        }
    }
}

/// Writes API responses (the context's `responseEncoder`, used by every `ResponseEncodable`):
/// snake_case keys unless the type spells its own (`SnakeCaseKeys`), in sorted order.
struct APIResponseEncoder: ResponseEncoder {
    func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: try ReportJSON.encode(value)))
        )
    }
}

/// A JSON request body of one endpoint, decoded with `request.decode(as:context:)`.
///
/// The strictness every endpoint had stays in one place: a key the endpoint does not take is a
/// 400 naming it; money is a decimal string (a JSON number would have passed through floating
/// point); `null` clears a field and an absent key leaves it as it is. So a request type lists
/// its keys and reads its fields from the checked object; it does not use synthesized decoding,
/// which would accept unknown keys and numbers for amounts.
protocol APIRequest: Decodable {
    /// The keys the endpoint accepts.
    static var fields: Set<String> { get }
    /// Reads the fields from the checked object.
    init(_ body: JSONBody) throws
}

extension APIRequest {
    /// Decodes the object, refuses unknown keys, then reads the fields.
    init(from decoder: any Decoder) throws {
        let values = try decoder.singleValueContainer().decode([String: JSONValue].self)
        if let unknown = values.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            throw BadRequest(
                detail: "unknown field '\(unknown)'; allowed: \(Self.fields.sorted().joined(separator: ", "))"
            )
        }
        try self.init(JSONBody(values: values))
    }
}

/// A JSON array response (`[…]` at the top level) of `ResponseEncodable` items.
struct APIList<Element: Encodable>: ResponseEncodable {
    let items: [Element]

    init(_ items: [Element]) { self.items = items }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(items)
    }
}

/// A response of status 201 Created.
func created<Body: ResponseEncodable>(_ body: Body, location: String? = nil) -> EditedResponse<Body> {
    var headers = HTTPFields()
    if let location { headers[.location] = location }
    return EditedResponse(status: .created, headers: headers, response: body)
}
extension APIList: SnakeCaseKeys where Element: SnakeCaseKeys {}
