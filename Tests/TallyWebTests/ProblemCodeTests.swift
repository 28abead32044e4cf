import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyWeb

extension API {
    /// Every problem answer carries a stable `code`, and a 422 its `errors` (issue 43's contract).
    @Suite struct ProblemCodes {
        /// The problem's machine part.
        struct Coded: Decodable {
            struct FieldError: Decodable {
                let field: String, code: String, message: String
            }
            let code: String
            let field: String?
            let errors: [FieldError]?
        }

        @Test func eachKindOfProblemHasItsCode() async throws {
            try await withApp { client, _ in
                let owner = try await makeOwner(client)
                let cases: [(TestResponse, HTTPResponse.Status, String)] = [
                    (try await client.get("/api/v1/books"), .unauthorized, "unauthorized"),
                    (
                        try await client.get("/api/v1/books/999999/transactions", token: owner.token), .notFound,
                        "not_found"
                    ),
                    (try await client.post("/api/v1/tokens", json: "{\"email\":"), .badRequest, "malformed_request"),
                    (
                        try await client.delete("/api/v1/locales", token: owner.token), .methodNotAllowed,
                        "method_not_allowed"
                    ),
                ]
                for (response, status, code) in cases {
                    #expect(response.status == status, "\(response.text)")
                    #expect(response.headers[.contentType] == "application/problem+json")
                    let problem = try response.decode(Coded.self)
                    #expect(problem.code == code, "\(response.text)")
                    #expect(problem.errors == nil && problem.field == nil)
                }
            }
        }

        @Test func aFieldErrorIsListedWithItsFieldCodeAndMessage() async throws {
            try await withApp { client, _ in
                let owner = try await makeOwner(client)
                let response = try await client.post(
                    "\(owner.books)/transactions",
                    token: owner.token,
                    json: json(["amount": "1.234", "kind": "expense", "date": "2026-12-01"])
                )
                #expect(response.status == .unprocessableContent)
                let problem = try response.decode(Coded.self)
                #expect(problem.code == "invalid" && problem.field == "amount")
                let entry = try #require(problem.errors?.first)
                #expect(problem.errors?.count == 1)
                #expect(entry.field == "amount" && entry.code == "invalid")
                #expect(entry.message.contains("2 decimals") && !entry.message.hasPrefix("amount:"), "\(entry.message)")
            }
        }
    }
}
