import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing
import ZIPFoundation

/// Profile and account: name, email and password changes, two-step sign-in with recovery codes
/// (API and login form), and deleting an account with the books only it owns.
extension API {
    @Suite struct Profile {
        struct ProfileOut: Decodable {
            let id: Int64, email: String, name: String, photoUrl: String?, twoStep: Bool, recoveryCodesLeft: Int
        }
        struct TwoStepOut: Decodable { let secret: String, uri: String }
        struct CodesOut: Decodable { let recoveryCodes: [String] }

        @Test("name, email after the password, password ending the other sessions", arguments: Backend.all)
        func nameEmailPassword(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let ann = try await makeOwner(client)
                let named: ProfileOut = try await client.patch(
                    "/api/v1/profile",
                    token: ann.token,
                    json: json(["name": "Ann Lee"])
                ).decode()
                #expect(named.name == "Ann Lee" && named.email == ann.email && !named.twoStep)
                expectProblem(
                    try await client.patch(
                        "/api/v1/profile",
                        token: ann.token,
                        json: json(["name": String(repeating: "x", count: 61)])
                    ),
                    .unprocessableContent,
                    field: "name"
                )
                let members: [API.Sharing.MemberOut] = try await client.get("\(ann.books)/members", token: ann.token)
                    .decode()
                #expect(members.map(\.name) == ["Ann Lee"])

                expectProblem(
                    try await client.post(
                        "/api/v1/profile/email",
                        token: ann.token,
                        json: json(["email": "new@example.com", "password": "wrong password"])
                    ),
                    .unprocessableContent,
                    field: "password"
                )
                _ = try await makeOwnerClosed(client, store, email: "bob@example.com")
                expectProblem(
                    try await client.post(
                        "/api/v1/profile/email",
                        token: ann.token,
                        json: json(["email": "bob@example.com", "password": ann.password])
                    ),
                    .unprocessableContent,
                    field: "email"
                )
                let moved: ProfileOut = try await client.post(
                    "/api/v1/profile/email",
                    token: ann.token,
                    json: json(["email": "New@Example.com", "password": ann.password])
                ).decode()
                #expect(moved.email == "new@example.com")
                _ = try await token(for: "new@example.com", client)

                // Two browsers signed in; the one that changes the password stays, the other is out.
                let moved2 = Owner(
                    id: ann.id,
                    email: "new@example.com",
                    password: ann.password,
                    token: ann.token,
                    book: ann.book
                )
                let here = try await signedIn(client, moved2)
                let there = try await signedIn(client, moved2)
                expectStatus(try await there.get("/books/\(ann.book)/dashboard"), .ok)
                expectProblem(
                    try await client.post(
                        "/api/v1/profile/password",
                        token: ann.token,
                        json: json(["password": ann.password, "new_password": "short"])
                    ),
                    .unprocessableContent,
                    field: "new_password"
                )
                let changed = try await here.post(
                    "/settings/password",
                    [("password", ann.password), ("new_password", "a brand new secret")]
                )
                #expect(
                    changed.status == .ok && changed.text.contains("signed out everywhere else"),
                    "\(changed.text.prefix(300))"
                )
                expectStatus(try await here.get("/books/\(ann.book)/dashboard"), .ok)
                #expect(
                    try await there.get("/books/\(ann.book)/dashboard").status == .seeOther,
                    "the other session ended"
                )
                expectStatus(try await client.get("/api/v1/books", token: ann.token), .ok)  // tokens stay
                _ = try await token(for: "new@example.com", password: "a brand new secret", client)
            }
        }

        @Test("two-step sign-in: set up with a code, then tokens and the login form need one", arguments: Backend.all)
        func twoStep(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let ann = try await makeOwner(client)
                expectProblem(
                    try await client.post(
                        "/api/v1/profile/two-step",
                        token: ann.token,
                        json: json(["password": "not it at all"])
                    ),
                    .unprocessableContent,
                    field: "password"
                )
                let setup: TwoStepOut = try await client.post(
                    "/api/v1/profile/two-step",
                    token: ann.token,
                    json: json(["password": ann.password])
                ).decode()
                let secret = try #require(TOTP.base32Decode(setup.secret))
                #expect(
                    secret.count == 20
                        && setup.uri.hasPrefix("otpauth://totp/Tally%3Aann%40example%2Ecom?secret=\(setup.secret)")
                )
                let now = Int64(Date().timeIntervalSince1970)
                let wrong = TOTP.code(secret: secret, step: now / 30 + 5)
                expectProblem(
                    try await client.post(
                        "/api/v1/profile/two-step/enable",
                        token: ann.token,
                        json: json(["code": wrong])
                    ),
                    .unprocessableContent,
                    field: "code"
                )
                let codes: CodesOut = try await client.post(
                    "/api/v1/profile/two-step/enable",
                    token: ann.token,
                    json: json(["code": TOTP.code(secret: secret, time: now)])
                ).decode()
                #expect(codes.recoveryCodes.count == 10 && Set(codes.recoveryCodes).count == 10)
                let profile: ProfileOut = try await client.get("/api/v1/profile", token: ann.token).decode()
                #expect(profile.twoStep && profile.recoveryCodesLeft == 10)
                expectProblem(
                    try await client.post(
                        "/api/v1/profile/two-step",
                        token: ann.token,
                        json: json(["password": ann.password])
                    ),
                    .conflict
                )

                // A token needs the code now; the same step is not accepted twice.
                let tokens = "/api/v1/tokens"
                expectProblem(
                    try await client.post(tokens, json: json(["email": ann.email, "password": ann.password])),
                    .unauthorized,
                    field: "code"
                )
                let next = TOTP.code(secret: secret, step: now / 30 + 1)
                expectStatus(
                    try await client.post(
                        tokens,
                        json: json(["email": ann.email, "password": ann.password, "code": next])
                    ),
                    .created
                )
                expectProblem(
                    try await client.post(
                        tokens,
                        json: json(["email": ann.email, "password": ann.password, "code": next])
                    ),
                    .unauthorized,
                    detailContains: "already used"
                )
                expectStatus(try await client.get("/api/v1/books", token: ann.token), .ok)  // old tokens work

                // The login form: the password leaves the session pending until a code comes.
                let browser = Browser(client)
                try await browser.get("/login")
                let login = try await browser.post(
                    "/login",
                    [("email", ann.email), ("password", ann.password), ("next", "/settings")]
                )
                #expect(login.status == .seeOther && login.headers[.location] == "/login/code?next=%2Fsettings")
                #expect(
                    try await browser.get("/books/\(ann.book)/dashboard").status == .seeOther,
                    "pending is not signed in"
                )
                let form = try await browser.get("/login/code?next=%2Fsettings")
                #expect(form.status == .ok && form.text.contains("Two-step sign-in"))
                let bad = try await browser.post("/login/code", [("code", "000000"), ("next", "/settings")])
                #expect(bad.status == .unauthorized && bad.text.contains("Wrong code."))
                let recovery = codes.recoveryCodes[0].uppercased()
                let good = try await browser.post("/login/code", [("code", recovery), ("next", "/settings")])
                #expect(good.status == .seeOther && good.headers[.location] == "/settings")
                // The pending session's row went with it: one session is left, the new one.
                let sessions = try await store.database.read { db in
                    try await db.raw("SELECT COUNT(*) AS n FROM sessions WHERE user_id = \(bind: ann.id)").first()?
                        .decode(column: "n", as: Int.self)
                }
                #expect(sessions == 1)
                expectStatus(try await browser.get("/books/\(ann.book)/dashboard"), .ok)
                try await store.users.verifySecondFactor(
                    try #require(try await store.users.user(email: ann.email)),
                    code: codes.recoveryCodes[1]
                )
                await #expect(throws: StoreError.unauthorized("wrong code")) {
                    try await store.users.verifySecondFactor(
                        try #require(try await store.users.user(email: ann.email)),
                        code: recovery
                    )
                }
                let left: ProfileOut = try await client.get("/api/v1/profile", token: ann.token).decode()
                #expect(left.recoveryCodesLeft == 8)
                let renewed: CodesOut = try await client.post(
                    "/api/v1/profile/recovery-codes",
                    token: ann.token,
                    json: json(["password": ann.password])
                ).decode()
                #expect(Set(renewed.recoveryCodes).isDisjoint(with: codes.recoveryCodes))

                expectProblem(
                    try await client.post(
                        "/api/v1/profile/two-step/disable",
                        token: ann.token,
                        json: json(["password": "nope nope"])
                    ),
                    .unprocessableContent,
                    field: "password"
                )
                expectStatus(
                    try await client.post(
                        "/api/v1/profile/two-step/disable",
                        token: ann.token,
                        json: json(["password": ann.password])
                    ),
                    .noContent
                )
                expectStatus(
                    try await client.post(tokens, json: json(["email": ann.email, "password": ann.password])),
                    .created
                )
            }
        }

        @Test(
            "export all my data: a zip of every book I own, with records, receipts and goal photos",
            arguments: Backend.all
        )
        func export(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let ann = try await makeOwner(client)
                let bob = try await makeOwnerClosed(client, store, email: "bob@example.com")
                try await join(client, bob, ann, as: "editor")  // Bob's book is not Ann's to export
                let tx = try await addTransaction(
                    client,
                    ann,
                    ["amount": "4.50", "payee": "Café \"Zoë\", Inc", "date": "2026-03-01"]
                )
                _ = try await addTransaction(
                    client,
                    ann,
                    ["amount": "1200", "payee": "ACME", "kind": "income", "category": "Salary", "date": "2026-03-02"]
                )
                // A split, tagged record: the zip's CSV is `tally export`'s, so it keeps both.
                _ = try await addTransaction(
                    client,
                    ann,
                    [
                        "amount": "52.50", "payee": "Costco", "date": "2026-03-03", "tags": ["bulk"],
                        "lines": [
                            ["category": "Food", "subcategory": "Groceries", "amount": "40"],
                            ["category": "Household", "amount": "12.50"],
                        ],
                    ]
                )
                let receipt: ReceiptJSON = try await client.post(
                    "\(ann.books)/transactions/\(tx.id)/receipts",
                    token: ann.token,
                    body: ByteBuffer(bytes: Images.png)
                ).decode()
                let made = try await client.post(
                    "\(ann.books)/goals",
                    token: ann.token,
                    json: json(["name": "Bike", "price": "800", "income": "100.00", "cycle": "monthly", "percent": 10])
                )
                let goal = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: made.body)) as? [String: Any]
                )
                let goalID = "\(try #require(goal["id"], "\(made.text)"))"
                let photo = try await client.send(
                    .put,
                    "\(ann.books)/goals/\(goalID)/photo",
                    token: ann.token,
                    body: ByteBuffer(bytes: Images.png)
                )
                #expect(photo.status.code < 300, "\(photo.text)")

                let response = try await client.get("/api/v1/profile/export", token: ann.token)
                expectStatus(response, .ok)
                #expect(response.headers[.contentType] == "application/zip")
                #expect(
                    response.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"tally-export-") == true
                )
                let archive = try Archive(data: Data(buffer: response.body), accessMode: .read)
                var files: [String: Data] = [:]
                for entry in archive {
                    var data = Data()
                    _ = try archive.extract(entry) { data.append($0) }
                    files[entry.path] = data
                }
                let book = "books/\(ann.book)"
                let receiptPath = "\(book)/receipts/record-\(tx.id)-receipt-\(receipt.id).png"
                let photoPath = "\(book)/goal-photos/goal-\(goalID).png"
                #expect(
                    files.keys.sorted()
                        == ["\(book)/book.json", photoPath, receiptPath, "\(book)/transactions.csv", "profile.json"]
                )
                #expect(files[receiptPath].map(Array.init) == Images.png)
                #expect(files[photoPath].map(Array.init) == Images.png)
                let csv = String(decoding: files["\(book)/transactions.csv"] ?? Data(), as: UTF8.self)
                let rows = csv.split(separator: "\n")
                #expect(
                    rows.count == 5 && rows[0].hasSuffix(",split,line_note,tags")
                        && csv.contains("\"Café \"\"Zoë\"\", Inc\"") && csv.contains("1200.00")
                        && rows.filter { $0.contains("Costco") && $0.hasSuffix(",1,,bulk") }.count == 2,
                    "\(csv)"
                )
                let profile = try #require(
                    try JSONSerialization.jsonObject(with: files["profile.json"] ?? Data()) as? [String: Any]
                )
                #expect(profile["email"] as? String == ann.email && (profile["books"] as? [Any])?.count == 2)
                let bookFile = try #require(
                    try JSONSerialization.jsonObject(with: files["\(book)/book.json"] ?? Data()) as? [String: Any]
                )
                #expect(
                    Set(bookFile.keys) == ["book", "members", "categories", "accounts", "budgets", "goals", "bills"]
                )
                #expect(
                    ((bookFile["goals"] as? [[String: Any]])?.first?["goal"] as? [String: Any])?["name"] as? String
                        == "Bike"
                )
                // The CSV imports again, as it is, into a new book.
                let copy: API.Sharing.BookOut = try await client.post(
                    "/api/v1/books",
                    token: ann.token,
                    json: json(["name": "Again"])
                ).decode()
                let imported = try await client.post(
                    "/api/v1/books/\(copy.id)/imports",
                    token: ann.token,
                    body: ByteBuffer(data: files["\(book)/transactions.csv"] ?? Data()),
                    headers: [.contentType: "text/csv"]
                )
                expectStatus(imported, .created)
                let again = try await client.get("/api/v1/books/\(copy.id)/transactions?q=costco", token: ann.token)
                #expect(again.text.contains("\"count\":1") && again.text.contains("\"bulk\""), "\(again.text)")
                expectProblem(try await client.get("/api/v1/profile/export"), .unauthorized)
            }
        }

        @Test("a profile photo: uploaded, shown to fellow members only, replaced and removed", arguments: Backend.all)
        func photo(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let ann = try await makeOwner(client)
                let bob = try await makeOwnerClosed(client, store, email: "bob@example.com")
                let sam = try await makeOwnerClosed(client, store, email: "sam@example.com")
                try await join(client, ann, bob, as: "viewer")
                expectProblem(
                    try await client.send(
                        .put,
                        "/api/v1/profile/photo",
                        token: ann.token,
                        body: ByteBuffer(string: "<svg/>")
                    ),
                    .unprocessableContent,
                    field: "photo"
                )
                let put = try await client.send(
                    .put,
                    "/api/v1/profile/photo",
                    token: ann.token,
                    body: ByteBuffer(bytes: Images.png)
                )
                expectStatus(put, .ok)
                let profile: ProfileOut = try put.decode()
                let url = try #require(profile.photoUrl)
                #expect(url.hasPrefix("/api/v1/profile/photo?v="))
                let mine = try await client.get(url, token: ann.token)
                #expect(
                    mine.status == .ok && mine.headers[.contentType] == "image/png"
                        && Array(buffer: mine.body) == Images.png
                )
                let members: [API.Sharing.MemberOut] = try await client.get("\(ann.books)/members", token: bob.token)
                    .decode()
                let memberURL = try #require(members.first { $0.email == ann.email }?.photoUrl)
                #expect(members.first { $0.email == bob.email }?.photoUrl == nil)
                expectStatus(try await client.get(memberURL, token: bob.token), .ok)
                expectProblem(
                    try await client.get("/api/v1/books/\(sam.book)/members/\(ann.id)/photo", token: sam.token),
                    .notFound
                )
                expectProblem(
                    try await client.get("/api/v1/books/\(ann.book)/members/\(ann.id)/photo", token: sam.token),
                    .notFound
                )
                let again: ProfileOut = try await client.send(
                    .put,
                    "/api/v1/profile/photo",
                    token: ann.token,
                    body: ByteBuffer(bytes: Images.png)
                ).decode()
                #expect(again.photoUrl != url, "a new photo has a new URL")
                expectStatus(try await client.delete("/api/v1/profile/photo", token: ann.token), .noContent)
                expectProblem(try await client.get(memberURL, token: bob.token), .notFound)
                let cleared: ProfileOut = try await client.get("/api/v1/profile", token: ann.token).decode()
                #expect(cleared.photoUrl == nil)
            }
        }

        @Test("the settings page: setting up needs the password; a wrong code shows the secret only to who had it")
        func twoStepPage() async throws {
            try await withApp(.sqlite) { client, store in
                let ann = try await makeOwner(client)
                let browser = try await signedIn(client, ann)
                let refused = try await browser.post("/settings/two-step", [("password", "not my password")])
                #expect(
                    refused.status == .unprocessableContent && refused.text.contains("is not your current password")
                )
                let started = try await browser.post("/settings/two-step", [("password", ann.password)])
                let secret = try #require(
                    started.text.firstMatch(of: /id="two-step-secret">([A-Z2-7 ]+)</)?.output.1
                ).replacingOccurrences(of: " ", with: "")
                #expect(started.headers[.cacheControl] == "no-store")
                // A session without the secret (a stolen one) does not get it back from a wrong code.
                let blind = try await browser.post("/settings/two-step/enable", [("code", "000000")])
                #expect(blind.status == .unprocessableContent && !blind.text.contains(String(secret.prefix(4)) + " "))
                let shown = try await browser.post(
                    "/settings/two-step/enable",
                    [("code", "000000"), ("secret", secret)]
                )
                #expect(shown.status == .unprocessableContent && shown.text.contains("id=\"two-step-secret\""))
                let key = try #require(TOTP.base32Decode(secret))
                let code = TOTP.code(secret: key, time: Int64(Date().timeIntervalSince1970))
                let on = try await browser.post("/settings/two-step/enable", [("code", code), ("secret", secret)])
                #expect(on.status == .ok && on.text.contains("id=\"recovery-codes\""))
                #expect(
                    try await store.users.twoStepEnabled(try #require(try await store.users.user(email: ann.email)))
                )
            }
        }

        @Test(
            "deleting an account takes the books only it owns; shared books stay with their other owner",
            arguments: Backend.all
        )
        func deleteAccount(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let ann = try await makeOwner(client)
                let bob = try await makeOwnerClosed(client, store, email: "bob@example.com")
                let family: API.Sharing.BookOut = try await client.post(
                    "/api/v1/books",
                    token: ann.token,
                    json: json(["name": "Family"])
                ).decode()
                let familyOwner = Owner(
                    id: ann.id,
                    email: ann.email,
                    password: ann.password,
                    token: ann.token,
                    book: family.id
                )
                try await join(client, familyOwner, bob, as: "owner")
                try await join(client, ann, bob, as: "viewer")
                _ = try await addTransaction(client, ann, ["amount": "5", "payee": "Cafe"])
                expectProblem(
                    try await client.post(
                        "/api/v1/profile/delete",
                        token: ann.token,
                        json: json(["password": "wrong one"])
                    ),
                    .unprocessableContent,
                    field: "password"
                )
                expectStatus(
                    try await client.post(
                        "/api/v1/profile/delete",
                        token: ann.token,
                        json: json(["password": ann.password])
                    ),
                    .noContent
                )
                expectProblem(try await client.get("/api/v1/books", token: ann.token), .unauthorized)
                let left: [API.Sharing.BookOut] = try await client.get("/api/v1/books", token: bob.token).decode()
                #expect(left.map(\.name) == ["Personal", "Family"] && left.map(\.role) == ["owner", "owner"])
                #expect(left.first?.id == bob.book, "Ann's Personal book went with her, though Bob could view it")
                let members: [API.Sharing.MemberOut] = try await client.get(
                    "/api/v1/books/\(family.id)/members",
                    token: bob.token
                ).decode()
                #expect(members.map(\.email) == ["bob@example.com"])
                #expect(try await store.users.user(email: ann.email) == nil)
            }
        }
    }
}
