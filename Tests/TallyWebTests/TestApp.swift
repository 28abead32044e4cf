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

// MARK: - Backends

/// A database the API suite runs against. SQLite (in memory) always; PostgreSQL too when
/// `TEST_DATABASE_URL` names one.
enum Backend: Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres(url: String)

    /// `TEST_DATABASE_URL`, when set to a postgres:// URL.
    static let postgresURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"], !url.isEmpty else { return nil }
        return url
    }()

    /// The backends every API test runs on. Without `TEST_DATABASE_URL` this is SQLite only, and
    /// `PostgreSQLBackend.reachable` is reported as skipped.
    static let all: [Backend] = [.sqlite] + (postgresURL.map { [.postgres(url: $0)] } ?? [])

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }
}

/// Every table, children first, so rows can be deleted in this order without breaking a
/// foreign key.
let allTables = [
    "rule_run_rows", "rule_runs", "imported_ids", "statement_import_rows", "statement_imports", "import_presets",
    "rules",
    "user_photos", "recovery_codes", "book_invitations", "bill_payments", "bills", "goal_contributions", "goals",
    "budget_categories",
    "budget_accounts",
    "budgets",
    "calendar_feeds", "user_settings",
    "receipts", "transaction_tags", "tags", "transaction_lines", "transactions", "payees", "categories", "accounts",
    "book_members", "api_tokens",
    "sessions", "books",
    "users", "login_failures", "server_secrets",
]

/// The API suites. `.serialized` because the PostgreSQL variant shares one database whose tables
/// are emptied before each test; every API suite is nested in this one (see the `extension API`
/// in each file) so no two of them ever run at the same time. The time limit counts the wait for
/// the PostgreSQL lock too, which the whole-surface walk (`Surface`) holds for two or three
/// minutes; a test that hangs is still stopped.
@Suite(.serialized, .timeLimit(.minutes(5))) struct API {}

extension API {
    /// Reports the PostgreSQL variant as skipped (with the reason) when no server is configured.
    @Suite struct PostgreSQLBackend {
        @Test(.disabled(if: Backend.postgresURL == nil, "TEST_DATABASE_URL not set: PostgreSQL API tests skipped"))
        func reachable() async throws {
            #expect(Backend.all.count == 2)
            try await withApp(try #require(Backend.all.last)) { client, store in
                #expect(store.database.engine == .postgres)
                #expect(try await store.users.userCount() == 0, "every test starts from empty tables")
                let health = try await client.get("/health")
                #expect(health.status == .ok && health.text == "ok")
            }
        }
    }
}

/// PostgreSQL advisory lock held for the whole of each PostgreSQL-backed test. `.serialized`
/// orders the tests of this target; the lock also keeps out any other test target (or process)
/// that empties the same database and takes the same lock.
let postgresTestLock: Int64 = 7_433_001

// MARK: - Running the app

/// Builds the app on a fresh, empty database of `backend` and runs `body` with a router client.
/// SQLite gets a private in-memory database; PostgreSQL gets its pool running in a background
/// task for the duration, and every table emptied first.
func withApp(
    _ backend: Backend = .sqlite,
    openSignup: Bool = false,
    _ body: @Sendable (Client, Store) async throws -> Void
) async throws {
    let configuration = AppConfiguration(openSignup: openSignup)
    switch backend {
    case .sqlite:
        let store = try await Store.open(.sqliteMemory, bcryptCost: 4)
        do {
            try await store.migrate()
            // The real application, with its database service (which closes SQLite at the end).
            let app = try await buildApplication(configuration, store: store)
            try await app.test(.router) { client in try await body(Client(raw: client), store) }
        } catch {
            // A test that gives up closes SQLite too (closing twice is harmless): the service does
            // not get to when the test's closure throws, and an unclosed connection asserts in its
            // deinit, which would end the whole test process and every suite after this one.
            await store.database.close()
            throw error
        }
    case .postgres(let url):
        let store = try await Store.open(.postgres(url), bcryptCost: 4)
        let runner = Task { await store.database.run() }
        do {
            // One pooled connection holds the lock while the test uses the others.
            try await store.database.read { lock in
                try await lock.raw("SELECT pg_advisory_lock(\(literal: postgresTestLock))").run()
                do {
                    try await store.migrate()
                    try await store.database.write { db in
                        for table in allTables { try await db.raw("DELETE FROM \(unsafeRaw: table)").run() }
                    }
                    let app = Application(router: try await buildRouter(configuration, store: store))
                    try await app.test(.router) { client in try await body(Client(raw: client), store) }
                } catch {
                    try? await lock.raw("SELECT pg_advisory_unlock(\(literal: postgresTestLock))").run()
                    throw error
                }
                try await lock.raw("SELECT pg_advisory_unlock(\(literal: postgresTestLock))").run()
            }
        } catch {
            runner.cancel()
            await runner.value
            throw error
        }
        runner.cancel()
        await runner.value
    }
}

