import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing

/// Runs `body` against the real application on a fresh in-memory SQLite store built with
/// `configuration` (for the options `withApp` does not take: limits, proxy trust, public URL,
/// secure cookies).
func withConfiguredApp(
    _ configuration: AppConfiguration,
    _ body: @Sendable (Client, Store) async throws -> Void
) async throws {
    let store = try await Store.open(.sqliteMemory, bcryptCost: 4)
    try await store.migrate()
    let app = try await buildApplication(configuration, store: store)
    try await app.test(.router) { client in try await body(Client(raw: client), store) }
}

/// `POST /api/v1/tokens` with these credentials (and extra headers).
func tokenAttempt(
    _ client: Client,
    _ email: String,
    _ password: String,
    headers: HTTPFields = [:]
) async throws -> TestResponse {
    try await client.post("/api/v1/tokens", json: json(["email": email, "password": password]), headers: headers)
}

/// The `Set-Cookie` of `name` in a response, parsed.
func setCookie(_ response: TestResponse, _ name: String) -> SetCookie? {
    response.headers[values: .setCookie].compactMap(SetCookie.init).first { $0.name == name }
}

/// A 64-hex-digit value nobody signed.
let madeUpToken = String(repeating: "ab", count: 32)
