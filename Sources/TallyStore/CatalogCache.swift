import SQLKit
import Synchronization
import TallyCore

/// Each book's categories and accounts, kept in memory for the catalogue version they were read
/// at (`books.catalog_version`, which triggers raise on every change; see `Migration0007`).
///
/// A request learns the book's current version from its access check (`BookScope`), so a
/// catalogue changed by another server process is read again on the next request there: the
/// cache saves a read per report or page without ever serving names older than the request.
final class CatalogCache: Sendable {
    /// One book's catalogue at one version.
    struct Catalog: Sendable {
        let version: Int64
        let categories: [Category]
        let accounts: [Account]
    }

    private let books = Mutex<[RecordID: Catalog]>([:])
    /// Books kept at most; past it the cache starts over (cheap: one read per book refills it).
    private let limit = 10_000

    /// The catalogue of `book` if it is held at `version`.
    func catalog(book: RecordID, version: Int64) -> Catalog? {
        books.withLock { $0[book] }.flatMap { $0.version == version ? $0 : nil }
    }

    /// Keeps a catalogue read at `version` or later.
    func keep(book: RecordID, _ catalog: Catalog) {
        books.withLock { books in
            if books.count >= limit { books.removeAll(keepingCapacity: true) }
            if let held = books[book], held.version > catalog.version { return }
            books[book] = catalog
        }
    }
}

extension StoreService {
    /// The book's categories and accounts, from memory when the scope's catalogue version is
    /// the one held, else read on `db` and kept.
    func catalog(_ db: any SQLDatabase, _ scope: BookScope) async throws -> CatalogCache.Catalog {
        if let held = core.catalogs.catalog(book: scope.bookID, version: scope.catalogVersion) { return held }
        // Read after the version was: what is read is at least that new, so keeping it under
        // that version is safe.
        let catalog = CatalogCache.Catalog(
            version: scope.catalogVersion,
            categories: try await Books.categories(db, book: scope.bookID),
            accounts: try await Books.accounts(db, book: scope.bookID)
        )
        // A scope made without a version (the calendar feed's) is not kept.
        if scope.catalogVersion >= 0 { core.catalogs.keep(book: scope.bookID, catalog) }
        return catalog
    }
}
