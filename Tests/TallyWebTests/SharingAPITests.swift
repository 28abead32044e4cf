import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyStore
import TallyWeb
import Testing

/// The books and sharing contract other clients are written against.
extension API {
    @Suite struct Sharing {
        struct BookOut: Decodable { let id: Int64, name: String, currency: String, role: String, archived: Bool }
        struct MemberOut: Decodable, Equatable {
            let userId: Int64, email: String, name: String, role: String, photoUrl: String?
        }
        struct InvitationOut: Decodable {
            let id: Int64, role: String, email: String?, expiresAt: String, status: String, token: String?, url: String?
        }
        struct Accepted: Decodable { let book: BookOut }

        @Test("create, list, rename, archive and delete books", arguments: Backend.all)
        func books(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let ann = try await makeOwner(client)
                let made = try await client.post(
                    "/api/v1/books",
                    token: ann.token,
                    json: json(["name": "Trip to Japan", "currency": "JPY"])
                )
                expectStatus(made, .created)
                let trip: BookOut = try made.decode()
                #expect(
                    trip.name == "Trip to Japan" && trip.currency == "JPY" && trip.role == "owner" && !trip.archived
                )
                #expect(made.headers[.location] == "/api/v1/books/\(trip.id)")
                // Default categories, or a copy of another book's.
                _ = try await client.post("\(ann.books)/categories", token: ann.token, json: json(["name": "Onsen"]))
                let copy: BookOut = try await client.post(
                    "/api/v1/books",
                    token: ann.token,
                    json: json(["name": "Family", "currency": "EUR", "copy_categories_from": ann.book])
                ).decode()
                let annPaths = try await categories(client, ann).map(\.path).sorted()
                let copied: [CategoryJSON] = try await client.get(
                    "/api/v1/books/\(copy.id)/categories",
                    token: ann.token
                ).decode()
                #expect(copied.map(\.path).sorted() == annPaths && annPaths.contains("Onsen"))
                let defaults: [CategoryJSON] = try await client.get(
                    "/api/v1/books/\(trip.id)/categories",
                    token: ann.token
                ).decode()
                #expect(!defaults.map(\.path).contains("Onsen") && defaults.count > 10)

                let list: [BookOut] = try await client.get("/api/v1/books", token: ann.token).decode()
                #expect(
                    list.map(\.name) == ["Personal", "Trip to Japan", "Family"]
                        && list.allSatisfy { $0.role == "owner" }
                )

                let renamed: BookOut = try await client.patch(
                    "/api/v1/books/\(trip.id)",
                    token: ann.token,
                    json: json(["name": "Japan 2027", "archived": true])
                ).decode()
                #expect(renamed.name == "Japan 2027" && renamed.archived)
                let after: [BookOut] = try await client.get("/api/v1/books", token: ann.token).decode()
                #expect(after.first { $0.id == trip.id }?.archived == true)

                // Bad input names the field; someone else's book is a 404 however it is asked.
                expectProblem(
                    try await client.post("/api/v1/books", token: ann.token, json: json(["currency": "EUR"])),
                    .unprocessableContent,
                    field: "name"
                )
                expectProblem(
                    try await client.post(
                        "/api/v1/books",
                        token: ann.token,
                        json: json(["name": "X", "currency": "EURO"])
                    ),
                    .unprocessableContent,
                    field: "currency"
                )
                expectProblem(
                    try await client.patch("/api/v1/books/\(trip.id)", token: ann.token, json: json(["name": ""])),
                    .unprocessableContent,
                    field: "name"
                )
                let bob = try await makeOwnerClosed(client, store, email: "bob@example.com")
                expectProblem(
                    try await client.post(
                        "/api/v1/books",
                        token: bob.token,
                        json: json(["name": "Mine", "copy_categories_from": ann.book])
                    ),
                    .unprocessableContent,
                    field: "copy_categories_from"
                )
                expectProblem(try await client.delete("/api/v1/books/\(trip.id)", token: bob.token), .notFound)

