import Foundation
import SQLKit
import TallyCore
import Testing

@testable import TallyStore

@Suite("Migrations and persistence")
struct MigrationTests {
    @Test("migrations run once on an empty database", arguments: Backend.available)
    func migrateEmpty(backend: Backend) async throws {
        try await withStore(backend) { store in
            // withStore already migrated: a second run applies nothing.
            let applied = try await store.migrate()
            let users = try await store.users.userCount()
            #expect(applied.isEmpty)
            #expect(users == 0)
        }
    }

    @Test("a fresh SQLite file gets every migration")
    func freshFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-mig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await Store.open(.sqliteFile(folder.path + "/t.sqlite"), bcryptCost: 4)
        #expect(
            try await store.migrate() == [
                1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
                29,
            ]
        )
        #expect(try await store.migrate() == [])
        await store.database.close()
    }

    @Test("records survive closing and reopening the data file")
    func restartPersistence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-restart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/tally.sqlite"

        let first = try await Store.open(.sqliteFile(path), bcryptCost: 4)
        try await first.migrate()
        let (user, book) = try await owner(first)
        _ = try await first.records.addTransaction(
            to: try await first.scope(user, book: book.id),
            TransactionInput(
                amount: "4.50",
                date: "2026-03-02",
                payee: "Starbucks",
                category: "Food:Coffee",
                account: "Cash"
            )
        )
        let (_, token) = try await first.users.createToken(for: user, name: "cli")
        try await first.users.putSession(key: "abc", value: "{\"userID\":1}", expiresAt: nil)
        await first.database.close()

        let second = try await Store.open(.sqliteFile(path), bcryptCost: 4)
        #expect(try await second.migrate() == [])
        let again = try #require(try await second.users.user(email: "owner@example.com"))
        let page = try await second.records.transactions(in: try await second.scope(again, book: book.id))
        #expect(page.records.map(\.transaction.amount.decimalString) == ["4.50"])
        #expect(page.records.first?.categoryPath == "Food:Coffee")
        #expect(try await second.users.user(forToken: token) == again)
        #expect(try await second.users.session(key: "abc")?.value == "{\"userID\":1}")
        _ = try await second.users.authenticate(email: "owner@example.com", password: "correct horse")
        await second.database.close()
    }

    @Test(
        "a version 3 database with records migrates to the latest: check() finds nothing and the sums match its records to the cent",
        arguments: Backend.available
    )
    func upgradeFromVersion3(backend: Backend) async throws {
        try await withStore(backend, atVersion: 3) { store in
            try await store.database.write { db in try await OldDatabase.insert(db, atVersion: 3) }
            #expect(
                try await store.migrate() == [
                    4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
                ]
            )

            let check = try await store.checks.check()
            #expect(check.isClean, "\(check.findings)")
            #expect(check.books == 2)
            #expect(check.cells > 0)

            let user = try #require(try await store.users.user(email: "owner@example.com"))
            for (book, ranges) in [
                (BookID(1), [("2024-01-01", "2025-12-31"), ("2024-02-14", "2025-03-20")]),
                (2, [("2024-01-01", "2025-12-31")]),
            ] {
                let scope = try await store.scope(user, book: book)
                for (from, to) in ranges {
                    let range = try DateRange(from: LocalDate(from)!, to: LocalDate(to)!)
                    // What the records say, per kind and currency.
                    var expected: [String: (total: Int64, count: Int)] = [:]
                    for r in OldDatabase.records
                    where r.book == book.rawValue && r.kind != "transfer" && r.date >= from && r.date <= to {
                        let old = expected["\(r.kind) \(r.currency)"] ?? (0, 0)
                        expected["\(r.kind) \(r.currency)"] = (old.total + r.amount, old.count + 1)
                    }
                    #expect(!expected.isEmpty)
                    // The old records carry no tags: by tag they are in no row.
                    for by in ReportGrouping.allCases where by != .tag {
                        let report = try await store.reports.summaryReport(
                            ReportQuery(range: range, by: by, kind: .both),
                            in: scope
                        )
                        // Without rates, a row's own-currency part is its converted total, and
                        // the euro records beside it are all unconverted.
                        var read: [String: (total: Int64, count: Int)] = [:]
                        for kind in [TransactionKind.expense, .income] {
                            for currency in Set(OldDatabase.records.map(\.currency)) {
                                let table = report.table(kind, currency)
                                guard !table.isEmpty else { continue }
                                read["\(kind.rawValue) \(currency)"] = (
                                    table.values.reduce(0) { $0 + $1.0 }, table.values.reduce(0) { $0 + $1.1 }
                                )
                            }
                        }
                        #expect(
                            read.mapValues { "\($0.total)/\($0.count)" }
                                == expected.mapValues { "\($0.total)/\($0.count)" },
                            "book \(book) \(from)…\(to) by \(by)"
                        )
                    }
                }
                // Balances: the opening balance and every record in the account's currency.
                for balance in try await store.books.accounts(in: scope) {
                    let account = OldDatabase.accounts.first { $0.id == balance.account.id.rawValue }!
                    var flow: Int64 = 0
                    for r in OldDatabase.records where r.currency == account.currency {
                        if r.account == account.id { flow += r.kind == "income" ? r.amount : -r.amount }
                        if r.toAccount == account.id { flow += r.amount }
                    }
                    #expect(balance.balance.minorUnits == account.opening + flow, "\(account.name)")
                    #expect(balance.balance.currency.code == account.currency)
                }
            }
        }
    }

    @Test(
        "a version 1 database with records migrates to the latest: payee keys are filled as the services key them",
        arguments: Backend.available
    )
    func upgradeFromVersion1(backend: Backend) async throws {
        try await withStore(backend, atVersion: 1) { store in
            try await store.database.write { db in try await OldDatabase.insert(db, atVersion: 1) }
            #expect(
                try await store.migrate() == [
                    2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
                    29,
                ]
            )
            let check = try await store.checks.check()
            #expect(check.isClean, "\(check.findings)")
            let keys = try await store.database.read { db in
                try await db.raw("SELECT id, payee_key FROM transactions").all().map {
                    (try $0.decode(column: "id", as: Int64.self), try $0.decode(column: "payee_key", as: String.self))
                }
            }
            #expect(keys.count == OldDatabase.records.count)
            for (id, key) in keys {
                let record = OldDatabase.records.first { $0.id == id }!
                #expect(key == Totals.payeeKey(record.payee), "\(record.payee)")
            }
        }
    }
}

