import SQLKit
import TallyCore

/// One thing `Store.check` found wrong, and where.
public struct CheckFinding: Sendable, Equatable, CustomStringConvertible {
    /// The book it is in; nil for the database as a whole (integrity, foreign keys).
    public let book: BookID?
    /// The table (or check) it concerns: "day_totals", "receipts", "integrity_check"…
    public let table: String
    /// Which row or cell, in words ("2026-03-04 expense, category 4, account 2, USD"); "" for none.
    public let cell: String
    /// What is wrong.
    public let problem: String
    /// How `repair` fixes it; nil when it cannot (the data file must be restored from a backup).
    let fix: CheckFix?

    /// Whether `Store.repair` can fix it.
    public var repairable: Bool { fix != nil }

    /// One line for people: "book 1: day_totals [2026-03-04 expense, …]: kept 1200 in 3 records, …".
    public var description: String {
        let scope = book.map { "book \($0)" } ?? "database"
        return "\(scope): \(table)\(cell.isEmpty ? "" : " [\(cell)]"): \(problem)"
    }
}

/// What `repair` does about a finding. Receipts and photos are fixed row by row; kept totals
/// are rebuilt for the whole book, because one wrong cell says nothing about its neighbours.
enum CheckFix: Sendable, Equatable {
    case rebuildTotals(book: BookID)
    /// Every record of the book converted again from its rates (then the totals follow).
    case reconvert(book: BookID)
    case deleteReceipt(ReceiptID)
    case moveReceipt(ReceiptID, toBook: BookID)
    case resizeReceipt(ReceiptID)
    case clearGoalPhoto(GoalID)
    case typeGoalPhoto(GoalID)
}

/// The outcome of `Store.check`: the findings and how much was looked at.
public struct CheckReport: Sendable {
    /// Everything found wrong, database-wide findings first, then book by book.
    public internal(set) var findings: [CheckFinding] = []
    /// Books checked.
    public internal(set) var books = 0
    /// Records read to rebuild the totals.
    public internal(set) var records = 0
    /// Kept-total cells and account balances compared with the records.
    public internal(set) var cells = 0
    /// Receipts checked.
    public internal(set) var receipts = 0
    /// Whether nothing was found.
    public var isClean: Bool { findings.isEmpty }
}

/// The outcome of `Store.repair`: the check before, what was done, and the check after.
public struct CheckRepair: Sendable {
    /// The findings that were there.
    public let before: CheckReport
    /// What was done, one sentence each.
    public let actions: [String]
    /// The check run again after the repairs.
    public let after: CheckReport
}

extension Checks {
    /// Checks the data: the database's integrity and foreign keys, every book's kept totals and
    /// account balances against totals rebuilt from its records (every cell, count and sum), its
    /// receipts and goal photos, records or balances outside today's bounds, and every stored
    /// date, currency, rate, rule and kind the app reads back (`Checks.coverage` says what covers
    /// each table). Reads one consistent snapshot and changes nothing.
    ///
    /// An operator's tool for the data file (`tally check`): it takes no user and is not offered
    /// through the web or the API.
    ///
    /// With `migrating`, the schema is first brought up to date; when a damaged file refuses
    /// that, the report says so and holds what the database's own integrity check found.
    public func check(book: BookID? = nil, migrating: Bool = false) async throws -> CheckReport {
        let engine = database.engine
        if migrating {
            do {
                try await Migrator.migrate(database)
            } catch {
                var report = CheckReport()
                report.findings = [
                    CheckFinding(
                        book: nil,
                        table: "schema_migrations",
                        cell: "",
                        problem:
                            "the schema could not be brought up to date (\(String(describing: error))); only the database's integrity was checked",
                        fix: nil
                    )
                ]
                report.findings += try await snapshot { db in
                    try await Self.unreadable(engine, book: nil, table: "integrity_check") {
                        try await Self.checkIntegrity(db, engine: engine)
                    }
                }
                return report
            }
        }
        return try await snapshot { db in
            let books = try await Self.checkedBooks(db, book: book)
            var report = CheckReport()
            report.findings += try await Self.unreadable(engine, book: nil, table: "integrity_check") {
                try await Self.checkIntegrity(db, engine: engine)
            }
            for id in books {
                report.books += 1
                report.findings += try await Self.unreadable(engine, book: id, table: "transactions") {
                    let totals = try await Self.checkTotals(db, book: id)
                    report.cells += totals.cells
                    report.records += totals.records
                    let files = try await Self.checkReceipts(db, book: id)
                    report.receipts += files.receipts
                    return totals.findings + files.findings + (try await Self.checkBounds(db, book: id))
                        + (try await Self.checkLines(db, book: id)) + (try await Self.checkStoredValues(db, book: id))
                        + (try await Self.checkStoredText(db, book: id))
                }
            }
            return report
        }
    }

