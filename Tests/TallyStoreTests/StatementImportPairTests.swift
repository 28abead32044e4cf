import Foundation
import TallyCore
import TallyFiles
import TallyStore
import Testing

/// Transfers a file holds: both sides in a file of two of the book's accounts (checking and
/// savings in one OFX), and QIF's `L[Account]`, on SQLite and PostgreSQL.
@Suite("Transfers within one file", .serialized)
struct StatementImportPairTests {
    /// One OFX of two bank statements: (FITID, day in March 2026, amount, name) per account.
    static func twoAccounts(
        _ checking: [(String, Int, String, String)],
        _ savings: [(String, Int, String, String)]
    ) -> [UInt8] {
        func statement(_ number: String, _ rows: [(String, Int, String, String)]) -> String {
            let body = rows.map { id, day, amount, name in
                "<STMTTRN><TRNTYPE>OTHER<DTPOSTED>202603\(day < 10 ? "0" : "")\(day)<TRNAMT>\(amount)<FITID>\(id)<NAME>\(name)</STMTTRN>"
            }.joined(separator: "\n")
            return """
                <STMTTRNRS><STMTRS><CURDEF>USD
                <BANKACCTFROM><BANKID>1<ACCTID>\(number)<ACCTTYPE>CHECKING</BANKACCTFROM>
                <BANKTRANLIST>
                \(body)
                </BANKTRANLIST></STMTRS></STMTTRNRS>
                """
        }
        let text = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><BANKMSGSRSV1>
            \(statement("1111", checking))
            \(statement("2222", savings))
            </BANKMSGSRSV1></OFX>
            """
        return Array(text.utf8)
    }

    static func stage(_ store: Store, _ scope: BookScope, _ bytes: [UInt8]) async throws -> StatementImport {
        try await store.imports.stageStatement(
            try StatementReader.read(bytes, format: .ofx, currency: .usd),
            into: scope,
            fileName: "both.ofx"
        )
    }

    @Test(
        "both sides in one file are one transfer; the file again is all imported; undo removes it",
        arguments: Backend.available
    )
    func pairedInOneFile(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let file = Self.twoAccounts(
                [("C1", 10, "-500.00", "TRANSFER TO SAVINGS"), ("C2", 11, "-30.00", "SHELL")],
                [("S1", 11, "500.00", "TRANSFER FROM CHECKING"), ("S2", 12, "2.15", "INTEREST")]
            )
            let staged = try await Self.stage(store, scope, file)
            let byID = Dictionary(uniqueKeysWithValues: staged.rows.map { ($0.importedID, $0) })
            let (c1, s1) = (try #require(byID["C1"]), try #require(byID["S1"]))
            #expect(c1.status == .transfer && c1.action == .transfer && c1.pairRow == s1.row && c1.matchID == nil)
            #expect(s1.status == .transfer && s1.action == .transfer && s1.pairRow == c1.row)
            #expect(
                c1.reason == "transfer to row \(s1.row) of this file (another account): the same amount in, 1 day apart"
            )
            #expect(byID["C2"]?.status == .new && byID["S2"]?.status == .new && byID["C2"]?.pairRow == nil)

            #expect(staged.recordCount == 3, "four rows, and the pair is one record")
            let committed = try await store.imports.commitStatementImport(staged.id, in: scope)
            let records = try await store.records.transactions(in: scope, limit: 50).records
            #expect(records.count == 3 && committed.recordCount == 3)
            let transfer = try #require(records.first { $0.transaction.kind == .transfer })
            #expect(transfer.accountName == "Account ••1111" && transfer.toAccountName == "Account ••2222")
            #expect(
                transfer.transaction.amount.minorUnits == 50_000
                    && transfer.transaction.date.description == "2026-03-10"
            )
            let rows = Dictionary(uniqueKeysWithValues: committed.rows.map { ($0.importedID, $0) })
            #expect(rows["C1"]?.transactionID == transfer.transaction.id)
            #expect(rows["S1"]?.transactionID == transfer.transaction.id)
            let balances = try await store.books.accounts(in: scope)
            #expect(balances.map { $0.balance.minorUnits }.filter { $0 != 0 }.sorted() == [-53_000, 50_215])

            // The same file again finds every row, both sides of the transfer included.
            let again = try await Self.stage(store, scope, file)
            #expect(again.rows.map(\.status) == [.imported, .imported, .imported, .imported])
            _ = try await store.imports.undoStatementImport(again.id, in: scope)

            let undo = try await store.imports.undoStatementImport(staged.id, in: scope)
            #expect(undo == ImportUndo(removed: 3, kept: [], restored: 0))
            #expect(try await store.records.transactions(in: scope, limit: 50).records.isEmpty)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test("a pair whose one row is skipped stores the other as a plain record", arguments: Backend.available)
    func brokenPair(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let file = Self.twoAccounts(
                [("C1", 10, "-500.00", "TRANSFER TO SAVINGS")],
                [("S1", 10, "500.00", "FROM CHECKING")]
            )
            let staged = try await Self.stage(store, scope, file)
            let out = try #require(staged.rows.first { $0.importedID == "C1" })
            let into = try #require(staged.rows.first { $0.importedID == "S1" })
            #expect(into.pairRow == out.row)
            _ = try await store.imports.updateImportRow(
                staged.id,
                row: into.row,
                in: scope,
                ImportRowChange(action: "skip")
            )
            let committed = try await store.imports.commitStatementImport(staged.id, in: scope)
            let records = try await store.records.transactions(in: scope, limit: 50).records
            #expect(records.map(\.transaction.kind) == [.expense])
            #expect(records.first?.transaction.amount.minorUnits == 50_000)
            #expect(committed.rows.first { $0.importedID == "C1" }?.action == .import)
            #expect(committed.rows.first { $0.importedID == "S1" }?.transactionID == nil)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test("a QIF L[Account] is a transfer either way; the file again finds both rows", arguments: Backend.available)
    func statedInQIF(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let qif = Array(
                """
                !Type:Bank
                D03/25/2026
                T-100.00
                PTo savings
                L[Savings]
                ^
                D03/26/2026
                T50.00
                PFrom savings
                L[Savings]
                ^
                D03/27/2026
                T0.00
                PNothing
                L[Savings]
                ^

                """.utf8
            )
            func stage() async throws -> StatementImport {
                try await store.imports.stageStatement(
                    try StatementReader.read(qif, format: .qif, currency: .usd),
                    into: scope,
                    fileName: "c.qif",
                    account: "Checking"
                )
            }
            let staged = try await stage()
            #expect(staged.rows.map(\.status) == [.transfer, .transfer, .new])
            #expect(staged.rows.map(\.action) == [.transfer, .transfer, .skip], "a zero amount is never stored")
            #expect(staged.rows[0].reason == "the file names it a transfer with 'Savings'")
            #expect(staged.recordCount == 2)
            _ = try await store.imports.commitStatementImport(staged.id, in: scope)
            let records = try await store.records.transactions(in: scope, limit: 50).records
            let pairs = records.map {
                "\($0.accountName ?? "")→\($0.toAccountName ?? "") \($0.transaction.amount.minorUnits)"
            }
            #expect(pairs.sorted() == ["Checking→Savings 10000", "Savings→Checking 5000"])
            // The incoming row's id is kept in the account the money reached, so it is found too.
            #expect(try await stage().rows.map(\.status) == [.imported, .imported, .new])
            #expect(try await store.checks.check().isClean)
        }
    }
}
