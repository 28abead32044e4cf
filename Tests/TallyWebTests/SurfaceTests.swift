import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

/// The whole surface, driven by the router's own route list: a route added tomorrow is requested
/// by these tests without anyone editing them.
///
/// The walk of every GET runs on SQLite and, when `TEST_DATABASE_URL` is set, on PostgreSQL; the
/// isolation, CSRF and bad-body walks run on SQLite (they test the HTTP layer, which is the same
/// over both engines).
@Suite(.serialized, .timeLimit(.minutes(10))) struct Surface {
    /// Query strings tried on every GET route: the date bounds and one step past them, the year
    /// 9999 that once hung the server, the largest amounts and one past them, huge limits,
    /// malformed cursors, every interval over the widest range, and hostile search text.
    static let queries = [
        "", "?from=1900-01-01&to=2199-12-31", "?from=1899-12-31", "?to=2200-01-01", "?from=9999-12-01&to=9999-12-31",
        "?from=2199-12-01&to=2199-12-31&interval=day", "?from=2199-12-01&to=2199-12-31&interval=week",
        "?from=1900-01-01&to=2199-12-31&interval=day", "?from=1900-01-01&to=2199-12-31&interval=week",
        "?from=1900-01-01&to=2199-12-31&interval=month", "?from=1900-01-01&to=2199-12-31&interval=year",
        "?from=9999-01-01&to=9999-12-31&interval=year", "?from=2199-12-31&to=1900-01-01",
        "?date=2199-12-31&span=week", "?date=2199-12-31&span=year", "?date=1900-01-01&span=week", "?date=9999-12-15",
        "?date=9999-12-31&span=week", "?date=2200-01-01", "?date=0000-00-00",
        "?month=2199-12", "?month=1900-01", "?month=9999-12", "?month=2200-01", "?month=0001-01",
        "?amount_min=9999999999.99&amount_max=9999999999.99", "?amount_min=10000000000",
        "?amount_max=-92233720368547758.08",
        "?limit=0", "?limit=99999999999999999999", "?limit=-1", "?cursor=garbage",
        "?cursor=2199-12-31%7C%7C9223372036854775807",
        "?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "?payee=%3D1%2B2", "?by=payee", "?by=account", "?by=subcategory",
        "?by=nonsense",
        "?format=csv&from=1900-01-01&to=2199-12-31", "?format=pdf&from=1900-01-01&to=2199-12-31", "?format=nonsense",
        "?kind=income", "?kind=nonsense", "?next=//evil.com", "?from=%00&to=%FF",
        "?through=2199-12-31&limit=500", "?through=1900-01-01", "?through=9999-12-31", "?limit=1000000",
        "?order=oldest&limit=500",
        "?paid_on=9999-12-31&amount=99999999999999999999", "?paid_on=2199-12-31&amount=9999999999.99", "?dry_run=maybe",
    ]

    /// Values tried in place of each path parameter in turn.
    static let pathValues = [
        "0", "-1", "9223372036854775807", "99999999999999999999", "abc", "1900-01-01", "2199-12-31", "2200-01-01",
        "9999-12-31",
        "1899-12-31", "%00", "..%2F..", "%F0%9F%92%B8", "0.ics", String(repeating: "f", count: 64) + ".ics",
    ]

    @Test(
        "every route of the router, for the owner and for nobody, with edge values: no 5xx, hostile text escaped",
        arguments: Backend.all
    )
    func everyRoute(_ backend: Backend) async throws {
        try await withApp(backend, openSignup: true) { client, store in
            let book = try await makeSurfaceBook(client, store: store)
            let routes = try await buildRouter(AppConfiguration(openSignup: true), store: store).routes
            #expect(routes.count > 100, "the router lists its routes")
            let before = try await fingerprint(client, book)
            var requests = 0
            var pages = 0
            var tried: Set<String> = []
            var failures: [String] = []

            func check(_ label: String, _ response: TestResponse) {
                requests += 1
                if response.status.code >= 500 {
                    failures.append("\(label) → \(response.status.code): \(response.text.prefix(200))")
                }
                if response.headers[.contentType]?.hasPrefix("text/html") == true {
                    pages += 1
                    let html = response.text
                    for raw in [Hostile.script, Hostile.bold] where html.contains(raw) {
                        failures.append("\(label): unescaped \(raw)")
                    }
                }
            }

            for route in routes {
                let key = "\(route.method) \(route.path)"
                let path = route.path.description
                let isAPI = path.hasPrefix("/api/")
                tried.insert(key)
                // The owner: every GET with every query, and every parameter with every edge value.
                if route.method == .get {
                    for query in Self.queries {
                        let uri = book.fill(path) + query
                        check(
                            "owner GET \(uri)",
                            isAPI
                                ? try await client.get(uri, token: book.owner.token)
                                : try await book.ownerBrowser.get(uri)
                        )
                    }
                    for name in parameters(path) {
                        for value in Self.pathValues {
                            let uri = book.fill(path, override: [name: value])
                            check(
                                "owner GET \(uri)",
                                isAPI
                                    ? try await client.get(uri, token: book.owner.token)
                                    : try await book.ownerBrowser.get(uri)
                            )
                        }
                    }
                }
                // Nobody: never a 2xx on a book, never a 5xx.
                let anonymous = try await client.send(route.method, book.fill(path))
                check("anonymous \(route.method) \(path)", anonymous)
                if path.contains("{book}") && !publicBookRoutes.contains(path)
                    && (200..<300).contains(anonymous.status.code)
                {
                    failures.append("anonymous \(route.method) \(path) → \(anonymous.status.code)")
                }
            }
            let after = try await fingerprint(client, book)
            #expect(before == after, "reads and anonymous requests changed nothing")
            #expect(tried.count == Set(routes.map { "\($0.method) \($0.path)" }).count)
            print(
                "surface (\(backend.testDescription)): \(tried.count) of \(routes.count) routes (100%) by the owner (every GET with every edge value) and by nobody; \(requests) requests, \(pages) HTML pages checked for escaping; \(book.recordCount) records"
            )
            #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(40).joined(separator: "\n"))")
        }
    }

    @Test("every /books/{book} route, every method, by a member of another book: 404, and nothing changes")
    func strangerGetsNotFound() async throws {
        try await withApp(.sqlite, openSignup: true) { client, store in
            let book = try await makeSurfaceBook(client, store: store, records: 200)
            let routes = try await buildRouter(AppConfiguration(openSignup: true), store: store).routes
            let before = try await fingerprint(client, book)
            var failures: [String] = []
            var tried = 0
            for route in routes
            where route.path.description.contains("{book}") && !publicBookRoutes.contains(route.path.description) {
                let path = route.path.description
                let uri = book.fill(path)
                let response: TestResponse
                if path.hasPrefix("/api/") {
                    response = try await client.send(
                        route.method,
                        uri,
                        token: book.stranger.token,
                        json: "{\"name\":\"x\",\"amount\":\"1.00\"}"
                    )
                } else if route.method == .get {
                    response = try await book.strangerBrowser.get(uri)
                } else {
                    response = try await book.strangerBrowser.post(
                        uri,
                        [("name", "x"), ("amount", "1.00"), ("move_to", "1")]
                    )
                }
                tried += 1
                if response.status != .notFound {
                    failures.append("stranger \(route.method) \(uri) → \(response.status.code)")
                }
            }
            #expect(try await fingerprint(client, book) == before, "a stranger changed the owner's book")
            print(
                "isolation: \(tried) book routes × every method by a stranger: \(tried - failures.count) answered 404"
            )
            #expect(tried > 60)
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }

    @Test("every unsafe request carried by the session cookie without a valid CSRF token: 403, and nothing changes")
    func csrfEverywhere() async throws {
        try await withApp(.sqlite, openSignup: true) { client, store in
            let book = try await makeSurfaceBook(client, store: store, records: 200)
            let routes = try await buildRouter(AppConfiguration(openSignup: true), store: store).routes
            let before = try await fingerprint(client, book)
            // These two authenticate by the email and password in their body, never by the cookie.
            let exempt: Set<String> = ["/api/v1/users", "/api/v1/tokens"]
            var failures: [String] = []
            var tried = 0
            for route in routes
            where route.method != .get && route.method != .head && !exempt.contains(route.path.description) {
                let uri = book.fill(route.path.description)
                for csrf in [nil, "0" + String(repeating: "a", count: 63)] as [String?] {
                    let response: TestResponse
                    if uri.hasPrefix("/api/") {
                        var headers = book.ownerBrowser.cookieHeader
                        if let csrf { headers[HTTPField.Name("X-CSRF-Token")!] = csrf }
                        response = try await client.send(
                            route.method,
                            uri,
                            json: "{\"name\":\"x\",\"amount\":\"1.00\"}",
                            headers: headers
                        )
                    } else {
                        response = try await book.ownerBrowser.post(
                            uri,
                            [("name", "x"), ("amount", "1.00")],
                            csrf: .some(csrf)
                        )
                    }
                    tried += 1
                    if response.status != .forbidden {
                        failures.append("\(route.method) \(uri) csrf=\(csrf ?? "none") → \(response.status.code)")
                    }
                }
            }
            #expect(try await fingerprint(client, book) == before, "a request without a CSRF token changed the book")
            print("csrf: \(tried) unsafe requests without a valid token: \(tried - failures.count) refused with 403")
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }

    @Test("every write route of the owner with bad and edge bodies: 4xx or 2xx, never 5xx")
    func badBodies() async throws {
        try await withApp(.sqlite, openSignup: true) { client, store in
            let book = try await makeSurfaceBook(client, store: store, records: 200)
            let routes = try await buildRouter(AppConfiguration(openSignup: true), store: store).routes
            var failures: [String] = []
            var tried = 0
            // Deletions last, so the other writes still find what they name.
            let writes = routes.filter { $0.method != .get && $0.method != .head }
                .sorted {
                    ($0.method == .delete || $0.path.description.hasSuffix("delete") ? 1 : 0)
                        < ($1.method == .delete || $1.path.description.hasSuffix("delete") ? 1 : 0)
                }
            // Logging out or revoking the token in use would only end the test's own access, and
            // deleting the book would leave nothing to check (`RoleMatrix` deletes one; a form
            // here once renamed the book "x" and the next, typing "x", deleted it).
            let skipped: Set<String> = ["/logout", "/api/v1/tokens/{id}", "/books/{book}/settings/delete"]
            for route in writes
            where !skipped.contains(route.path.description)
                && !(route.method == .delete && route.path.description == "/api/v1/books/{book}")
            {
                let path = route.path.description
                let uri = book.fill(path)
                if path.hasPrefix("/api/") {
                    for body in BadInput.jsonBodies {
                        let response = try await client.send(route.method, uri, token: book.owner.token, json: body)
                        tried += 1
                        if response.status.code >= 500 {
                            failures.append(
                                "\(route.method) \(uri) \(body.prefix(80)) → \(response.status.code): \(response.text.prefix(160))"
                            )
                        }
                    }
                } else {
                    for form in BadInput.forms {
                        let response = try await book.ownerBrowser.post(uri, form)
                        tried += 1
                        if response.status.code >= 500 {
                            failures.append(
                                "POST \(uri) \(form.prefix(2)) → \(response.status.code): \(response.text.prefix(160))"
                            )
                        }
                    }
                }
            }
            // The server still answers, and the book still adds up.
            expectStatus(try await client.get("\(book.owner.books)/calendar", token: book.owner.token), .ok)
            expectStatus(try await client.get("\(book.owner.books)/accounts", token: book.owner.token), .ok)
            print("bad inputs: \(tried) bad or edge bodies on \(writes.count) write routes")
            #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(40).joined(separator: "\n"))")
        }
    }
}

/// Book routes that answer anyone, by design, and carry nothing of the book: none since the one
/// web app manifest moved to `/manifest.webmanifest` (kept so a new one must be named here).
let publicBookRoutes: Set<String> = []

/// The `{name}` parameters of a route path.
func parameters(_ path: String) -> [String] {
    path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map {
        String($0.dropFirst().dropLast())
    }
}

/// What a book holds, as its owner sees it through the API: equal before and after means nothing
/// was changed.
func fingerprint(_ client: Client, _ book: SurfaceBook) async throws -> [String] {
    var parts: [String] = []
    for path in [
        "categories", "accounts", "budgets", "goals", "bills", "calendar", "transactions?limit=500", "payees",
        "goals/\(book.values["goals"]!)/contributions", "transactions/\(book.values["transactions"]!)/receipts",
    ] {
        let response = try await client.get("\(book.owner.books)/\(path)", token: book.owner.token)
        parts.append("\(path) \(response.status.code) \(response.text)")
    }
    parts.append(try await client.get("/api/v1/books", token: book.owner.token).text)
    return parts
}

/// Bodies that a careless or hostile client sends.
enum BadInput {
    static let big = "9999999999.99", tooBig = "10000000000.00"
    nonisolated(unsafe) static let fields: [[String: Any]] = [
        [:],
        [
            "amount": big, "date": "2199-12-31", "payee": Hostile.payee, "name": Hostile.name("n"),
            "title": Hostile.name("t"), "limit": big,
            "price": big, "income": big, "opening_balance": big, "first_due": "2199-12-31", "start": "1900-01-01",
            "target_date": "2199-12-31",
        ],
        [
            "amount": tooBig, "limit": tooBig, "price": tooBig, "opening_balance": "-" + tooBig, "name": "x",
            "title": "x",
        ],
        [
            "amount": "92233720368547758.07", "date": "9999-12-31", "name": "x", "title": "x", "limit": "1",
            "price": "1",
        ],
        [
            "amount": "1", "date": "1899-12-31", "first_due": "2200-01-01", "start": "9999-12-31",
            "target_date": "0001-01-01", "name": "x",
        ],
        [
            "amount": "1e9999", "date": "2026-02-30", "time": "25:61", "percent": 1e300, "due_day": Int64.max,
            "every_months": -1,
            "remind_days": 99_999_999_999, "day_of_month": Int64.min, "cycle": "daily", "name": "x",
        ],
        ["amount": 5, "date": 20_240_101, "name": 7, "categories": [[["deep"]]], "kind": ["expense"]],
        [
            "name": String(repeating: "x", count: 100_000), "note": String(repeating: "🧾", count: 50_000),
            "payee": "\u{0}\u{1}",
        ],
    ]
    static let jsonBodies: [String] =
        fields.map { json($0) } + [
            "", "{", "[]", "null", "\"x\"", "{\"amount\":}", String(repeating: "[", count: 10_000),
        ]
    static let forms: [[(String, String)]] = [
        [],
        [
            ("amount", big), ("date", "2199-12-31"), ("payee", Hostile.payee), ("name", Hostile.name("n")),
            ("title", Hostile.name("t")),
            ("limit", big), ("price", big), ("opening_balance", big), ("first_due", "2199-12-31"), ("month", "2199-12"),
        ],
        [
            ("amount", tooBig), ("date", "9999-12-31"), ("name", "x"), ("limit", tooBig), ("price", tooBig),
            ("opening_balance", "-" + tooBig),
        ],
        [
            ("amount", "1"), ("date", "1899-12-31"), ("first_due", "2200-01-01"), ("start", "9999-12-31"),
            ("name", "x"), ("move_to", "-1"),
        ],
        [
            ("amount", "1e9999"), ("time", "99:99"), ("percent", "1e300"), ("due_day", "99999999999999999999"),
            ("paid_on", "9999-12-31"),
        ],
        [
            ("name", String(repeating: "x", count: 100_000)), ("note", String(repeating: "🧾", count: 20_000)),
            ("payee", "\u{0}"),
        ],
    ]
}
