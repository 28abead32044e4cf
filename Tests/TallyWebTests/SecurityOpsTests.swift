import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SQLKit
import TallyCore
import Testing

@testable import TallyStore
@testable import TallyWeb

extension API {
    /// Running it for real: /healthz, the sweep, the feed's address and its hashed token.
    @Suite struct SecurityOps {
        @Test(arguments: Backend.all)
        func healthzReportsTheDatabase(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let health = try await client.get("/healthz")
                expectStatus(health, .ok)
                #expect(health.headers[.contentType] == "application/json; charset=utf-8")
                let body = try JSONSerialization.jsonObject(with: Data(health.text.utf8)) as? [String: String]
                #expect(body?["status"] == "ok" && body?["database"] == "ok")
                #expect(try await client.get("/health").text == "ok", "the plain liveness check stays")
            }
        }

        /// A database that never answers: 503 within the timeout, not a hung request.
        @Test func healthzIs503WhenTheDatabaseIsGone() async throws {
            let store = try await Store.open(.sqliteMemory, bcryptCost: 4)
            try await store.migrate()
            let router = try await buildRouter(AppConfiguration(), store: store)
            await store.database.close()
            let app = Application(router: router)
            try await app.test(.router) { client in
                let started = ContinuousClock.now
                let health = try await client.execute(uri: "/healthz", method: .get)
                #expect(health.status == .serviceUnavailable)
                #expect(String(buffer: health.body).contains(#""status":"unavailable""#))
                #expect(ContinuousClock.now - started < .seconds(10))
            }
        }

        @Test(arguments: Backend.all)
        func theSweepDeletesExpiredSessionsAndOldFailures(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let now = Int64(Date().timeIntervalSince1970)
                try await store.users.putSession(key: "expired", value: #"{"userID":1}"#, expiresAt: now - 10)
                try await store.users.putSession(key: "live", value: #"{"userID":1}"#, expiresAt: now + 3600)
                try await store.database.write { db in
                    try await db.raw(
                        "INSERT INTO login_failures (account_key, client, failed_at) VALUES ('a', 'b', \(bind: now - 3600))"
                    ).run()
                    try await db.raw(
                        "INSERT INTO login_failures (account_key, client, failed_at) VALUES ('a', 'b', \(bind: now - 60))"
                    ).run()
                }
                let service = MaintenanceService(store: store, limits: .standard, logger: Logger(label: "test"))
                // The app's own service sweeps at start too, and may get there first: count what
                // is left, not what this round deleted.
                let swept = await service.sweep()
                #expect(swept.sessions <= 1 && swept.failures <= 1 && swept.keys == 0)
                let left = try await store.database.read { db in
                    (
                        try await db.raw("SELECT expires_at FROM sessions").all().map {
                            try $0.decode(column: "expires_at", as: Int64.self)
                        },
                        try await db.raw("SELECT failed_at FROM login_failures").all().map {
                            try $0.decode(column: "failed_at", as: Int64.self)
                        }
                    )
                }
                #expect(left.0 == [now + 3600], "only the live session is left")
                #expect(left.1 == [now - 60])
            }
        }

        /// The feed link comes from the configured public address whatever Host arrives, and
        /// the API shows it only when it is made.
        @Test func theFeedAddressIgnoresTheHostHeader() async throws {
            let configuration = AppConfiguration(
                publicURL: try AppConfiguration.publicURL("https://tally.example.com/")
            )
            try await withConfiguredApp(configuration) { client, store in
                try await signUp(client, email: "ann@example.com")
                let token = try await token(for: "ann@example.com", client)
                var headers = bearer(token)
                headers[HTTPField.Name("X-Forwarded-Host")!] = "evil.example"
                headers[HTTPField.Name("X-Forwarded-Proto")!] = "http"
                let made = try await client.get("/api/v1/calendar-feed", headers: headers)
                expectStatus(made, .ok)
                let url = try #require(
                    (try JSONSerialization.jsonObject(with: Data(made.text.utf8)) as? [String: Any])?["url"] as? String
                )
                #expect(url.hasPrefix("https://tally.example.com/calendar/") && url.hasSuffix(".ics"))
                #expect(!made.text.contains("evil"))
                let rotated = try await client.send(.post, "/api/v1/calendar-feed/rotate", headers: headers)
                #expect(rotated.text.contains(#""url":"https://tally.example.com/calendar/"#))
            }
        }

        @Test func publicURLsAreChecked() throws {
            #expect(try AppConfiguration.publicURL("https://tally.example.com/") == "https://tally.example.com")
            #expect(try AppConfiguration.publicURL("http://192.168.1.5:8080") == "http://192.168.1.5:8080")
            for bad in [
                "tally.example.com", "ftp://x", "https://", "https://a b", "https://x/?q=1", "https://x/#f",
                "javascript:alert(1)",
            ] {
                #expect(throws: FieldError.self, "\(bad)") { try AppConfiguration.publicURL(bad) }
            }
            #expect(AppConfiguration(host: "0.0.0.0", port: 9000).publicURL == "http://0.0.0.0:9000")
            #expect(AppConfiguration(host: "::1").publicURL == "http://[::1]:8080")
        }

        /// Migration 6 hashes the feed tokens already handed out: old links keep working, and
        /// the table no longer holds them.
        @Test func migrationSixHashesExistingFeedTokens() async throws {
            let store = try await Store.open(.sqliteMemory, bcryptCost: 4)
            try await Migrator.migrate(store.database, upTo: 5)
            let user = try await store.users.signUp(
                email: "ann@example.com",
                password: "correct horse",
                openSignup: true
            )
            let plain = String(repeating: "0123456789abcdef", count: 4)
            try await store.database.write { db in
                try await db.raw(
                    "INSERT INTO calendar_feeds (user_id, token, created_at) VALUES (\(bind: user.id), \(bind: plain), '2026-01-01T00:00:00Z')"
                ).run()
            }
            #expect(
                try await store.migrate() == [
                    6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
                ]
            )
            let stored = try await store.database.read { db in
                try await db.raw("SELECT token_hash FROM calendar_feeds").first()!.decode(
                    column: "token_hash",
                    as: String.self
                )
            }
            #expect(stored != plain && stored.count == 64)
            let feed = try await store.plans.calendarFeed(token: plain)
            #expect(feed.user.id == user.id)
            #expect(try await store.plans.calendarFeedCreatedAt(for: user) == "2026-01-01T00:00:00Z")
            await store.database.close()
        }
    }
}
