import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing

/// What an owner, an editor, a viewer and a stranger get from every route of a book, walked from
/// the router's own list: a route added tomorrow is in the matrix without anyone editing it.
///
/// The expectations are the issue's, written here independently of `BookAccess`:
/// - a stranger (a member of another book) gets 404 everywhere;
/// - a viewer reads every page and API route (the same status as the owner) and gets 403, with a
///   message, from every change and every page that only holds a form; leaving is allowed;
/// - an editor gets what the owner gets, except 403 on the book itself (rename, archive, delete),
///   its members and its invitations;
/// - the owner is never refused.
extension API {
    @Suite struct RoleMatrix {
        @Test("every route of a book × owner, editor, viewer and stranger", arguments: Backend.all)
        func everyRouteForEveryRole(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, store in
                let book = try await makeSurfaceBook(client, store: store, records: 60)
                let editor = try await makeOwner(client, email: "ed@example.com")
                let viewer = try await makeOwner(client, email: "vi@example.com")
                try await join(client, book.owner, editor, as: "editor")
                try await join(client, book.owner, viewer, as: "viewer")
                let browsers = [
                    "owner": book.ownerBrowser, "editor": try await signedIn(client, editor),
                    "viewer": try await signedIn(client, viewer), "stranger": book.strangerBrowser,
                ]
                let tokens = [
                    "owner": book.owner.token, "editor": editor.token, "viewer": viewer.token,
                    "stranger": book.stranger.token,
                ]
                let all = try await buildRouter(AppConfiguration(openSignup: true), store: store).routes
                let routes = all.filter { $0.path.description.contains("{book}") }
                    // Leaving and deleting the book come last: they change who may come in.
                    .sorted {
                        Self.finalRank($0.method, $0.path.description) < Self.finalRank($1.method, $1.path.description)
                    }
                var counts: [String: Int] = [:]
                var failures: [String] = []

                func send(_ who: String, _ method: HTTPRequest.Method, _ path: String) async throws -> TestResponse {
                    // Writes name ids that do not exist and carry no usable body, so an allowed
                    // caller is refused by the handler (400/404/409/422), never by the role check,
                    // and nothing is changed for the next caller.
                    let isRead = method == .get || method == .head
                    let uri = isRead ? book.fill(path) : Self.fillForWrite(book, path)
                    if path.hasPrefix("/api/") {
                        return try await client.send(method, uri, token: tokens[who]!, json: isRead ? nil : "{}")
                    }
                    return isRead ? try await browsers[who]!.get(uri) : try await browsers[who]!.post(uri, [])
                }
                func expect(_ who: String, _ route: String, _ response: TestResponse, _ ok: Bool, _ wanted: String) {
                    counts[who, default: 0] += 1
                    if !ok {
                        failures.append(
                            "\(who) \(route) → \(response.status.code) (wanted \(wanted)): \(response.text.prefix(160))"
                        )
                    }
                }

                // Routes that name no book: a role means nothing there, so all four callers (each
                // signed in as themselves) get the same answer. Logging out would end the test's
                // own sessions; it is walked by `Surface`.
                var others = 0
                var anonymousCount = 0
                for route in all where !route.path.description.contains("{book}") && route.path.description != "/logout"
                {
                    let path = route.path.description
                    var statuses: [String: HTTPResponse.Status] = [:]
                    for who in ["owner", "editor", "viewer", "stranger"] {
                        let response = try await send(who, route.method, path)
                        statuses[who] = response.status
                        expect(who, "\(route.method) \(path)", response, response.status.code < 500, "no 5xx")
                    }
                    if Set(statuses.values).count != 1 {
                        failures.append(
                            "\(route.method) \(path): the callers got different answers \(statuses.mapValues(\.code))"
                        )
                    }
                    // Nobody signed in: never a success, except where signing in happens.
                    if !Self.publicRoutes.contains("\(route.method) \(path)") {
                        let isRead = route.method == .get || route.method == .head
                        let anonymous = try await client.send(
                            route.method,
                            isRead ? book.fill(path) : Self.fillForWrite(book, path),
                            json: isRead || !path.hasPrefix("/api/") ? nil : "{}"
                        )
                        if anonymous.status.code < 300 {
                            failures.append("anonymous \(route.method) \(path) → \(anonymous.status.code)")
                        }
                        anonymousCount += 1
                    }
                    others += 1
                }
                // The stranger names the owner's own things where no book is in the path: a
                // token's id, and the id of a link invitation (only its token may accept it).
                let ownerToken = try #require(book.values["tokens"])
                let taken = try await client.delete("/api/v1/tokens/\(ownerToken)", token: book.stranger.token)
                if taken.status != .notFound {
                    failures.append("stranger DELETE the owner's token → \(taken.status.code)")
                }
                let invitation = try #require(book.values["invitations"])
                let joined = try await client.post(
                    "/api/v1/invitations/\(invitation)/accept",
                    token: book.stranger.token
                )
                if joined.status != .notFound {
                    failures.append("stranger accepting a link invitation by its id → \(joined.status.code)")
                }

                for route in routes {
                    let path = route.path.description
                    let name = "\(route.method) \(path)"
                    let kind = Self.kind(route.method, path)
                    let asStranger = try await send("stranger", route.method, path)
                    expect("stranger", name, asStranger, asStranger.status == .notFound, "404")
                    let asViewer = try await send("viewer", route.method, path)
                    let asEditor = try await send("editor", route.method, path)
                    if Self.isLeave(path) {
                        // Allowed to all: viewer and editor leave, then are let in again.
                        expect("viewer", name, asViewer, asViewer.status.code < 400, "2xx/3xx")
                        expect("editor", name, asEditor, asEditor.status.code < 400, "2xx/3xx")
                        try await join(client, book.owner, editor, as: "editor")
                        try await join(client, book.owner, viewer, as: "viewer")
                    }
                    let asOwner = try await send("owner", route.method, path)
                    let ownerLetIn =
                        asOwner.status != .forbidden && !(asOwner.status == .notFound && Self.saysBook(asOwner))
                    expect(
                        "owner",
                        name,
                        asOwner,
                        ownerLetIn && asOwner.status.code < 500,
                        "not 403, not the book's 404"
                    )
                    guard !Self.isLeave(path) else { continue }
                    // The API's refusals are problem+json like every API error.
                    let problem =
                        !path.hasPrefix("/api/") || asViewer.headers[.contentType] == "application/problem+json"
                    switch kind {
                    case .read:
                        expect(
                            "viewer",
                            name,
                            asViewer,
                            asViewer.status == asOwner.status,
                            "\(asOwner.status.code) like the owner"
                        )
                        expect(
                            "editor",
                            name,
                            asEditor,
                            asEditor.status == asOwner.status,
                            "\(asOwner.status.code) like the owner"
                        )
                    case .form, .write:
                        let refused =
                            asViewer.status == .forbidden && asViewer.text.contains("viewers cannot change this book")
                            && problem
                        expect("viewer", name, asViewer, refused, "403 with a message")
                        let letIn =
                            kind == .form
                            ? asEditor.status == asOwner.status
                            : asEditor.status != .forbidden && asEditor.status.code < 500
                        expect(
                            "editor",
                            name,
                            asEditor,
                            letIn,
                            kind == .form ? "\(asOwner.status.code) like the owner" : "not 403"
                        )
                    case .owner:
                        expect("viewer", name, asViewer, asViewer.status == .forbidden && problem, "403")
                        let refused = asEditor.status == .forbidden && asEditor.text.contains("only an owner")
                        expect("editor", name, asEditor, refused, "403 with a message")
                    }
                }
                // The last route deleted the book: nobody may see it now.
                let gone = try await client.get(book.owner.books + "/transactions", token: book.owner.token)
                #expect(gone.status == .notFound, "the owner deleted the book last")
                let total = counts.values.reduce(0, +)
                print(
                    "role matrix (\(backend.testDescription)): \(routes.count) book routes and \(others) others of \(all.count) (all but /logout) × 4 callers = \(total) requests (owner \(counts["owner"] ?? 0), editor \(counts["editor"] ?? 0), viewer \(counts["viewer"] ?? 0), stranger \(counts["stranger"] ?? 0)); \(failures.count) failures; \(anonymousCount) of the others also by nobody signed in, and the owner's token and link by the stranger"
                )
                #expect(routes.count > 90)
                #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(40).joined(separator: "\n"))")
            }
        }

