import Foundation
import Logging
import SQLKit
import TallyCore

/// Errors the services raise besides `ValidationError`; each interface maps them to its own
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

    /// A sentence for people.
    public var description: String {
        switch self {
        case .notFound(let what): "\(what) not found"
        case .forbidden(let why), .conflict(let why), .unauthorized(let why): why
        }
    }
}

/// Tally's service layer: every capability as an intent-named async method, shared by the web
/// pages, the JSON API and the CLI. Each method that names a book first checks that the caller
/// is a member of it (`scope(_:book:)`), and every query is scoped by `book_id`.
public final class Store: Sendable {
    /// The connection layer.
    public let database: Database
    /// bcrypt work factor: 12 in production; tests lower it to stay fast.
    let bcryptCost: UInt8
    /// The zone that decides what "today" is.
    public let timeZone: TimeZone
    /// Adds without photos, written in groups (group commit).
    let adds: AddQueue
    /// Books' categories and accounts by catalogue version.
    let catalogs = CatalogCache()

    /// Wraps an opened database. Call `migrate()` before use.
    public init(database: Database, bcryptCost: UInt8 = 12, timeZone: TimeZone = .current) {
        self.database = database
        self.bcryptCost = bcryptCost
        self.timeZone = timeZone
        self.adds = AddQueue(database: database)
    }

    /// Opens the database at `location` and brings its schema up to date. For PostgreSQL the
    /// caller must be running `database.run()` already.
    public static func open(
        _ location: DatabaseLocation,
        bcryptCost: UInt8 = 12,
        timeZone: TimeZone = .current,
        logger: Logger = Logger(label: "tally.db")
    ) async throws -> Store {
        let store = Store(
            database: try await Database(location, logger: logger),
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

/// Row decoding shared by the services.
enum Row {
    static func book(_ row: any SQLRow) throws -> Book {
        Book(
            id: try row.decode(column: "id", as: Int64.self),
            name: try row.decode(column: "name", as: String.self),
            currency: Currency(code: try row.decode(column: "currency", as: String.self)) ?? .usd,
            role: Role(rawValue: try row.decode(column: "role", as: String.self)) ?? .viewer
        )
    }

    static func currency(_ row: any SQLRow, _ column: String) throws -> Currency {
        let code = try row.decode(column: column, as: String.self)
        guard let currency = Currency(code: code) else {
            throw DatabaseError(description: "stored currency \(code) is unknown")
        }
        return currency
    }
}
