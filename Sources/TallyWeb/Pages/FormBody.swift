import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import TallyCore

/// A submitted HTML form: its text fields (every value of a repeated one, in order) and its
/// uploaded files, from either encoding. The one way pages read a form.
///
/// Written by hand rather than decoded with Hummingbird's `URLEncodedFormDecoder`: the pages
/// post repeated plain keys (`category=1&category=2` from a multi-select), which that decoder
/// reads only in its `category[]=` form, and the receipt forms are multipart.
struct FormBody {
    /// An uploaded file.
    struct File {
        let filename: String
        let bytes: [UInt8]
    }

    /// Each field's last value.
    var fields: [String: String] = [:]
    /// Every value of each field, in order (a multi-select repeats its name).
    var lists: [String: [String]] = [:]
    /// Uploaded files by field name.
    var files: [String: [File]] = [:]

    /// Records one field value.
    private mutating func add(_ name: String, _ value: String) {
        fields[name] = value
        lists[name, default: []].append(value)
    }

    /// Parses `application/x-www-form-urlencoded` or `multipart/form-data`.
    static func parse(_ body: ByteBuffer, contentType: String) throws -> FormBody {
        if contentType.hasPrefix("multipart/form-data") {
            guard
                let boundary = contentType.components(separatedBy: "boundary=").last?
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\" ")), !boundary.isEmpty
            else { throw HTTPError(.badRequest, message: "multipart body without a boundary") }
            return try parseMultipart(body, boundary: boundary)
        }
        var form = FormBody()
        let text = String(buffer: body)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            form.add(decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
        return form
    }

    private static func decode(_ text: Substring) -> String {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
    }

    private static func parseMultipart(_ body: ByteBuffer, boundary: String) throws -> FormBody {
        var form = FormBody()
        var headers: [String: String] = [:]
        var current = ByteBuffer()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in headers[name.lowercased()] = value }
        parser.onBody = { chunk in current.writeBuffer(&chunk) }
        parser.onPartComplete = {
            let disposition = headers["content-disposition"] ?? ""
            let name = attribute("name", in: disposition) ?? ""
            if let filename = attribute("filename", in: disposition) {
                if current.readableBytes > 0 {
                    form.files[name, default: []].append(File(filename: filename, bytes: Array(buffer: current)))
                }
            } else {
                form.add(name, String(buffer: current))
            }
            headers = [:]
            current = ByteBuffer()
        }
        do {
            try parser.execute(body)
        } catch {
            throw HTTPError(.badRequest, message: "the form upload is malformed")
        }
        return form
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

    /// A field's value (the last one when repeated), `nil` when absent.
    subscript(_ name: String) -> String? { fields[name] }

    /// Every value of a repeated field, in order; empty when absent.
    func all(_ name: String) -> [String] { lists[name] ?? [] }

    /// An uploaded file by field name, when one was chosen.
    func file(_ name: String) -> File? { files[name]?.first }
}

extension Request {
    /// Reads the body as a form (at most the context's upload limit).
    func form(context: some RequestContext) async throws -> FormBody {
        var request = self
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        return try FormBody.parse(body, contentType: headers[.contentType] ?? "")
    }
}

extension PageRenderer {
    /// The one shape of every form post: read the form, make the change, and go where `change`
    /// says (303); when the input is refused (a `FieldError`), show the form again with the
    /// error through `refused` (which answers 422). Any other error is the error page's.
    static func post(
        _ request: Request,
        context: some RequestContext,
        change: (FormBody) async throws -> String,
        refused: (FormBody, FieldError) async throws -> Response
    ) async throws -> Response {
        let form = try await request.form(context: context)
        do {
            return redirect(try await change(form))
        } catch let error as FieldError {
            return try await refused(form, error)
        }
    }
}
