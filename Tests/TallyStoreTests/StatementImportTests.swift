import Foundation
import TallyCore
import TallyFiles
import TallyStore
import Testing

/// Staged statement imports: review, commit, re-import, overlap, duplicates, transfers, rules and
/// undo, on SQLite and PostgreSQL.
@Suite("Statement imports", .serialized)
struct StatementImportTests {
    /// An OFX bank statement of `rows` (FITID, day in March 2026, amount, name).
    static func ofx(account: String, closing: String = "0", _ rows: [(String, Int, String, String)]) -> [UInt8] {
        let body = rows.map { id, day, amount, name in
            "<STMTTRN><TRNTYPE>OTHER<DTPOSTED>202603\(day < 10 ? "0" : "")\(day)<TRNAMT>\(amount)<FITID>\(id)<NAME>\(name)</STMTTRN>"
        }.joined(separator: "\n")
        let text = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
            <BANKACCTFROM><BANKID>1<ACCTID>\(account)<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST>
            \(body)
            </BANKTRANLIST><LEDGERBAL><BALAMT>\(closing)<DTASOF>20260331</LEDGERBAL>
            </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        return Array(text.utf8)
    }

    static func read(_ bytes: [UInt8], _ format: StatementFormat = .ofx) throws -> Statement {
        try StatementReader.read(bytes, format: format, currency: .usd)
    }

