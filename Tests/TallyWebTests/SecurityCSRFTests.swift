import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import Testing

@testable import TallyWeb

extension API {
    /// CSRF tokens are signed and bound (to the session, or to a signed anonymous cookie), and
    /// `next` after login only ever leads to a path on this site.
    @Suite struct SecurityCSRF {
        /// Signs up through the form; returns the browser (now signed in) and the user.
        func signedInBrowser(
            _ client: Client,
            _ store: Store,
            email: String = "ann@example.com"
        ) async throws -> (Browser, User) {
            let browser = Browser(client)
            try await browser.get("/signup")
            let response = try await browser.post(
                "/signup",
                [("email", email), ("password", "correct horse"), ("currency", "USD")]
            )
            try #require(response.status == .seeOther, "sign-up: \(response.status)")
            return (browser, try #require(try await store.users.user(email: email)))
        }

        @Test(arguments: Backend.all)
        func aMadeUpCookieAndMatchingFieldAreRefused(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, store in
                let form = formEncode([
                    ("email", "ann@example.com"), ("password", "correct horse"), ("_csrf", madeUpToken),
                ])
                let headers: HTTPFields = [
                    .contentType: "application/x-www-form-urlencoded", .cookie: "tally_csrf=\(madeUpToken)",
                ]
                // Signed out: the sign-up and login forms.
                expectStatus(
                    try await client.post("/signup", body: ByteBuffer(string: form), headers: headers),
                    .forbidden
                )
                #expect(try await store.users.userCount() == 0)
                expectStatus(
                    try await client.post("/login", body: ByteBuffer(string: form), headers: headers),
                    .forbidden
                )

                // Signed in: a planted cookie plus the same value in the form changes nothing.
                let (browser, user) = try await signedInBrowser(client, store)
                var planted = browser.cookieHeader
                planted[.cookie] = "tally_session=\(try #require(browser.session)); tally_csrf=\(madeUpToken)"
                planted[.contentType] = "application/x-www-form-urlencoded"
                let body = formEncode([
                    ("time_zone", "Europe/Berlin"), ("daily_reminder", "0"), ("reminder_time", "20:00"),
                    ("_csrf", madeUpToken),
                ])
                expectStatus(
                    try await client.post("/settings", body: ByteBuffer(string: body), headers: planted),
                    .forbidden
                )
                #expect(try await store.settings.current(for: user).timeZone != "Europe/Berlin")
                // A signed-out token (validly signed) is no good once signed in either.
                let anonymous = try #require(setCookie(try await client.get("/login"), "tally_csrf")).value
                planted[.cookie] = "tally_session=\(try #require(browser.session)); tally_csrf=\(anonymous)"
                let withAnonymous = formEncode([
                    ("time_zone", "Europe/Berlin"), ("daily_reminder", "0"), ("reminder_time", "20:00"),
                    ("_csrf", anonymous),
                ])
                expectStatus(
                    try await client.post("/settings", body: ByteBuffer(string: withAnonymous), headers: planted),
                    .forbidden
                )
                // The real token works.
                let saved = try await browser.post(
                    "/settings",
                    [("time_zone", "Europe/Berlin"), ("daily_reminder", "0"), ("reminder_time", "20:00")]
                )
                #expect(saved.status == .seeOther)
                #expect(try await store.settings.current(for: user).timeZone == "Europe/Berlin")
            }
        }

        @Test(arguments: Backend.all)
        func oneSessionsTokenDoesNotWorkForAnother(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, store in
                let (ann, _) = try await signedInBrowser(client, store, email: "ann@example.com")
                let (bob, bobUser) = try await signedInBrowser(client, store, email: "bob@example.com")
                let annToken = try #require(ann.csrf)
                #expect(annToken != bob.csrf)
                let attempt = try await bob.post(
                    "/settings",
                    [("time_zone", "Asia/Tokyo"), ("daily_reminder", "0"), ("reminder_time", "20:00")],
                    csrf: annToken
                )
                #expect(attempt.status == .forbidden)
                #expect(try await store.settings.current(for: bobUser).timeZone != "Asia/Tokyo")
                // The page's token is the session's, and the cookie carries the same.
                let page = try await bob.get("/settings")
                #expect(csrfField(in: page.text) == bob.csrf)
                // Logging out: the old session token stops working, and a fresh signed-out one is issued.
                let old = try #require(bob.csrf)
                #expect(try await bob.post("/logout", []).status == .seeOther)
                #expect(bob.csrf != old)
                let login = try await bob.post(
                    "/login",
                    [("email", "bob@example.com"), ("password", "correct horse")],
                    csrf: old
                )
                #expect(login.status == .forbidden)
            }
        }

