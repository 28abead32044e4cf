import Foundation
import SQLKit
import TallyCore
import Testing

@testable import TallyStore

/// `Store.check` and `repair` on receipts, goal photos and foreign keys broken behind the store's back.
@Suite("Check and repair: receipts and keys")
struct CheckReceiptsTests {
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]
        + Array(repeating: 7, count: 984)

    /// Deletes rows with one foreign key not enforced, as the sqlite3 shell (foreign keys off by
    /// default) or a PostgreSQL restore without constraints would, then puts the key back.
    static func deleteUnchecked(
        _ store: Store,
        from table: String,
        id: Int64,
        key: (table: String, column: String, parent: String, cascade: Bool)
    ) async throws {
        switch store.database.engine {
        case .sqlite:
            // PRAGMA foreign_keys is ignored inside a transaction, so this runs outside one.
            try await store.database.read { db in
                try await db.raw("PRAGMA foreign_keys = OFF").run()
                try await db.raw("DELETE FROM \(ident: table) WHERE id = \(bind: id)").run()
                try await db.raw("PRAGMA foreign_keys = ON").run()
            }
        case .postgres:
            try await store.database.write { db in
                let name = try await db.raw(
                    """
                    SELECT c.conname FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
                    WHERE c.contype = 'f' AND c.conrelid = \(bind: key.table)::regclass AND a.attname = \(bind: key.column)
                    """
                ).first()!.decode(column: "conname", as: String.self)
                try await db.raw("ALTER TABLE \(ident: key.table) DROP CONSTRAINT \(ident: name)").run()
                try await db.raw("DELETE FROM \(ident: table) WHERE id = \(bind: id)").run()
                // NOT VALID: new rows are checked again, the orphan already there is left for `check`.
                try await db.raw(
                    """
                    ALTER TABLE \(ident: key.table) ADD CONSTRAINT \(ident: name) FOREIGN KEY (\(ident: key.column)) REFERENCES \(ident: key.parent) (id)
                    \(unsafeRaw: key.cascade ? "ON DELETE CASCADE " : "")NOT VALID
                    """
                ).run()
            }
        }
    }

    @Test("orphan receipts and half-stored goal photos are found, and repair fixes each", arguments: Backend.available)
    func receipts(backend: Backend) async throws {
        try await withStore(backend) { store in
            let b = try await CheckTests.book(store)
            let (_, other) = try await owner(store, email: "other@example.com")
            func receipt(_ record: TransactionID) async throws -> ReceiptID {
                try await store.records.addReceipt(
                    to: record,
                    in: try await store.scope(b.user, book: b.id),
                    bytes: Self.png
                )
                .id
            }
            let moved = try await receipt(b.coffees[0])
            let resized = try await receipt(b.coffees[1])
            let emptied = try await receipt(b.coffees[0])
            let orphaned = try await receipt(b.salary)
            let kept = try await receipt(b.coffees[1])
            let noPhoto = try await store.plans.createGoal(
                in: try await store.scope(b.user, book: b.id),
                GoalInput(name: "Camera", price: "800", income: "1000", percent: "20")
            ).goal.id
            let noType = try await store.plans.createGoal(
                in: try await store.scope(b.user, book: b.id),
                GoalInput(name: "Bike", price: "500", income: "1000", percent: "10")
            ).goal.id
            for goal in [noPhoto, noType] {
                try await store.plans.setGoalPhoto(goal, in: try await store.scope(b.user, book: b.id), bytes: Self.png)
            }
            try await CheckTests.sql(
                store,
                [
                    "UPDATE receipts SET book_id = \(bind: other.id) WHERE id = \(bind: moved)",
                    "UPDATE receipts SET byte_size = 999 WHERE id = \(bind: resized)",
                    "UPDATE receipts SET data = \(bind: Data()) WHERE id = \(bind: emptied)",
                    "UPDATE goals SET photo = NULL WHERE id = \(bind: noPhoto)",
                    "UPDATE goals SET photo_type = NULL WHERE id = \(bind: noType)",
                ]
            )
            try await Self.deleteUnchecked(
                store,
                from: "transactions",
                id: b.salary.rawValue,
                key: ("receipts", "transaction_id", "transactions", true)
            )

            let report = try await store.checks.check()
            let files = report.findings.filter {
                !$0.table.hasSuffix("_totals") && $0.table != "account_balances"
            }
            #expect(
                files.map(\.description) == [
                    "book \(b.id): receipts [receipt \(resized)]: 1008 bytes are stored but it says 999",
                    "book \(b.id): receipts [receipt \(emptied)]: no image bytes are stored (it says 1008 bytes)",
                    "book \(b.id): receipts [receipt \(orphaned)]: its record \(b.salary) does not exist",
                    "book \(b.id): goals [goal \(noPhoto) photo]: its photo is marked image/png but no image bytes are stored",
                    "book \(b.id): goals [goal \(noType) photo]: 1008 bytes of photo are stored without their type",
                    "book \(other.id): receipts [receipt \(moved)]: its record \(b.coffees[0]) is in book \(b.id)",
                ]
            )
            #expect(report.receipts == 5 && report.findings.allSatisfy(\.repairable))
            // The salary deleted behind the totals' back shows in the totals too.
            #expect(report.findings.contains { $0.table == "day_totals" && $0.cell.hasPrefix("2026-03-31 income") })

            let outcome = try await store.checks.repair()
            #expect(outcome.after.findings.map(\.description) == [])
            #expect(
                Set(outcome.actions) == [
                    "receipt \(resized): its size set to the bytes stored", "receipt \(emptied): removed",
                    "receipt \(orphaned): removed",
                    "goal \(noPhoto): photo mark removed", "goal \(noType): photo typed image/png from its bytes",
                    "receipt \(moved): moved to book \(b.id), where its record is",
                    "book \(b.id): kept totals and account balances rebuilt from the records",
                ]
            )
            #expect(
                try await store.records.receipts(of: b.coffees[0], in: try await store.scope(b.user, book: b.id)).map(
                    \.id
                ) == [
                    moved
                ]
            )
            #expect(
                try await store.records.receipts(of: b.coffees[1], in: try await store.scope(b.user, book: b.id)).map {
                    [$0.id.rawValue, Int64($0.byteSize)]
                } == [[resized.rawValue, 1008], [kept.rawValue, 1008]]
            )
            #expect(
                try await store.plans.goalPhoto(noType, in: try await store.scope(b.user, book: b.id)).type
                    == "image/png"
            )
            await #expect(throws: StoreError.notFound("photo")) {
                try await store.plans.goalPhoto(noPhoto, in: try await store.scope(b.user, book: b.id))
            }
            if store.database.engine == .postgres {
                try await CheckTests.sql(
                    store,
                    ["ALTER TABLE receipts VALIDATE CONSTRAINT receipts_transaction_id_fkey"]
                )
            }
        }
    }

    @Test(
        "a record whose category is gone breaks a foreign key: found, not repairable, left as it is",
        arguments: Backend.available
    )
    func brokenKey(backend: Backend) async throws {
        try await withStore(backend) { store in
            let b = try await CheckTests.book(store)
            try await Self.deleteUnchecked(
                store,
                from: "categories",
                id: b.coffee.rawValue,
                key: ("transactions", "category_id", "categories", false)
            )
            let report = try await store.checks.check()
            let broken = report.findings.filter { $0.table == "transactions" }
            let expected =
                store.database.engine == .sqlite
                ? b.coffees.map {
                    "database: transactions [row \($0)]: refers to a row of categories that does not exist"
                }
                : b.coffees.map { _ in
                    "database: transactions [category_id \(b.coffee)]: refers to a row of categories that does not exist"
                }
            #expect(broken.map(\.description) == expected)
            #expect(broken.allSatisfy { !$0.repairable })
            let outcome = try await store.checks.repair()
            #expect(outcome.after.findings.filter { $0.table == "transactions" }.map(\.description) == expected)
            // Put the category's rows out of the way so the next test's clean-up is not refused.
            try await CheckTests.sql(
                store,
                ["UPDATE transactions SET category_id = NULL WHERE id IN (\(binds: b.coffees))"]
            )
            if store.database.engine == .postgres {
                let name = try await store.database.read { db in
                    try await db.raw(
                        """
                        SELECT c.conname FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
                        WHERE c.contype = 'f' AND c.conrelid = 'transactions'::regclass AND a.attname = 'category_id'
                        """
                    ).first()!.decode(column: "conname", as: String.self)
                }
                try await CheckTests.sql(store, ["ALTER TABLE transactions VALIDATE CONSTRAINT \(ident: name)"])
            }
        }
    }
}
