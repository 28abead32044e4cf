import Foundation
import HummingbirdTesting
import TallyStore
import Testing

/// A split line as the API returns it.
private struct LineJSON: Decodable, Equatable {
    let category: String?, categoryId: Int64?, amount: String, note: String
}

/// The fields of a record the split tests read.
private struct SplitTxJSON: Decodable {
    let id: Int64, amount: String, category: String?, lines: [LineJSON]?
}

extension API {
    /// `lines` on `POST`/`PATCH /books/{book}/transactions`: a split record.
    @Suite struct Splits {
        @Test(arguments: Backend.all)
        func splitRecord(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let groceries = try await categoryID("Food:Groceries", client, owner)
                let created = try await client.post(
                    "\(owner.books)/transactions",
                    token: owner.token,
                    json: json([
                        "amount": "52.50", "payee": "Costco", "account": "Cash", "date": "2026-03-14",
                        "lines": [
                            ["category": "Food", "subcategory": "Groceries", "amount": "40", "note": "food"],
                            ["category": "Household", "amount": "12.50"],
                        ],
                    ])
                )
                expectStatus(created, .created)
                let tx: SplitTxJSON = try created.decode()
                #expect(tx.category == nil)
                #expect(
                    tx.lines == [
                        LineJSON(category: "Food:Groceries", categoryId: groceries, amount: "40.00", note: "food"),
                        LineJSON(
                            category: "Household",
                            categoryId: try await categoryID("Household", client, owner),
                            amount: "12.50",
                            note: ""
                        ),
                    ]
                )
                // The report counts each line under its category, the record once in the total.
                let report = try await client.get(
                    "\(owner.books)/reports/summary?from=2026-03-01&to=2026-03-31&by=category",
                    token: owner.token
                )
                expectStatus(report, .ok)
                #expect(report.text.contains(#""key":"Food""#) && report.text.contains(#""total":"40.00""#))
                #expect(report.text.contains(#""key":"Household""#) && report.text.contains(#""total":"12.50""#))

                // A record with one category leaves `lines` out; PATCH with lines null makes it one.
                let single: SplitTxJSON = try await client.patch(
                    "\(owner.books)/transactions/\(tx.id)",
                    token: owner.token,
                    json: json(["lines": NSNull(), "category": "Food"])
                ).decode()
                #expect(single.lines == nil && single.category == "Food")
                let text = try await client.get("\(owner.books)/transactions/\(tx.id)", token: owner.token).text
                #expect(!text.contains("\"lines\""))

                // Refusals name the field.
                func refused(_ lines: Any, field: String, detail: String) async throws {
                    let response = try await client.patch(
                        "\(owner.books)/transactions/\(tx.id)",
                        token: owner.token,
                        json: json(["lines": lines])
                    )
                    expectProblem(response, .unprocessableContent, field: field, detailContains: detail)
                }
                try await refused(
                    [["category": "Food", "amount": "40"], ["amount": "10"]],
                    field: "lines",
                    detail: "add up to 50.00, 2.50 short of the amount 52.50"
                )
                try await refused(
                    [["category": "Food", "amount": "40"], ["amount": 12.5]],
                    field: "lines[2].amount",
                    detail: "decimal string"
                )
                try await refused(
                    [["category": "Food", "amount": "40"], ["amount": "12.50", "colour": "red"]],
                    field: "lines[2].colour",
                    detail: "not a field"
                )
                try await refused(["Food"], field: "lines[1]", detail: "must be an object")
                try await refused("Food=40", field: "lines", detail: "must be a list of lines")
                let after: SplitTxJSON = try await client.get(
                    "\(owner.books)/transactions/\(tx.id)",
                    token: owner.token
                ).decode()
                #expect(after.lines == nil && after.amount == "52.50")
            }
        }
    }
}
