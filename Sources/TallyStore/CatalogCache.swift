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
        /// The same, by id: made once per version here rather than by every report that names
        /// its groups (a measurable share of a month summary's time).
        let categoriesByID: [CategoryID: Category]
        let accountsByID: [AccountID: Account]

        init(version: Int64, categories: [Category], accounts: [Account]) {
            self.version = version
            self.categories = categories
            self.accounts = accounts
            categoriesByID = Dictionary(categories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            accountsByID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    private let books = Mutex<[BookID: Catalog]>([:])
    /// Books kept at most; past it the cache starts over (cheap: one read per book refills it).
    private let limit = 10_000

    /// The catalogue of `book` if it is held at `version`.
    func catalog(book: BookID, version: Int64) -> Catalog? {
        books.withLock { $0[book] }.flatMap { $0.version == version ? $0 : nil }
    }

    /// Drops a deleted book: SQLite may give its id to the next book made.
    func forget(_ book: BookID) {
        _ = books.withLock { $0.removeValue(forKey: book) }
    }

    /// Keeps a catalogue read at `version` or later.
    func keep(book: BookID, _ catalog: Catalog) {
        books.withLock { books in
            if books.count >= limit { books.removeAll(keepingCapacity: true) }
            if let held = books[book], held.version > catalog.version { return }
            books[book] = catalog
        }
    }
}

extension CatalogCache {
    /// The book's categories and accounts: from memory when they are held at `version`, else
    /// read on `db` and kept. What is read comes after the version was, so it is at least that
    /// new and safe to keep under it. A negative version (a scope made without one, as the
    /// calendar feed's) is read and not kept.
    func catalog(_ db: any SQLDatabase, book: BookID, version: Int64) async throws -> Catalog {
        if version >= 0, let held = catalog(book: book, version: version) { return held }
        let catalog = try await Self.read(db, book: book, version: version)
        if version >= 0 { keep(book: book, catalog) }
        return catalog
    }

    /// The book's categories and accounts read on `db`, bypassing every cache.
    static func read(_ db: any SQLDatabase, book: BookID, version: Int64 = -1) async throws -> Catalog {
        Catalog(
            version: version,
            categories: try await Books.categories(db, book: book),
            accounts: try await Books.accounts(db, book: book)
        )
    }
}

extension StoreService {
    /// The scope's book's categories and accounts, at the version its access check saw.
    func catalog(_ db: any SQLDatabase, _ scope: BookScope) async throws -> CatalogCache.Catalog {
        try await core.catalogs.catalog(db, book: scope.bookID, version: scope.catalogVersion)
    }
}
