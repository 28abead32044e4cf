import Foundation
import TallyCore
import TallyFiles
import TallyStore
import Testing

/// A QIF split transaction staged, reviewed and committed as one split record; rule tags on
/// bank-file rows; on SQLite and PostgreSQL.
@Suite("Statement imports: splits and tags", .serialized)
struct StatementImportSplitTests {
    /// A QIF card statement: Costco split over groceries and household, a plain coffee, and a
    /// split with a transfer line that stays one entry per split.
    static let qif = Array(
        """
        !Type:CCard
        D3/14'26
        T-52.50
        PCostco
        MWeekly shop
        SFood:Groceries
        EBread and milk
        $-40.00
        SHousehold
        $-12.50
        ^
        D3/15'26
        T-4.50
        PSTARBUCKS 1234
        ^
        D3/16'26
        T-100.00
        PHardware
        SHome:Garden
        $-85.00
        S[Savings]
        $-15.00
        ^
        """.utf8
    )

    @Test("a QIF split becomes one split record; its lines count under their categories", arguments: Backend.available)
    func qifSplit(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let statement = try StatementReader.read(Self.qif, format: .qif, currency: .usd)
            let staged = try await store.imports.stageStatement(
                statement,
                into: scope,
                fileName: "card.qif",
                account: "Visa"
            )
            #expect(staged.rows.map(\.location) == ["line 2", "line 12", "line 16 (split 1)", "line 16 (split 2)"])
            let costco = staged.rows[0]
            #expect(costco.amount.minorUnits == -5_250 && costco.categoryID == nil && costco.categoryName.isEmpty)
            #expect(costco.lines.map(\.category) == ["Food", "Household"])
            #expect(costco.lines.map(\.subcategory) == ["Groceries", ""])
            #expect(costco.lines.map(\.amount.minorUnits) == [4_000, 1_250])
            #expect(costco.lines.map(\.note) == ["Bread and milk", ""])
            // Read back from the staged table as the review and the commit see it.
            let reviewed = try await store.imports.statementImport(staged.id, in: scope)
            #expect(reviewed.rows[0].lines == costco.lines)
            // A split row's category cannot be changed in the review: its lines are its categories.
            await #expect(throws: FieldError.self) {
                _ = try await store.imports.updateImportRow(
                    staged.id,
                    row: 1,
                    in: scope,
                    ImportRowChange(category: "Food")
                )
            }
            let committed = try await store.imports.commitStatementImport(staged.id, in: scope)
            let id = try #require(committed.rows[0].transactionID)
            let record = try await store.records.transaction(id, in: scope)
            #expect(record.transaction.amount.minorUnits == 5_250 && record.transaction.categoryID == nil)
            #expect(record.transaction.payee == "Costco" && record.transaction.note == "Weekly shop")
            #expect(record.lines.map(\.categoryPath) == ["Food:Groceries", "Household"])
            #expect(record.lines.map(\.line.note) == ["Bread and milk", ""])
            let march = try DateRange(from: LocalDate("2026-03-01")!, to: LocalDate("2026-03-31")!)
            let report = try await store.reports.summaryReport(
                ReportQuery(range: march, by: .category, kind: .expense),
                in: scope
            )
            var rows: [String: Int64] = [:]
            for row in report.rows where row.kind == .expense { rows[row.key] = row.total.minorUnits }
            #expect(rows["Food"] == 4_000 && rows["Household"] == 1_250 && rows["Home"] == 8_500)
            #expect(
                report.total(.expense).count == 3,
                "Costco, Starbucks and the garden split; the transfer is not spending"
            )
            #expect(try await store.checks.check().findings.isEmpty)
            // Undo takes the split record out with its lines, and the totals with it.
            _ = try await store.imports.undoStatementImport(staged.id, in: scope)
            let after = try await store.reports.summaryReport(
                ReportQuery(range: march, by: .category, kind: .expense),
                in: scope
            )
            #expect(after.total(.expense).total.minorUnits == 0)
            #expect(try await store.checks.check().findings.isEmpty)
        }
    }

    @Test("a split row is never proposed as one side of a transfer", arguments: Backend.available)
    func splitNeverATransfer(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            // The same amount coming into another account: a plain row would be proposed as a transfer.
            _ = try await store.records.addTransaction(
                to: scope,
                TransactionInput(kind: "income", amount: "52.50", date: "2026-03-14", payee: "Costco", account: "Cash")
            )
            let statement = try StatementReader.read(Self.qif, format: .qif, currency: .usd)
            let staged = try await store.imports.stageStatement(
                statement,
                into: scope,
                fileName: "card.qif",
                account: "Visa"
            )
            #expect(staged.rows[0].status == .new && staged.rows[0].action == .import && staged.rows[0].matchID == nil)
        }
    }

    @Test("a rule's tag reaches the staged row, the review and the record", arguments: Backend.available)
    func ruleTags(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let rule = try await store.rules.addRule(
                in: scope,
                RuleInput(payeeContains: "starbucks", setPayee: "Starbucks", addTag: "coffee-habit")
            )
            let statement = try StatementReader.read(Self.qif, format: .qif, currency: .usd)
            let staged = try await store.imports.stageStatement(
                statement,
                into: scope,
                fileName: "card.qif",
                account: "Visa"
            )
            #expect(staged.rows[1].tags == ["coffee-habit"] && staged.rows[1].proposed["tag"] == rule.sourceKey)
            #expect(staged.rows[0].tags.isEmpty)
            let reviewed = try await store.imports.statementImport(staged.id, in: scope)
            #expect(reviewed.rows[1].tags == ["coffee-habit"])
            let committed = try await store.imports.commitStatementImport(staged.id, in: scope)
            let record = try await store.records.transaction(try #require(committed.rows[1].transactionID), in: scope)
            #expect(record.transaction.payee == "Starbucks" && record.transaction.tags == ["coffee-habit"])
            let tagged = try await store.records.transactions(
                in: scope,
                filter: TransactionFilter(tag: "coffee-habit")
            )
            #expect(tagged.records.map(\.transaction.id) == [record.transaction.id])
        }
    }
}
