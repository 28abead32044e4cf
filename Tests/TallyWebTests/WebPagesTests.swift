import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

/// A browser for the router client, which keeps no cookies itself: it remembers `Set-Cookie`
/// values and sends them back in a `Cookie` header, and fills in the `_csrf` form field.
final class Browser {
    let client: Client
    var cookies: [String: String] = [:]
    /// Sent with every request besides the cookies (a proxy's `X-Forwarded-For`, say).
    let headers: HTTPFields

    init(_ client: Client, headers: HTTPFields = [:]) {
        self.client = client
        self.headers = headers
    }

    var csrf: String? { cookies["tally_csrf"] }
    var session: String? { cookies["tally_session"] }

    /// The `Cookie` header for the current cookies.
    var cookieHeader: HTTPFields {
        var fields = headers
        if !cookies.isEmpty {
            fields[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        return fields
    }

    @discardableResult
    func get(_ path: String) async throws -> TestResponse {
        remember(try await client.get(path, headers: cookieHeader))
    }

    /// Posts an urlencoded form; `_csrf` is the CSRF cookie's value unless `csrf` says otherwise.
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)], csrf: String?? = .none) async throws -> TestResponse {
        if self.csrf == nil { try await get("/login") }
        var all = fields
        let token: String? = csrf ?? self.csrf
        if let token { all.append(("_csrf", token)) }
        var headers = cookieHeader
        headers[.contentType] = "application/x-www-form-urlencoded"
        return remember(try await client.post(path, body: ByteBuffer(string: formEncode(all)), headers: headers))
    }

    private func remember(_ response: TestResponse) -> TestResponse {
        for header in response.headers[values: .setCookie] {
            guard let cookie = SetCookie(header) else { continue }
            if cookie.isExpired { cookies[cookie.name] = nil } else { cookies[cookie.name] = cookie.value }
        }
        return response
    }
}

/// A parsed `Set-Cookie` header.
struct SetCookie {
    let name: String
    let value: String
    let attributes: [String: String]

    init?(_ header: String) {
        let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = parts.first, let equals = first.firstIndex(of: "=") else { return nil }
        name = String(first[..<equals])
        value = String(first[first.index(after: equals)...])
        var attributes: [String: String] = [:]
        for part in parts.dropFirst() {
            let pieces = part.split(separator: "=", maxSplits: 1)
            attributes[pieces[0].lowercased()] = pieces.count > 1 ? String(pieces[1]) : ""
        }
        self.attributes = attributes
    }

    var httpOnly: Bool { attributes["httponly"] != nil }
    var sameSite: String? { attributes["samesite"] }

