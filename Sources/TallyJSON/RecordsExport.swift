import TallyCore
import TallyFiles
import TallyStore

/// Every record matching a filter as one file — Tally CSV, Tally's JSON, a Ledger journal or a
/// Beancount file — for `tally export`, the API's downloads and the account export alike: one
/// path, read a page at a time (one snapshot on SQLite), so a book of any size needs little memory.
///
/// Made in two steps, as `JournalExport`: `init` checks the filter and reads what the format needs
/// before anything is written (afterwards a download can no longer answer an error status), and
/// `write` streams the file.
public struct RecordsExport: Sendable {
    /// The file formats.
    public enum Format: String, Sendable, CaseIterable {
        case csv, json, ledger, beancount
    }

    private enum Prepared: Sendable {
        case csv(ExportShape)
        case json
        case journal(JournalExport, JournalFormat)
    }

    private let store: Store
    private let scope: BookScope
    private let filter: TransactionFilter
    private let prepared: Prepared

    /// Checks `filter` and reads what `format` needs: the CSV's optional columns, a journal's
    /// catalogue.
    public init(store: Store, scope: BookScope, filter: TransactionFilter, format: Format) async throws {
        self.store = store
        self.scope = scope
        self.filter = filter
        switch format {
        case .csv: prepared = .csv(try await store.imports.exportShape(of: scope, filter: filter))
        case .json:
            try await store.imports.check(filter, in: scope)
            prepared = .json
        case .ledger, .beancount:
            let journal: JournalFormat = format == .ledger ? .ledger : .beancount
            prepared = .journal(try await JournalExport(store: store, scope: scope, filter: filter), journal)
        }
    }

    /// Writes the whole file to `sink`, one piece per page of records.
    public func write(to sink: ([UInt8]) async throws -> Void) async throws {
        switch prepared {
        case .csv(let shape):
            var csv = TallyCSV.Writer(
                time: shape.hasTimes,
                toAccount: shape.hasTransfers,
                split: shape.hasSplits,
                tags: shape.hasTags
            )
            try await sink(Array(csv.header.utf8))
            try await store.imports.forEachRecord(in: scope, filter: filter) { records in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(records.count * 96)
                for record in records { csv.append(record.exportRecord, to: &bytes) }
                try await sink(bytes)
            }
        case .json:
            var json = RecordsJSONExport()
            try await store.imports.forEachRecord(in: scope, filter: filter) { records in
                try await sink(json.page(records))
            }
            try await sink(json.end())
        case .journal(let export, let format):
            try await export.write(format) { text in try await sink(Array(text.utf8)) }
        }
    }
}
