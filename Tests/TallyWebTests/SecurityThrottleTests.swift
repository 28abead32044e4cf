import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SQLKit
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// Login throttling: per account, per client address, on the page and the token API.
    @Suite struct SecurityThrottle {
        @Test(arguments: Backend.all)
        func fiveFailuresLockTheAccountOnTheTokenAPI(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, store in
                try await signUp(client, email: "ann@example.com")
                try await signUp(client, email: "bob@example.com")
                for attempt in 1...5 {
                    expectProblem(
                        try await tokenAttempt(client, "ann@example.com", "wrong password \(attempt)"),
                        .unauthorized
                    )
                }
                // The sixth, even with the right password, is refused without a check.
                let throttled = try await tokenAttempt(client, "ANN@example.com ", "correct horse")
                expectProblem(throttled, .tooManyRequests, detailContains: "too many failed sign-ins for this account")
                let retry = try #require(throttled.headers[.retryAfter].flatMap(Int.init))
                #expect(retry > 0 && retry <= 900, "Retry-After \(retry)")
                // Another account from the same address is unaffected.
                let bob = try await tokenAttempt(client, "bob@example.com", "correct horse")
                expectStatus(bob, .created)
            }
        }

        @Test(arguments: Backend.all)
        func theLoginPageAnswers429WithRetryAfter(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                try await signUp(client, email: "ann@example.com")
                let browser = Browser(client)
                try await browser.get("/login")
                for _ in 1...5 {
                    let wrong = try await browser.post(
                        "/login",
                        [("email", "ann@example.com"), ("password", "not it at all")]
                    )
                    #expect(wrong.status == .unauthorized)
                }
                let page = try await browser.post(
                    "/login",
                    [("email", "ann@example.com"), ("password", "correct horse"), ("next", "/settings")]
                )
                #expect(page.status == .tooManyRequests)
                #expect(page.text.contains("Too many failed sign-ins") && page.text.contains("action=\"/login\""))
                #expect(page.text.contains("value=\"ann@example.com\""), "the form keeps the email")
                #expect(Int(page.headers[.retryAfter] ?? "") ?? 0 > 0)
                #expect(browser.session == nil, "no session was made")
            }
        }

        @Test(arguments: Backend.all)
        func successResetsTheAccountsCount(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                try await signUp(client, email: "ann@example.com")
                for _ in 1...4 {
                    expectProblem(try await tokenAttempt(client, "ann@example.com", "nope nope"), .unauthorized)
                }
                expectStatus(try await tokenAttempt(client, "ann@example.com", "correct horse"), .created)
                for _ in 1...4 {
                    expectProblem(try await tokenAttempt(client, "ann@example.com", "nope nope"), .unauthorized)
                }
                expectStatus(try await tokenAttempt(client, "ann@example.com", "correct horse"), .created)
            }
        }

        /// Sign-ups are counted per address, on the API and the page alike, succeeded or not; the
        /// address's sign-ins are not affected, and another address still signs up.
        @Test func signUpsAreThrottledPerAddress() async throws {
            let limits = LoginLimits(perAccount: 5, perClient: 50, window: 900, signupsPerClient: 3)
            let from: @Sendable (String) -> HTTPFields = { [HTTPField.Name("X-Forwarded-For")!: $0] }
            try await withConfiguredApp(
                AppConfiguration(openSignup: true, trustForwardedFor: true, loginLimits: limits)
            ) { client, _ in
                func signUpFrom(_ address: String, _ email: String) async throws -> TestResponse {
                    try await client.post(
                        "/api/v1/users",
                        json: json(["email": email, "password": "correct horse"]),
                        headers: from(address)
                    )
                }
                expectStatus(try await signUpFrom("10.0.0.1", "ann@example.com"), .created)
                expectProblem(try await signUpFrom("10.0.0.1", "ann@example.com"), .unprocessableContent)
                expectStatus(try await signUpFrom("10.0.0.1", "bob@example.com"), .created)
                let fourth = try await signUpFrom("10.0.0.1", "cat@example.com")
                expectProblem(fourth, .tooManyRequests, detailContains: "too many sign-ups from your network")
                let retry = try #require(fourth.headers[.retryAfter].flatMap(Int.init))
                #expect(retry > 0 && retry <= 900)
                // The page refuses the same address the same way, keeping the form.
                let browser = Browser(client, headers: from("10.0.0.1"))
                try await browser.get("/signup")
                let page = try await browser.post(
                    "/signup",
                    [("email", "dan@example.com"), ("password", "correct horse"), ("currency", "EUR")]
                )
                #expect(page.status == .tooManyRequests)
                #expect(page.text.contains("Too many sign-ups") && page.text.contains("value=\"dan@example.com\""))
                #expect(browser.session == nil)
                // Nothing was made for the refused ones; sign-in from there still works.
                expectProblem(try await tokenAttempt(client, "cat@example.com", "correct horse"), .unauthorized)
                expectStatus(
                    try await tokenAttempt(client, "ann@example.com", "correct horse", headers: from("10.0.0.1")),
                    .created
                )
                expectStatus(try await signUpFrom("10.0.0.2", "cat@example.com"), .created)
            }
        }

        /// The address limit is higher than the account one and counts failures on any account.
        @Test func theClientAddressHasItsOwnHigherLimit() async throws {
            let limits = LoginLimits(perAccount: 3, perClient: 6, window: 900)
            try await withConfiguredApp(AppConfiguration(openSignup: true, loginLimits: limits)) { client, store in
                for name in ["ann", "bob", "cat"] { try await signUp(client, email: "\(name)@example.com") }
                for _ in 1...3 {
                    expectProblem(try await tokenAttempt(client, "ann@example.com", "wrong one"), .unauthorized)
                }
                expectProblem(try await tokenAttempt(client, "ann@example.com", "correct horse"), .tooManyRequests)
                expectStatus(try await tokenAttempt(client, "bob@example.com", "correct horse"), .created)
                for _ in 1...3 {
                    expectProblem(try await tokenAttempt(client, "bob@example.com", "wrong one"), .unauthorized)
                }
                // Six failures from this address now: everyone here waits, even with the right password.
                let cat = try await tokenAttempt(client, "cat@example.com", "correct horse")
                expectProblem(cat, .tooManyRequests, detailContains: "from your network")
                #expect(cat.headers[.retryAfter] != nil)
            }
        }

        /// `X-Forwarded-For` is ignored unless the server is told to trust it; then its last
        /// entry (the one the proxy added) is the address.
        @Test func forwardedForOnlyWhenTrusted() async throws {
            let limits = LoginLimits(perAccount: 10, perClient: 2, window: 900)
            let from: @Sendable (String) -> HTTPFields = { [HTTPField.Name("X-Forwarded-For")!: "203.0.113.9, \($0)"] }
            try await withConfiguredApp(
                AppConfiguration(openSignup: true, trustForwardedFor: true, loginLimits: limits)
            ) { client, _ in
                try await signUp(client, email: "ann@example.com")
                for _ in 1...2 {
                    expectProblem(
                        try await tokenAttempt(client, "ann@example.com", "wrong one", headers: from("10.0.0.1")),
                        .unauthorized
                    )
                }
                expectProblem(
                    try await tokenAttempt(client, "ann@example.com", "correct horse", headers: from("10.0.0.1")),
                    .tooManyRequests
                )
                // Same first entry (which the client chose), another proxy-added address: not throttled.
                expectStatus(
                    try await tokenAttempt(client, "ann@example.com", "correct horse", headers: from("10.0.0.2")),
                    .created
                )
            }
            try await withConfiguredApp(AppConfiguration(openSignup: true, loginLimits: limits)) { client, _ in
                try await signUp(client, email: "ann@example.com")
                for _ in 1...2 {
                    expectProblem(
                        try await tokenAttempt(client, "ann@example.com", "wrong one", headers: from("10.0.0.1")),
                        .unauthorized
                    )
                }
                // Untrusted, a new X-Forwarded-For does not buy a fresh count.
                expectProblem(
                    try await tokenAttempt(client, "ann@example.com", "correct horse", headers: from("10.0.0.3")),
                    .tooManyRequests
                )
            }
        }

        /// A throttled attempt does no bcrypt: ten of them take less time than one real check of
        /// an unknown email (which runs bcrypt at the production cost against a dummy hash).
        @Test func throttledAttemptsSkipBcrypt() async throws {
            let store = try await Store.open(.sqliteMemory, bcryptCost: 4)
            try await store.migrate()
            let limits = LoginLimits(perAccount: 1, perClient: 100, window: 900)
            let clock = ContinuousClock()
            await #expect(throws: StoreError.unauthorized("wrong email or password")) {
                _ = try await store.users.authenticate(
                    email: "warm@example.com",
                    password: "x",
                    client: "a",
                    limits: limits
                )
            }
            let oneCheck = try await clock.measure {
                await #expect(throws: StoreError.self) {
                    _ = try await store.users.authenticate(
                        email: "nobody@example.com",
                        password: "x",
                        client: "a",
                        limits: limits
                    )
                }
            }
            let tenThrottled = try await clock.measure {
                for _ in 1...10 {
                    await #expect(throws: LoginThrottled.self) {
                        _ = try await store.users.authenticate(
                            email: "nobody@example.com",
                            password: "x",
                            client: "a",
                            limits: limits
                        )
                    }
                }
            }
            #expect(tenThrottled < oneCheck, "10 throttled: \(tenThrottled), one bcrypt check: \(oneCheck)")
            await store.database.close()
        }

        /// Failures are rows in the database: a restart does not forget them.
        @Test func failuresSurviveARestart() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "tally-throttle-\(UUID().uuidString)"
            )
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.path + "/t.sqlite"
            let first = try await Store.open(.sqliteFile(path), bcryptCost: 4)
            try await first.migrate()
            _ = try await first.users.signUp(email: "ann@example.com", password: "correct horse", openSignup: true)
            for _ in 1...5 {
                await #expect(throws: StoreError.self) {
                    _ = try await first.users.authenticate(
                        email: "ann@example.com",
                        password: "nope nope",
                        client: "198.51.100.7"
                    )
                }
            }
            await first.database.close()
            let second = try await Store.open(.sqliteFile(path), bcryptCost: 4)
            let error = await #expect(throws: LoginThrottled.self) {
                _ = try await second.users.authenticate(
                    email: "ann@example.com",
                    password: "correct horse",
                    client: "198.51.100.8"
                )
            }
            #expect(error?.byClient == false)
            // Pruning keeps what is inside the window.
            #expect(try await second.users.pruneLoginFailures() == 0)
            let rows = try await second.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM login_failures").first()!.decode(column: "n", as: Int.self)
            }
            #expect(rows == 5)
            await second.database.close()
        }
    }
}
