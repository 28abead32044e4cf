import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import TallyWeb

extension API {
    /// `POST …/imports` with the JSON `tally export --format json` writes: a preview, the records
    /// with a split and tags, and a refusal naming the record and field that stores nothing.
    @Suite struct JSONImports {
        static let records = """
            [
              {"id": 7, "date": "2026-03-14", "time": "", "kind": "expense", "amount": "52.50", "currency": "USD",
               "payee": "Costco", "category": "", "account": "Cash", "to_account": "", "note": "weekly shop",
               "tags": ["costco"], "lines": [{"category": "Food:Groceries", "amount": "40.00", "note": ""},
               {"category": "Household", "amount": "12.50", "note": "soap"}]},
              {"date": "2026-03-15", "kind": "expense", "amount": "4.50", "payee": "Blue Bottle", "category": "Food:Coffee"}
            ]
            """

        @Test("a JSON export imports through the API, splits and tags included", arguments: Backend.all)
        func imports(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let preview = try await client.post(
                    "\(owner.books)/imports?dry_run=true",
                    token: owner.token,
                    body: ByteBuffer(string: Self.records),
                    headers: [.contentType: "application/json"]
                )
                expectStatus(preview, .ok)
                #expect(preview.text.contains("\"count\":2"))
                let done = try await client.post(
                    "\(owner.books)/imports",
                    token: owner.token,
                    body: ByteBuffer(string: Self.records),
                    headers: [.contentType: "application/json"]
                )
                expectStatus(done, .created)
                #expect(try done.decode(ImportJSON.self).imported == 2)
                let page = try await client.get("\(owner.books)/transactions?tag=costco", token: owner.token)
                #expect(
                    page.text.contains("\"category\":\"Food:Groceries\"") && page.text.contains("\"note\":\"soap\"")
                )

                let bad = Self.records.replacingOccurrences(of: "\"4.50\"", with: "4.50")
                let refused = try await client.post(
                    "\(owner.books)/imports",
                    token: owner.token,
                    body: ByteBuffer(string: bad),
                    headers: [.contentType: "application/json"]
                )
                expectProblem(refused, .unprocessableContent, field: "record 2, amount")
                let after = try await client.get("\(owner.books)/transactions", token: owner.token)
                #expect(after.text.contains("\"count\":2"), "the refused file stored nothing")
            }
        }
    }
}