    /// Checks, repairs what can be repaired (kept totals rebuilt from the records in one
    /// transaction per book; receipt and photo rows fixed or removed), and checks again.
    public func repair(book: BookID? = nil, migrating: Bool = false) async throws -> CheckRepair {
        let before = try await check(book: book, migrating: migrating)
        // A file that cannot even be migrated is past repairing here.
        if before.findings.contains(where: { $0.table == "schema_migrations" }) {
            return CheckRepair(before: before, actions: [], after: before)
        }
        var actions: [String] = []
        let fixes = before.findings.compactMap(\.fix)
        let rowFixes = fixes.filter { if case .rebuildTotals = $0 { false } else { true } }
        if !rowFixes.isEmpty {
            actions += try await database.write { db in
                var done: [String] = []
                for fix in rowFixes { done.append(try await Self.apply(fix, db)) }
                return done
            }
        }
        var rebuilt: Set<BookID> = []
        for case .rebuildTotals(let id) in fixes where !rebuilt.contains(id) {
            rebuilt.insert(id)
            do {
                try await database.write { db in try await Totals.rebuild(db, book: id) }
                actions.append("book \(id): kept totals and account balances rebuilt from the records")
            } catch {
                // Records whose sums do not fit in 64 bits cannot be kept; the finding stays.
                actions.append("book \(id): the kept totals could not be rebuilt (\(error)); nothing was changed")
            }
        }
        return CheckRepair(before: before, actions: actions, after: try await check(book: book))
    }

    /// Runs `body` on one consistent view of the data: a read transaction on SQLite (WAL keeps
    /// its snapshot while the server writes), a read-only REPEATABLE READ transaction on
    /// PostgreSQL — without it, kept totals and records read a moment apart could disagree.
    func snapshot<T: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch database.engine {
        case .sqlite:
            return try await database.read { db in
                try await db.raw("BEGIN").run()
                let result: T
                do {
                    result = try await body(db)
                } catch {
                    try? await db.raw("ROLLBACK").run()
                    throw error
                }
                // Nothing was written, so ending the read cannot lose anything; on a damaged file
                // its COMMIT can fail too, and then the findings still stand.
                if (try? await db.raw("COMMIT").run()) == nil { try? await db.raw("ROLLBACK").run() }
                return result
            }
        case .postgres:
            return try await database.write { db in
                try await db.raw("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").run()
                return try await body(db)
            }
        }
    }

    /// Runs one part of the check. On SQLite a damaged page can make a query fail
    /// ("database disk image is malformed"): that is a finding of its own, and the other books
    /// are still checked. PostgreSQL aborts the whole transaction on an error, so it is thrown.
    private static func unreadable(
        _ engine: SQLEngine,
        book: BookID?,
        table: String,
        _ body: () async throws -> [CheckFinding]
    ) async throws -> [CheckFinding] {
        guard engine == .sqlite else { return try await body() }
        do {
            return try await body()
        } catch {
            return [
                CheckFinding(
                    book: book,
                    table: table,
                    cell: "",
                    problem: "could not be read: \(String(describing: error))",
                    fix: nil
                )
            ]
        }
    }

    /// Every book's id, or the one asked for (notFound when it does not exist).
    static func checkedBooks(_ db: any SQLDatabase, book: BookID?) async throws -> [BookID] {
        let ids = try await db.raw("SELECT id FROM books ORDER BY id").all().map {
            try $0.decode(column: "id", as: BookID.self)
        }
        guard let book else { return ids }
        guard ids.contains(book) else { throw StoreError.notFound("book \(book)") }
        return [book]
    }
}