    @Test("the same file twice stores nothing new; an overlapping one only its new part", arguments: Backend.available)
    func reimportAndOverlap(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let march = Self.ofx(
                account: "000123456789",
                closing: "-16.00",
                [("A1", 2, "-4.50", "STARBUCKS"), ("A2", 3, "-11.50", "SAFEWAY")]
            )
            let first = try await store.imports.stageStatement(
                try Self.read(march),
                into: scope,
                fileName: "march.ofx",
                account: "Checking"
            )
            #expect(first.rows.map(\.status) == [.new, .new])
            #expect(
                first.accounts[0].last4 == "6789" && first.accounts[0].accountID == nil,
                "Checking is made on commit"
            )
            let committed = try await store.imports.commitStatementImport(first.id, in: scope)
            #expect(committed.status == .committed)
            #expect(committed.accounts[0].accountID != nil, "the account the commit made is named by id")
            #expect(committed.balances.first?.difference?.minorUnits == 0, "the book agrees with the statement")
            // Again, with no --account: the account remembers the number.
            let again = try await store.imports.stageStatement(try Self.read(march), into: scope, fileName: "again.ofx")
            #expect(again.accounts[0].name == "Checking")
            #expect(again.rows.map(\.status) == [.imported, .imported])
            #expect(again.rows.map(\.action) == [.skip, .skip])
            _ = try await store.imports.commitStatementImport(again.id, in: scope)
            let overlap = Self.ofx(
                account: "000123456789",
                [("A2", 3, "-11.50", "SAFEWAY"), ("A3", 5, "-20.00", "SHELL")]
            )
            let third = try await store.imports.stageStatement(try Self.read(overlap), into: scope, fileName: "o.ofx")
            #expect(third.rows.map(\.status) == [.imported, .new])
            _ = try await store.imports.commitStatementImport(third.id, in: scope)
            // The account now holds more ids than this file has rows: they are looked up by key.
            let fourth = try await store.imports.stageStatement(
                try Self.read(
                    Self.ofx(account: "000123456789", [("A3", 5, "-20.00", "SHELL"), ("A4", 6, "-3.00", "X")])
                ),
                into: scope,
                fileName: "four.ofx"
            )
            #expect(fourth.rows.map(\.status) == [.imported, .new])
            _ = try await store.imports.undoStatementImport(fourth.id, in: scope)
            let page = try await store.records.transactions(in: scope, limit: 50)
            #expect(page.records.map(\.transaction.payee).sorted() == ["SAFEWAY", "SHELL", "STARBUCKS"])
            #expect(Set(page.records.compactMap(\.importedID)) == ["A1", "A2", "A3"])
            #expect(Set(page.records.compactMap(\.importID)) == [first.id, third.id])
        }
    }

    @Test("two equal purchases on one day are both kept, and both found again", arguments: Backend.available)
    func equalPurchases(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let qif = Array("!Type:Bank\nD3/2/2026\nT-4.50\nPCoffee\n^\nD3/2/2026\nT-4.50\nPCoffee\n^\n".utf8)
            let staged = try await store.imports.stageStatement(
                try Self.read(qif, .qif),
                into: scope,
                fileName: "a.qif",
                account: "Cash"
            )
            #expect(staged.rows.map(\.status) == [.new, .new])
            #expect(staged.rows[0].importedID != staged.rows[1].importedID)
            _ = try await store.imports.commitStatementImport(staged.id, in: scope)
            #expect(try await store.records.transactions(in: scope, limit: 50).records.count == 2)
            let again = try await store.imports.stageStatement(
                try Self.read(qif, .qif),
                into: scope,
                fileName: "a.qif",
                account: "Cash"
            )
            #expect(again.rows.map(\.status) == [.imported, .imported])
        }
    }

    @Test(
        "a possible duplicate is shown with its record and kept by default, or left out",
        arguments: Backend.available
    )
    func possibleDuplicate(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let typed = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    kind: "expense",
                    amount: "4.50",
                    date: "2026-03-01",
                    payee: "Starbucks",
                    account: "Debit Card"
                )
            )
            let file = Self.ofx(account: "111", [("D1", 2, "-4.50", "STARBUCKS #1234"), ("D2", 2, "-9.00", "SUBWAY")])
            let staged = try await store.imports.stageStatement(
                try Self.read(file),
                into: scope,
                fileName: "d.ofx",
                account: "Debit Card"
            )
            #expect(staged.rows.map(\.status) == [.duplicate, .new])
            #expect(staged.rows[0].matchID == typed.transaction.id)
            #expect(staged.rows[0].action == .import)
            #expect(
                staged.rows[0].reason
                    == "possible duplicate of record \(typed.transaction.id.rawValue): same account and amount, 1 day apart, payee 'Starbucks'"
            )
            // Rejected: the duplicate row is left out.
            _ = try await store.imports.updateImportRow(staged.id, row: 1, in: scope, ImportRowChange(action: "skip"))
            _ = try await store.imports.commitStatementImport(staged.id, in: scope)
            let payees = try await store.records.transactions(in: scope, limit: 50).records.map(\.transaction.payee)
            #expect(payees.sorted() == ["Starbucks", "SUBWAY"].sorted())
            // Kept: the same situation in another book keeps both.
            let other = try await store.books.createBook(for: user, name: "Second", currency: "USD")
            let second = try await store.scope(user, book: other.id)
            _ = try await store.records.addTransaction(
                to: second,
                TransactionInput(
                    kind: "expense",
                    amount: "4.50",
                    date: "2026-03-02",
                    payee: "Starbucks",
                    account: "Cash"
                )
            )
            let kept = try await store.imports.stageStatement(
                try Self.read(file),
                into: second,
                fileName: "d.ofx",
                account: "Cash"
            )
            #expect(kept.rows[0].status == .duplicate)
            _ = try await store.imports.commitStatementImport(kept.id, in: second)
            #expect(try await store.records.transactions(in: second, limit: 50).records.count == 3)
        }
    }

    @Test("a transfer is matched across two accounts' files and stored as one record", arguments: Backend.available)
    func transferAcrossFiles(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let checking = Self.ofx(
                account: "111",
                [("C1", 10, "-500.00", "TRANSFER TO SAVINGS"), ("C2", 11, "-30.00", "SHELL")]
            )
            let one = try await store.imports.stageStatement(
                try Self.read(checking),
                into: scope,
                fileName: "c.ofx",
                account: "Checking"
            )
            _ = try await store.imports.commitStatementImport(one.id, in: scope)
            let savings = Self.ofx(account: "222", [("S1", 11, "500.00", "TRANSFER FROM CHECKING")])
            let two = try await store.imports.stageStatement(
                try Self.read(savings),
                into: scope,
                fileName: "s.ofx",
                account: "Savings"
            )
            #expect(two.rows[0].status == .transfer && two.rows[0].action == .transfer)
            let committed = try await store.imports.commitStatementImport(two.id, in: scope)
            let records = try await store.records.transactions(in: scope, limit: 50).records
            #expect(records.count == 2)
            let transfer = try #require(records.first { $0.transaction.kind == .transfer })
            #expect(transfer.accountName == "Checking" && transfer.toAccountName == "Savings")
            #expect(transfer.transaction.amount.minorUnits == 50_000)
            #expect(committed.rows[0].transactionID == transfer.transaction.id)
            // The savings file again finds it; undoing the second import makes it an expense again.
            let again = try await store.imports.stageStatement(
                try Self.read(savings),
                into: scope,
                fileName: "s.ofx",
                account: "Savings"
            )
            #expect(again.rows[0].status == .imported)
            let undo = try await store.imports.undoStatementImport(two.id, in: scope)
            #expect(undo == ImportUndo(removed: 0, kept: [], restored: 1))
            let back = try await store.records.transactions(in: scope, limit: 50).records
            #expect(back.map(\.transaction.kind).sorted { $0.rawValue < $1.rawValue } == [.expense, .expense])
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test("undo removes an import's records but keeps and lists those edited since", arguments: Backend.available)
    func undo(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let file = Self.ofx(
                account: "9",
                [("U1", 2, "-1.00", "A"), ("U2", 3, "-2.00", "B"), ("U3", 4, "3.00", "C")]
            )
            let staged = try await store.imports.stageStatement(
                try Self.read(file),
                into: scope,
                fileName: "u.ofx",
                account: "Cash"
            )
            let committed = try await store.imports.commitStatementImport(staged.id, in: scope)
            let edited = try #require(committed.rows[1].transactionID)
            _ = try await store.records.updateTransaction(edited, in: scope, TransactionInput(note: "mine now"))
            let undo = try await store.imports.undoStatementImport(staged.id, in: scope)
            #expect(undo == ImportUndo(removed: 2, kept: [edited], restored: 0))
            let left = try await store.records.transactions(in: scope, limit: 50).records
            #expect(left.map(\.transaction.id) == [edited])
            await #expect(throws: StoreError.conflict("this import was discarded or undone already")) {
                _ = try await store.imports.undoStatementImport(staged.id, in: scope)
            }
            #expect(try await store.checks.check().isClean)
            // A staged import is discarded; committing it afterwards is refused.
            let later = try await store.imports.stageStatement(
                try Self.read(Self.ofx(account: "9", [("U9", 9, "-9.00", "Z")])),
                into: scope,
                fileName: "z.ofx"
            )
            _ = try await store.imports.undoStatementImport(later.id, in: scope)
            await #expect(throws: StoreError.conflict("this import was discarded already")) {
                _ = try await store.imports.commitStatementImport(later.id, in: scope)
            }
        }
    }

    @Test("rules propose payee, note and category; the file's own category wins", arguments: Backend.available)
    func rules(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let rule = try await store.rules.addRule(
                in: scope,
                RuleInput(payeeContains: "starbucks", setCategory: "Food:Coffee", setPayee: "Starbucks")
            )
            let qif = Array(
                "!Type:Bank\nD3/2/2026\nT-4.50\nPPOS 4411 STARBUCKS #1234 SEATTLE\n^\nD3/3/2026\nT-5.00\nPSTARBUCKS\nLHome\n^\n"
                    .utf8
            )
            let staged = try await store.imports.stageStatement(
                try Self.read(qif, .qif),
                into: scope,
                fileName: "r.qif",
                account: "Cash"
            )
            #expect(
                staged.rows[0].payee == "Starbucks"
                    && staged.rows[0].proposed == ["payee": rule.id!, "category": rule.id!]
            )
            #expect(staged.rows[1].proposed["category"] == 0, "the file's category stays")
            let committed = try await store.imports.commitStatementImport(staged.id, in: scope)
            let records = try await store.records.transactions(in: scope, limit: 50).records
            #expect(records.map(\.categoryPath) == ["Food:Coffee", "Home"])
            #expect(committed.status == .committed)
        }
    }

    @Test(
        "refusals: a viewer, another book's import, an account to choose, a bad row change",
        arguments: Backend.available
    )
    func refusals(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let qif = Array("!Type:Bank\nD3/2/2026\nT-4.50\nPCoffee\n^\n".utf8)
            await #expect(throws: FieldError("account", "choose the account this statement is for")) {
                _ = try await store.imports.stageStatement(try Self.read(qif, .qif), into: scope, fileName: "a.qif")
            }
            let staged = try await store.imports.stageStatement(
                try Self.read(qif, .qif),
                into: scope,
                fileName: "a.qif",
                account: "Cash"
            )
            await #expect(throws: FieldError("action", "must be import, skip or transfer")) {
                _ = try await store.imports.updateImportRow(
                    staged.id,
                    row: 1,
                    in: scope,
                    ImportRowChange(action: "merge")
                )
            }
            await #expect(throws: StoreError.notFound("row 7")) {
                _ = try await store.imports.updateImportRow(staged.id, row: 7, in: scope, ImportRowChange(note: "x"))
            }
            let (other, _) = try await owner(store, email: "other@example.com")
            let theirs = try await store.scope(other, book: try await store.books.all(for: other)[0].id)
            await #expect(throws: StoreError.notFound("import")) {
                _ = try await store.imports.commitStatementImport(staged.id, in: theirs)
            }
            #expect(try await store.records.transactions(in: scope, limit: 5).records.isEmpty, "nothing stored")
        }
    }
}

