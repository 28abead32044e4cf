import Foundation
import Logging
import SQLKit
import TallyCore

/// Errors the services raise besides `FieldError`; each interface maps them to its own
/// form (HTTP status, exit code).
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The thing does not exist, or the caller may not see it (never say which).
    case notFound(String)
    /// The caller may see the book but not change it (a viewer).
    case forbidden(String)
    /// The change clashes with what is stored (a name already taken).
    case conflict(String)
    /// Wrong email or password, or a revoked token.
    case unauthorized(String)
    /// It existed but can no longer be used (an expired or used invitation).
    case gone(String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .notFound(let what): "\(what) not found"
        case .forbidden(let why), .conflict(let why), .unauthorized(let why), .gone(let why): why
        }
    }
}

/// Tally's service layer: every capability as an intent-named async method, shared by the web
/// pages, the JSON API and the CLI, grouped by capability (`records`, `books`, `reports`,
/// `plans`, `imports`, `users`, `settings`, `checks`). A method that names a book takes the
/// `BookScope` that `scope(_:book:)` made, the one access check of a request, and every query is
/// scoped by `book_id`.
public final class Store: StoreService {
    let core: StoreCore

    /// Wraps an opened database. Call `migrate()` before use.
    public init(database: Database, bcryptCost: UInt8 = 12, timeZone: TimeZone = .current) {
        core = StoreCore(database: database, bcryptCost: bcryptCost, timeZone: timeZone)
    }

    /// The connection layer.
    public var database: Database { core.database }
    /// The server's zone (see `BookScope.timeZone` for a member's).
    public var timeZone: TimeZone { core.timeZone }

    /// Records and their receipts.
    public var records: Records { Records(core: core) }
    /// Books, categories and accounts.
    public var books: Books { Books(core: core) }
    /// Reports and the calendar.
    public var reports: Reports { Reports(core: core) }
    /// Budgets, goals, bills and the calendar feed.
    public var plans: Plans { Plans(core: core) }
    /// Imports and exports.
    public var imports: Imports { Imports(core: core) }
    /// The book's rules.
    public var rules: Rules { Rules(core: core) }
    /// Users, sessions, tokens and secrets.
    public var users: Users { Users(core: core) }
    /// Each person's settings.
    public var settings: Settings { Settings(core: core) }
    /// `tally check`.
    public var checks: Checks { Checks(core: core) }
    /// Exchange rates and the conversion of records to each book's currency.
    public var rates: Rates { Rates(core: core) }

    /// Opens the database at `location` and brings its schema up to date. For PostgreSQL the
    /// caller must be running `database.run()` already.
    public static func open(
        _ location: DatabaseLocation,
        bcryptCost: UInt8 = 12,
        timeZone: TimeZone = .current,
        logger: Logger = Logger(label: "tally.db"),
        metrics: StoreMetrics = .none
    ) async throws -> Store {
        let store = Store(
            database: try await Database(location, logger: logger, metrics: metrics),
            bcryptCost: bcryptCost,
            timeZone: timeZone
        )
        return store
    }

    /// Applies pending migrations; returns the versions applied.
    @discardableResult
    public func migrate() async throws -> [Int] {
        try await Migrator.migrate(database)
    }

}