/// A thin wrapper over the test client: bearer tokens and JSON bodies.
struct Client: Sendable {
    let raw: any TestClientProtocol

    func send(
        _ method: HTTPRequest.Method,
        _ uri: String,
        token: String? = nil,
        json: String? = nil,
        body: ByteBuffer? = nil,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        var buffer = body
        if let json {
            headers[.contentType] = "application/json"
            buffer = ByteBuffer(string: json)
        }
        return try await raw.execute(uri: uri, method: method, headers: headers, body: buffer)
    }

    func get(_ uri: String, token: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await send(.get, uri, token: token, headers: headers)
    }

    func post(
        _ uri: String,
        token: String? = nil,
        json: String? = nil,
        body: ByteBuffer? = nil,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        try await send(.post, uri, token: token, json: json, body: body, headers: headers)
    }

    func patch(_ uri: String, token: String? = nil, json: String? = nil) async throws -> TestResponse {
        try await send(.patch, uri, token: token, json: json)
    }

    func delete(_ uri: String, token: String? = nil) async throws -> TestResponse {
        try await send(.delete, uri, token: token)
    }
}

// MARK: - JSON

/// Encodes a JSON object for a request body.
func json(_ object: [String: Any]) -> String {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}

/// `Authorization: Bearer …` as a header set, for hand-built requests.
func bearer(_ token: String) -> HTTPFields {
    [.authorization: "Bearer \(token)"]
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The body decoded as `T` (snake_case keys).
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(T.self, from: Data(buffer: body))
    }
}

// MARK: - API shapes (decoded strictly: amounts must be strings)

struct UserJSON: Decodable {
    let id: Int64
    let email: String
}
struct NewTokenJSON: Decodable {
    let id: Int64
    let token: String
}
struct TokenJSON: Decodable {
    let id: Int64
    let name: String
    let createdAt: String
    let lastUsedAt: String?
}
struct BookJSON: Decodable {
    let id: Int64
    let name: String
    let currency: String
    let role: String
}

struct TxJSON: Decodable {
    let id: Int64, kind: String, amount: String, currency: String, date: String, time: String?
    let payee: String, category: String?, categoryId: Int64?, account: String?, accountId: Int64?
    let toAccount: String?, toAccountId: Int64?, note: String, receipts: Int
}

struct PageJSON: Decodable {
    let transactions: [TxJSON]
    let nextCursor: String?
}

struct CategoryJSON: Decodable {
    let id: Int64, name: String, path: String, kind: String, parentId: Int64?, icon: String, color: String
}

struct AccountJSON: Decodable {
    let id: Int64, name: String, kind: String, currency: String, openingBalance: String, balance: String, archived: Bool
}

struct CalendarDayJSON: Decodable { let date: String, expense: String, income: String, count: Int }

struct CalendarJSON: Decodable {
    let month: String, currency: String, days: [CalendarDayJSON]
    let expense: String, income: String, cashFlow: String, count: Int, dailyAverage: String
}

struct PayeeJSON: Decodable { let name: String, categoryId: Int64?, accountId: Int64?, amount: String? }

struct ReceiptJSON: Decodable { let id: Int64, transactionId: Int64, contentType: String, bytes: Int, url: String }

struct ProblemJSON: Decodable { let type: String, title: String, status: Int, detail: String, field: String? }

// MARK: - Assertions

