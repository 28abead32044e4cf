import TallyCore
import TallyFiles
import TallyStore

/// The plain-text accounting formats records export to.
public enum JournalFormat: String, Sendable, CaseIterable {
    /// A Ledger journal, which hledger reads too.
    case ledger
    /// A Beancount file.
    case beancount
}

/// A journal export of the records matching a filter, for `tally export` and the API alike.
///
/// Made in two steps so that a bad filter is refused before anything is written: `init` checks
/// the filter and reads the catalogue, `write` streams the records oldest first, a page at a time
/// (Beancount's `open` directives are dated by the first use, so the order is not the caller's).
public struct JournalExport: Sendable {
    private let store: Store
    private let scope: BookScope
    private let filter: TransactionFilter
    private let mapping: JournalMapping

    /// Checks the filter and reads the book's categories and accounts.
    public init(store: Store, scope: BookScope, filter: TransactionFilter) async throws {
        var filter = filter
        filter.newestFirst = false
        try await store.imports.check(filter, in: scope)
        self.store = store
        self.scope = scope
        self.filter = filter
        mapping = JournalMapping(
            currency: scope.book.currency,
            categories: try await store.books.categories(in: scope),
            accounts: try await store.books.accountList(in: scope)
        )
    }

    /// Writes the whole file to `sink`, one piece per page of records.
    public func write(_ format: JournalFormat, to sink: (String) async throws -> Void) async throws {
        switch format {
        case .ledger: try await write(LedgerWriter(book: scope.book.name, currency: mapping.currency), to: sink)
        case .beancount:
            try await write(BeancountWriter(book: scope.book.name, currency: mapping.currency), to: sink)
        }
    }

    private func write<Writer: JournalWriter>(_ writer: Writer, to sink: (String) async throws -> Void) async throws {
        var writer = writer
        writer.reserve(mapping.catalogue)
        try await sink(writer.header())
        try await store.imports.forEachRecord(in: scope, filter: filter) { records in
            var text = ""
            for record in records { text += writer.entry(mapping.entry(record)) }
            try await sink(text)
        }
    }
}