        /// Sessions stored before tokens were bound to them get a nonce on their next request.
        @Test func sessionsFromBeforeGetABoundToken() async throws {
            try await withApp { client, store in
                let user = try #require(
                    try await store.users.signUp(email: "ann@example.com", password: "correct horse", openSignup: true)
                        as User?
                )
                try await store.users.putSession(
                    key: "legacy-session-key",
                    value: #"{"userID":\#(user.id)}"#,
                    expiresAt: Int64(Date().timeIntervalSince1970) + 3600
                )
                let browser = Browser(client)
                browser.cookies["tally_session"] = "legacy-session-key"
                let page = try await browser.get("/settings")
                #expect(page.status == .ok)
                let token = try #require(browser.csrf)
                #expect(csrfField(in: page.text) == token)
                let saved = try await browser.post(
                    "/settings",
                    [("time_zone", "Europe/Paris"), ("daily_reminder", "0"), ("reminder_time", "20:00")]
                )
                #expect(saved.status == .seeOther)
                #expect(try await store.settings.current(for: user).timeZone == "Europe/Paris")
                #expect(try await store.users.session(key: "legacy-session-key")?.value.contains("csrfNonce") == true)
            }
        }

        @Test func secureCookiesUseTheHostPrefix() async throws {
            try await withConfiguredApp(AppConfiguration(secureCookies: true)) { client, store in
                let form = try await client.get("/signup")
                let cookie = try #require(setCookie(form, "__Host-tally_csrf"))
                #expect(
                    cookie.attributes["secure"] != nil && cookie.attributes["path"] == "/"
                        && cookie.attributes["domain"] == nil
                )
                #expect(cookie.httpOnly && cookie.sameSite == "Strict")
                #expect(setCookie(form, "tally_csrf") == nil)
                #expect(csrfField(in: form.text) == cookie.value)
                let body = formEncode([
                    ("email", "ann@example.com"), ("password", "correct horse"), ("currency", "USD"),
                    ("_csrf", cookie.value),
                ])
                let done = try await client.post(
                    "/signup",
                    body: ByteBuffer(string: body),
                    headers: [
                        .contentType: "application/x-www-form-urlencoded", .cookie: "__Host-tally_csrf=\(cookie.value)",
                    ]
                )
                #expect(done.status == .seeOther)
                // The plain name is not read when cookies are secure.
                let plain = try await client.post(
                    "/login",
                    body: ByteBuffer(string: body),
                    headers: [
                        .contentType: "application/x-www-form-urlencoded", .cookie: "tally_csrf=\(cookie.value)",
                    ]
                )
                #expect(plain.status == .forbidden)
            }
        }

        @Test func nextOnlyLeadsToAPathOnThisSite() {
            let hostile = [
                "/\t/evil.com", "/%09/evil.com", "//evil.com", "/\\evil.com", "https://evil.com", "/%2F/evil.com",
                "/%2f/evil.com",
                "/%5Cevil.com", "/%252F/evil.com", "/ /evil.com", "/\n/evil.com", "/%0A/evil.com", "\\/evil.com",
                "evil.com", "",
                "/\u{00A0}/evil.com", "/\u{200B}/evil.com", "javascript:alert(1)",
            ]
            for next in hostile { #expect(AuthPages.safeNext(next) == "/", "\(next.debugDescription)") }
            for next in ["/", "/settings", "/books/3/dashboard?month=2026-03", "/books/3/search?q=caf%C3%A9"] {
                #expect(AuthPages.safeNext(next) == next)
            }
            #expect(AuthPages.safeNext(nil) == "/")
        }

        @Test(arguments: Backend.all)
        func loginRedirectsOnlyToLocalPaths(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                try await signUp(client, email: "ann@example.com")
                let form = try await client.get("/login?next=/%09/evil.com")
                #expect(form.text.contains(#"name="next" value="/""#))
                for (next, expected) in [
                    ("/%09/evil.com", "/"), ("//evil.com", "/"), ("/\\evil.com", "/"), ("https://evil.com", "/"),
                    ("/%2F/evil.com", "/"), ("/settings", "/settings"),
                ] {
                    let browser = Browser(client)
                    let response = try await browser.post(
                        "/login",
                        [("email", "ann@example.com"), ("password", "correct horse"), ("next", next)]
                    )
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location] == expected, "next=\(next)")
                }
            }
        }
    }
}
