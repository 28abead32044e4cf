import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// Strict at the edges: what the API refuses before anything is stored, and with which status.
    @Suite struct Edges {
        /// A PNG header claiming `width` × `height` pixels (under 100 bytes: a decompression bomb's shape).
        static func png(_ width: UInt32, _ height: UInt32) -> [UInt8] {
            func be32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width)
                + be32(height) + [8, 2, 0, 0, 0, 0, 0, 0, 0] + Array(repeating: 0, count: 40)
        }

        @Test(
            "one-line names refuse line breaks, tabs and invisible characters, naming the field",
            arguments: Backend.all
        )
        func controlCharacters(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let ann = try await makeOwner(client)
                let books = try await client.get("/api/v1/books", token: ann.token).decode([BookJSON].self).count
                let tries: [(HTTPRequest.Method, String, String, String)] = [
                    (.post, "/api/v1/books", #"{"name": "Home\nBudget"}"#, "name"),
                    (.patch, ann.books, #"{"name": "Tab\tbed"}"#, "name"),
                    (.post, "\(ann.books)/categories", #"{"name": "Food\u202E"}"#, "name"),
                    (.post, "\(ann.books)/accounts", #"{"name": "Zero\u200Bwidth"}"#, "name"),
                    (.post, "\(ann.books)/accounts", #"{"name": "Lone\uFEFFbom"}"#, "name"),
                    (.post, "\(ann.books)/transactions", #"{"amount": "1", "payee": "Two\rparts"}"#, "payee"),
                    (.post, "\(ann.books)/transactions", #"{"amount": "1", "payee": "Line\u2028sep"}"#, "payee"),
                    (.post, "\(ann.books)/transactions", #"{"amount": "1", "payee": "X", "note": "a\u202Eb"}"#, "note"),
                    (.patch, "/api/v1/profile", #"{"name": "Ann\nSmith"}"#, "name"),
                    (
                        .post, "\(ann.books)/rules", #"{"payee_contains": "a\tb", "set_category": "Food"}"#,
                        "payee_contains"
                    ),
                    (
                        .post, "\(ann.books)/budgets", #"{"name": "Week\nly", "limit": "100", "cycle": "weekly"}"#,
                        "name"
                    ),
                    (.post, "\(ann.books)/goals", #"{"name": "Bike\u0000", "price": "100", "income": "10"}"#, "name"),
                    (
                        .post, "\(ann.books)/bills",
                        #"{"title": "Re\u2029nt", "amount": "900", "cycle": "monthly", "due_day": 1, "first_due": "2026-01-01"}"#,
                        "title"
                    ),
                    (
                        .post, "\(ann.books)/import-presets",
                        #"{"name": "My\nbank", "mapping": {"date": "Date", "amount": "Amount", "payee": "Text"}}"#,
                        "name"
                    ),
                    (
                        .post, "/api/v1/tokens",
                        #"{"email": "ann@example.com", "password": "correct horse", "name": "lap\ntop"}"#, "name"
                    ),
                ]
                for (method, path, body, field) in tries {
                    let response = try await client.send(method, path, token: ann.token, json: body)
                    expectProblem(response, .unprocessableContent, field: field, detailContains: "U+")
                }
                #expect(try await client.get("/api/v1/books", token: ann.token).decode([BookJSON].self).count == books)
                #expect(try await allTransactions(client, ann).isEmpty)
                // A note is several lines: line breaks and tabs stay.
                let noted = try await addTransaction(
                    client,
                    ann,
                    ["amount": "1", "payee": "Deli", "note": "a\r\nb\tc"]
                )
                #expect(noted.note == "a\r\nb\tc")
            }
        }

        @Test("malformed JSON is a 400 problem, and nothing is stored")
        func malformedJSON() async throws {
            try await withApp { client, _ in
                let ann = try await makeOwner(client)
                let bodies = [
                    (#"{"amount": "4.50", "payee": "Cafe",}"#, "a trailing comma"),
                    (#"{"amount": "4.50", "payee": "Cafe", "amount": "4500"}"#, #"the key "amount" a second time"#),
                    (#"{"amount": "4.50", "payee": "Cafe"} {}"#, "more after the JSON value"),
                ]
                for (body, reason) in bodies {
                    let response = try await client.post("\(ann.books)/transactions", token: ann.token, json: body)
                    expectProblem(response, .badRequest, detailContains: reason)
                }
                // The same on the other ways bodies are read: a request type, the presets' nested object.
                let invite = try await client.post(
                    "\(ann.books)/invitations",
                    token: ann.token,
                    json: #"{"role": "viewer", "role": "owner"}"#
                )
                expectProblem(invite, .badRequest, detailContains: "second time")
                let preset = try await client.post(
                    "\(ann.books)/import-presets",
                    token: ann.token,
                    json: #"{"name": "Bank", "mapping": {"date": "Date", "date": "Day", "amount": "A",}}"#
                )
                expectProblem(preset, .badRequest, detailContains: "second time")
                #expect(try await allTransactions(client, ann).isEmpty)
            }
        }

        @Test("a JSON body must say it is JSON: 415 otherwise, form types included")
        func mediaTypes() async throws {
            try await withApp { client, _ in
                let ann = try await makeOwner(client)
                let body = ByteBuffer(string: #"{"amount": "4.50", "payee": "Cafe"}"#)
                let path = "\(ann.books)/transactions"
                for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", nil]
                {
                    var headers = bearer(ann.token)
                    headers[.contentType] = type
                    let response = try await client.raw.execute(uri: path, method: .post, headers: headers, body: body)
                    expectProblem(response, .unsupportedMediaType, detailContains: "application/json")
                }
                #expect(try await allTransactions(client, ann).isEmpty)
                for type in ["application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"] {
                    var headers = bearer(ann.token)
                    headers[.contentType] = type
                    let response = try await client.raw.execute(uri: path, method: .post, headers: headers, body: body)
                    expectStatus(response, .created)
                }
            }
        }

        @Test("images past 20,000 pixels a side or 64 megapixels are 422; past 10 MB, 413", arguments: Backend.all)
        func imageLimits(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let ann = try await makeOwner(client)
                let record = try await addTransaction(client, ann, ["amount": "3", "payee": "Deli"])
                let goal = try await client.post(
                    "\(ann.books)/goals",
                    token: ann.token,
                    json: json(["name": "Bike", "price": "100", "income": "10"])
                )
                let goalID = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: goal.body)) as? [String: Any]
                )["id"]
                let bomb = ByteBuffer(bytes: Self.png(30_000, 30_000))
                let image: HTTPFields = [.authorization: "Bearer \(ann.token)", .contentType: "image/png"]
                let uploads: [(HTTPRequest.Method, String, String)] = [
                    (.post, "\(ann.books)/transactions/\(record.id)/receipts", "receipt"),
                    (.put, "/api/v1/profile/photo", "photo"),
                    (.put, "\(ann.books)/goals/\(goalID!)/photo", "photo"),
                ]
                for (method, path, field) in uploads {
                    let huge = try await client.raw.execute(uri: path, method: method, headers: image, body: bomb)
                    expectProblem(huge, .unprocessableContent, field: field, detailContains: "30000 × 30000")
                    let tall = ByteBuffer(bytes: Self.png(1, 20_001))
                    let refused = try await client.raw.execute(uri: path, method: method, headers: image, body: tall)
                    expectProblem(refused, .unprocessableContent, field: field)
                    var big = ByteBuffer(bytes: Images.png)
                    big.writeRepeatingByte(0, count: ReceiptImageType.maxBytes + 1 - Images.png.count)
                    let over = try await client.raw.execute(uri: path, method: method, headers: image, body: big)
                    expectProblem(over, .contentTooLarge, field: field, detailContains: "10 MB")
                    let fine = try await client.raw.execute(
                        uri: path,
                        method: method,
                        headers: image,
                        body: ByteBuffer(bytes: Self.png(8064, 6048))
                    )
                    #expect(fine.status.code < 300, "\(path): \(fine.text)")
                }
            }
        }

        @Test("an invitation's expires_in_days is a JSON integer and its role exact lower case")
        func invitationTypes() async throws {
            try await withApp { client, _ in
                let ann = try await makeOwner(client)
                let path = "\(ann.books)/invitations"
                let tries: [(String, String)] = [
                    (#"{"role": "viewer", "expires_in_days": "7"}"#, "expires_in_days"),
                    (#"{"role": "viewer", "expires_in_days": 7.5}"#, "expires_in_days"),
                    (#"{"role": "viewer", "expires_in_days": 91}"#, "expires_in_days"),
                    (#"{"role": "viewer", "expires_in_days": true}"#, "expires_in_days"),
                    (#"{"role": "ADMIN"}"#, "role"),
                    (#"{"role": "Editor"}"#, "role"),
                    (#"{"role": " viewer"}"#, "role"),
                    (#"{"role": 2}"#, "role"),
                ]
                for (body, field) in tries {
                    expectProblem(
                        try await client.post(path, token: ann.token, json: body),
                        .unprocessableContent,
                        field: field
                    )
                }
                let made = try await client.post(
                    path,
                    token: ann.token,
                    json: #"{"role": "editor", "expires_in_days": 7}"#
                )
                expectStatus(made, .created)
                let listed = try await client.get(path, token: ann.token)
                #expect(listed.text.components(separatedBy: "\"status\"").count == 2, "one invitation: \(listed.text)")
            }
        }

        @Test("a bank file's control and invisible characters are cleaned when it is staged")
        func statementTextCleaned() async throws {
            try await withApp { client, _ in
                let ann = try await makeOwner(client)
                let qif = "!Type:Bank\nD03/04/2026\nT-12.50\nPCorner\tShop\u{202E}\u{200B}\nMbread\u{7}rolls\n^\n"
                let staged = try await client.post(
                    "\(ann.books)/imports?format=qif&account=Wallet&date_order=DMY",
                    token: ann.token,
                    body: ByteBuffer(string: qif)
                )
                expectStatus(staged, .created)
                struct Row: Decodable { let payee: String, note: String }
                struct Staged: Decodable { let rows: [Row] }
                let rows = try staged.decode(Staged.self).rows
                #expect(rows.map(\.payee) == ["Corner Shop"] && rows.map(\.note) == ["bread rolls"])
            }
        }

        @Test("a form page shows the refusal next to the form")
        func formPage() async throws {
            try await withApp { client, store in
                let browser = Browser(client)
                try await browser.get("/signup")
                let signedUp = try await browser.post(
                    "/signup",
                    [("email", "ann@example.com"), ("password", "correct horse"), ("currency", "USD")]
                )
                try #require(signedUp.status == .seeOther)
                let user = try #require(try await store.users.user(email: "ann@example.com"))
                let book = try #require(try await store.books.all(for: user).first)
                let page = try await browser.post("/books/\(book.id)/categories", [("name", "Two\nlines")])
                #expect(page.status == .unprocessableContent)
                #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(
                    page.text.contains("must be one line without control or invisible characters (it holds U+000A)")
                )
                let names = try await store.books.categories(in: try await store.scope(user, book: book.id)).map(\.name)
                #expect(!names.contains { $0.contains("\n") })
            }
        }

        @Test("a URL the HTTP parser refuses (over 80 KB) gets a 414 problem, not a bare 400")
        func overlongURL() async throws {
            let store = try await Store.open(.sqliteMemory, bcryptCost: 4)
            try await store.migrate()
            let app = try await buildApplication(AppConfiguration(), store: store)
            try await app.test(.live) { client in
                let long = try await client.execute(
                    uri: "/api/v1/books?q=" + String(repeating: "a", count: 100_000),
                    method: .get,
                    headers: [:],
                    body: nil
                )
                expectProblem(long, .uriTooLong, detailContains: "80 KB")
            }
            // A long URL under the parser's limit reaches the router as usual.
            let again = try await Store.open(.sqliteMemory, bcryptCost: 4)
            try await again.migrate()
            let app2 = try await buildApplication(AppConfiguration(), store: again)
            try await app2.test(.live) { client in
                let fine = try await client.execute(
                    uri: "/api/v1/books?q=" + String(repeating: "a", count: 60_000),
                    method: .get,
                    headers: [:],
                    body: nil
                )
                expectProblem(fine, .unauthorized)
            }
        }
    }
}