                expectStatus(try await client.delete("/api/v1/books/\(trip.id)", token: ann.token), .noContent)
                expectProblem(
                    try await client.get("/api/v1/books/\(trip.id)/transactions", token: ann.token),
                    .notFound
                )
                let left: [BookOut] = try await client.get("/api/v1/books", token: ann.token).decode()
                #expect(left.map(\.name) == ["Personal", "Family"])
            }
        }

        @Test("a family book built by invitation: roles, one-time tokens, members and leaving", arguments: Backend.all)
        func family(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let ann = try await makeOwner(client)
                let family: BookOut = try await client.post(
                    "/api/v1/books",
                    token: ann.token,
                    json: json(["name": "Family", "currency": "EUR"])
                ).decode()
                let books = "/api/v1/books/\(family.id)"

                // A link, accepted by someone who signs up with it although sign-up is closed.
                let link = try await client.post(
                    "\(books)/invitations",
                    token: ann.token,
                    json: json(["role": "editor"])
                )
                expectStatus(link, .created)
                let invitation: InvitationOut = try link.decode()
                let secret = try #require(invitation.token)
                #expect(invitation.role == "editor" && invitation.status == "pending" && secret.hasPrefix("inv_"))
                #expect(invitation.url == "http://127.0.0.1:8080/invitations/\(secret)")
                let days =
                    try #require(ISO8601DateFormatter().date(from: invitation.expiresAt)).timeIntervalSinceNow / 86_400
                #expect(days > 6.99 && days <= 7.0)
                expectProblem(
                    try await client.post(
                        "/api/v1/users",
                        json: json(["email": "x@example.com", "password": "correct horse"])
                    ),
                    .forbidden
                )
                let ed = try await client.post(
                    "/api/v1/users",
                    json: json(["email": "ed@example.com", "password": "correct horse", "invitation": secret])
                )
                expectStatus(ed, .created)
                let edToken = try await token(for: "ed@example.com", client)
                let edBooks: [BookOut] = try await client.get("/api/v1/books", token: edToken).decode()
                #expect(edBooks.map { "\($0.name) \($0.role)" } == ["Family editor", "Personal owner"])
                // One-time: the same token again is gone, for sign-up and for accepting.
                expectProblem(
                    try await client.post(
                        "/api/v1/users",
                        json: json(["email": "y@example.com", "password": "correct horse", "invitation": secret])
                    ),
                    .gone
                )
                expectProblem(
                    try await client.post("/api/v1/invitations/\(secret)/accept", token: edToken),
                    .gone,
                    detailContains: "already been used"
                )
                #expect(try await store.users.userCount() == 2)

                // By email: only that person may accept, and they see it in their list.
                let vi = try await makeOwnerClosed(client, store, email: "vi@example.com")
                let byEmail: InvitationOut = try await client.post(
                    "\(books)/invitations",
                    token: ann.token,
                    json: json(["role": "viewer", "email": "VI@example.com"])
                ).decode()
                #expect(byEmail.email == "vi@example.com")
                expectProblem(
                    try await client.post("/api/v1/invitations/\(byEmail.id)/accept", token: edToken),
                    .notFound
                )
                expectProblem(
                    try await client.post("/api/v1/invitations/\(try #require(byEmail.token))/accept", token: edToken),
                    .notFound
                )
                let mine: [InvitationOut] = try await client.get("/api/v1/invitations", token: vi.token).decode()
                #expect(mine.map(\.id) == [byEmail.id] && mine.first?.token == nil)
                let joined = try await client.post("/api/v1/invitations/\(byEmail.id)/accept", token: vi.token)
                expectStatus(joined, .ok)
                let accepted: Accepted = try joined.decode()
                #expect(
                    accepted.book.id == family.id && accepted.book.name == "Family" && accepted.book.role == "viewer"
                )

                // A link's id is not the link: nobody joins by guessing it.
                let guessed: InvitationOut = try await client.post(
                    "\(books)/invitations",
                    token: ann.token,
                    json: json(["role": "owner"])
                ).decode()
                expectProblem(
                    try await client.post("/api/v1/invitations/\(guessed.id)/accept", token: edToken),
                    .notFound
                )
                expectStatus(
                    try await client.delete("\(books)/invitations/\(guessed.id)", token: ann.token),
                    .noContent
                )

                // Revoked and expired links; malformed ones.
                let revoked: InvitationOut = try await client.post(
                    "\(books)/invitations",
                    token: ann.token,
                    json: json(["role": "viewer"])
                ).decode()
                expectStatus(
                    try await client.delete("\(books)/invitations/\(revoked.id)", token: ann.token),
                    .noContent
                )
                expectProblem(
                    try await client.post("/api/v1/invitations/\(try #require(revoked.token))/accept", token: vi.token),
                    .notFound
                )
                expectProblem(
                    try await client.delete("\(books)/invitations/\(revoked.id)", token: ann.token),
                    .notFound
                )
                let expired: InvitationOut = try await client.post(
                    "\(books)/invitations",
                    token: ann.token,
                    json: json(["role": "viewer", "expires_in_days": 1])
                ).decode()
                try await store.database.write { db in
                    try await db.raw(
                        "UPDATE book_invitations SET expires_at = '2020-01-01T00:00:00Z' WHERE id = \(bind: expired.id)"
                    ).run()
                }
                expectProblem(
                    try await client.post("/api/v1/invitations/\(try #require(expired.token))/accept", token: vi.token),
                    .gone,
                    detailContains: "expired"
                )
                expectProblem(try await client.post("/api/v1/invitations/inv_nope/accept", token: vi.token), .notFound)
                expectProblem(
                    try await client.post("\(books)/invitations", token: ann.token, json: json(["role": "boss"])),
                    .unprocessableContent,
                    field: "role"
                )
                expectProblem(
                    try await client.post(
                        "\(books)/invitations",
                        token: ann.token,
                        json: json(["role": "viewer", "email": "nope"])
                    ),
                    .unprocessableContent,
                    field: "email"
                )
                expectProblem(
                    try await client.post(
                        "\(books)/invitations",
                        token: ann.token,
                        json: json(["role": "viewer", "expires_in_days": 0])
                    ),
                    .unprocessableContent,
                    field: "expires_in_days"
                )
                let listed: [InvitationOut] = try await client.get("\(books)/invitations", token: vi.token).decode()
                #expect(
                    listed.map(\.status) == ["expired", "revoked", "revoked", "accepted", "accepted"]
                        && listed.allSatisfy { $0.token == nil }
                )

                // Members, roles and the one-owner rule.
                var members: [MemberOut] = try await client.get("\(books)/members", token: vi.token).decode()
                #expect(
                    members.map { "\($0.email) \($0.role)" } == [
                        "ann@example.com owner", "ed@example.com editor", "vi@example.com viewer",
                    ]
                )
                let viewerWrite = try await client.post(
                    "\(books)/transactions",
                    token: vi.token,
                    json: json(["amount": "1", "payee": "x"])
                )
                expectProblem(viewerWrite, .forbidden, detailContains: "viewers cannot change this book")
                expectStatus(
                    try await client.post(
                        "\(books)/transactions",
                        token: edToken,
                        json: json(["amount": "1", "payee": "x"])
                    ),
                    .created
                )
                expectProblem(
                    try await client.patch("\(books)/members/\(vi.id)", token: edToken, json: json(["role": "owner"])),
                    .forbidden,
                    detailContains: "only an owner"
                )
                expectProblem(try await client.delete(books, token: edToken), .forbidden)
                expectProblem(
                    try await client.patch(
                        "\(books)/members/\(ann.id)",
                        token: ann.token,
                        json: json(["role": "editor"])
                    ),
                    .conflict,
                    detailContains: "at least one owner"
                )
                expectProblem(
                    try await client.post("\(books)/leave", token: ann.token),
                    .conflict,
                    detailContains: "at least one owner"
                )
                // Ownership passes: Ed becomes an owner, then Ann steps down, which withdraws the
                // links she made (she cannot use one to come back as an owner).
                let kept: InvitationOut = try await client.post(
                    "\(books)/invitations",
                    token: ann.token,
                    json: json(["role": "owner"])
                ).decode()
                let edID = members[1].userId
                let promoted: MemberOut = try await client.patch(
                    "\(books)/members/\(edID)",
                    token: ann.token,
                    json: json(["role": "owner"])
                ).decode()
                #expect(promoted.role == "owner")
                expectStatus(
                    try await client.patch(
                        "\(books)/members/\(ann.id)",
                        token: ann.token,
                        json: json(["role": "viewer"])
                    ),
                    .ok
                )
                expectProblem(
                    try await client.post("/api/v1/invitations/\(try #require(kept.token))/accept", token: ann.token),
                    .notFound
                )
                expectProblem(
                    try await client.patch(
                        "\(books)/members/\(vi.id)",
                        token: ann.token,
                        json: json(["role": "editor"])
                    ),
                    .forbidden
                )
                expectStatus(try await client.delete("\(books)/members/\(vi.id)", token: edToken), .noContent)
                expectProblem(try await client.get("\(books)/transactions", token: vi.token), .notFound)
                expectProblem(try await client.delete("\(books)/members/999999", token: edToken), .notFound)
                expectStatus(try await client.post("\(books)/leave", token: ann.token), .noContent)
                members = try await client.get("\(books)/members", token: edToken).decode()
                #expect(members.map { "\($0.email) \($0.role)" } == ["ed@example.com owner"])
                expectProblem(
                    try await client.post("\(books)/leave", token: edToken),
                    .conflict,
                    detailContains: "delete the book instead"
                )
            }
        }

        /// Concurrent steps down by the only two owners leave one owner, on both engines.
        @Test("two owners stepping down at once: one stays owner", arguments: Backend.all)
        func lastOwnerRace(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let ann = try await makeOwner(client)
                let bob = try await makeOwnerClosed(client, store, email: "bob@example.com")
                try await join(client, ann, bob, as: "owner")
                for _ in 0..<5 {
                    async let a = client.patch(
                        "\(ann.books)/members/\(ann.id)",
                        token: ann.token,
                        json: json(["role": "editor"])
                    )
                    async let b = client.patch(
                        "\(ann.books)/members/\(bob.id)",
                        token: bob.token,
                        json: json(["role": "editor"])
                    )
                    let statuses = [try await a.status, try await b.status].map(\.code).sorted()
                    let members: [MemberOut] = try await client.get("\(ann.books)/members", token: ann.token).decode()
                    #expect(members.filter { $0.role == "owner" }.count == 1, "\(statuses)")
                    // Put both back as owners for the next round.
                    let owner = try #require(members.first { $0.role == "owner" })
                    let other = try #require(members.first { $0.role != "owner" })
                    let ownerToken = owner.userId == ann.id ? ann.token : bob.token
                    expectStatus(
                        try await client.patch(
                            "\(ann.books)/members/\(other.userId)",
                            token: ownerToken,
                            json: json(["role": "owner"])
                        ),
                        .ok
                    )
                }
            }
        }
    }
}

/// Makes a user on a server whose sign-up is closed (the store's CLI path), with a token.
func makeOwnerClosed(_ client: Client, _ store: Store, email: String) async throws -> Owner {
    let user = try await store.users.signUp(email: email, password: "correct horse", openSignup: true)
    let secret = try await token(for: email, client)
    let books: [BookJSON] = try await client.get("/api/v1/books", token: secret).decode()
    return Owner(
        id: user.id.rawValue,
        email: email,
        password: "correct horse",
        token: secret,
        book: try #require(books.first).id
    )
}