/// A database as version 3 (or 1) left it, written by hand in that day's schema: two books,
/// accounts in two currencies, categories with a child, records of every kind (some with no
/// category or account, payees with accents and odd spacing); at version 3 also the payee keys it
/// wrote and the kept totals and balances it kept, deliberately wrong here: migration 4 must
/// rebuild them from the records.
private enum OldDatabase {
    struct Record {
        let id: Int64, book: Int64, kind: String, amount: Int64, currency: String, date: String, payee: String
        let category: Int64?, account: Int64?, toAccount: Int64?
    }

    static let accounts: [(id: Int64, book: Int64, name: String, currency: String, opening: Int64)] = [
        (1, 1, "Cash", "USD", 12_345), (2, 1, "Card", "USD", -50_001), (3, 1, "Euros", "EUR", 0),
        (4, 2, "Wallet", "EUR", 99),
    ]

    static let records: [Record] = {
        let payees = ["Starbucks", "  STARBUCKS ", "Café Éclair", "Bäckerei Müller", "İstanbul Kebap", "Employer Inc."]
        var records: [Record] = []
        for i in 0..<90 {
            let book: Int64 = i % 5 == 4 ? 2 : 1
            let kind = ["expense", "expense", "income", "transfer"][i % 4]
            var currency = book == 2 ? "EUR" : (i % 7 == 3 ? "EUR" : "USD")
            var account: Int64? = book == 2 ? 4 : (currency == "EUR" ? 3 : Int64(1 + i % 2))
            var toAccount: Int64? = nil
            var category: Int64? = book == 2 ? 4 : (kind == "income" ? 3 : Int64(1 + i % 2))
            if kind == "transfer" {
                category = nil
                if book == 1 {
                    currency = "USD"
                    account = Int64(1 + i % 2)
                    toAccount = 3 - account!
                } else {
                    toAccount = nil
                }
            }
            if i % 9 == 0 {
                account = nil
                if kind == "transfer" { account = book == 2 ? 4 : 1 }
            }
            if i % 11 == 0 && kind != "transfer" { category = nil }
            let amount = Int64(1 + (i * 7_919) % 250_000)
            let date = String(format: "%04d-%02d-%02d", 2024 + i % 2, 1 + (i * 5) % 12, 1 + (i * 13) % 28)
            records.append(
                Record(
                    id: Int64(i + 1),
                    book: book,
                    kind: kind,
                    amount: amount,
                    currency: currency,
                    date: date,
                    payee: payees[i % payees.count],
                    category: category,
                    account: account,
                    toAccount: toAccount
                )
            )
        }
        return records
    }()

