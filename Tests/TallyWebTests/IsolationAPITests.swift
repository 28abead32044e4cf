import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// One user can never see or change another user's book.
    @Suite struct Isolation {
        @Test(arguments: Backend.all)
        func anotherUserGetsNotFoundOnEveryRouteOfTheBook(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, _ in
                let ann = try await makeOwner(client, email: "ann@example.com")
                let tx = try await addTransaction(
                    client,
                    ann,
                    [
                        "amount": "4.50", "payee": "Starbucks", "category": "Food:Coffee", "account": "Cash",
                        "date": "2026-03-01", "note": "mine",
                    ]
                )
                let receipt: ReceiptJSON = try await client.post(
                    "\(ann.books)/transactions/\(tx.id)/receipts",
                    token: ann.token,
                    body: ByteBuffer(bytes: Images.png)
                ).decode()
                let coffeeID = try await categoryID("Food:Coffee", client, ann)
                let cash = try await account("Cash", client, ann)
                let annCategories = try await categories(client, ann)
                let annAccounts = try await accounts(client, ann)
                let annTokens: [TokenJSON] = try await client.get("/api/v1/tokens", token: ann.token).decode()

                let bob = try await makeOwner(client, email: "bob@example.com")
                #expect(bob.book != ann.book)
                let bobBooks: [BookJSON] = try await client.get("/api/v1/books", token: bob.token).decode()
                #expect(bobBooks.map(\.id) == [bob.book], "Bob lists only his own book")

                let a = ann.books
                let png = ByteBuffer(bytes: Images.png)
                let edit = json(["amount": "999", "payee": "Mallory", "note": "hacked"])
                let requests: [(HTTPRequest.Method, String, String?, ByteBuffer?)] = [
                    (.get, "\(a)/transactions", nil, nil),
                    (.get, "\(a)/transactions?category=Food", nil, nil),
                    (.post, "\(a)/transactions", edit, nil),
                    (.get, "\(a)/transactions/\(tx.id)", nil, nil),
                    (.patch, "\(a)/transactions/\(tx.id)", edit, nil),
                    (.delete, "\(a)/transactions/\(tx.id)", nil, nil),
                    (.get, "\(a)/categories", nil, nil),
                    (.post, "\(a)/categories", json(["name": "Mallory"]), nil),
                    (.patch, "\(a)/categories/\(coffeeID)", json(["name": "Mallory"]), nil),
                    (.delete, "\(a)/categories/\(coffeeID)", nil, nil),
                    (.delete, "\(a)/categories/\(coffeeID)?move_to=Food", nil, nil),
                    (.get, "\(a)/accounts", nil, nil),
                    (.post, "\(a)/accounts", json(["name": "Mallory"]), nil),
                    (.patch, "\(a)/accounts/\(cash.id)", json(["name": "Mallory", "opening_balance": "1000000"]), nil),
                    (.delete, "\(a)/accounts/\(cash.id)", nil, nil),
                    (.get, "\(a)/calendar?month=2026-03", nil, nil),
                    (.get, "\(a)/payees?q=sta", nil, nil),
                    (.get, "\(a)/payees", nil, nil),
                    (.post, "\(a)/transactions/\(tx.id)/receipts", nil, png),
                    (.get, "\(a)/transactions/\(tx.id)/receipts", nil, nil),
                    (.get, "\(a)/receipts/\(receipt.id)", nil, nil),
                    (.delete, "\(a)/receipts/\(receipt.id)", nil, nil),
                    // Ann's ids through Bob's own book.
                    (.get, "\(bob.books)/transactions/\(tx.id)", nil, nil),
                    (.patch, "\(bob.books)/transactions/\(tx.id)", edit, nil),
                    (.delete, "\(bob.books)/transactions/\(tx.id)", nil, nil),
                    (.post, "\(bob.books)/transactions/\(tx.id)/receipts", nil, png),
                    (.get, "\(bob.books)/transactions/\(tx.id)/receipts", nil, nil),
                    (.get, "\(bob.books)/receipts/\(receipt.id)", nil, nil),
                    (.delete, "\(bob.books)/receipts/\(receipt.id)", nil, nil),
                    (.patch, "\(bob.books)/categories/\(coffeeID)", json(["name": "Mallory"]), nil),
                    (.delete, "\(bob.books)/categories/\(coffeeID)", nil, nil),
                    (.patch, "\(bob.books)/accounts/\(cash.id)", json(["name": "Mallory"]), nil),
                    (.delete, "\(bob.books)/accounts/\(cash.id)", nil, nil),
                    (.delete, "/api/v1/tokens/\(try #require(annTokens.first).id)", nil, nil),
                ]
                for (method, uri, body, raw) in requests {
                    let response = try await client.send(method, uri, token: bob.token, json: body, body: raw)
                    #expect(response.status == .notFound, "\(method) \(uri): \(response.status) \(response.text)")
                    #expect(response.headers[.contentType] == "application/problem+json", "\(method) \(uri)")
                    #expect(
                        !response.text.contains("Starbucks") && !response.text.contains("mine"),
                        "\(method) \(uri) leaks: \(response.text)"
                    )
                }

                // Ann's ids cannot be used as references in Bob's book either.
                let borrowed = try await client.post(
                    "\(bob.books)/transactions",
                    token: bob.token,
                    json: json([
                        "amount": "1", "payee": "Bob", "category": coffeeID, "account": cash.id,
                    ])
                )
                expectProblem(borrowed, .unprocessableContent, field: "category")
                let borrowedAccount = try await client.post(
                    "\(bob.books)/transactions",
                    token: bob.token,
                    json: json([
                        "amount": "1", "payee": "Bob", "account": cash.id,
                    ])
                )
                expectProblem(borrowedAccount, .unprocessableContent, field: "account")
                #expect(try await allTransactions(client, bob).isEmpty)
                #expect(try await client.get("\(bob.books)/payees", token: bob.token).decode([PayeeJSON].self).isEmpty)

                // Ann's book is exactly as it was.
                let records = try await allTransactions(client, ann)
                #expect(records.count == 1)
                let record = try #require(records.first)
                #expect(
                    record.id == tx.id && record.amount == "4.50" && record.payee == "Starbucks"
                        && record.note == "mine"
                )
                #expect(record.category == "Food:Coffee" && record.account == "Cash" && record.receipts == 1)
                let categoriesAfter = try await categories(client, ann)
                #expect(categoriesAfter.map(\.path) == annCategories.map(\.path))
                let accountsAfter = try await accounts(client, ann)
                #expect(accountsAfter.map(\.name) == annAccounts.map(\.name))
                #expect(accountsAfter.map(\.balance) == annAccounts.map(\.balance))
                let image = try await client.get(receipt.url, token: ann.token)
                #expect(Array(buffer: image.body) == Images.png)
                let receipts: [ReceiptJSON] = try await client.get(
                    "\(ann.books)/transactions/\(tx.id)/receipts",
                    token: ann.token
                ).decode()
                #expect(receipts.map(\.id) == [receipt.id])
                let payees: [PayeeJSON] = try await client.get("\(ann.books)/payees", token: ann.token).decode()
                #expect(payees.map(\.name) == ["Starbucks"])
                #expect(payees.first?.amount == "4.50")
                let tokens: [TokenJSON] = try await client.get("/api/v1/tokens", token: ann.token).decode()
                #expect(tokens.map(\.id) == annTokens.map(\.id))
                let march: CalendarJSON = try await client.get("\(ann.books)/calendar?month=2026-03", token: ann.token)
                    .decode()
                #expect(march.expense == "4.50" && march.count == 1)
            }
        }
    }

    /// Every response carries the security headers; errors are problem+json.
    @Suite struct Headers {
        @Test(arguments: Backend.all)
        func securityHeadersOnEveryKindOfResponse(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let tx = try await addTransaction(client, owner, ["amount": "1", "payee": "Cafe"])
                let receipt: ReceiptJSON = try await client.post(
                    "\(owner.books)/transactions/\(tx.id)/receipts",
                    token: owner.token,
                    body: ByteBuffer(bytes: Images.png)
                ).decode()
                let responses: [(String, TestResponse)] = [
                    ("API 200", try await client.get("/api/v1/books", token: owner.token)),
                    (
                        "API 201",
                        try await client.post(
                            "\(owner.books)/transactions",
                            token: owner.token,
                            json: json(["amount": "2", "payee": "Cafe"])
                        )
                    ),
                    ("API 401", try await client.get("/api/v1/books")),
                    ("API 401 bad token", try await client.get("/api/v1/books", token: "tly_nope")),
                    ("API 404", try await client.get("\(owner.books)/transactions/999999", token: owner.token)),
                    (
                        "API 422",
                        try await client.post(
                            "\(owner.books)/transactions",
                            token: owner.token,
                            json: json(["amount": "abc", "payee": "x"])
                        )
                    ),
                    ("receipt", try await client.get(receipt.url, token: owner.token)),
                    ("HTML login", try await client.get("/login")),
                    ("redirect", try await client.get("/")),
                    ("unknown route", try await client.get("/no/such/page")),
                    ("static file", try await client.get("/static/app.css")),
                    ("health", try await client.get("/health")),
                ]
                for (name, response) in responses {
                    let policy = response.headers[.contentSecurityPolicy] ?? ""
                    #expect(policy.contains("default-src 'self'"), "\(name)")
                    #expect(policy.contains("frame-ancestors 'none'"), "\(name)")
                    #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"), "\(name)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(name)")
                    #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(name)")
                    #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(name)")
                }
                #expect(responses[0].1.status == .ok && responses[1].1.status == .created)
                #expect(responses[2].1.status == .unauthorized && responses[3].1.status == .unauthorized)
                #expect(responses[4].1.status == .notFound && responses[5].1.status == .unprocessableContent)
                #expect(responses[9].1.status == .notFound && responses[10].1.status == .ok)
                for index in 2...5 {
                    #expect(
                        responses[index].1.headers[.contentType] == "application/problem+json",
                        "\(responses[index].0)"
                    )
                    let problem = try? responses[index].1.decode(ProblemJSON.self)
                    #expect(problem?.detail.isEmpty == false, "\(responses[index].0): \(responses[index].1.text)")
                    #expect(problem?.type == "about:blank")
                }
            }
        }
    }
}
