import Foundation
import TallyCore
import TallyJSON
import TallyStore
import Testing

extension API {
    /// `GET …/reports/balances`: the contract's shape, the figures of a small book worked out by
    /// hand, the same bytes as the store's service encoded, and the refusals.
    @Suite struct Balances {
        /// A dollar book: Cash opens at 100.00; a euro account at 50.00 €, converted from March.
        static func book(_ client: Client) async throws -> Owner {
            let owner = try await makeOwner(client)
            let euro = try await client.post(
                "\(owner.books)/accounts",
                token: owner.token,
                json: json(["name": "Euro <Savings>", "kind": "savings", "currency": "EUR", "opening_balance": "50.00"])
            )
            expectStatus(euro, .created)
            let cash = try #require(try await accounts(client, owner).first { $0.name == "Cash" })
            expectStatus(
                try await client.patch(
                    "\(owner.books)/accounts/\(cash.id)",
                    token: owner.token,
                    json: json(["opening_balance": "100.00"])
                ),
                .ok
            )
            let rate = try await client.post(
                "\(owner.books)/rates",
                token: owner.token,
                json: json(["date": "2026-03-01", "currency": "EUR", "rate": "1.1"])
            )
            expectStatus(rate, .created)
            for fields: [String: Any] in [
                ["kind": "income", "amount": "1000.00", "date": "2026-01-10", "category": "Salary", "account": "Cash"],
                [
                    "kind": "transfer", "amount": "300.00", "date": "2026-01-20", "account": "Cash",
                    "to_account": "Credit Card",
                ],
                [
                    "amount": "450.00", "date": "2026-02-05", "account": "Credit Card", "payee": "Shop",
                    "lines": [["category": "Food", "amount": "400.00"], ["category": "Home", "amount": "50.00"]],
                ],
                [
                    "amount": "20.00", "currency": "EUR", "date": "2026-02-14", "account": "Euro <Savings>",
                    "category": "Food",
                ],
                ["amount": "5.00", "currency": "EUR", "date": "2026-03-03", "account": "Cash", "category": "Food"],
            ] {
                try await addTransaction(client, owner, fields)
            }
            return owner
        }

        @Test(
            "month ends: each account, its other currency, and the net worth converted on the day",
            arguments: Backend.all
        )
        func figures(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, store in
                let owner = try await Self.book(client)
                let path = "\(owner.books)/reports/balances?from=2026-01-01&to=2026-03-15&interval=month"
                let response = try await client.get(path, token: owner.token)
                expectStatus(response, .ok)
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                )
                #expect(Set(body.keys) == ["currency", "periods"] && body["currency"] as? String == "USD")
                let periods = try #require(body["periods"] as? [[String: Any]])
                #expect(periods.map { $0["end"] as? String } == ["2026-01-31", "2026-02-28", "2026-03-15"])
                #expect(periods.allSatisfy { Set($0.keys) == ["end", "accounts", "net_worth"] })
                func row(_ i: Int, _ name: String, _ currency: String) -> [String: Any]? {
                    (periods[i]["accounts"] as? [[String: Any]])?.first {
                        $0["account"] as? String == name && $0["currency"] as? String == currency
                    }
                }
                // January: Cash 100 + 1000 − 300; the card owes 300; euros 50 € with no rate yet.
                #expect(row(0, "Cash", "USD")?["balance"] as? String == "800.00")
                #expect(row(0, "Credit Card", "USD")?["balance"] as? String == "300.00")
                #expect(row(0, "Euro <Savings>", "EUR")?["base_balance"] is NSNull)
                #expect(Set(row(0, "Cash", "USD")!.keys) == ["account", "currency", "balance", "base_balance"])
                #expect(periods[0]["net_worth"] as? String == "1100.00", "the euros left out")
                // February: the split card payment counts once; still no rate.
                #expect(row(1, "Credit Card", "USD")?["balance"] as? String == "-150.00")
                #expect(row(1, "Euro <Savings>", "EUR")?["balance"] as? String == "30.00")
                // Cash held euros in March, so that column is there all along: nothing yet is 0.00.
                #expect(row(1, "Cash", "EUR")?["balance"] as? String == "0.00")
                #expect(row(1, "Cash", "EUR")?["base_balance"] as? String == "0.00")
                // March 15: 1.1 per euro; Cash also holds −5 € (−5.50 $).
                #expect(row(2, "Euro <Savings>", "EUR")?["base_balance"] as? String == "33.00")
                #expect(row(2, "Cash", "EUR")?["base_balance"] as? String == "-5.50")
                #expect(periods[2]["net_worth"] as? String == "677.50")
                // The API answers what the store's one service reports, byte for byte.
                let user = try #require(try await store.users.user(email: owner.email))
                let scope = try await store.scope(user, book: BookID(rawValue: owner.book))
                let report = try await store.reports.balances(
                    try BalanceQuery.parse({ ["from": "2026-01-01", "to": "2026-03-15"][$0] }, today: scope.today),
                    in: scope
                )
                #expect(
                    response.text == String(decoding: try ReportJSON.encode(ReportJSON.Balances(report)), as: UTF8.self)
                )
                for interval in ["day", "week"] {
                    let other = try await client.get(
                        "\(owner.books)/reports/balances?from=2026-02-01&to=2026-03-15&interval=\(interval)",
                        token: owner.token
                    )
                    expectStatus(other, .ok)
                    #expect(other.text.contains("\"end\":\"2026-03-15\""), "\(interval)")
                }
                // By default: the last twelve months by month, up to today.
                let plain = try await client.get("\(owner.books)/reports/balances", token: owner.token)
                expectStatus(plain, .ok)
                #expect(plain.text.components(separatedBy: "\"end\":").count - 1 == 12)
                #expect(plain.text.contains("\"end\":\"\(scope.today)\""))
            }
        }

        @Test(
            "a step other than day, week or month, a range backwards or too long: 422 naming the field; strangers 404"
        )
        func refusals() async throws {
            try await withApp(openSignup: true) { client, _ in
                let owner = try await makeOwner(client)
                let stranger = try await makeOwner(client, email: "eve@example.com")
                for (query, field) in [
                    ("interval=year", "interval"), ("interval=fortnight", "interval"),
                    ("from=2026-03-02&to=2026-03-01", "to"), ("from=2026-13-01", "from"), ("to=2200-01-01", "to"),
                    ("from=1900-01-01&to=2199-12-31", "interval"),
                    ("from=2020-01-01&to=2026-01-01&interval=day", "interval"),
                    ("interval=month&interval=day", "interval"),
                ] {
                    let response = try await client.get("\(owner.books)/reports/balances?\(query)", token: owner.token)
                    expectProblem(response, .unprocessableContent, field: field)
                }
                expectStatus(
                    try await client.get("\(owner.books)/reports/balances?interval=", token: owner.token),
                    .ok
                )
                expectStatus(try await client.get("\(owner.books)/reports/balances", token: stranger.token), .notFound)
                expectStatus(try await client.get("\(owner.books)/reports/balances"), .unauthorized)
            }
        }
    }
}