extension StatementImportTests {
    @Test("a staged import expires after a week: housekeeping deletes it with its rows", arguments: Backend.available)
    func expiry(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let qif = Array("!Type:Bank\nD3/2/2026\nT-4.50\nPCoffee\n^\n".utf8)
            let staged = try await store.imports.stageStatement(
                try Self.read(qif, .qif),
                into: scope,
                fileName: "a.qif",
                account: "Cash"
            )
            #expect(try await store.imports.purgeExpiredImports() == 0, "a fresh one stays")
            #expect(try await store.imports.purgeExpiredImports(now: Date().addingTimeInterval(8 * 86_400)) == 1)
            await #expect(throws: StoreError.notFound("import")) {
                _ = try await store.imports.commitStatementImport(staged.id, in: scope)
            }
        }
    }
}

/// Rules applied to existing records, with a preview and an undo; presets by name.
@Suite("Rules on existing records and presets", .serialized)
struct RuleRunTests {
    @Test("apply previews before → after, changes in one run, and undoes it", arguments: Backend.available)
    func applyAndUndo(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            for (payee, amount) in [("POS 1 STARBUCKS #12", "4.50"), ("Starbucks", "5.00"), ("Shell", "30.00")] {
                _ = try await store.records.addTransaction(
                    to: scope,
                    TransactionInput(kind: "expense", amount: amount, date: "2026-03-02", payee: payee, account: "Cash")
                )
            }
            let rule = try await store.rules.addRule(
                in: scope,
                RuleInput(payeeContains: "starbucks", setCategory: "Food:Coffee", setPayee: "Starbucks")
            )
            let preview = try await store.rules.applyRule(rule.id!, in: scope, dryRun: true)
            #expect(preview.id == nil && preview.count == 2)
            #expect(preview.changes.map(\.before.payee) == ["POS 1 STARBUCKS #12", "Starbucks"])
            #expect(Set(preview.changes.map(\.after.payee)) == ["Starbucks"])
            #expect(
                try await store.records.transactions(in: scope, limit: 10).records.allSatisfy { $0.categoryPath == nil }
            )
            let run = try await store.rules.applyRule(rule.id!, in: scope, dryRun: false)
            #expect(run.count == 2)
            let after = try await store.records.transactions(in: scope, limit: 10).records
            #expect(after.filter { $0.categoryPath == "Food:Coffee" }.count == 2)
            #expect(try await store.checks.check().isClean)
            #expect(try await store.rules.undoRun(try #require(run.id), in: scope) == 2)
            let back = try await store.records.transactions(in: scope, limit: 10).records
            #expect(back.map(\.transaction.payee).sorted() == ["POS 1 STARBUCKS #12", "Shell", "Starbucks"])
            #expect(back.allSatisfy { $0.categoryPath == nil })
            #expect(try await store.checks.check().isClean)
            await #expect(throws: StoreError.notFound("rule run")) {
                _ = try await store.rules.undoRun(try #require(run.id), in: scope)
            }
        }
    }

    @Test("rules keep their order; presets are saved, replaced and deleted by name", arguments: Backend.available)
    func orderAndPresets(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let a = try await store.rules.addRule(in: scope, RuleInput(payeeContains: "a", setNote: "a"))
            let b = try await store.rules.addRule(in: scope, RuleInput(payeeContains: "b", setNote: "b"), position: 1)
            #expect(try await store.rules.rules(in: scope).map(\.id) == [b.id, a.id])
            try await store.rules.deleteRule(b.id!, in: scope)
            #expect(try await store.rules.rules(in: scope).map(\.position) == [1])
            await #expect(throws: FieldError("rule", "needs at least one action")) {
                _ = try await store.rules.addRule(in: scope, RuleInput(payeeContains: "x"))
            }
            let p = try await store.imports.savePreset(in: scope, name: "My bank", mapping: "{}", header: "Date,Amount")
            _ = try await store.imports.savePreset(
                in: scope,
                name: "My bank",
                mapping: #"{"a":1}"#,
                header: "Date,Amount"
            )
            #expect(try await store.imports.presets(in: scope).map(\.mapping) == [#"{"a":1}"#])
            try await store.imports.deletePreset(p.id, in: scope)
            #expect(try await store.imports.presets(in: scope).isEmpty)
        }
    }

    @Test("on every add a rule fills what was left empty; an explicit value wins", arguments: Backend.available)
    func rulesOnAdd(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            _ = try await store.rules.addRule(
                in: scope,
                RuleInput(payeeContains: "starbucks", setCategory: "Food:Coffee", setNote: "rule", setAccount: "Cash")
            )
            let filled = try await store.records.addTransaction(
                to: scope,
                TransactionInput(kind: "expense", amount: "4.50", payee: "Starbucks Reserve")
            )
            #expect(filled.categoryPath == "Food:Coffee" && filled.accountName == "Cash")
            #expect(filled.transaction.note == "rule")
            let explicit = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    kind: "expense",
                    amount: "4.50",
                    payee: "Starbucks",
                    category: "Home",
                    account: "Gift Card",
                    note: "mine"
                )
            )
            #expect(explicit.categoryPath == "Home" && explicit.accountName == "Gift Card")
            #expect(explicit.transaction.note == "mine")
        }
    }
}
