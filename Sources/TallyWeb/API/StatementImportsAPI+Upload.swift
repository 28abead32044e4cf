import Foundation
import Hummingbird
import TallyCore
import TallyFiles

/// What `POST …/imports` was sent: the file and its options, from the multipart fields or else
/// the query (`format`, `preset`, `mapping`, `account`, `date_order`, `dry_run`).
struct ImportUpload {
    var bytes: [UInt8]
    var fileName: String?
    var format: String?
    var preset: String?
    var mapping: String?
    var account: String?
    var dateOrder: String?
    var dryRun: String?

    /// Reads the request: a `multipart/form-data` body with a `file` part, or the file as the body.
    static func read(_ request: Request, limit: Int) async throws -> ImportUpload {
        var request = request
        let body = try await request.collectBody(upTo: limit)
        // `FormQueryMiddleware` has already turned a form's `+` into a space.
        let parameters = request.uri.queryParameters
        let query = { (name: Substring) in parameters[name].map(String.init) }
        let type = request.headers[.contentType] ?? ""
        var upload = ImportUpload(bytes: [])
        if type.lowercased().hasPrefix("multipart/form-data") {
            let form = try Request.decodeForm(Form.self, body: body, contentType: type)
            guard let file = form.file, file.isChosen else { throw FieldError("file", "choose a file to import") }
            upload.bytes = file.bytes
            upload.fileName = file.filename.isEmpty ? nil : file.filename
            upload.format = form.format
            upload.preset = form.preset
            upload.mapping = form.mapping
            upload.account = form.account
            upload.dateOrder = form.dateOrder
            upload.dryRun = form.dryRun
        } else {
            upload.bytes = Array(buffer: body)
        }
        // A multipart field wins over the same name in the query.
        upload.format = upload.format ?? query("format")
        upload.preset = upload.preset ?? query("preset")
        upload.mapping = upload.mapping ?? query("mapping")
        upload.account = upload.account ?? query("account")
        upload.dateOrder = upload.dateOrder ?? query("date_order")
        upload.dryRun = upload.dryRun ?? query("dry_run")
        // Checked whatever the format, so that a wrong one is a 422 also where it would go unused
        // (a Tally CSV has ISO dates).
        if upload.dateOrder?.trimmingSpaces().isEmpty == true { upload.dateOrder = nil }
        if let order = upload.dateOrder, QIFDateOrder(rawValue: order.uppercased()) == nil {
            throw FieldError("date_order", "must be MDY or DMY")
        }
        return upload
    }

    private struct Form: Decodable {
        let file: Upload?
        let format: String?, preset: String?, mapping: String?, account: String?
        let dateOrder: String?, dryRun: String?

        enum CodingKeys: String, CodingKey {
            case file, format, preset, mapping, account
            case dateOrder = "date_order"
            case dryRun = "dry_run"
        }
    }
}
