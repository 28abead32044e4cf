import Hummingbird
import TallyJSON
import TallyStore

/// Streams records as a Ledger journal or a Beancount file, a page at a time, as `CSVExport` does.
enum JournalDownload {
    static func response(
        store: Store,
        scope: BookScope,
        filter: TransactionFilter,
        format: JournalFormat
    ) async throws -> Response {
        // The filter is checked and the catalogue read before the first byte goes out: afterwards
        // no error status can be sent.
        let export = try await JournalExport(store: store, scope: scope, filter: filter)
        let body = ResponseBody { writer in
            try await export.write(format) { text in try await writer.write(ByteBuffer(string: text)) }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/plain; charset=utf-8",
                .contentDisposition: "attachment; filename=\"tally-export.\(format.rawValue)\"",
            ],
            body: body
        )
    }
}
