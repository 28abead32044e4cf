import Foundation
import SQLKit
import TallyCore

/// What every service of one `Store` shares: the database and what the process keeps in memory.
final class StoreCore: Sendable {
    /// The connection layer.
    let database: Database
    /// bcrypt work factor: 12 in production; tests lower it to stay fast.
    let bcryptCost: UInt8
    /// The server's zone: "today" for work done on no member's behalf, and for members who chose
    /// no zone of their own.
    let timeZone: TimeZone
    /// Adds without photos, written in groups (group commit).
    let adds: AddQueue
    /// Books' categories and accounts by catalogue version.
    let catalogs: CatalogCache

    init(database: Database, bcryptCost: UInt8, timeZone: TimeZone) {
        self.database = database
        self.bcryptCost = bcryptCost
        self.timeZone = timeZone
        let catalogs = CatalogCache()
        self.catalogs = catalogs
        self.adds = AddQueue(database: database, catalogs: catalogs)
    }
}

/// One capability of the store. A service is a small value over the shared `StoreCore`; its
/// methods that name a book take a `BookScope`, so the access check has already happened, once,
/// in `Store.scope(_:book:)`.
protocol StoreService: Sendable {
    var core: StoreCore { get }
}

extension StoreService {
    var database: Database { core.database }
    var timeZone: TimeZone { core.timeZone }

    /// The sibling services, for work that spans two capabilities (a bill paid is a record).
    var records: Records { Records(core: core) }
    var books: Books { Books(core: core) }
    var reports: Reports { Reports(core: core) }
    var plans: Plans { Plans(core: core) }
    var imports: Imports { Imports(core: core) }
    var users: Users { Users(core: core) }
    var settings: Settings { Settings(core: core) }

    /// A user's zone by its stored name; the server's when they chose none (or it is unknown).
    func zone(named name: String?) -> TimeZone {
        name.flatMap(TimeZone.init(identifier:)) ?? core.timeZone
    }
}

/// Records: adding, editing, deleting and finding expenses, incomes and transfers, and their
/// receipt photos.
public struct Records: StoreService {
    let core: StoreCore
}

/// Books and their catalogue: categories and accounts.
public struct Books: StoreService {
    let core: StoreCore
}

/// Reports over the kept totals: summaries, trends, cash flow and the calendar.
public struct Reports: StoreService {
    let core: StoreCore
}

/// Plans: budgets, savings goals, bills and what is due, and the calendar feed of them.
public struct Plans: StoreService {
    let core: StoreCore
}

/// Bringing records in (CSV, staged previews) and taking them out (exports).
public struct Imports: StoreService {
    let core: StoreCore
}

/// People and how they prove who they are: accounts, sessions, API tokens, the sign-in
/// throttle and the server's own secrets.
public struct Users: StoreService {
    let core: StoreCore
}

/// Each person's settings: time zone, daily reminder and its time.
public struct Settings: StoreService {
    let core: StoreCore
}

/// `tally check`: the stored data checked against its own rules, and repaired where it can be.
public struct Checks: StoreService {
    let core: StoreCore
}

/// Exchange rates: each book's own table of rates, and the records they convert.
public struct Rates: StoreService {
    let core: StoreCore
}
