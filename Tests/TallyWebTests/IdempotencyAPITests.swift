import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyStore
import TallyWeb
import Testing

extension API {
    /// `POST /books/{book}/transactions` with an `Idempotency-Key`: what an offline queue sends.
    @Suite struct IdempotentAdds {
        private static let key = HTTPField.Name("Idempotency-Key")!
        private static let body = json([
            "amount": "4.50", "payee": "Cafe", "category": "Food:Coffee", "account": "Cash", "date": "2026-03-02",
        ])

        private func post(
            _ client: Client,
            _ owner: Owner,
            key: String,
            body: String = body
        ) async throws
            -> TestResponse
        {
            try await client.post(
                "\(owner.books)/transactions",
                token: owner.token,
                json: body,
                headers: [Self.key: key]
            )
        }

        @Test("a repeat answers 200 with the first record; ten at once make one record", arguments: Backend.all)
        func repeatsAndRaces(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let first = try await post(client, owner, key: "9b2e4c1a-0000-4000-8000-000000000001")
                expectStatus(first, .created)
                let made: TxJSON = try first.decode()
                #expect(first.headers[.location] == "\(owner.books)/transactions/\(made.id)")
                let again = try await post(client, owner, key: "9b2e4c1a-0000-4000-8000-000000000001")
                expectStatus(again, .ok)
                #expect(again.text == first.text, "the same record, byte for byte")
                #expect(again.headers[.location] == nil)

                let statuses = try await withThrowingTaskGroup(of: (HTTPResponse.Status, Int64).self) { group in
                    for _ in 0..<10 {
                        group.addTask {
                            let response = try await post(client, owner, key: "race")
                            return (response.status, try response.decode(TxJSON.self).id)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.filter { $0.0 == .created }.count == 1)
                #expect(statuses.filter { $0.0 == .ok }.count == 9)
                #expect(Set(statuses.map(\.1)).count == 1)
                #expect(try await allTransactions(client, owner).count == 2)
            }
        }

        @Test("a key reused for another record is a 422 naming the header; bad keys too", arguments: Backend.all)
        func misuse(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                expectStatus(try await post(client, owner, key: "k1"), .created)
                let other = json(["amount": "5.00", "payee": "Cafe", "date": "2026-03-02"])
                expectProblem(
                    try await post(client, owner, key: "k1", body: other),
                    .unprocessableContent,
                    field: "Idempotency-Key",
                    detailContains: "different record"
                )
                for bad in [String(repeating: "k", count: 256), "two words"] {
                    expectProblem(
                        try await post(client, owner, key: bad),
                        .unprocessableContent,
                        field: "Idempotency-Key"
                    )
                }
                // A bad body with a new key stores nothing and leaves the key unused.
                expectProblem(
                    try await post(client, owner, key: "k2", body: json(["amount": "abc"])),
                    .unprocessableContent,
                    field: "amount"
                )
                expectStatus(try await post(client, owner, key: "k2"), .created)
                #expect(try await allTransactions(client, owner).count == 2)

                // Deleted, it stays deleted: the key's repeat is a 409.
                let made: TxJSON = try await post(client, owner, key: "k3").decode()
                expectStatus(
                    try await client.delete("\(owner.books)/transactions/\(made.id)", token: owner.token),
                    .noContent
                )
                expectProblem(try await post(client, owner, key: "k3"), .conflict, detailContains: "deleted")
                #expect(try await allTransactions(client, owner).count == 2)
            }
        }
    }
}
