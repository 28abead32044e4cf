import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// Streams records as Tally CSV, a page at a time, so exporting a large book needs little memory.
enum CSVExport {
    static func response(store: Store, scope: BookScope, filter: TransactionFilter) async throws -> Response {
        // Checked before the first byte goes out: afterwards no error status can be sent.
        let shape = try await store.imports.exportShape(of: scope, filter: filter)
        let body = ResponseBody { writer in
            var csv = TallyCSV.Writer(
                time: shape.hasTimes,
                toAccount: shape.hasTransfers,
                split: shape.hasSplits,
                tags: shape.hasTags
            )
            try await writer.write(ByteBuffer(string: csv.header))
            try await store.imports.forEachRecord(in: scope, filter: filter) { records in
                var text = ""
                for record in records { text += csv.rows(record.exportRecord) }
                try await writer.write(ByteBuffer(string: text))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8",
                .contentDisposition: "attachment; filename=\"tally-export.csv\"",
            ],
            body: body
        )
    }
}
