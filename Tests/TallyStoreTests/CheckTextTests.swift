import Foundation
import SQLKit
import TallyCore
import Testing

@testable import TallyStore

/// Issue 42, finding 7: `tally check` names stored text that the API would refuse — what a
/// restore stored before it checked the text rules (a NUL and U+202E in a payee, `<` and `"` in a
/// tag, a bill link `javascript:…`), or a hand edit of the data file.
@Suite("Check stored text")
struct CheckTextTests {
    @Test("text the API refuses is named with its table, row and column", arguments: Backend.available)
    func hostileText(_ backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let bill = try await store.plans.createBill(in: scope, BillInput(title: "Rent", amount: "900"))
            let record = try await store.records.addTransaction(
                to: scope,
                TransactionInput(amount: "4.00", date: "2026-05-05", payee: "Cafe", account: "Cash", tags: ["coffee"])
            ).transaction.id
            let clean = try await store.records.addTransaction(
                to: scope,
                TransactionInput(amount: "5.00", date: "2026-05-06", payee: "Café ✓", note: "two\nlines")
            ).transaction.id
            #expect(try await store.checks.check().isClean)
            // PostgreSQL stores no NUL in text at all; SQLite does.
            let scalar = backend == .sqlite ? "U+0000" : "U+202E"
            try await store.database.write { db in
                if backend == .sqlite {
                    try await db.raw(
                        "UPDATE transactions SET payee = 'Ca' || char(0) || 'fe' WHERE id = \(bind: record)"
                    )
                    .run()
                } else {
                    try await db.raw(
                        "UPDATE transactions SET payee = \(bind: "Ca\u{202E}fe") WHERE id = \(bind: record)"
                    )
                    .run()
                }
                try await db.raw("UPDATE tags SET name = '<b\"x', name_key = '<b\"x' WHERE book_id = \(bind: book.id)")
                    .run()
                try await db.raw(
                    "UPDATE bills SET url = 'javascript:alert(document.cookie)' WHERE id = \(bind: bill.id)"
                ).run()
            }
            let findings = try await store.checks.check().findings.map(\.description)
            let tag = try await Self.tagID(store)
            let expected = [
                "book \(book.id): transactions [row \(record), payee]: stored text must be one line without control or invisible characters (it holds \(scalar)) (edit the row through the app, or delete it)",
                "book \(book.id): tags [row \(tag), name]: stored text '<b\"x' is not a tag: use letters, digits and - _ . / only (edit the row through the app, or delete it)",
                "book \(book.id): bills [row \(bill.id), url]: stored text must be empty or a web address starting with https:// or http:// (edit the row through the app, or delete it)",
            ]
            for line in expected { #expect(findings.contains(line), "\(line)\nin \(findings)") }
            #expect(!findings.contains { $0.contains("row \(clean),") }, "a clean record with a note is not named")
        }
    }

    private static func tagID(_ store: Store) async throws -> Int64 {
        try await store.database.read { db in
            try await db.raw("SELECT id FROM tags").first()!.decode(column: "id", as: Int64.self)
        }
    }
}
