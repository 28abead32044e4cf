import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// Each request that once took the server down (issue 10), now a 4xx or a correct 2xx.
    @Suite struct CrashRepros {
        @Test(
            "year 9999 reports, trends, cash flows and dashboards answer 422 on the date, at once",
            arguments: Backend.all
        )
        func year9999(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let browser = try await signedIn(client, owner)
                let book = "/books/\(owner.book)"
                for (uri, field) in [
                    ("\(owner.books)/reports/cashflow?from=9999-12-01&to=9999-12-31", "from"),
                    ("\(owner.books)/reports/trend?from=9999-12-01&to=9999-12-31&interval=month", "from"),
                    ("\(owner.books)/reports/trend?from=9999-01-01&to=9999-12-31&interval=year", "from"),
                    ("\(owner.books)/reports/summary?from=2024-01-01&to=9999-12-31", "to"),
                    ("\(owner.books)/calendar?month=9999-12", "month"),
                ] {
                    expectProblem(
                        try await client.get(uri, token: owner.token),
                        .unprocessableContent,
                        field: field,
                        detailContains: "between 1900"
                    )
                }
                for uri in [
                    "\(book)/dashboard?date=9999-12-15", "\(book)/dashboard?span=week&date=9999-12-31",
                    "\(book)/reports?from=9999-12-01&to=9999-12-31&interval=month", "\(book)/calendar?month=9999-12",
                ] {
                    let page = try await browser.get(uri)
                    #expect(page.status == .unprocessableContent, "\(uri): \(page.status)")
                    #expect(page.text.contains("between 1900"), "\(uri)")
                }
                // The edges themselves work; one step past them does not.
                expectStatus(
                    try await client.get(
                        "\(owner.books)/reports/trend?from=1900-01-01&to=2199-12-31&interval=year",
                        token: owner.token
                    ),
                    .ok
                )
                expectStatus(try await browser.get("\(book)/dashboard?span=week&date=2199-12-31"), .ok)
                expectStatus(try await browser.get("\(book)/dashboard?span=year&date=1900-01-01"), .ok)
                expectProblem(
                    try await client.get(
                        "\(owner.books)/reports/trend?from=1900-01-01&to=2199-12-31&interval=month",
                        token: owner.token
                    ),
                    .unprocessableContent,
                    field: "interval",
                    detailContains: "more than 1000 periods"
                )
            }
        }

        @Test(
            "dates 1900-01-01 and 2199-12-31 are kept; one day past either end is refused, naming the field",
            arguments: Backend.all
        )
        func dateBounds(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                for date in ["1900-01-01", "2199-12-31"] {
                    #expect(
                        try await addTransaction(client, owner, ["amount": "1.00", "payee": "Edge", "date": date]).date
                            == date
                    )
                }
                for date in ["1899-12-31", "2200-01-01", "9999-12-31", "0001-01-01"] {
                    let refused = try await client.post(
                        "\(owner.books)/transactions",
                        token: owner.token,
                        json: json(["amount": "1", "payee": "X", "date": date])
                    )
                    expectProblem(
                        refused,
                        .unprocessableContent,
                        field: "date",
                        detailContains: "between 1900-01-01 and 2199-12-31"
                    )
                }
                expectProblem(
                    try await client.get("\(owner.books)/transactions?from=1899-12-31", token: owner.token),
                    .unprocessableContent,
                    field: "from"
                )
            }
        }

        @Test(
            "the largest amounts add up exactly in calendars, balances and trends; one cent more is refused",
            arguments: Backend.all
        )
        func largestAmounts(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let max = "9999999999.99"
                for tooBig in ["10000000000.00", "92233720368547758.07", "-92233720368547758.08"] {
                    let refused = try await client.post(
                        "\(owner.books)/transactions",
                        token: owner.token,
                        json: json(["amount": tooBig, "payee": "X"])
                    )
                    expectProblem(
                        refused,
                        .unprocessableContent,
                        field: "amount",
                        detailContains: "at most 9999999999.99"
                    )
                    let account = try await client.post(
                        "\(owner.books)/accounts",
                        token: owner.token,
                        json: json(["name": "Vault", "opening_balance": tooBig])
                    )
                    expectProblem(account, .unprocessableContent, field: "opening_balance", detailContains: "at most")
                }
                let vault: AccountJSON = try await client.post(
                    "\(owner.books)/accounts",
                    token: owner.token,
                    json: json(["name": "Vault", "opening_balance": max])
                ).decode()
                for date in ["2026-03-01", "2026-03-31", "2026-04-15"] {
                    try await addTransaction(
                        client,
                        owner,
                        ["amount": max, "payee": "Big", "date": date, "account": "Cash"]
                    )
                }
                try await addTransaction(
                    client,
                    owner,
                    ["amount": max, "payee": "Pay", "kind": "income", "date": "2026-03-02", "account": vault.id]
                )

                let march: CalendarJSON = try await client.get(
                    "\(owner.books)/calendar?month=2026-03",
                    token: owner.token
                ).decode()
                #expect(march.expense == "19999999999.98" && march.income == max && march.cashFlow == "-9999999999.99")
                #expect(try await account("Vault", client, owner).balance == "19999999999.98")
                #expect(try await account("Cash", client, owner).balance == "-29999999999.97")
                let trend = try await client.get(
                    "\(owner.books)/reports/trend?from=2026-01-01&to=2026-12-31&interval=year&by=category",
                    token: owner.token
                )
                expectStatus(trend, .ok)
                #expect(trend.text.contains("\"29999999999.97\""), "\(trend.text)")
                let flow = try await client.get(
                    "\(owner.books)/reports/cashflow?from=2026-01-01&to=2026-12-31&interval=month",
                    token: owner.token
                )
                expectStatus(flow, .ok)
                #expect(flow.text.contains("\"-19999999999.98\""), "\(flow.text)")
                let browser = try await signedIn(client, owner)
                expectStatus(try await browser.get("/books/\(owner.book)/calendar?month=2026-03"), .ok)
                expectStatus(try await browser.get("/books/\(owner.book)/accounts"), .ok)
                expectStatus(
                    try await browser.get("/books/\(owner.book)/reports?from=2026-01-01&to=2026-12-31&interval=year"),
                    .ok
                )
            }
        }

        @Test(
            "payee autofill treats %, _ and \\ literally, also when a combining mark follows them",
            arguments: Backend.all
        )
        func payeeWildcards(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                for payee in ["Alpha", "Beta", "%\u{301}Gamma"] {
                    try await addTransaction(client, owner, ["amount": "1.00", "payee": payee])
                }
                for (typed, expected) in [
                    ("%25%CC%81", ["%\u{301}Gamma"]), ("%25", ["%\u{301}Gamma"]), ("_", [String]()), ("%5C", []),
                    ("al", ["Alpha"]),
                ] {
                    let found: [PayeeJSON] = try await client.get(
                        "\(owner.books)/payees?q=\(typed)",
                        token: owner.token
                    ).decode()
                    #expect(found.map(\.name) == expected, "q=\(typed)")
                }
            }
        }

        @Test("a new user's Categories page, with the default sub-categories, renders each category once")
        func categoriesPage() async throws {
            try await withApp { client, _ in
                let owner = try await makeOwner(client)
                let page = try await signedIn(client, owner).get("/books/\(owner.book)/categories")
                expectStatus(page, .ok)
                let all = try await categories(client, owner)
                #expect(all.contains { $0.parentId != nil }, "the default book has sub-categories")
                for category in all where category.parentId != nil {
                    #expect(
                        page.text.components(separatedBy: ">\(category.icon) \(category.name)<").count <= 2
                            || page.text.contains(category.name)
                    )
                }
                #expect(page.text.count < 400_000, "the tree is rendered once, not recursively")
            }
        }
    }
}
