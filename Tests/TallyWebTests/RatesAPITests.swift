import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing

/// `…/rates` and the converted amounts the other routes gain.
extension API {
    @Suite struct ExchangeRates {
        struct RateOut: Decodable, Equatable { let id: Int64, date: String, currency: String, rate: String }
        struct ChangeOut: Decodable { let rate: RateOut?, written: Int, reconverted: Int, skipped: [String] }
        struct Missing: Decodable, Equatable {
            let transactionId: Int64, date: String, currency: String, amount: String
        }
        struct Original: Decodable, Equatable { let amount: String, currency: String }
        struct Row: Decodable { let key: String, total: String, count: Int, originals: [Original] }
        struct Summary: Decodable { let total: String, rows: [Row], unconverted: [Missing], unconvertedCount: Int }
        struct Record: Decodable { let id: Int64, amount: String, currency: String, baseAmount: String? }
        struct Page: Decodable {
            let expenses: String, unconvertedCount: Int, unconverted: [Missing], transactions: [Record]
        }
        struct Calendar: Decodable { let expense: String, unconvertedCount: Int }
        struct AccountOut: Decodable { let name: String, balance: String, currency: String, convertedBalance: String? }

        @Test(
            "a euro record is listed as unconverted until a rate comes, then every total converts it",
            arguments: Backend.all
        )
        func convertsWhenTheRateComes(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let ann = try await makeOwner(client)
                let summaryPath = "\(ann.books)/reports/summary?from=2026-03-01&to=2026-03-31&by=category&kind=expense"
                _ = try await addTransaction(
                    client,
                    ann,
                    ["amount": "20.00", "date": "2026-03-01", "payee": "Shop", "category": "Food", "account": "Cash"]
                )
                let euro = try await addTransaction(
                    client,
                    ann,
                    [
                        "amount": "100.00", "currency": "EUR", "date": "2026-03-02", "payee": "Lisbon",
                        "category": "Food", "account": "Cash",
                    ]
                )
                var record: Record = try await client.get("\(ann.books)/transactions/\(euro.id)", token: ann.token)
                    .decode()
                #expect(record.baseAmount == nil)
                #expect(
                    try await client.get("\(ann.books)/transactions/\(euro.id)", token: ann.token).text.contains(
                        "\"base_amount\":null"
                    )
                )
                var summary: Summary = try await client.get(summaryPath, token: ann.token).decode()
                #expect(summary.total == "20.00" && summary.unconvertedCount == 1)
                #expect(
                    summary.unconverted == [
                        Missing(transactionId: euro.id, date: "2026-03-02", currency: "EUR", amount: "100.00")
                    ]
                )
                var page: Page = try await client.get(
                    "\(ann.books)/transactions?from=2026-03-01&to=2026-03-31",
                    token: ann.token
                ).decode()
                #expect(
                    page.expenses == "20.00" && page.unconvertedCount == 1
                        && page.unconverted.first?.transactionId == euro.id
                )
                var calendar: Calendar = try await client.get("\(ann.books)/calendar?month=2026-03", token: ann.token)
                    .decode()
                #expect(calendar.expense == "20.00" && calendar.unconvertedCount == 1)

                // The rate arrives: the record converts, half to even, and every total follows.
                let set = try await client.post(
                    "\(ann.books)/rates",
                    token: ann.token,
                    json: json(["date": "2026-03-01", "currency": "eur", "rate": "1.0856"])
                )
                expectStatus(set, .created)
                let change: ChangeOut = try set.decode()
                #expect(change.rate?.currency == "EUR" && change.rate?.rate == "1.0856" && change.reconverted == 1)
                record = try await client.get("\(ann.books)/transactions/\(euro.id)", token: ann.token).decode()
                #expect(record.baseAmount == "108.56" && record.amount == "100.00" && record.currency == "EUR")
                summary = try await client.get(summaryPath, token: ann.token).decode()
                #expect(summary.total == "128.56" && summary.unconvertedCount == 0 && summary.unconverted.isEmpty)
                #expect(summary.rows.first?.originals == [Original(amount: "100.00", currency: "EUR")])
                page = try await client.get("\(ann.books)/transactions?from=2026-03-01&to=2026-03-31", token: ann.token)
                    .decode()
                #expect(page.expenses == "128.56" && page.unconvertedCount == 0)
                calendar = try await client.get("\(ann.books)/calendar?month=2026-03", token: ann.token).decode()
                #expect(calendar.expense == "128.56")
                let rates: [RateOut] = try await client.get("\(ann.books)/rates", token: ann.token).decode()
                #expect(rates == [change.rate!])

                // An account in euros shows its balance converted at today's rate.
                expectStatus(
                    try await client.post(
                        "\(ann.books)/accounts",
                        token: ann.token,
                        json: json(["name": "Euro cash", "currency": "EUR", "opening_balance": "50"])
                    ),
                    .created
                )
                let accounts: [AccountOut] = try await client.get("\(ann.books)/accounts", token: ann.token).decode()
                let euros = try #require(accounts.first { $0.name == "Euro cash" })
                #expect(euros.balance == "50.00" && euros.currency == "EUR" && euros.convertedBalance == "54.28")
                #expect(accounts.first { $0.name == "Cash" }?.convertedBalance == nil)

                // Deleting the rate brings the record back to the list.
                let deleted = try await client.delete("\(ann.books)/rates/\(change.rate!.id)", token: ann.token)
                expectStatus(deleted, .ok)
                #expect(try deleted.decode(ChangeOut.self).reconverted == 1)
                summary = try await client.get(summaryPath, token: ann.token).decode()
                #expect(summary.total == "20.00" && summary.unconvertedCount == 1)
                expectProblem(
                    try await client.delete("\(ann.books)/rates/\(change.rate!.id)", token: ann.token),
                    .notFound
                )
            }
        }

        @Test(
            "bad rates are refused naming the field; the ECB file imports; a stranger sees nothing",
            arguments: Backend.all
        )
        func refusalsAndImports(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, _ in
                let ann = try await makeOwner(client)
                for (body, field) in [
                    (["date": "2026-03-01", "currency": "EUR", "rate": "abc"], "rate"),
                    (["date": "2026-03-01", "currency": "EUR", "rate": "-1"], "rate"),
                    (["date": "2026-03-01", "currency": "EUR", "rate": "1.0000000000001"], "rate"),
                    (["date": "2026-03-01", "currency": "USD", "rate": "1"], "currency"),
                    (["date": "2026-03-01", "currency": "XYZ", "rate": "1"], "currency"),
                    (["date": "9999-01-01", "currency": "EUR", "rate": "1"], "date"),
                    (["currency": "EUR", "rate": "1"], "date"),
                ] {
                    expectProblem(
                        try await client.post("\(ann.books)/rates", token: ann.token, json: json(body)),
                        .unprocessableContent,
                        field: field
                    )
                }
                expectProblem(
                    try await client.get("\(ann.books)/rates?limit=0", token: ann.token),
                    .unprocessableContent,
                    field: "limit"
                )

                let ecb = """
                    Date,USD,JPY,CYP,GBP,
                    2024-01-05,1.0921,158.09,N/A,0.86153,
                    2024-01-04,1.0953,157.8,N/A,0.86408,
                    """
                let imported = try await client.post(
                    "\(ann.books)/rates/import",
                    token: ann.token,
                    body: ByteBuffer(string: ecb),
                    headers: [.contentType: "text/csv"]
                )
                expectStatus(imported, .ok)
                let result: ChangeOut = try imported.decode()
                #expect(result.written == 6 && result.skipped == ["CYP"])
                let yen: [RateOut] = try await client.get("\(ann.books)/rates?currency=JPY", token: ann.token).decode()
                #expect(yen.map(\.rate) == ["0.006908090328", "0.006941064639"])
                let pounds: [RateOut] = try await client.get(
                    "\(ann.books)/rates?currency=GBP&limit=1",
                    token: ann.token
                ).decode()
                #expect(pounds.map(\.rate) == ["1.267628521352"])
                let bad = try await client.post(
                    "\(ann.books)/rates/import",
                    token: ann.token,
                    body: ByteBuffer(string: "date,currency,rate\n2024-01-05,EUR,1.09\n2024-01-06,EUR,one\n"),
                    headers: [.contentType: "text/csv"]
                )
                expectProblem(bad, .unprocessableContent, field: "line 3, rate")
                // Nothing of the bad file went in: the euro's rates are still the ECB's.
                let euro: [RateOut] = try await client.get("\(ann.books)/rates?currency=EUR", token: ann.token).decode()
                #expect(euro.map(\.rate) == ["1.0921", "1.0953"])

                let bob = try await makeOwner(client, email: "bob@example.com")
                expectStatus(try await client.get("\(ann.books)/rates", token: bob.token), .notFound)
                expectStatus(try await client.delete("\(ann.books)/rates/\(yen[0].id)", token: bob.token), .notFound)
                expectStatus(try await client.delete("\(bob.books)/rates/\(yen[0].id)", token: bob.token), .notFound)
            }
        }
    }
}
