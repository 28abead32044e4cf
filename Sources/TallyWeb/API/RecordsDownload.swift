import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// Every record matching a filter as one file, streamed a page at a time as the store reads them
/// (one snapshot on SQLite), so exporting a large book needs little memory: Tally CSV, Tally's
/// JSON, a Ledger journal or a Beancount file. `tally export` writes the same bytes.
enum RecordsDownload {
    /// The download formats of `GET …/transactions?format=`: the name asked for, the file, its
    /// type and name.
    static let formats: [(name: String, format: RecordsExport.Format, type: String, file: String)] = [
        ("csv", .csv, "text/csv; charset=utf-8", "tally-export.csv"),
        ("tally-json", .json, "application/json", "tally-export.json"),
        ("ledger", .ledger, "text/plain; charset=utf-8", "tally-export.ledger"),
        ("beancount", .beancount, "text/plain; charset=utf-8", "tally-export.beancount"),
    ]

    /// The answer for `name`, one of `formats`. The filter is checked (and for journals the
    /// catalogue read) before the first byte goes out: afterwards no error status can be sent.
    static func response(
        store: Store,
        scope: BookScope,
        filter: TransactionFilter,
        format name: String
    ) async throws -> Response {
        guard let download = formats.first(where: { $0.name == name }) else {
            throw FieldError("format", "must be one of \(formats.map(\.name).joined(separator: ", "))")
        }
        let export = try await RecordsExport(store: store, scope: scope, filter: filter, format: download.format)
        let body = ResponseBody { writer in
            try await export.write { bytes in try await writer.write(ByteBuffer(bytes: bytes)) }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: download.type, .contentDisposition: "attachment; filename=\"\(download.file)\""],
            body: body
        )
    }
}