/// Checks an RFC 9457 error: status, `application/problem+json`, a `detail`, and optionally the
/// field and words in the detail.
@discardableResult
func expectProblem(
    _ response: TestResponse,
    _ status: HTTPResponse.Status,
    field: String? = nil,
    detailContains: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> ProblemJSON? {
    #expect(response.status == status, "body: \(response.text)", sourceLocation: sourceLocation)
    #expect(response.headers[.contentType] == "application/problem+json", sourceLocation: sourceLocation)
    guard let problem = try? response.decode(ProblemJSON.self) else {
        Issue.record("not a problem+json body: \(response.text)", sourceLocation: sourceLocation)
        return nil
    }
    #expect(problem.status == Int(status.code), sourceLocation: sourceLocation)
    #expect(!problem.detail.isEmpty, sourceLocation: sourceLocation)
    if let field { #expect(problem.field == field, "detail: \(problem.detail)", sourceLocation: sourceLocation) }
    if let detailContains {
        #expect(problem.detail.contains(detailContains), "detail: \(problem.detail)", sourceLocation: sourceLocation)
    }
    return problem
}

/// Checks the status, showing the body when it differs.
func expectStatus(
    _ response: TestResponse,
    _ status: HTTPResponse.Status,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(response.status == status, "body: \(response.text)", sourceLocation: sourceLocation)
}

// MARK: - Fixtures

/// A signed-up user with an API token and their first book.
struct Owner: Sendable {
    let id: Int64
    let email: String
    let password: String
    let token: String
    let book: Int64

    var books: String { "/api/v1/books/\(book)" }
}

/// Signs up through the API; returns the new user.
@discardableResult
func signUp(
    _ client: Client,
    email: String,
    password: String = "correct horse",
    currency: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> UserJSON {
    var body: [String: Any] = ["email": email, "password": password]
    if let currency { body["currency"] = currency }
    let response = try await client.post("/api/v1/users", json: json(body))
    try #require(response.status == .created, "sign-up: \(response.text)", sourceLocation: sourceLocation)
    return try response.decode()
}

/// Makes an API token by email and password.
func token(
    for email: String,
    password: String = "correct horse",
    _ client: Client,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> String {
    let response = try await client.post(
        "/api/v1/tokens",
        json: json(["email": email, "password": password, "name": "tests"])
    )
    try #require(response.status == .created, "token: \(response.text)", sourceLocation: sourceLocation)
    return try response.decode(NewTokenJSON.self).token
}

/// Signs up, makes a token and finds the first book.
func makeOwner(
    _ client: Client,
    email: String = "ann@example.com",
    currency: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Owner {
    let user = try await signUp(client, email: email, currency: currency, sourceLocation: sourceLocation)
    let secret = try await token(for: email, client, sourceLocation: sourceLocation)
    let books: [BookJSON] = try await client.get("/api/v1/books", token: secret).decode()
    let book = try #require(books.first, sourceLocation: sourceLocation)
    return Owner(id: user.id, email: email, password: "correct horse", token: secret, book: book.id)
}

/// Records a transaction through the API; the response must be 201.
@discardableResult
func addTransaction(
    _ client: Client,
    _ owner: Owner,
    _ fields: [String: Any],
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> TxJSON {
    let response = try await client.post("\(owner.books)/transactions", token: owner.token, json: json(fields))
    try #require(response.status == .created, "add: \(response.text)", sourceLocation: sourceLocation)
    return try response.decode()
}

/// Every record of the owner's book, in API order.
func allTransactions(
    _ client: Client,
    _ owner: Owner,
    query: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> [TxJSON] {
    let response = try await client.get("\(owner.books)/transactions?limit=500\(query)", token: owner.token)
    try #require(response.status == .ok, "list: \(response.text)", sourceLocation: sourceLocation)
    return try response.decode(PageJSON.self).transactions
}

/// The owner's categories.
func categories(_ client: Client, _ owner: Owner) async throws -> [CategoryJSON] {
    try await client.get("\(owner.books)/categories", token: owner.token).decode()
}

/// The owner's accounts with balances.
func accounts(_ client: Client, _ owner: Owner) async throws -> [AccountJSON] {
    try await client.get("\(owner.books)/accounts", token: owner.token).decode()
}

/// A category id by path ("Food:Coffee").
func categoryID(
    _ path: String,
    _ client: Client,
    _ owner: Owner,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Int64 {
    try #require(try await categories(client, owner).first { $0.path == path }, sourceLocation: sourceLocation).id
}

/// An account by name.
func account(
    _ name: String,
    _ client: Client,
    _ owner: Owner,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> AccountJSON {
    try #require(try await accounts(client, owner).first { $0.name == name }, sourceLocation: sourceLocation)
}

/// The smallest byte strings the receipt sniffer accepts.
enum Images {
    /// A PNG whose IHDR says 1 × 1 pixels.
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]
        + Array(repeating: 7, count: 40)
    /// A JPEG: SOI, a JFIF APP0 segment, a baseline frame (SOF0) of 1 × 1 pixels, EOI.
    static let jpeg: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00] + Array(repeating: 3, count: 9)
        + [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]
        + Array(repeating: 3, count: 18) + [0xFF, 0xD9]
}