    var expires: Date? {
        guard let text = attributes["expires"] else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    var isExpired: Bool {
        if let maxAge = attributes["max-age"].flatMap(Int.init), maxAge <= 0 { return true }
        if let expires, expires <= Date() { return true }
        return false
    }
}

/// `application/x-www-form-urlencoded` text.
func formEncode(_ fields: [(String, String)]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._*")
    return fields.map { key, value in
        let v = value.addingPercentEncoding(withAllowedCharacters: allowed)!
        return "\(key.addingPercentEncoding(withAllowedCharacters: allowed)!)=\(v)"
    }.joined(separator: "&")
}

/// The `value` of the first hidden `_csrf` input of a page.
func csrfField(in html: String) -> String? {
    guard let range = html.range(of: #"name="_csrf" value=""#) else { return nil }
    let rest = html[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
}

/// The HTML of one day's cell in the calendar grid.
func calendarCell(_ html: String, date: String) -> String? {
    guard let start = html.range(of: "data-date=\"\(date)\"") else { return nil }
    let rest = html[start.upperBound...]
    guard let end = rest.range(of: "</td>") else { return nil }
    return String(rest[..<end.lowerBound])
}

/// The HTML pages: sign-up, log in and out, CSRF, and records through the forms.
@Suite(.timeLimit(.minutes(10))) struct WebPages {
    /// Signs up through the form and returns the browser (now signed in) and the book id.
    func signedIn(_ client: Client, _ store: Store, email: String = "ann@example.com") async throws -> (Browser, BookID)
    {
        let browser = Browser(client)
        try await browser.get("/signup")
        let response = try await browser.post(
            "/signup",
            [("email", email), ("password", "correct horse"), ("currency", "USD")]
        )
        try #require(response.status == .seeOther, "sign-up: \(response.status) \(response.text)")
        let user = try #require(try await store.users.user(email: email))
        let book = try #require(try await store.books.all(for: user).first)
        return (browser, book.id)
    }

    @Test func homeSendsNewServersToSignUpAndOthersToLogIn() async throws {
        try await withApp { client, store in
            let home = try await client.get("/")
            #expect(home.status == .seeOther)
            #expect(home.headers[.location] == "/signup")
            _ = try await store.users.signUp(email: "ann@example.com", password: "correct horse", openSignup: false)
            let later = try await client.get("/")
            #expect(later.status == .seeOther)
            #expect(later.headers[.location] == "/login")
            let calendar = try await client.get("/books/1/calendar")
            #expect(calendar.status == .seeOther)
            #expect(calendar.headers[.location]?.hasPrefix("/login?next=") == true)
        }
    }

    @Test func signUpFormSetsASessionCookie() async throws {
        try await withApp { client, store in
            let form = try await client.get("/signup")
            #expect(form.status == .ok)
            #expect(form.headers[.contentType]?.hasPrefix("text/html") == true)
            let csrfCookie = try #require(
                form.headers[values: .setCookie].compactMap(SetCookie.init).first { $0.name == "tally_csrf" }
            )
            #expect(csrfCookie.value.count == 64)
            #expect(csrfCookie.httpOnly)
            #expect(csrfCookie.sameSite == "Strict")
            #expect(csrfField(in: form.text) == csrfCookie.value, "the form carries the cookie's token")

            let body = formEncode([
                ("_csrf", csrfCookie.value), ("email", "ann@example.com"), ("password", "correct horse"),
                ("currency", "EUR"),
            ])
            let response = try await client.post(
                "/signup",
                body: ByteBuffer(string: body),
                headers: [
                    .contentType: "application/x-www-form-urlencoded", .cookie: "tally_csrf=\(csrfCookie.value)",
                ]
            )
            #expect(response.status == .seeOther, "\(response.text)")
            #expect(response.headers[.location] == "/")
            let session = try #require(
                response.headers[values: .setCookie].compactMap(SetCookie.init).first { $0.name == "tally_session" }
            )
            #expect(!session.value.isEmpty)
            #expect(session.httpOnly)
            #expect(session.sameSite == "Lax")
            #expect(session.attributes["path"] == "/")
            #expect(!session.isExpired)

            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let book = try #require(try await store.books.all(for: user).first)
            #expect(book.currency.code == "EUR")

            let home = try await client.get("/", headers: [.cookie: "tally_session=\(session.value)"])
            #expect(home.status == .seeOther)
            #expect(home.headers[.location] == "/books/\(book.id)/dashboard")
            let calendar = try await client.get(
                "/books/\(book.id)/calendar",
                headers: [.cookie: "tally_session=\(session.value)"]
            )
            #expect(calendar.status == .ok)
            #expect(calendar.text.contains("ann@example.com") || calendar.text.contains("Log out"))
        }
    }

    @Test func formsWithoutTheCSRFTokenAreRefused() async throws {
        try await withApp { client, store in
            let browser = Browser(client)
            try await browser.get("/signup")
            let fields = [("email", "ann@example.com"), ("password", "correct horse")]
            let missing = try await browser.post("/signup", fields, csrf: .some(nil))
            #expect(missing.status == .forbidden)
            let wrong = try await browser.post("/signup", fields, csrf: String(repeating: "0", count: 64))
            #expect(wrong.status == .forbidden)
            // A token in the form but no cookie to match it.
            let token = try #require(browser.csrf)
            let noCookie = try await client.post(
                "/signup",
                body: ByteBuffer(string: formEncode(fields + [("_csrf", token)])),
                headers: [
                    .contentType: "application/x-www-form-urlencoded"
                ]
            )
            #expect(noCookie.status == .forbidden)
            #expect(try await store.users.userCount() == 0)
            #expect(noCookie.headers[.contentSecurityPolicy] != nil)

            // Signed in, a session-authenticated JSON call needs the token too.
            let (signed, book) = try await signedIn(client, store)
            let session = try #require(signed.session)
            let api = try await client.post(
                "/api/v1/books/\(book)/transactions",
                json: json(["amount": "1", "payee": "x"]),
                headers: [
                    .cookie: "tally_session=\(session)"
                ]
            )
            #expect(api.status == .forbidden)
            #expect(api.headers[.contentType] == "application/problem+json")
            let withHeader = try await client.post(
                "/api/v1/books/\(book)/transactions",
                json: json(["amount": "1", "payee": "x"]),
                headers: [
                    .cookie: "tally_session=\(session); tally_csrf=\(try #require(signed.csrf))",
                    HTTPField.Name("X-CSRF-Token")!: try #require(signed.csrf),
                ]
            )
            #expect(withHeader.status == .created, "\(withHeader.text)")
            let logout = try await signed.post("/logout", [], csrf: .some(nil))
            #expect(logout.status == .forbidden)
            #expect(
                try await client.get("/", headers: [.cookie: "tally_session=\(session)"]).headers[.location]
                    == "/books/\(book)/dashboard"
            )
        }
    }

