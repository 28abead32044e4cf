import Foundation
import Hummingbird
import MultipartKit
import NIOCore

/// A submitted HTML form: its text fields and uploaded files, from either encoding.
struct FormBody {
    /// An uploaded file.
    struct File {
        let filename: String
        let bytes: [UInt8]
    }

    var fields: [String: String] = [:]
    var files: [String: [File]] = [:]

    /// Parses `application/x-www-form-urlencoded` or `multipart/form-data`.
    static func parse(_ body: ByteBuffer, contentType: String) throws -> FormBody {
        if contentType.hasPrefix("multipart/form-data") {
            guard let boundary = contentType.components(separatedBy: "boundary=").last?
                .trimmingCharacters(in: CharacterSet(charactersIn: "\" ")), !boundary.isEmpty
            else { throw HTTPError(.badRequest, message: "multipart body without a boundary") }
            return try parseMultipart(body, boundary: boundary)
        }
        var form = FormBody()
        let text = String(buffer: body)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = decode(parts[0]), value = parts.count > 1 ? decode(parts[1]) : ""
            form.fields[key] = value
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
                form.fields[name] = String(buffer: current)
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
                return String(trimmed.dropFirst(name.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// A field's value, `nil` when absent.
    subscript(_ name: String) -> String? { fields[name] }
}

extension Request {
    /// Reads the body as a form (at most the context's upload limit).
    mutating func form(context: some RequestContext) async throws -> FormBody {
        let body = try await collectBody(upTo: context.maxUploadSize)
        return try FormBody.parse(body, contentType: headers[.contentType] ?? "")
    }
}
