import Foundation
import TallyCore
import Testing

@testable import TallyStore

/// The export's snapshot readers (SQLite: its own connection, one statement; PostgreSQL: one
/// cursor in a `REPEATABLE READ` transaction; names from the book's catalogue) against the paged
/// queries every other read uses: the same records, in the same order, with the same names,
/// lines and tags, for every filter; and one snapshot for the whole export while records are
/// written beside it.
@Suite("Exports read one snapshot")
struct ExportSnapshotTests {
    /// A store the snapshot reader runs on: a SQLite file, or PostgreSQL.
    static func withExportStore(
        _ backend: Backend,
        _ body: @Sendable (Store, BookScope) async throws -> Void
    ) async throws {
        guard backend == .postgres else { return try await withFileStore(body) }
        try await withStore(.postgres) { store in
            let (user, book) = try await owner(store)
            try await body(store, try await store.scope(user, book: book.id))
        }
    }

    /// A file store (the snapshot reader needs a file another connection can open).
    static func withFileStore(_ body: @Sendable (Store, BookScope) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await Store.open(.sqliteFile(folder.path + "/tally.sqlite"), bcryptCost: 4)
        do {
            try await store.migrate()
            let (user, book) = try await owner(store)
            try await body(store, try await store.scope(user, book: book.id))
            await store.database.close()
        } catch {
            await store.database.close()
            throw error
        }
    }

    /// Records of every shape: times and none on one day, parents and sub-categories, none,
    /// another currency, transfers, splits, tags, and text that quotes, breaks lines and is not ASCII.
    static func fill(_ store: Store, _ scope: BookScope, count: Int) async throws {
        let payees = ["Café \"Zürich\"", "Lyft, Inc.", "Ωmega; =SUM(A1)", "", "Bäckerei Müller \\ Co", "🍕 Pizza"]
        let categories = ["Food:Groceries", "Food:Coffee", "Home", "Auto:Fuel", ""]
        for name in ["Card", "Savings"] {
            _ = try await store.books.createAccount(
                in: scope,
                name: name,
                kind: nil,
                openingBalance: nil,
                currency: nil
            )
        }
        for i in 0..<count {
            var input = TransactionInput(
                amount: "\(1 + i % 97).\(10 + i % 90)",
                currency: i % 11 == 0 ? "EUR" : nil,
                date: "2026-0\(1 + i % 6)-1\(i % 4)",
                time: i % 3 == 0 ? "0\(i % 10):1\(i % 6)" : nil,
                payee: i % 30 == 9 ? "Nobody" : payees[i % payees.count],
                category: categories[i % categories.count],
                account: i % 2 == 0 ? "Cash" : "Card",
                note: i % 5 == 0 ? "line one\nline \"two\", \\ three" : "n\(i)",
                tags: i % 4 == 0 ? ["trip", "t\(i % 3)"] : nil
            )
            if i % 13 == 0 {
                input.kind = "transfer"
                input.category = nil
                input.account = "Cash"
                input.toAccount = "Savings"
            } else if i % 7 == 0 {
                input.amount = "30.00"
                input.category = nil
                input.lines = [
                    LineInput(category: "Food:Groceries", amount: "20.00", note: "milk, \"eggs\""),
                    LineInput(category: "Home", amount: "9.50"),
                    LineInput(amount: "0.50", note: "ünassigned"),
                ]
            }
            _ = try await store.records.addTransaction(to: scope, input)
        }
    }

    static func export(
        _ store: Store,
        _ scope: BookScope,
        _ filter: TransactionFilter,
        snapshot: Bool
    ) async throws
        -> [TransactionRecord]
    {
        var all: [TransactionRecord] = []
        try await store.imports.forEachRecord(in: scope, filter: filter, snapshot: snapshot) { all += $0 }
        return all
    }