        /// Routes that answer someone not signed in, by design: signing up and in, health, the
        /// entry points that redirect, an invitation's page, the calendar feed and the list of
        /// languages (a sign-up form asks for it).
        static let publicRoutes: Set<String> = [
            "GET /", "GET /login", "POST /login", "GET /signup", "POST /signup", "GET /login/code", "POST /login/code",
            "GET /health", "GET /healthz", "GET /favicon.ico", "GET /api/v1/openapi.json", "POST /api/v1/users",
            "POST /api/v1/tokens", "GET /calendar/{file}", "GET /invitations/{token}", "GET /today", "GET /add",
            "GET /api/v1/locales",
        ]

        /// What the issue says a route is, for the roles.
        enum Kind { case read, form, write, owner }

        static func kind(_ method: HTTPRequest.Method, _ path: String) -> Kind {
            let segments = path.split(separator: "/")
            let afterBook = segments.drop { $0 != "{book}" }.dropFirst()
            if method == .get || method == .head {
                return afterBook.contains { ["new", "edit", "delete", "pay", "import", "queue"].contains($0) }
                    ? .form : .read
            }
            if afterBook.isEmpty || ["settings", "members", "invitations"].contains(afterBook.first!) { return .owner }
            return .write
        }

        static func isLeave(_ path: String) -> Bool { path.hasSuffix("/{book}/leave") }

        static func finalRank(_ method: HTTPRequest.Method, _ path: String) -> Int {
            if isLeave(path) { return 1 }
            if method == .delete && path == "/api/v1/books/{book}" { return 2 }
            return 0
        }

        /// A 404 about the book itself (the access check's), not about a thing the route names.
        static func saysBook(_ response: TestResponse) -> Bool {
            response.text.contains("book not found") || response.text.contains("Book not found")
        }

        /// The path for a write: the book's real id, every other id one that does not exist.
        static func fillForWrite(_ book: SurfaceBook, _ path: String) -> String {
            var override: [String: String] = [:]
            for name in parameters(path) where name != "book" { override[name] = "999999999" }
            if path.contains("{date}") { override["date"] = "2001-01-01" }
            if path.contains("{due}") { override["due"] = "2001-01-01" }
            return book.fill(path, override: override)
        }
    }
}

/// `member` joins the owner's book with `role` through an API invitation.
func join(_ client: Client, _ owner: Owner, _ member: Owner, as role: String) async throws {
    let made = try await client.post("\(owner.books)/invitations", token: owner.token, json: json(["role": role]))
    try #require(made.status == .created, "invite: \(made.text)")
    let token = try #require(try JSONSerialization.jsonObject(with: Data(buffer: made.body)) as? [String: Any])["token"]
    let accepted = try await client.post("/api/v1/invitations/\(token!)/accept", token: member.token)
    try #require(accepted.status == .ok, "accept: \(accepted.text)")
}
