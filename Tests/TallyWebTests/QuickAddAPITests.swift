import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// `POST /books/{book}/transactions/parse`: a line of text read into a draft, nothing stored.
    @Suite struct QuickAdd {
        /// The draft as the contract writes it.
        struct DraftJSON: Decodable, Equatable {
            let kind: String, amount: String, currency: String, date: String, time: String?
            let payee: String, category: String?, account: String?, note: String
            let sources: [String: String]
        }

        static func parse(
            _ client: Client,
            _ owner: Owner,
            _ body: [String: Any]
        ) async throws
            -> TestResponse
        {
            try await client.post("\(owner.books)/transactions/parse", token: owner.token, json: json(body))
        }

        @Test(
            "a line becomes a draft matched against the book, with where each field came from",
            arguments: Backend.all
        )
        func drafts(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let record = [
                    "amount": "5.00", "payee": "Starbucks Coffee", "category": "Food:Coffee", "account": "Credit Card",
                    "date": "2026-03-01",
                ]
                expectStatus(
                    try await client.post("\(owner.books)/transactions", token: owner.token, json: json(record)),
                    .created
                )
                let response = try await Self.parse(client, owner, ["text": "coffee 4.50 starbuks 2026-03-14 8:30pm"])
                expectStatus(response, .ok)
                let draft: DraftJSON = try response.decode()
                #expect(
                    draft
                        == DraftJSON(
                            kind: "expense",
                            amount: "4.50",
                            currency: "USD",
                            date: "2026-03-14",
                            time: "20:30",
                            payee: "Starbucks Coffee",
                            category: "Food:Coffee",
                            account: "Credit Card",
                            note: "",
                            sources: [
                                "kind": "default", "amount": "typed", "currency": "default", "date": "typed",
                                "time": "typed", "payee": "payee", "category": "payee", "account": "payee",
                                "note": "default",
                            ]
                        )
                )
                // Every field is sent, null where nothing was read or guessed.
                let plain = try await Self.parse(client, owner, ["text": "odds and ends 9 2026-03-14"])
                #expect(plain.text.contains("\"time\":null") && plain.text.contains("\"category\":null"))
                // An everyday word names a category (as weakly as a word of a name) and stays the payee.
                let lunch: DraftJSON = try await Self.parse(client, owner, ["text": "lunch 9"]).decode()
                #expect(lunch.category == "Food:Restaurants" && lunch.sources["category"] == "word")
                #expect(lunch.payee == "lunch")

                let income: DraftJSON = try await Self.parse(client, owner, ["text": "+3200 salary"]).decode()
                #expect(income.kind == "income" && income.amount == "3200.00" && income.category == "Salary")
                #expect(income.sources["kind"] == "typed" && income.sources["category"] == "word")

                let euros: DraftJSON = try await Self.parse(client, owner, ["text": "taxi 12 EUR cash"]).decode()
                #expect(euros.currency == "EUR" && euros.amount == "12.00" && euros.account == "Cash")
                #expect(euros.sources["account"] == "word" && euros.sources["currency"] == "typed")

                let dayFirst: DraftJSON = try await Self.parse(
                    client,
                    owner,
                    ["text": "lunch 9 3/4/2025", "date_order": "DMY"]
                ).decode()
                #expect(dayFirst.date == "2025-04-03")
                let monthFirst: DraftJSON = try await Self.parse(client, owner, ["text": "lunch 9 3/4/2025"]).decode()
                #expect(monthFirst.date == "2025-03-04")
                // A browser's language says its order when the body does not.
                let british: DraftJSON = try await client.post(
                    "\(owner.books)/transactions/parse",
                    token: owner.token,
                    json: json(["text": "lunch 9 3/4/2025"]),
                    headers: [.acceptLanguage: "en-GB,en;q=0.9"]
                ).decode()
                #expect(british.date == "2025-04-03")

                // Nothing was stored by any of it.
                let page = try await client.get("\(owner.books)/transactions", token: owner.token)
                #expect(page.text.contains("\"count\":1"), "\(page.text.prefix(300))")
            }
        }

        @Test(
            "a line kept offline is read against the day it was typed, a day of the last year",
            arguments: Backend.all
        )
        func typedEarlier(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                // The server's today is the book's (UTC here); ten days back is well inside the year.
                let typed = try #require(LocalDate(Date.now.ISO8601Format().prefix(10))).adding(days: -10)
                let draft: DraftJSON = try await Self.parse(
                    client,
                    owner,
                    ["text": "lunch 9 yesterday", "today": typed.description]
                ).decode()
                #expect(draft.date == typed.adding(days: -1).description)
                #expect(draft.sources["date"] == "typed")
                let plain: DraftJSON = try await Self.parse(client, owner, ["text": "lunch 9", "today": ""]).decode()
                #expect(plain.date != typed.description)
                expectProblem(
                    try await Self.parse(client, owner, ["text": "lunch 9", "today": "2000-01-01"]),
                    .unprocessableContent,
                    field: "today",
                    detailContains: "must be a day of the last year"
                )
                expectProblem(
                    try await Self.parse(client, owner, ["text": "lunch 9", "today": "2026-02-30"]),
                    .unprocessableContent,
                    field: "today"
                )
            }
        }

        @Test("a line without an amount, a bad amount or a bad option is a 422 naming it", arguments: Backend.all)
        func refusals(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                expectProblem(
                    try await Self.parse(client, owner, ["text": "coffee at the corner"]),
                    .unprocessableContent,
                    field: "text",
                    detailContains: "holds no amount"
                )
                expectProblem(
                    try await Self.parse(client, owner, ["text": "   "]),
                    .unprocessableContent,
                    field: "text",
                    detailContains: "holds no amount"
                )
                expectProblem(
                    try await Self.parse(client, owner, ["text": "coffee 4.505"]),
                    .unprocessableContent,
                    field: "text",
                    detailContains: "USD amounts have at most 2 decimals"
                )
                expectProblem(
                    try await Self.parse(client, owner, ["text": "coffee 0"]),
                    .unprocessableContent,
                    field: "text",
                    detailContains: "greater than zero"
                )
                expectProblem(
                    try await Self.parse(client, owner, ["text": "coffee 4", "date_order": "YMD"]),
                    .unprocessableContent,
                    field: "date_order"
                )
                expectProblem(try await Self.parse(client, owner, [:]), .unprocessableContent, field: "text")
                expectProblem(
                    try await Self.parse(client, owner, ["text": String(repeating: "a", count: 501) + " 4"]),
                    .unprocessableContent,
                    field: "text"
                )
                expectProblem(
                    try await Self.parse(client, owner, ["text": "coffee\n4"]),
                    .unprocessableContent,
                    field: "text"
                )
            }
        }
    }
}
