import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import Testing

@testable import TallyWeb

extension API {
    /// `/metrics` and `X-Request-Id`: what operators see of a running server.
    @Suite struct Operations {
        static let metricsToken = "metrics-token-0123456789"

        /// An app with metrics on its own port behind the token, its store counting into them.
        func withMetricsApp(_ body: @Sendable (Client, Store) async throws -> Void) async throws {
            let metrics = AppMetrics()
            let store = try await Store.open(.sqliteMemory, bcryptCost: 4, metrics: metrics.store)
            try await store.migrate()
            let configuration = AppConfiguration(
                openSignup: true,
                metrics: MetricsSettings(metrics: metrics, token: Self.metricsToken)
            )
            let app = try await buildApplication(configuration, store: store)
            try await app.test(.router) { client in try await body(Client(raw: client), store) }
        }

        /// The metric lines (no comments) of a scrape, which must succeed.
        func scrape(_ client: Client) async throws -> [String] {
            let response = try await client.get("/metrics", token: Self.metricsToken)
            try #require(response.status == .ok, "\(response.status)")
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            return response.text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        }

        @Test func metricsAreOffByDefault() async throws {
            try await withApp { client, _ in
                let off = try await client.get("/metrics")
                #expect(off.status == .notFound)
                // A bearer token there is an API token the server does not know.
                let other = try await client.get("/metrics", token: Self.metricsToken)
                #expect(other.status == .unauthorized)
            }
        }

        @Test func metricsAnswerOnlyTheToken() async throws {
            try await withMetricsApp { client, _ in
                let none = try await client.get("/metrics")
                #expect(none.status == .unauthorized)
                #expect(none.headers[.wwwAuthenticate] == "Bearer realm=\"metrics\"")
                #expect(none.text.isEmpty)
                let wrong = try await client.get("/metrics", token: "metrics-token-0123456780")
                #expect(wrong.status == .forbidden && wrong.text.isEmpty)
                let post = try await client.post("/metrics", token: Self.metricsToken)
                #expect(post.status == .methodNotAllowed)
                #expect(try await scrape(client).contains("tally_users 0.0"))
            }
        }

        @Test func metricsCountRequestsAddsImportsAndFailures() async throws {
            try await withMetricsApp { client, _ in
                let owner = try await makeOwner(client)
                for amount in ["4.50", "3.20"] {
                    try await addTransaction(client, owner, ["amount": amount, "payee": "Cafe", "date": "2026-03-04"])
                }
                let csv =
                    "date,amount,kind,payee\n2026-03-05,12.00,expense,Grocer\n2026-03-06,8.00,expense,Grocer\n"
                    + "2026-03-07,1.00,expense,Bus\n"
                let imported = try await client.post(
                    "\(owner.books)/imports",
                    token: owner.token,
                    body: ByteBuffer(string: csv),
                    headers: [.contentType: "text/csv"]
                )
                try #require(imported.status == .created || imported.status == .ok, "\(imported.text)")
                expectProblem(try await tokenAttempt(client, owner.email, "not the password"), .unauthorized)
                _ = try await client.get("/api/v1/no-such-thing")
                let lines = try await scrape(client)
                for expected in [
                    "tally_users 1.0", "tally_books 1.0", "tally_records 5.0", "tally_records_added_total 2",
                    "tally_imports_total{kind=\"records\"} 1", "tally_records_imported_total 3",
                    "tally_signin_failures_total{reason=\"wrong\"} 1",
                    "tally_http_requests_total{route=\"/api/v1/books/{book}/transactions\",method=\"POST\",status=\"201\"} 2",
                    "tally_http_requests_total{route=\"/api/v1/tokens\",method=\"POST\",status=\"401\"} 1",
                    "tally_db_connections_in_use{pool=\"write\"} 0.0",
                    "tally_db_connections_waiting{pool=\"read\"} 0.0",
                ] {
                    #expect(lines.contains(expected), "missing: \(expected)")
                }
                // Latency histograms by route; no series names a raw path.
                #expect(
                    lines.contains {
                        $0.hasPrefix(
                            "tally_http_request_duration_seconds_count{route=\"/api/v1/books/{book}/transactions\",method=\"POST\",status=\"201\"}"
                        )
                    }
                )
                #expect(lines.contains { $0.hasPrefix("tally_db_connection_acquire_seconds_bucket{pool=\"read\"") })
                #expect(!lines.contains { $0.contains("no-such-thing") || $0.contains("/books/\(owner.book)") })
            }
        }

        /// Hummingbird drops the leading zeros of its per-process half: one test process in
        /// sixteen saw 31-digit ids before they were padded.
        @Test func ownRequestIDsAreAlways32HexDigits() {
            #expect(
                RequestIDMiddleware<AppContext>.padded("ad42824034f7bdbb745cd978fd4df28")
                    == "0ad42824034f7bdbb745cd978fd4df28"
            )
            #expect(RequestIDMiddleware<AppContext>.padded(String(repeating: "f", count: 32)).count == 32)
        }

        @Test func everyAnswerCarriesARequestID() async throws {
            try await withApp { client, _ in
                let owner = try await makeOwner(client)
                var seen: Set<String> = []
                for response in [
                    try await client.get("/api/v1/books", token: owner.token),
                    try await client.get("/api/v1/books"),
                    try await client.get("/api/v1/nothing-here"),
                    try await client.get("/login"),
                    try await client.get("/no-page-here"),
                    try await client.post(
                        "\(owner.books)/transactions",
                        token: owner.token,
                        json: "{\"amount\": \"x\"}"
                    ),
                ] {
                    let id = try #require(response.headers[.init("X-Request-Id")!], "\(response.status)")
                    #expect(id.count == 32 && id.allSatisfy(\.isHexDigit), "\(id)")
                    seen.insert(id)
                }
                #expect(seen.count == 6, "each request its own id")
                // A sent id is kept when short and printable, replaced otherwise.
                let kept = try await client.get("/api/v1/books", headers: [.init("X-Request-Id")!: "edge-7f3a:01"])
                #expect(kept.headers[.init("X-Request-Id")!] == "edge-7f3a:01")
                for bad in [String(repeating: "a", count: 65), "two words", "caf\u{E9}"] {
                    let replaced = try await client.get("/api/v1/books", headers: [.init("X-Request-Id")!: bad])
                    let id = replaced.headers[.init("X-Request-Id")!]
                    #expect(id != bad && id?.count == 32, "\(bad) → \(id ?? "none")")
                }
            }
        }

        /// `--metrics-address`: a router of its own with `/metrics` and nothing else.
        @Test func aMetricsAddressServesOnlyMetrics() async throws {
            let metrics = AppMetrics()
            let store = try await Store.open(.sqliteMemory, bcryptCost: 4, metrics: metrics.store)
            try await store.migrate()
            let app = Application(router: MetricsEndpoint(metrics: metrics, store: store, token: nil).router())
            try await app.test(.router) { client in
                let scrape = try await client.execute(uri: "/metrics", method: .get)
                #expect(scrape.status == .ok)
                #expect(String(buffer: scrape.body).contains("tally_records 0.0"))
                #expect(try await client.execute(uri: "/api/v1/books", method: .get).status == .notFound)
            }
            await store.database.close()
        }
    }
}