    @Test func logInChecksThePassword() async throws {
        try await withApp { client, store in
            _ = try await store.users.signUp(email: "ann@example.com", password: "correct horse", openSignup: false)
            let browser = Browser(client)
            let wrong = try await browser.post("/login", [("email", "ann@example.com"), ("password", "wrong horse")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(wrong.text.contains("wrong email or password"))
            #expect(browser.session == nil)

            let right = try await browser.post(
                "/login",
                [("email", "ann@example.com"), ("password", "correct horse"), ("next", "/books/1/calendar")]
            )
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/books/1/calendar")
            #expect(browser.session != nil)
            let offsite = try await Browser(client).post(
                "/login",
                [("email", "ann@example.com"), ("password", "correct horse"), ("next", "//evil.example")]
            )
            #expect(offsite.headers[.location] == "/")
        }
    }

    @Test func recordsAddedEditedAndDeletedThroughFormsShowOnTheCalendar() async throws {
        try await withApp { client, store in
            let (browser, book) = try await signedIn(client, store)
            let page = try await browser.get("/books/\(book)/transactions/new?date=2026-03-14")
            #expect(page.status == .ok)
            #expect(csrfField(in: page.text) == browser.csrf)

            let added = try await browser.post(
                "/books/\(book)/transactions",
                [
                    ("kind", "expense"), ("amount", "12.34"), ("currency", "USD"), ("date", "2026-03-14"), ("time", ""),
                    ("payee", "Corner Cafe"), ("category", "Food:Coffee"), ("account", "Cash"), ("note", "with Bob"),
                ]
            )
            #expect(added.status == .seeOther, "\(added.text)")
            #expect(added.headers[.location] == "/books/\(book)/days/2026-03-14")

            let calendar = try await browser.get("/books/\(book)/calendar?month=2026-03")
            #expect(calendar.status == .ok)
            let cell = try #require(calendarCell(calendar.text, date: "2026-03-14"))
            #expect(cell.contains("$12.34"), "\(cell)")
            #expect(calendarCell(calendar.text, date: "2026-03-13")?.contains("$") == false)
            let day = try await browser.get("/books/\(book)/days/2026-03-14")
            #expect(day.status == .ok)
            #expect(day.text.contains("Corner Cafe") && day.text.contains("$12.34"))

            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let record = try #require(
                try await store.records.transactions(in: try await store.scope(user, book: book)).records.first
            ).transaction
            #expect(record.note == "with Bob")

            let editForm = try await browser.get("/books/\(book)/transactions/\(record.id)/edit")
            #expect(editForm.status == .ok)
            #expect(editForm.text.contains("12.34") && editForm.text.contains("Corner Cafe"))
            let edited = try await browser.post(
                "/books/\(book)/transactions/\(record.id)",
                [
                    ("kind", "expense"), ("amount", "20"), ("date", "2026-03-14"), ("payee", "Corner Cafe"),
                    ("category", "Food:Coffee"), ("account", "Cash"),
                ]
            )
            #expect(edited.status == .seeOther, "\(edited.text)")
            let afterEdit = try await browser.get("/books/\(book)/calendar?month=2026-03")
            #expect(calendarCell(afterEdit.text, date: "2026-03-14")?.contains("$20.00") == true)
            #expect(afterEdit.text.contains("$12.34") == false)

            // A bad amount shows the form again and stores nothing.
            let invalid = try await browser.post(
                "/books/\(book)/transactions",
                [("amount", "12.345"), ("payee", "Bad"), ("date", "2026-03-14")]
            )
            #expect(invalid.status == .unprocessableContent)
            #expect(invalid.text.contains("amount"))
            #expect(
                try await store.records.transactions(in: try await store.scope(user, book: book)).records.count == 1
            )

            let confirm = try await browser.get("/books/\(book)/transactions/\(record.id)/delete")
            #expect(confirm.status == .ok)
            let deleted = try await browser.post("/books/\(book)/transactions/\(record.id)/delete", [])
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/books/\(book)/days/2026-03-14")
            #expect(try await store.records.transactions(in: try await store.scope(user, book: book)).records.isEmpty)
            let afterDelete = try await browser.get("/books/\(book)/calendar?month=2026-03")
            #expect(calendarCell(afterDelete.text, date: "2026-03-14")?.contains("$") == false)
            #expect(try await browser.get("/books/\(book)/transactions/\(record.id)/edit").status == .notFound)
        }
    }