    @Test(
        "the snapshot reader gives exactly the paged queries' records, for every filter",
        arguments: Backend.available
    )
    func sameRecords(_ backend: Backend) async throws {
        try await Self.withExportStore(backend) { store, scope in
            try await Self.fill(store, scope, count: 2_300)
            var filters: [(String, TransactionFilter)] = [("all", TransactionFilter())]
            var newest = TransactionFilter()
            newest.newestFirst = true
            filters.append(("newest first", newest))
            for (name, change) in [
                ("word", { (f: inout TransactionFilter) in f.text = "cafe" }),
                ("category", { $0.category = "Food" }),
                ("account", { $0.account = "Card" }),
                (
                    "dates",
                    {
                        $0.from = LocalDate("2026-02-01")
                        $0.to = LocalDate("2026-03-31")
                    }
                ),
                ("tag", { $0.tag = "trip" }),
                ("payee", { $0.payee = "Lyft, Inc." }),
                ("nothing", { $0.text = "nosuchword" }),
            ] as [(String, (inout TransactionFilter) -> Void)] {
                var filter = TransactionFilter()
                filter.newestFirst = false
                change(&filter)
                filters.append((name, filter))
            }
            for (name, filter) in filters {
                try await Self.expectShape(store, scope, filter, name)
                let paged = try await Self.export(store, scope, filter, snapshot: false)
                let read = try await Self.export(store, scope, filter, snapshot: true)
                #expect(read.count == paged.count, "\(name): count")
                // Receipt counts are the one thing an export does not read.
                #expect(
                    read
                        == paged.map {
                            var r = $0
                            r.transaction.receiptCount = 0
                            return r
                        },
                    "\(name)"
                )
                if name == "all" {
                    #expect(paged.count == 2_300)
                    #expect(paged.contains { !$0.lines.isEmpty } && paged.contains { !$0.transaction.tags.isEmpty })
                }
            }
        }
    }

    /// The optional columns an export's shape asks for are exactly those its records need.
    static func expectShape(
        _ store: Store,
        _ scope: BookScope,
        _ filter: TransactionFilter,
        _ name: String
    )
        async throws
    {
        let records = try await export(store, scope, filter, snapshot: false)
        let shape = try await store.imports.exportShape(of: scope, filter: filter)
        #expect(shape.hasTimes == records.contains { $0.transaction.time != nil }, "\(name): times")
        #expect(shape.hasTransfers == records.contains { $0.transaction.kind == .transfer }, "\(name): transfers")
        #expect(shape.hasSplits == records.contains { !$0.lines.isEmpty }, "\(name): splits")
        #expect(shape.hasTags == records.contains { !$0.transaction.tags.isEmpty }, "\(name): tags")
    }

    @Test("an export's shape is what its records need, on both engines", arguments: Backend.available)
    func shape(_ backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            try await Self.expectShape(store, scope, TransactionFilter(), "empty book")
            try await Self.fill(store, scope, count: 40)
            for (name, change) in [
                ("all", { (_: inout TransactionFilter) in }),
                ("no transfers, splits or tags", { (f: inout TransactionFilter) in f.payee = "Lyft, Inc." }),
                (
                    "a split",
                    {
                        $0.amountMin = "30.00"
                        $0.amountMax = "30.00"
                        $0.kind = .expense
                    }
                ),
                ("a transfer", { $0.kind = .transfer }),
                ("no times", { $0.text = "n1" }),
            ] as [(String, (inout TransactionFilter) -> Void)] {
                var filter = TransactionFilter()
                filter.newestFirst = false
                change(&filter)
                try await Self.expectShape(store, scope, filter, name)
            }
        }
    }

    @Test(
        "a record written while an export runs is not in it: the export is one snapshot",
        arguments: Backend.available
    )
    func oneSnapshot(_ backend: Backend) async throws {
        try await Self.withExportStore(backend) { store, scope in
            try await Self.fill(store, scope, count: 2_500)
            var pages = 0
            var seen: [TransactionRecord] = []
            try await store.imports.forEachRecord(in: scope) { page in
                pages += 1
                seen += page
                if pages == 1 {
                    // Dated after every record, so the paged queries would reach it on the last page.
                    _ = try await store.records.addTransaction(
                        to: scope,
                        TransactionInput(amount: "1.00", date: "2026-12-31", payee: "Late", category: "Home")
                    )
                    try await store.records.deleteTransaction(seen[0].transaction.id, in: scope)
                }
            }
            #expect(pages == 3)
            #expect(seen.count == 2_500)
            #expect(!seen.contains { $0.transaction.payee == "Late" })
            let after = try await Self.export(store, scope, TransactionFilter(), snapshot: true)
            #expect(after.count == 2_500)
            #expect(after.last?.transaction.payee == "Late")
        }
    }

    @Test("two exports inside one longer snapshot each read every record", arguments: Backend.available)
    func twoExportsInOneSnapshot(_ backend: Backend) async throws {
        try await Self.withExportStore(backend) { store, scope in
            try await Self.fill(store, scope, count: 1_200)
            // On PostgreSQL both join the outer transaction: the first must close its cursor.
            let counts = try await store.database.snapshot {
                [
                    try await Self.export(store, scope, TransactionFilter(), snapshot: true).count,
                    try await Self.export(store, scope, TransactionFilter(), snapshot: true).count,
                ]
            }
            #expect(counts == [1_200, 1_200])
        }
    }

    @Test(
        "an export that stops part way (its writer failed) leaves no read running: the next one in the same snapshot reads every record",
        arguments: Backend.available
    )
    func stoppedExport(_ backend: Backend) async throws {
        struct WriterFailed: Error {}
        try await Self.withExportStore(backend) { store, scope in
            try await Self.fill(store, scope, count: 3_500)
            // PostgreSQL fetches the next page while this one is built; the stopped export must
            // still close its cursor, or the second could not declare its own.
            let count = try await store.database.snapshot {
                var pages = 0
                await #expect(throws: WriterFailed.self) {
                    try await store.imports.forEachRecord(in: scope) { _ in
                        pages += 1
                        if pages == 2 { throw WriterFailed() }
                    }
                }
                #expect(pages == 2)
                return try await Self.export(store, scope, TransactionFilter(), snapshot: true).count
            }
            #expect(count == 3_500)
        }
    }

    @Test("a filter naming a category that does not exist is refused before any read", arguments: Backend.available)
    func badFilter(_ backend: Backend) async throws {
        try await Self.withExportStore(backend) { store, scope in
            var filter = TransactionFilter()
            filter.category = "Nope"
            await #expect(throws: (any Error).self) { try await Self.export(store, scope, filter, snapshot: true) }
        }
    }
}
