import Foundation
import TallyCore
import TallyStore
import Testing

/// The databases the backup tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
enum BackupEngine: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    static let postgresURL = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

    static var available: [BackupEngine] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    var testDescription: String { rawValue }

    /// Runs `body` on a migrated store with no data: a new SQLite file, or the PostgreSQL test
    /// database emptied under the store suites' advisory lock (other suites use the same one).
    func withEmptyStore<T: Sendable>(_ body: @Sendable (Store) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-bk-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try await Store.open(
                .sqliteFile(folder.appendingPathComponent("tally.sqlite").path),
                bcryptCost: 4
            )
            do {
                try await store.migrate()
                let result = try await body(store)
                await store.database.close()
                return result
            } catch {
                await store.database.close()
                throw error
            }
        case .postgres:
            let store = try await Store.open(.postgres(Self.postgresURL!), bcryptCost: 4)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await store.database.run() }
                defer { group.cancelAll() }
                return try await store.database.read { lock in
                    try await lock.raw("SELECT pg_advisory_lock(7433001)").run()
                    do {
                        try await store.migrate()
                        try await store.database.write { db in
                            for table in ["books", "users", "sessions", "login_failures", "server_secrets"] {
                                try await db.raw("DELETE FROM \(unsafeRaw: table)").run()
                            }
                        }
                        let result = try await body(store)
                        try await lock.raw("SELECT pg_advisory_unlock(7433001)").run()
                        return result
                    } catch {
                        try? await lock.raw("SELECT pg_advisory_unlock(7433001)").run()
                        throw error
                    }
                }
            }
        }
    }
}

