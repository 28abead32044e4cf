import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import TallyCore

/// A page's posted form as a typed value, decoded from either encoding by the libraries that
/// read them: `application/x-www-form-urlencoded` by Hummingbird's `URLEncodedFormDecoder`, and
/// `multipart/form-data` (the forms with a file) by MultipartKit's `FormDataDecoder`. Fields are
/// the text as posted, `nil` when absent: the services parse and check it, and a refused form is
/// shown again with exactly what was typed. A repeated field is posted as `name[]` (both
/// decoders read that as an array); extra fields, such as `_csrf`, are ignored.
protocol PageForm: Decodable, Sendable {}

/// A file chosen in an `<input type=file>`, read from its multipart part.
struct Upload: Decodable, Sendable, MultipartPartConvertible {
    /// The name the browser gave ("" when the input was left empty).
    let filename: String
    /// The file's bytes (none when the input was left empty).
    let bytes: [UInt8]
    /// Whether the part is a file at all (its disposition has a `filename`), not a text field
    /// posted under a file's name.
    let isFile: Bool

    /// Whether a file was chosen: an input left empty still posts a part, with no name or bytes.
    var isChosen: Bool { isFile && !bytes.isEmpty }

    init?(multipart: MultipartPart) {
        let disposition = multipart.headers.first(name: "content-disposition") ?? ""
        let filename = Self.attribute("filename", in: disposition)
        self.filename = filename ?? ""
        isFile = filename != nil
        bytes = Array(buffer: multipart.body)
    }

    /// The bytes of an image Tally can keep (a receipt or a goal's photo), or the reason it
    /// cannot, named for `field`: checked before anything is stored, so a bad file saves nothing.
    func checkedImage(field: String) throws(FieldError) -> [UInt8] {
        do { _ = try ReceiptImageType.checked(bytes, field: field) } catch {
            throw FieldError(field, "\(filename) \(error.message)")
        }
        return bytes
    }

    /// Files are never encoded back into a form.
    var multipart: MultipartPart? { nil }

    /// Only a multipart body carries files; the same field in a URL-encoded body is refused.
    init(from decoder: any Decoder) throws {
        throw DecodingError.typeMismatch(
            Upload.self,
            .init(codingPath: decoder.codingPath, debugDescription: "a file needs a multipart/form-data body")
        )
    }

    private static func attribute(_ name: String, in disposition: String) -> String? {
        for part in disposition.split(separator: ";") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("\(name)=") {
                return String(trimmed.dropFirst(name.count + 1)).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\"")
                )
            }
        }
        return nil
    }
}

extension Request {
    /// Reads the body (at most the context's upload limit) as the form `Form`; a body that is
    /// neither encoding's, or does not parse, is a 400.
    func form<Form: Decodable>(_ type: Form.Type, context: some RequestContext) async throws -> Form {
        var request = self
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        return try Self.decodeForm(type, body: body, contentType: headers[.contentType] ?? "")
    }

    /// Decodes a form body of either encoding (also used by `CSRFMiddleware` for `_csrf`).
    static func decodeForm<Form: Decodable>(_ type: Form.Type, body: ByteBuffer, contentType: String) throws -> Form {
        do {
            if contentType.hasPrefix("multipart/form-data") {
                guard let marker = contentType.range(of: "boundary=") else {
                    throw HTTPError(.badRequest, message: "multipart body without a boundary")
                }
                let boundary = contentType[marker.upperBound...].split(separator: ";").first.map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                }
                guard let boundary, !boundary.isEmpty else {
                    throw HTTPError(.badRequest, message: "multipart body without a boundary")
                }
                return try FormDataDecoder().decode(type, from: body, boundary: boundary)
            }
            return try URLEncodedFormDecoder().decode(type, from: String(buffer: body))
        } catch let error as HTTPError {
            throw error
        } catch {
            throw HTTPError(.badRequest, message: "the form is malformed")
        }
    }
}

extension PageRenderer {
    /// The one shape of every form post: read the form, make the change, and go where `change`
    /// says (303); when the input is refused (a `FieldError`), show the form again with the
    /// error through `refused` (which answers 422). Any other error is the error page's.
    static func post<Form: PageForm>(
        _ request: Request,
        context: some RequestContext,
        as type: Form.Type,
        change: (Form) async throws -> String,
        refused: (Form, FieldError) async throws -> Response
    ) async throws -> Response {
        let form = try await request.form(type, context: context)
        do {
            return redirect(try await change(form))
        } catch let error as FieldError {
            return try await refused(form, error)
        }
    }
}
