import Foundation
import TallyCore
import TallyFiles
import TallyStore
import Testing

/// Issue 42, finding 11: stored rows that trapped the server or were silently replaced.
@Suite("Stored rows that used to crash", .serialized)
struct StoredRowCrashTests {
    /// A split record in EUR, its lines' stored amounts then set to `amounts` as a restored or
    /// hand-edited database could hold them, and a new rate that shares it out again.
    func rebase(_ amounts: [Int64], backend: Backend) async throws -> (lines: [Int64?], record: Int64?) {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let eur = Currency(code: "EUR")!
            _ = try await store.rates.setRate(
                in: scope,
                currency: eur,
                date: LocalDate("2026-01-01")!,
                rate: .init("1.5")!
            )
            let added = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    amount: "0.03",
                    currency: "EUR",
                    date: "2026-03-03",
                    payee: "Kiosk",
                    lines: (0..<amounts.count).map { index in
                        LineInput(category: "Food", amount: index == 0 ? "0.0\(4 - amounts.count)" : "0.01")
                    }
                )
            )
            let id = added.transaction.id.rawValue
            try await store.database.write { db in
                for (position, amount) in amounts.enumerated() {
                    try await db.raw(
                        """
                        UPDATE transaction_lines SET amount_minor = \(bind: amount)
                        WHERE transaction_id = \(bind: id) AND position = \(bind: position)
                        """
                    ).run()
                }
            }
            // Allocation's precondition(weights > 0) trapped here, inside RecordMoney.rebase.
            _ = try await store.rates.setRate(
                in: scope,
                currency: eur,
                date: LocalDate("2026-03-01")!,
                rate: .init("2")!
            )
            let after = try await store.records.transaction(added.transaction.id, in: scope)
            return (after.lines.map(\.line.baseMinor), after.transaction.baseMinor)
        }
    }

    @Test("a zero-weight split line (it trapped): no share, the others share the record", arguments: Backend.available)
    func zeroWeight(backend: Backend) async throws {
        let (lines, record) = try await rebase([3, 0], backend: backend)
        #expect(record == 6)
        #expect(lines == [6, 0])
    }

    @Test("a negative line counts as no share; lines of no weight at all share the record equally")
    func negativeAndNone() async throws {
        let negative = try await rebase([4, -1], backend: .sqlite)
        #expect(negative.lines == [6, 0] && negative.record == 6)
        let none = try await rebase([0, 0, 0], backend: .sqlite)
        #expect(none.lines == [2, 2, 2] && none.record == 6)
    }

    @Test("a staged row's stored date or currency that is none is an error naming the row (it was 2000-01-01)")
    func badStagedRow() async throws {
        try await withStore(.sqlite) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let qif = "!Type:Bank\nD3/2/2026\nT-4.50\nPCoffee\n^\nD3/3/2026\nT-30.00\nPShell\n^\n"
            let statement = try StatementReader.read(Array(qif.utf8), format: .qif, currency: .usd)
            let staged = try await store.imports.stageStatement(
                statement,
                into: scope,
                fileName: "a.qif",
                account: "Cash"
            )
            let importID = staged.id
            for (column, value, message) in [
                ("date", "2026-02-30", "its stored date '2026-02-30' is not a date (YYYY-MM-DD)"),
                ("currency", "XYZ", "its stored currency 'XYZ' is not a currency Tally knows"),
            ] {
                try await store.database.write { db in
                    try await db.raw(
                        """
                        UPDATE statement_import_rows SET \(ident: column) = \(bind: value)
                        WHERE import_id = \(bind: importID) AND row = 2
                        """
                    ).run()
                }
                let expected = KnownError(
                    .conflict,
                    "import \(importID) row 2: \(message); discard this import and stage the file again",
                    field: column
                )
                await #expect(throws: expected) { _ = try await store.imports.statementImport(importID, in: scope) }
                await #expect(throws: expected) {
                    _ = try await store.imports.commitStatementImport(importID, in: scope)
                }
                try await store.database.write { db in
                    let good = column == "date" ? "2026-03-03" : "USD"
                    try await db.raw(
                        """
                        UPDATE statement_import_rows SET \(ident: column) = \(bind: good)
                        WHERE import_id = \(bind: importID) AND row = 2
                        """
                    ).run()
                }
            }
            #expect(try await store.records.transactions(in: scope).records.isEmpty, "nothing was committed")
            let committed = try await store.imports.commitStatementImport(importID, in: scope)
            #expect(committed.rows.map(\.date) == [LocalDate("2026-03-02")!, LocalDate("2026-03-03")!])
        }
    }

    @Test("a budget's stored day_of_month outside 1…31 (BudgetSchedule's precondition trapped) fails the read")
    func badBudgetDay() async throws {
        try await withStore(.sqlite) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let budget = try await store.plans.createBudget(
                in: scope,
                BudgetInput(name: "Food", limit: "100.00", cycle: "monthly", start: "2026-01-01", mode: "saver")
            )
            try await store.database.write { db in
                try await db.raw("UPDATE budgets SET day_of_month = 0 WHERE id = \(bind: budget.id)").run()
            }
            await #expect {
                _ = try await store.plans.budgets(in: scope)
            } throws: { error in
                String(describing: error) == "budgets row \(budget.id): stored day_of_month 0 is not 1…31"
            }
        }
    }
}
