import Foundation
import SQLKit
import TallyCore
import TallyFiles
import Testing

@testable import TallyStore

/// A staged statement import committed in batches (issue 42, finding 6): the same as in one
/// transaction; a failed or dead commit undone and staged again, to be committed again.
@Suite("Statement imports committed in batches", .serialized)
struct ImportBatchStatementTests {
    typealias Batch = ImportBatchTests
    typealias Long = LongWriteTests

    /// Two accounts' statements in one OFX: 120 checking rows, 50 savings rows, and 10 transfers
    /// between them (a row on each side, paired within the file).
    static func file() -> [UInt8] {
        var checking: [(String, Int, String, String)] = []
        var savings: [(String, Int, String, String)] = []
        for i in 0..<120 { checking.append(("C\(i)", i % 28 + 1, "-\(i % 40 + 1).\(10 + i % 90)", "SHOP \(i % 7)")) }
        for i in 0..<50 { savings.append(("S\(i)", i % 28 + 1, "0.\(10 + i)", "INTEREST")) }
        for k in 0..<10 {
            checking.append(("CT\(k)", k + 2, "-\(k + 1)00.37", "TRANSFER TO SAVINGS"))
            savings.append(("ST\(k)", k + 2, "\(k + 1)00.37", "TRANSFER FROM CHECKING"))
        }
        return StatementImportPairTests.twoAccounts(checking, savings)
    }

    /// The file staged in the book, one pair's savings side set to skip (its checking side is
    /// then stored on its own).
    static func stage(_ store: Store, _ scope: BookScope) async throws -> StatementImport {
        let staged = try await StatementImportPairTests.stage(store, scope, file())
        #expect(staged.rows.count == 190 && staged.rows.filter { $0.pairRow != nil }.count == 20)
        let side = try #require(staged.rows.first { $0.importedID == "ST3" })
        _ = try await store.imports.updateImportRow(
            staged.id,
            row: side.row,
            in: scope,
            ImportRowChange(action: "skip")
        )
        return staged
    }

    /// The import's rows as the review shows them, each with the record it points at.
    static func rows(_ store: Store, _ id: Int64) async throws -> [String] {
        try await store.database.read { db in
            try await db.raw(
                """
                SELECT r.row, r.action, r.status, t.kind, t.payee, t.amount_minor FROM statement_import_rows r
                LEFT JOIN transactions t ON t.id = r.transaction_id WHERE r.import_id = \(bind: id) ORDER BY r.row
                """
            ).all().map { row in
                let record = try row.decode(column: "kind", as: String?.self).map {
                    "\($0) \(try row.decode(column: "payee", as: String.self)) \(try row.decode(column: "amount_minor", as: Int64.self))"
                }
                return
                    "\(try row.decode(column: "row", as: Int64.self)) \(try row.decode(column: "action", as: String.self)) "
                    + "\(try row.decode(column: "status", as: String.self)) \(record ?? "-")"
            }
        }
    }

    @Test("a commit in batches of 7 ends as the same commit in one transaction", arguments: Backend.available)
    func sameAsWhole(backend: Backend) async throws {
        try await withStore(backend) { store in
            let once = try await Batch.book(store, "once@example.com")
            let batched = try await Batch.book(store, "batched@example.com")
            let first = try await Self.stage(store, once)
            let second = try await Self.stage(store, batched)
            let whole = try await store.imports.commitStatementImport(first.id, in: once, limits: Long.whole)
            let parts = try await store.imports.commitStatementImport(second.id, in: batched, limits: Long.small)
            #expect(parts.status == .committed && parts.recordCount == whole.recordCount && whole.recordCount == 180)
            #expect(parts.accounts.allSatisfy { $0.accountID != nil })
            #expect(try await Self.rows(store, second.id) == Self.rows(store, first.id))
            #expect(try await Self.rows(store, second.id).filter { $0.hasSuffix(" -") }.count == 1, "the skipped row")
            #expect(try await Batch.view(store, batched.bookID) == Batch.view(store, once.bookID))
            #expect(try await Long.jobs(store) == 0)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test(
        "a commit that fails after batch 3 is undone and staged again, as reviewed; committed again it is whole",
        arguments: Backend.available
    )
    func failureStagesAgain(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Batch.book(store, "failed@example.com")
            let reference = try await Batch.book(store, "reference@example.com")
            let staged = try await Self.stage(store, scope)
            let before = try await Batch.view(store, scope.bookID)
            let reviewed = try await Self.rows(store, staged.id)
            await #expect(throws: Long.Injected.self) {
                _ = try await store.imports.commitStatementImport(
                    staged.id,
                    in: scope,
                    limits: Long.stopping(after: 3, with: Long.Injected())
                )
            }
            #expect(try await store.imports.statementImport(staged.id, in: scope).status == .staged)
            #expect(try await Self.rows(store, staged.id) == reviewed)
            #expect(try await Batch.view(store, scope.bookID) == before, "its accounts gone with it")
            #expect(try await Long.jobs(store) == 0)
            #expect(try await store.checks.check().isClean)

            _ = try await store.imports.commitStatementImport(staged.id, in: scope, limits: Long.small)
            let other = try await Self.stage(store, reference)
            _ = try await store.imports.commitStatementImport(other.id, in: reference, limits: Long.whole)
            #expect(try await Batch.view(store, scope.bookID) == Batch.view(store, reference.bookID))
            #expect(try await Self.rows(store, staged.id) == Self.rows(store, other.id))
        }
    }

    @Test(
        "a dead commit: its undo and a second commit are refused while it looks alive; once stale, the next commit takes it over",
        arguments: Backend.available
    )
    func deadCommitTakenOver(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Batch.book(store, "dead@example.com")
            let reference = try await Batch.book(store, "reference@example.com")
            let staged = try await Self.stage(store, scope)
            await #expect(throws: LongWriteAbandoned.self) {
                _ = try await store.imports.commitStatementImport(
                    staged.id,
                    in: scope,
                    limits: Long.stopping(after: 3, with: LongWriteAbandoned())
                )
            }
            #expect(try await Long.jobs(store) == 1)
            #expect(try await store.checks.check().isClean)
            await #expect(
                throws: StoreError.conflict("this import is still being committed; try again when it is done")
            ) {
                _ = try await store.imports.undoStatementImport(staged.id, in: scope)
            }
            await #expect(throws: StoreError.conflict("this import was committed already")) {
                _ = try await store.imports.commitStatementImport(staged.id, in: scope)
            }
            var stale = Long.small
            stale.staleAfter = .zero
            let committed = try await store.imports.commitStatementImport(staged.id, in: scope, limits: stale)
            #expect(committed.status == .committed && committed.recordCount == 180)
            #expect(try await Long.jobs(store) == 0)
            let other = try await Self.stage(store, reference)
            _ = try await store.imports.commitStatementImport(other.id, in: reference, limits: Long.whole)
            #expect(try await Batch.view(store, scope.bookID) == Batch.view(store, reference.bookID))
            #expect(try await Self.rows(store, staged.id) == Self.rows(store, other.id))
            #expect(try await store.checks.check().isClean)
            #expect(try await store.imports.undoStatementImport(staged.id, in: scope).removed == 180)
        }
    }
}
