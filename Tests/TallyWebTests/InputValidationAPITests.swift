import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyStore
import TallyWeb
import Testing

extension API {
    /// Bad input is refused with the right status and never stores anything.
    @Suite struct InputValidation {
        /// A raw body and what the API must answer.
        struct BadBody: Sendable, CustomStringConvertible {
            let body: String
            let status: HTTPResponse.Status
            let field: String?
            let detail: String?
            var description: String { body }

            init(_ body: String, _ status: HTTPResponse.Status, field: String? = nil, detail: String? = nil) {
                self.body = body
                self.status = status
                self.field = field
                self.detail = detail
            }
        }

        static let badBodies: [BadBody] = [
            BadBody(#"{"amount": "4.50", "payee": "Cafe""#, .badRequest),
            BadBody("[1, 2]", .badRequest),
            BadBody("amount=4.50", .badRequest),
            BadBody("", .badRequest),
            BadBody(#"{"amount": "4.50", "payee": "Cafe", "colour": "red"}"#, .badRequest, detail: "colour"),
            BadBody(#"{"amount": "1e9999", "payee": "Cafe"}"#, .unprocessableContent, field: "amount"),
            BadBody(#"{"amount": "12.345", "payee": "Cafe"}"#, .unprocessableContent, field: "amount", detail: "USD"),
            BadBody(#"{"amount": "abc", "payee": "Cafe"}"#, .unprocessableContent, field: "amount", detail: "abc"),
            BadBody(#"{"amount": "NaN", "payee": "Cafe"}"#, .unprocessableContent, field: "amount"),
            BadBody(#"{"amount": 4.5, "payee": "Cafe"}"#, .unprocessableContent, field: "amount", detail: "string"),
            BadBody(#"{"amount": 4, "payee": "Cafe"}"#, .unprocessableContent, field: "amount"),
            BadBody(#"{"amount": "0", "payee": "Cafe"}"#, .unprocessableContent, field: "amount"),
            BadBody(#"{"amount": "-5", "payee": "Cafe"}"#, .unprocessableContent, field: "amount"),
            BadBody(#"{"amount": "99999999999999999999", "payee": "Cafe"}"#, .unprocessableContent, field: "amount"),
            BadBody(#"{"payee": "Cafe"}"#, .unprocessableContent, field: "amount"),
            // A record with a category may go without a payee (quick add); without both it may not.
            BadBody(#"{"amount": "4.50", "payee": "", "category": ""}"#, .unprocessableContent, field: "payee"),
            BadBody(#"{"amount": "4.50", "payee": "   ", "category": null}"#, .unprocessableContent, field: "payee"),
            BadBody(#"{"amount": "4.50", "payee": "Bell\u0007"}"#, .unprocessableContent, field: "payee"),
            BadBody(
                #"{"amount": "4.50", "payee": "Cafe", "date": "2026-02-30"}"#,
                .unprocessableContent,
                field: "date",
                detail: "2026-02-30"
            ),
            BadBody(
                #"{"amount": "4.50", "payee": "Cafe", "date": "03/01/2026"}"#,
                .unprocessableContent,
                field: "date"
            ),
            BadBody(#"{"amount": "4.50", "payee": "Cafe", "time": "25:00"}"#, .unprocessableContent, field: "time"),
            BadBody(#"{"amount": "4.50", "payee": "Cafe", "kind": "gift"}"#, .unprocessableContent, field: "kind"),
            BadBody(
                #"{"amount": "4.50", "payee": "Cafe", "currency": "ZZZ"}"#,
                .unprocessableContent,
                field: "currency"
            ),
            BadBody(
                #"{"amount": "4.50", "payee": "Cafe", "to_account": "Cash"}"#,
                .unprocessableContent,
                field: "to_account"
            ),
            BadBody(#"{"amount": "4.50", "payee": "Cafe", "note": 7}"#, .unprocessableContent, field: "note"),
            BadBody(
                #"{"amount": "4.50", "payee": "Cafe", "note": "\#(String(repeating: "x", count: 2001))"}"#,
                .unprocessableContent,
                field: "note"
            ),
        ]

        @Test(arguments: Backend.all, badBodies)
        func badTransactionBodiesStoreNothing(_ backend: Backend, _ bad: BadBody) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let existing = try await addTransaction(
                    client,
                    owner,
                    ["amount": "4.50", "payee": "Cafe", "date": "2026-03-01", "category": "Food:Coffee"]
                )
                let path = "\(owner.books)/transactions"

                let created = try await client.post(path, token: owner.token, json: bad.body)
                expectProblem(created, bad.status, field: bad.field, detailContains: bad.detail)
                #expect(try await allTransactions(client, owner).map(\.id) == [existing.id])

                // The same body as an edit leaves the record as it was (a missing amount is fine there).
                if bad.body != #"{"payee": "Cafe"}"# {
                    let patched = try await client.patch("\(path)/\(existing.id)", token: owner.token, json: bad.body)
                    expectProblem(patched, bad.status, field: bad.field, detailContains: bad.detail)
                }
                let after = try await allTransactions(client, owner)
                #expect(after.map(\.id) == [existing.id])
                let record = try #require(after.first)
                #expect(
                    record.amount == "4.50" && record.payee == "Cafe" && record.date == "2026-03-01"
                        && record.category == "Food:Coffee"
                )
                #expect(record.note == "" && record.time == nil && record.currency == "USD" && record.kind == "expense")
            }
        }

        @Test(arguments: Backend.all)
        func otherWriteRoutesRefuseUnreadableBodies(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let categoriesBefore = try await categories(client, owner).count
                let accountsBefore = try await accounts(client, owner).count
                for path in ["\(owner.books)/categories", "\(owner.books)/accounts"] {
                    expectProblem(try await client.post(path, token: owner.token, json: "{nope"), .badRequest)
                    expectProblem(
                        try await client.post(path, token: owner.token, json: #"{"name": "X", "extra": 1}"#),
                        .badRequest,
                        detailContains: "extra"
                    )
                    expectProblem(try await client.post(path, token: owner.token, json: ""), .badRequest)
                }
                expectProblem(try await client.post("/api/v1/users", json: "{"), .badRequest)
                #expect(try await categories(client, owner).count == categoriesBefore)
                #expect(try await accounts(client, owner).count == accountsBefore)
            }
        }

        @Test(arguments: Backend.all)
        func aJSONBodyOverOneMegabyteIsRefused(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let huge = json(["amount": "4.50", "payee": "Cafe", "note": String(repeating: "x", count: 1_100_000)])
                let response = try await client.post("\(owner.books)/transactions", token: owner.token, json: huge)
                expectProblem(response, .contentTooLarge)
                #expect(try await allTransactions(client, owner).isEmpty)
            }
        }
    }
}
