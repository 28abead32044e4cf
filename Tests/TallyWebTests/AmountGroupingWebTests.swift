import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing

/// Issue 42, finding 12: a malformed amount (`1.234.56`, `12.34.56`, `1,2,3`) is refused wherever
/// it comes in — the record form, the JSON API, quick add and a bank CSV import — naming the
/// field (or the line and column), and nothing is stored.
@Suite struct AmountGroupingWebTests {
    struct AmountOut: Decodable { let amount: String }
    struct StagedOut: Decodable { let rows: [AmountOut]? }

    static let malformed = ["1.234.56", "12.34.56", "1,2,3", "1,23,4.00", "1.2345,00", ",123.45", "1,234,.00"]

    @Test("the JSON API refuses a malformed amount string with a 422 on amount, and stores nothing")
    func api() async throws {
        try await withApp { client, _ in
            let owner = try await makeOwner(client)
            for text in Self.malformed {
                let response = try await client.post(
                    "\(owner.books)/transactions",
                    token: owner.token,
                    json: json(["amount": text, "payee": "Cafe"])
                )
                expectProblem(response, .unprocessableContent, field: "amount", detailContains: "misplaced")
            }
            #expect(try await allTransactions(client, owner).isEmpty)
            for (text, stored) in [("1.234,56", "1234.56"), ("1,234.56", "1234.56"), ("1234.56", "1234.56")] {
                let added = try await addTransaction(client, owner, ["amount": text, "payee": "Cafe"])
                #expect(added.amount == stored, "\(text)")
            }
        }
    }

    @Test("the record form shows itself again with the amount's error (422), and stores nothing")
    func form() async throws {
        try await withApp { client, store in
            let (browser, book) = try await WebPages().signedIn(client, store)
            for text in Self.malformed {
                let refused = try await browser.post(
                    "/books/\(book)/transactions",
                    [("amount", text), ("payee", "Bad"), ("date", "2026-03-14")]
                )
                #expect(refused.status == .unprocessableContent, "\(text)")
                #expect(refused.text.contains("has misplaced thousands separators"), "\(text)")
                #expect(refused.text.contains(#"name="amount""#))
            }
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let scope = try await store.scope(user, book: book)
            #expect(try await store.records.transactions(in: scope, limit: 10).records.isEmpty)
            let saved = try await browser.post(
                "/books/\(book)/transactions",
                [("amount", "1.234,56"), ("payee", "Good"), ("date", "2026-03-14")]
            )
            #expect(saved.status == .seeOther, "\(saved.text)")
            let record = try #require(try await store.records.transactions(in: scope, limit: 10).records.first)
            #expect(record.transaction.amount.minorUnits.magnitude == 123_456)
        }
    }

    @Test("quick add names the malformed amount (422 on text)")
    func quickAdd() async throws {
        try await withApp { client, _ in
            let owner = try await makeOwner(client)
            for text in ["coffee 1.234.56 starbucks", "lunch 12.34.56", "taxi 1,2,3"] {
                let response = try await client.post(
                    "\(owner.books)/transactions/parse",
                    token: owner.token,
                    json: json(["text": text])
                )
                expectProblem(response, .unprocessableContent, field: "text", detailContains: "misplaced thousands")
            }
            let fine = try await client.post(
                "\(owner.books)/transactions/parse",
                token: owner.token,
                json: json(["text": "lunch 1.234,56 €"])
            )
            expectStatus(fine, .ok)
            #expect(try fine.decode(AmountOut.self).amount == "1234.56", "\(fine.text)")
        }
    }

    @Test("a bank CSV import with a malformed amount is a 422 naming the line and column; nothing is staged")
    func csvImport() async throws {
        try await withApp { client, _ in
            let owner = try await makeOwner(client)
            let mapping = #"{"date":"Date","amount":"Amount","payee":"Payee","delimiter":";"}"#
            let path =
                "\(owner.books)/imports?account=Checking&mapping="
                + mapping.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            for (rows, field, decimal) in [
                ("2026-03-01;Shop;12,50\n2026-03-02;Shop;1.234.56", "line 3, column 'Amount'", ","),
                ("2026-03-01;Shop;12.34.56", "line 2, column 'Amount'", ","),
                ("2026-03-01;Shop;1.50\n2026-03-02;Shop;2.00\n2026-03-03;Shop;1,2,3", "line 4, column 'Amount'", "."),
            ] {
                let response = try await client.post(
                    path,
                    token: owner.token,
                    body: ByteBuffer(string: "Date;Payee;Amount\n\(rows)\n")
                )
                expectProblem(
                    response,
                    .unprocessableContent,
                    field: field,
                    detailContains: "has misplaced grouping separators: with '\(decimal)' as the decimal separator"
                )
            }
            let imports = try await client.get("\(owner.books)/imports", token: owner.token)
            #expect(try imports.decode([StagedOut].self).isEmpty, "\(imports.text)")
            let good = try await client.post(
                path,
                token: owner.token,
                body: ByteBuffer(string: "Date;Payee;Amount\n2026-03-01;Shop;-1.234,56\n2026-03-02;Shop;12,50\n")
            )
            expectStatus(good, .created)
            #expect(try good.decode(StagedOut.self).rows?.map(\.amount) == ["-1234.56", "12.50"], "\(good.text)")
        }
    }

    @Test("the import pages refuse a malformed bank amount naming the line and column, and stage nothing")
    func importPage() async throws {
        try await withApp { client, store in
            let (browser, user, book) = try await importPagesBrowser(client, store)
            let csv = Array("Date;Amount;Payee\n2026-03-01;12,50;Shop\n2026-03-02;1.234.56;Shop\n".utf8)
            let step = try await browser.upload("/books/\(book)/import", file: ("bank.csv", csv))
            let token = try #require(StatementImportPagesTests.hidden("token", in: step.text), "\(step.text)")
            let fields: [(String, String)] = [
                ("token", token), ("amount_mode", "amount"), ("date", "1"), ("amount", "2"), ("payee", "3"),
                ("account", "new one"),
            ]
            for button in ["preview", "go"] {
                let refused = try await browser.post("/books/\(book)/import/mapping", fields + [(button, "1")])
                // The preview shows the error where the rows would be; importing is refused.
                #expect(refused.status == (button == "go" ? .unprocessableContent : .ok), "\(button)")
                #expect(refused.text.contains("line 3, column"), "\(button)")
                #expect(refused.text.contains("has misplaced grouping separators"), "\(button)")
            }
            let scope = try await store.scope(user, book: book)
            #expect(try await store.imports.statementImports(in: scope).isEmpty)
        }
    }
}