    static func insert(_ db: any SQLDatabase, atVersion version: Int) async throws {
        let now = "2025-06-01T00:00:00Z"
        try await db.raw(
            "INSERT INTO users (id, email, password_hash, created_at) VALUES (1, 'owner@example.com', 'x', \(bind: now))"
        ).run()
        try await db.raw(
            "INSERT INTO books (id, name, currency, created_at) VALUES (1, 'Home', 'USD', \(bind: now)), (2, 'Trip', 'EUR', \(bind: now))"
        ).run()
        try await db.raw("INSERT INTO book_members (book_id, user_id, role) VALUES (1, 1, 'owner'), (2, 1, 'owner')")
            .run()
        for (position, a) in accounts.enumerated() {
            try await db.raw(
                """
                INSERT INTO accounts (id, book_id, name, kind, currency, opening_minor, archived, position)
                VALUES (\(bind: a.id), \(bind: a.book), \(bind: a.name), 'cash', \(bind: a.currency), \(bind: a.opening), 0, \(bind: position))
                """
            ).run()
        }
        try await db.raw(
            """
            INSERT INTO categories (id, book_id, parent_id, kind, name, icon, color, position) VALUES
              (1, 1, NULL, 'expense', 'Food', 'cart', '#ff0000', 0), (2, 1, 1, 'expense', 'Coffee', 'cup', '#00ff00', 1),
              (3, 1, NULL, 'income', 'Salary', 'bank', '#0000ff', 2), (4, 2, NULL, 'expense', 'Hotel', 'bed', '#ffff00', 0)
            """
        ).run()
        for r in records {
            // Version 2 added the payee key, which the services wrote with every record.
            let key: SQLQueryString =
                version >= 2 ? ", \(bind: r.payee.trimmingCharacters(in: .whitespaces).lowercased())" : ""
            try await db.raw(
                """
                INSERT INTO transactions (id, book_id, kind, amount_minor, currency, date, time, payee\(unsafeRaw: version >= 2 ? ", payee_key" : ""),
                  category_id, account_id, to_account_id, note, created_at, updated_at)
                VALUES (\(bind: r.id), \(bind: r.book), \(bind: r.kind), \(bind: r.amount), \(bind: r.currency), \(bind: r.date), '',
                  \(bind: r.payee)\(key), \(bind: r.category), \(bind: r.account), \(bind: r.toAccount), 'note', \(bind: now), \(bind: now))
                """
            ).run()
        }
        guard version >= 2 else { return }
        // What version 3 kept beside the records, wrong on purpose.
        try await db.raw(
            "INSERT INTO account_balances (book_id, account_id, currency, balance_minor) VALUES (1, 1, 'USD', 777), (2, 4, 'EUR', -1)"
        ).run()
        try await db.raw(
            """
            INSERT INTO day_totals (book_id, day, kind, category_id, account_id, payee_key, currency, total_minor, count)
            VALUES (1, '2024-01-01', 'expense', 0, 0, 'stale', 'USD', 5, 1)
            """
        ).run()
    }
}

/// Runs `body` with an empty store whose schema is at `version`: SQLite in memory; on PostgreSQL
/// the shared test database, under the suites' lock (see `withStore`), its tables dropped and
/// migrated up to `version` (the next `withStore` brings it up to date again).
private func withStore<T: Sendable>(
    _ backend: Backend,
    atVersion version: Int,
    _ body: @Sendable (Store) async throws -> T
) async throws -> T {
    switch backend {
    case .sqlite:
        let store = try await Store.open(.sqliteMemory, bcryptCost: 4)
        do {
            #expect(try await Migrator.migrate(store.database, upTo: version) == Array(1...version))
            let result = try await body(store)
            await store.database.close()
            return result
        } catch {
            await store.database.close()
            throw error
        }
    case .postgres:
        return try await withStore(.postgres) { store in
            try await store.database.write { db in
                let tables = try await db.raw("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
                    .all()
                    .map { try $0.decode(column: "tablename", as: String.self) }
                for table in tables { try await db.raw("DROP TABLE IF EXISTS \(ident: table) CASCADE").run() }
            }
            #expect(try await Migrator.migrate(store.database, upTo: version) == Array(1...version))
            return try await body(store)
        }
    }
}