/// A server with every kind of data a person keeps: split and tagged records with a receipt, two
/// currencies with rates, a budget, a goal with a photo and contributions, a bill with a payment,
/// rules, an import preset, and a book shared by two people with a pending invitation.
enum BackupFixture {
    static func fill(_ store: Store) async throws {
        let alice = try await store.users.signUp(
            email: "alice@example.com",
            password: "correct horse",
            openSignup: true
        )
        let bob = try await store.users.signUp(email: "bob@example.com", password: "battery staple", openSignup: true)
        let home = try await store.scope(alice, book: try await store.books.all(for: alice)[0].id)
        // Gaps in the ids: the backup numbers rows anew, so these must not show.
        let doomed = try await store.records.addTransaction(to: home, TransactionInput(amount: "1", payee: "Gone"))
        try await store.records.deleteTransaction(doomed.transaction.id, in: home)
        let split = try await store.records.addTransaction(
            to: home,
            TransactionInput(
                kind: "expense",
                amount: "52.50",
                date: "2026-03-14",
                payee: "Costco \"wholesale\"",
                account: "Cash",
                note: "line one\nline two ✓",
                lines: [
                    LineInput(category: "Food", subcategory: "Groceries", amount: "40", note: "week's food"),
                    LineInput(category: "Household", amount: "12.50"),
                ],
                tags: ["groceries", "#Family"]
            )
        )
        _ = try await store.records.addReceipt(to: split.transaction.id, in: home, bytes: BackupRoundTripTests.png)
        _ = try await store.rates.setRate(
            in: home,
            currency: Currency(code: "EUR")!,
            date: LocalDate("2026-03-01")!,
            rate: ExchangeRate("1.0856")!
        )
        _ = try await store.records.addTransaction(
            to: home,
            TransactionInput(
                kind: "expense",
                amount: "20",
                currency: "EUR",
                date: "2026-03-15",
                time: "12:30",
                payee: "Café",
                category: "Food",
                account: "Cash",
                tags: ["groceries"]
            )
        )
        _ = try await store.records.addTransaction(
            to: home,
            TransactionInput(kind: "income", amount: "3000", date: "2026-03-01", payee: "Employer", account: "Cash")
        )
        _ = try await store.plans.createBudget(
            in: home,
            BudgetInput(
                name: "Food",
                limit: "400",
                cycle: "monthly",
                start: "2026-01-01",
                categories: ["Food"],
                mode: "saver"
            )
        )
        let goal = try await store.plans.createGoal(
            in: home,
            GoalInput(name: "Camera", price: "800", income: "1000", percent: "20")
        )
        try await store.plans.setGoalPhoto(goal.goal.id, in: home, bytes: BackupRoundTripTests.png + [1, 2, 3])
        _ = try await store.plans.contribute(
            to: goal.goal.id,
            in: home,
            amount: "50",
            date: "2026-03-02",
            note: "first"
        )
        _ = try await store.plans.contribute(
            to: goal.goal.id,
            in: home,
            amount: "25",
            date: "2026-03-09",
            fromAccount: "Cash",
            toAccount: "Gift Card"
        )
        let bill = try await store.plans.createBill(
            in: home,
            BillInput(
                title: "Rent",
                amount: "900",
                cycle: "monthly",
                dueDay: "1",
                firstDue: "2026-01-01",
                account: "Cash",
                category: "Household"
            )
        )
        _ = try await store.plans.payBill(bill.id, due: LocalDate("2026-03-01")!, in: home, paidOn: "2026-03-02")
        _ = try await store.rules.addRule(in: home, RuleInput(payeeContains: "costco", setCategory: "Food:Groceries"))
        _ = try await store.rules.addRule(in: home, RuleInput(payeeIs: "Employer", account: "Cash", setPayee: "Work"))
        _ = try await store.imports.savePreset(
            in: home,
            name: "My bank",
            mapping: #"{"b":2,"a":[1,true]}"#,
            header: "Date,Amount"
        )

        let family = try await store.books.createBook(for: alice, name: "Family", currency: "EUR")
        let shared = try await store.scope(alice, book: family.id)
        let invitation = try await store.books.invite(in: shared, role: "editor", email: "bob@example.com")
        _ = try await store.books.accept(token: invitation.token, by: bob)
        _ = try await store.books.invite(in: shared, role: "viewer")
        let asBob = try await store.scope(bob, book: family.id)
        _ = try await store.records.addTransaction(
            to: asBob,
            TransactionInput(
                kind: "expense",
                amount: "80",
                date: "2026-03-20",
                payee: "Market",
                category: "Food",
                account: "Cash"
            )
        )
        _ = try await store.records.addTransaction(
            to: asBob,
            TransactionInput(
                kind: "transfer",
                amount: "100",
                date: "2026-03-21",
                payee: "Savings",
                account: "Cash",
                toAccount: "Debit Card"
            )
        )
    }

    /// A book's figures as a person reads them: each month's summary and the month's report by
    /// category, by account and by payee (names, never ids).
    static func figures(_ store: Store, book: BookID, user: User) async throws -> [String] {
        let scope = try await store.scope(user, book: book)
        var out: [String] = []
        for month in ["2026-01", "2026-02", "2026-03"] {
            let summary = try await store.reports.month(YearMonth(month)!, in: scope)
            out.append("\(scope.book.name) \(month) \(summary.expense) \(summary.income) \(summary.count)")
            let range = try DateRange(from: LocalDate("\(month)-01")!, to: LocalDate("\(month)-28")!)
            for grouping in [ReportGrouping.category, .account, .payee] {
                for kind in [ReportKind.expense, .income] {
                    let report = try await store.reports.summaryReport(
                        ReportQuery(range: range, by: grouping, kind: kind),
                        in: scope
                    )
                    out += report.rows.map { "\(grouping) \(kind) \($0.key) \($0.total) \($0.count)" }
                }
            }
        }
        // The full-text index: restore fills it once after the records rather than row by row.
        for word in ["employ", "costco", "café", "market"] {
            var filter = TransactionFilter()
            filter.text = word
            let page = try await store.records.transactions(in: scope, filter: filter, limit: 500)
            out.append("search \(word) \(page.records.count)")
        }
        for account in try await store.books.accounts(in: scope) {
            out.append(
                "account \(account.account.name) \(account.account.kind) \(account.account.openingBalance) \(account.balance)"
            )
        }
        return out
    }
}
