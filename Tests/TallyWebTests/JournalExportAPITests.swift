import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// `GET …/transactions?format=ledger|beancount`: the downloads and their refusals.
    @Suite struct JournalExport {
        func sampleBook(_ client: Client) async throws -> Owner {
            let owner = try await makeOwner(client)
            for fields: [String: Any] in [
                [
                    "amount": "40.00", "payee": "Corner; Shop", "category": "Food:Groceries", "account": "Debit Card",
                    "date": "2024-05-01", "note": "weekly\n[2020-01-01]",
                ],
                [
                    "kind": "income", "amount": "2000", "payee": "Acme", "category": "Salary", "account": "Debit Card",
                    "date": "2024-05-02",
                ],
                [
                    "kind": "transfer", "amount": "50", "account": "Debit Card", "to_account": "Cash",
                    "date": "2024-05-03",
                ],
                [
                    "amount": "12.50", "currency": "EUR", "payee": "Taxi", "account": "Credit Card",
                    "date": "2024-05-04",
                ],
            ] {
                try await addTransaction(client, owner, fields)
            }
            return owner
        }

        @Test("ledger and beancount: the whole file, named and typed as documented", arguments: Backend.all)
        func downloads(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, _ in
                let owner = try await sampleBook(client)
                let ledger = try await client.get("\(owner.books)/transactions?format=Ledger", token: owner.token)
                expectStatus(ledger, .ok)
                #expect(ledger.headers[.contentType] == "text/plain; charset=utf-8")
                #expect(ledger.headers[.contentDisposition] == "attachment; filename=\"tally-export.ledger\"")
                #expect(ledger.text == Self.ledger + "\n")
                // Beancount dates each `open` by the first use, so a journal is always oldest first.
                let newest = try await client.get(
                    "\(owner.books)/transactions?format=ledger&order=newest",
                    token: owner.token
                )
                #expect(newest.text == ledger.text)
                let beancount = try await client.get(
                    "\(owner.books)/transactions?format=beancount&kind=transfer",
                    token: owner.token
                )
                expectStatus(beancount, .ok)
                #expect(beancount.headers[.contentDisposition] == "attachment; filename=\"tally-export.beancount\"")
                #expect(beancount.text == Self.transfers + "\n")
            }
        }

        @Test("tally-json: every match as Tally's JSON, which the import reads back", arguments: Backend.all)
        func jsonDownload(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, _ in
                let owner = try await sampleBook(client)
                let json = try await client.get("\(owner.books)/transactions?format=TALLY-JSON", token: owner.token)
                expectStatus(json, .ok)
                #expect(json.headers[.contentType] == "application/json")
                #expect(json.headers[.contentDisposition] == "attachment; filename=\"tally-export.json\"")
                let records = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [[String: Any]]
                )
                #expect(
                    records.map { $0["date"] as? String } == ["2024-05-01", "2024-05-02", "2024-05-03", "2024-05-04"]
                )
                #expect(records[0]["note"] as? String == "weekly\n[2020-01-01]")
                #expect(records[0]["category"] as? String == "Food:Groceries")
                #expect(records[2]["to_account"] as? String == "Cash")
                #expect(records[3]["amount"] as? String == "12.50" && records[3]["currency"] as? String == "EUR")
                #expect(records.allSatisfy { $0["id"] == nil })
                let none = try await client.get(
                    "\(owner.books)/transactions?format=tally-json&q=nosuchword",
                    token: owner.token
                )
                #expect(none.text == "[\n\n]\n")
                // Read back into a new book: the same file again.
                let other = try await client.post(
                    "/api/v1/books",
                    token: owner.token,
                    json: TallyWebTests.json(["name": "Copy", "currency": "USD"])
                )
                expectStatus(other, .created)
                let id = try #require(try JSONSerialization.jsonObject(with: Data(other.text.utf8)) as? [String: Any])[
                    "id"
                ]
                let copy = "/api/v1/books/\(try #require(id as? Int))"
                expectStatus(try await client.post("\(copy)/imports", token: owner.token, json: json.text), .created)
                #expect(
                    try await client.get("\(copy)/transactions?format=tally-json", token: owner.token).text == json.text
                )
            }
        }

        @Test("an unknown format or filter is a 422 naming the field; a stranger gets 404", arguments: Backend.all)
        func refusals(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, _ in
                let owner = try await sampleBook(client)
                let stranger = try await makeOwner(client, email: "eve@example.com")
                expectProblem(
                    try await client.get("\(owner.books)/transactions?format=hledger", token: owner.token),
                    .unprocessableContent,
                    field: "format",
                    detailContains: "json, csv, tally-json, ledger, beancount"
                )
                for format in ["ledger", "beancount", "tally-json", "csv"] {
                    expectProblem(
                        try await client.get(
                            "\(owner.books)/transactions?format=\(format)&category=Nope",
                            token: owner.token
                        ),
                        .unprocessableContent,
                        field: "category"
                    )
                    expectStatus(
                        try await client.get("\(owner.books)/transactions?format=\(format)", token: stranger.token),
                        .notFound
                    )
                }
            }
        }

        // Without the file's last newline, as a literal ends.
        static let ledger = #"""
            ; Tally export of the book "Personal", kept in USD

            2024-05-01 * Corner, Shop
                ; weekly
                ; (2020-01-01)
                Expenses:Food:Groceries    40.00 USD
                Assets:Debit Card          -40.00 USD

            2024-05-02 * Acme
                Assets:Debit Card    2000.00 USD
                Income:Salary        -2000.00 USD

            2024-05-03 *
                Assets:Cash          50.00 USD
                Assets:Debit Card    -50.00 USD

            2024-05-04 * Taxi
                Expenses:Uncategorized     12.50 EUR
                Liabilities:Credit Card    -12.50 EUR
            """#

        static let transfers = #"""
            option "title" "Personal"
            option "operating_currency" "USD"

            2024-05-03 open Assets:Cash
            2024-05-03 open Assets:Debit-Card
            2024-05-03 * ""
              Assets:Cash        50.00 USD
              Assets:Debit-Card  -50.00 USD
            """#
    }
}

extension WebPages {
    @Test func searchPageLinksEachDownloadWithItsFilters() async throws {
        try await withApp { client, store in
            let (browser, book) = try await signedIn(client, store)
            let page = try await browser.get("/books/\(book)/search?q=coffee&kind=expense")
            expectStatus(page, .ok)
            for (id, format) in [
                ("search-csv", "csv"), ("search-json", "tally-json"), ("search-ledger", "ledger"),
                ("search-beancount", "beancount"),
            ] {
                let link =
                    "/api/v1/books/\(book)/transactions?kind=expense&amp;q=coffee&amp;order=newest&amp;format=\(format)"
                #expect(page.text.contains("<a href=\"\(link)\" id=\"\(id)\">"), "\(format) link in \(page.text)")
            }
            // The page lists newest first; a journal is still written oldest first.
            let ledger = try await browser.get(
                "/api/v1/books/\(book)/transactions?kind=expense&q=coffee&order=newest&format=ledger"
            )
            expectStatus(ledger, .ok)
            #expect(ledger.text == "; Tally export of the book \"Personal\", kept in USD\n")
        }
    }

    @Test func reportPageLinksItsRecordsAsJournals() async throws {
        try await withApp { client, store in
            let (browser, book) = try await signedIn(client, store)
            let page = try await browser.get(
                "/books/\(book)/reports?from=2026-03-01&to=2026-03-31&kind=expense&tag=trip"
            )
            expectStatus(page, .ok)
            for (id, format) in [("report-ledger", "ledger"), ("report-beancount", "beancount")] {
                let link =
                    "/api/v1/books/\(book)/transactions?from=2026-03-01&amp;to=2026-03-31&amp;kind=expense&amp;tag=trip&amp;format=\(format)"
                #expect(page.text.contains("<a href=\"\(link)\" id=\"\(id)\">"), "\(format) link in \(page.text)")
            }
            let both = try await browser.get("/books/\(book)/reports?from=2026-03-01&to=2026-03-31&kind=both")
            #expect(both.text.contains("transactions?from=2026-03-01&amp;to=2026-03-31&amp;format=ledger"))
            let journal = try await browser.get(
                "/api/v1/books/\(book)/transactions?from=2026-03-01&to=2026-03-31&kind=expense&tag=trip&format=beancount"
            )
            expectStatus(journal, .ok)
        }
    }
}