    @Test func logOutEndsTheSession() async throws {
        try await withApp { client, store in
            let (browser, book) = try await signedIn(client, store)
            let session = try #require(browser.session)
            #expect(try await browser.get("/books/\(book)/calendar").status == .ok)

            let response = try await browser.post("/logout", [])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/login")
            let cleared = try #require(
                response.headers[values: .setCookie].compactMap(SetCookie.init).first { $0.name == "tally_session" }
            )
            #expect(cleared.isExpired, "the session cookie is expired: \(cleared)")
            #expect(browser.session == nil)

            // The old session id is dead on the server too.
            let replay = try await client.get("/books/\(book)/calendar", headers: [.cookie: "tally_session=\(session)"])
            #expect(replay.status == .seeOther)
            #expect(replay.headers[.location]?.hasPrefix("/login") == true)
        }
    }

    @Test func anotherUsersBookIsNotFoundInThePages() async throws {
        try await withApp(openSignup: true) { client, store in
            let (ann, annBook) = try await signedIn(client, store, email: "ann@example.com")
            try await ann.post(
                "/books/\(annBook)/transactions",
                [("amount", "7"), ("payee", "Secret"), ("date", "2026-03-02")]
            )
            let annUser = try #require(try await store.users.user(email: "ann@example.com"))
            let record = try #require(
                try await store.records.transactions(in: try await store.scope(annUser, book: annBook)).records.first
            ).transaction

            let (bob, _) = try await signedIn(client, store, email: "bob@example.com")
            for path in [
                "/books/\(annBook)/calendar", "/books/\(annBook)/days/2026-03-02",
                "/books/\(annBook)/transactions/\(record.id)/edit",
                "/books/\(annBook)/categories", "/books/\(annBook)/accounts", "/books/\(annBook)/transactions/new",
            ] {
                let response = try await bob.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(!response.text.contains("Secret"), "\(path)")
            }
            let edit = try await bob.post(
                "/books/\(annBook)/transactions/\(record.id)",
                [("amount", "1"), ("payee", "Bob")]
            )
            #expect(edit.status == .notFound)
            let delete = try await bob.post("/books/\(annBook)/transactions/\(record.id)/delete", [])
            #expect(delete.status == .notFound)
            let after = try #require(
                try await store.records.transactions(in: try await store.scope(annUser, book: annBook)).records.first
            ).transaction
            #expect(after.payee == "Secret" && after.amount.decimalString == "7.00")
        }
    }
}
