import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing

/// `…/rules` and `…/rule-runs`: rules added in order, applied to the records already there (a
/// preview first), undone, and filling what a new record leaves empty.
extension API {
    @Suite struct RulesAndRuns {
        struct FieldsOut: Decodable, Equatable { let payee: String, note: String, category: String?, account: String? }
        struct ChangeOut: Decodable { let id: Int64, date: String, amount: String, before: FieldsOut, after: FieldsOut }
        struct RunOut: Decodable { let run: Int64?, count: Int, changes: [ChangeOut] }

        /// The body as a JSON object.
        static func object(_ response: TestResponse) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
        }

        @Test(
            "a rule is added, previewed, applied, undone and deleted; a new record is filled unless it says otherwise",
            arguments: Backend.all
        )
        func lifecycle(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let ann = try await makeOwner(client)
                expectStatus(
                    try await client.post("\(ann.books)/categories", token: ann.token, json: json(["name": "Coffee"])),
                    .created
                )
                let first = try await addTransaction(
                    client,
                    ann,
                    ["amount": "4.50", "payee": "Starbucks", "date": "2026-03-02", "account": "Cash"]
                )
                let second = try await addTransaction(
                    client,
                    ann,
                    ["amount": "5.00", "payee": "STARBUCKS #12", "date": "2026-03-03", "account": "Cash"]
                )
                try await addTransaction(client, ann, ["amount": "9.00", "payee": "Subway", "date": "2026-03-04"])

                let made = try await client.post(
                    "\(ann.books)/rules",
                    token: ann.token,
                    json: json(["payee_contains": "starbucks", "set_category": "coffee"])
                )
                expectStatus(made, .created)
                let rule = try Self.object(made)
                let id = try #require(rule["id"] as? Int)
                #expect(rule.count == 4 && rule["position"] as? Int == 1)
                #expect(rule["payee_contains"] as? String == "starbucks" && rule["set_category"] as? String == "Coffee")
                let firstPlace = try await client.post(
                    "\(ann.books)/rules",
                    token: ann.token,
                    json: json(["payee_is": "Subway", "amount_min": "5", "set_note": "lunch", "position": 1])
                )
                expectStatus(firstPlace, .created)
                let subway = try Self.object(firstPlace)
                #expect(subway["position"] as? Int == 1 && subway["amount_min"] as? String == "5.00")
                let listed = try await client.get("\(ann.books)/rules", token: ann.token)
                expectStatus(listed, .ok)
                let rules = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: listed.body)) as? [[String: Any]]
                )
                #expect(rules.map { $0["id"] as? Int } == [subway["id"] as? Int, id])
                #expect(rules.map { $0["position"] as? Int } == [1, 2])

                // The preview changes nothing and has no run.
                let preview = try await client.post("\(ann.books)/rules/\(id)/apply?dry_run=true", token: ann.token)
                expectStatus(preview, .ok)
                #expect(!preview.text.contains("\"run\""))
                let previewed: RunOut = try preview.decode()
                #expect(previewed.count == 2 && previewed.changes.map(\.id) == [first.id, second.id])
                let change = try #require(previewed.changes.first)
                #expect(change.date == "2026-03-02" && change.amount == "-4.50")
                #expect(change.before == FieldsOut(payee: "Starbucks", note: "", category: nil, account: "Cash"))
                #expect(change.after == FieldsOut(payee: "Starbucks", note: "", category: "Coffee", account: "Cash"))
                #expect(try await allTransactions(client, ann).allSatisfy { $0.category == nil })

                // Applied: the two records are filed; a second preview finds nothing left.
                let applied = try await client.post("\(ann.books)/rules/\(id)/apply", token: ann.token)
                expectStatus(applied, .ok)
                let run: RunOut = try applied.decode()
                let runID = try #require(run.run)
                #expect(run.count == 2)
                var records = try await allTransactions(client, ann)
                #expect(records.filter { $0.category == "Coffee" }.map(\.id).sorted() == [first.id, second.id])
                let nothing: RunOut = try await client.post(
                    "\(ann.books)/rules/\(id)/apply?dry_run=1",
                    token: ann.token
                ).decode()
                #expect(nothing.count == 0 && nothing.changes.isEmpty)

                // Undone: both come back as they were; once only.
                let undone = try await client.delete("\(ann.books)/rule-runs/\(runID)", token: ann.token)
                expectStatus(undone, .ok)
                #expect(undone.text == #"{"restored":2}"#)
                records = try await allTransactions(client, ann)
                #expect(records.allSatisfy { $0.category == nil })
                expectProblem(try await client.delete("\(ann.books)/rule-runs/\(runID)", token: ann.token), .notFound)

                // A new record is filled by the rule; an explicit category wins.
                let filled = try await addTransaction(client, ann, ["amount": "3.80", "payee": "Starbucks Reserve"])
                #expect(filled.category == "Coffee")
                let explicit = try await addTransaction(
                    client,
                    ann,
                    ["amount": "3.80", "payee": "Starbucks Reserve", "category": "Food"]
                )
                #expect(explicit.category == "Food")

                // Deleted: the other keeps its order.
                expectStatus(try await client.delete("\(ann.books)/rules/\(id)", token: ann.token), .noContent)
                expectProblem(try await client.delete("\(ann.books)/rules/\(id)", token: ann.token), .notFound)
                expectProblem(try await client.post("\(ann.books)/rules/\(id)/apply", token: ann.token), .notFound)
                let left = try #require(
                    try JSONSerialization.jsonObject(
                        with: Data(buffer: try await client.get("\(ann.books)/rules", token: ann.token).body)
                    ) as? [[String: Any]]
                )
                #expect(left.count == 1 && left[0]["set_note"] as? String == "lunch")
            }
        }

        @Test(
            "bad rules are refused naming the field; a stranger sees nothing; a viewer reads only",
            arguments: Backend.all
        )
        func refusals(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, _ in
                let ann = try await makeOwner(client)
                for (body, field, words) in [
                    (["set_category": "Food"], "rule", "needs at least one condition"),
                    (["payee_is": "x"], "rule", "needs at least one action"),
                    (["payee_is": "x", "set_category": "Nope"], "set_category", "unknown category 'Nope'"),
                    (
                        ["payee_is": "x", "set_note": "y", "kind": "gift"], "kind",
                        "must be expense, income or transfer"
                    ),
                    (["payee_is": "x", "set_note": "y", "amount_is": 4.5], "amount_is", "must be a string"),
                    (["payee_is": "x", "set_note": "y", "position": 0], "position", "must be a whole number"),
                ] as [([String: Any], String, String)] {
                    expectProblem(
                        try await client.post("\(ann.books)/rules", token: ann.token, json: json(body)),
                        .unprocessableContent,
                        field: field,
                        detailContains: words
                    )
                }
                expectProblem(
                    try await client.post("\(ann.books)/rules", token: ann.token, json: json(["colour": "red"])),
                    .badRequest
                )
                let rule = try Self.object(
                    try await client.post(
                        "\(ann.books)/rules",
                        token: ann.token,
                        json: json(["payee_starts": "Uber", "set_category": "Food"])
                    )
                )
                let id = try #require(rule["id"] as? Int)
                expectProblem(
                    try await client.post("\(ann.books)/rules/\(id)/apply?dry_run=maybe", token: ann.token),
                    .unprocessableContent,
                    field: "dry_run"
                )
                for bad in ["abc", "0", "-1", "99999999999999999999"] {
                    expectProblem(try await client.delete("\(ann.books)/rules/\(bad)", token: ann.token), .notFound)
                    expectProblem(try await client.delete("\(ann.books)/rule-runs/\(bad)", token: ann.token), .notFound)
                }

                let eve = try await makeOwner(client, email: "eve@example.com")
                for response in [
                    try await client.get("\(ann.books)/rules", token: eve.token),
                    try await client.post("\(ann.books)/rules/\(id)/apply?dry_run=true", token: eve.token),
                    try await client.delete("\(ann.books)/rules/\(id)", token: eve.token),
                    try await client.delete("\(eve.books)/rules/\(id)", token: eve.token),
                ] {
                    expectProblem(response, .notFound)
                }
                let vic = try await makeOwner(client, email: "vic@example.com")
                try await join(client, ann, vic, as: "viewer")
                expectStatus(try await client.get("\(ann.books)/rules", token: vic.token), .ok)
                for response in [
                    try await client.post(
                        "\(ann.books)/rules",
                        token: vic.token,
                        json: json(["payee_is": "x", "set_note": "y"])
                    ),
                    try await client.post("\(ann.books)/rules/\(id)/apply", token: vic.token),
                    try await client.delete("\(ann.books)/rules/\(id)", token: vic.token),
                    try await client.delete("\(ann.books)/rule-runs/1", token: vic.token),
                ] {
                    expectProblem(response, .forbidden, detailContains: "viewers cannot change this book")
                }
            }
        }
    }
}
