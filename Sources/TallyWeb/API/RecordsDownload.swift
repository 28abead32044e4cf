import Hummingbird
import TallyFiles
import TallyJSON
import TallyStore

/// Every record matching a filter as one file, streamed a page at a time as the store reads them
/// (one snapshot on SQLite), so exporting a large book needs little memory: Tally CSV, Tally's
/// JSON, a Ledger journal or a Beancount file. `tally export` writes the same bytes.
enum RecordsDownload {
    /// The download formats of `GET …/transactions?format=`.
    static let formats = ["csv", "tally-json", "ledger", "beancount"]

    /// The answer for `format`, one of `formats`. The filter is checked (and for journals the
    /// catalogue read) before the first byte goes out: afterwards no error status can be sent.
    static func response(
        store: Store,
        scope: BookScope,
        filter: TransactionFilter,
        format: String
    ) async throws
        -> Response
    {
        let body: ResponseBody
        let type: String
        let name: String
        switch format {
        case "csv":
            let shape = try await store.imports.exportShape(of: scope, filter: filter)
            (type, name) = ("text/csv; charset=utf-8", "tally-export.csv")
            body = ResponseBody { writer in
                var csv = TallyCSV.Writer(
                    time: shape.hasTimes,
                    toAccount: shape.hasTransfers,
                    split: shape.hasSplits,
                    tags: shape.hasTags
                )
                try await writer.write(ByteBuffer(string: csv.header))
                try await store.imports.forEachRecord(in: scope, filter: filter) { records in
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(records.count * 96)
                    for record in records { csv.append(record.exportRecord, to: &bytes) }
                    try await writer.write(ByteBuffer(bytes: bytes))
                }
                try await writer.finish(nil)
            }
        case "tally-json":
            try await store.imports.check(filter, in: scope)
            (type, name) = ("application/json", "tally-export.json")
            body = ResponseBody { writer in
                var json = RecordsJSONExport()
                try await store.imports.forEachRecord(in: scope, filter: filter) { records in
                    try await writer.write(ByteBuffer(bytes: json.page(records)))
                }
                try await writer.write(ByteBuffer(bytes: json.end()))
                try await writer.finish(nil)
            }
        default:
            let journal = format == "ledger" ? JournalFormat.ledger : .beancount
            let export = try await JournalExport(store: store, scope: scope, filter: filter)
            (type, name) = ("text/plain; charset=utf-8", "tally-export.\(journal.rawValue)")
            body = ResponseBody { writer in
                try await export.write(journal) { text in try await writer.write(ByteBuffer(string: text)) }
                try await writer.finish(nil)
            }
        }
        return Response(
            status: .ok,
            headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\""],
            body: body
        )
    }
}
