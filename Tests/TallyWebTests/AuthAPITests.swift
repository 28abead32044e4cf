import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyStore
import TallyWeb
import Testing

extension API {
    /// `POST /users`, `POST|GET /tokens`, `DELETE /tokens/{id}`, `GET /books` and unauthenticated calls.
    @Suite struct Auth {
        @Test(arguments: Backend.all)
        func firstSignUpIsAllowedAndLaterOnesAreRefusedWhenSignUpIsClosed(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let first = try await client.post(
                    "/api/v1/users",
                    json: json(["email": " Ann@Example.com ", "password": "correct horse"])
                )
                expectStatus(first, .created)
                #expect(first.headers[.contentType]?.hasPrefix("application/json") == true)
                let user: UserJSON = try first.decode()
                #expect(user.email == "ann@example.com")
                #expect(user.id > 0)

                let second = try await client.post(
                    "/api/v1/users",
                    json: json(["email": "bob@example.com", "password": "correct horse"])
                )
                expectProblem(second, .forbidden, detailContains: "sign-up is closed")
                #expect(try await store.users.userCount() == 1)
            }
        }

        @Test("an unknown API path is a problem+json 404; an unknown page is not")
        func unknownPaths() async throws {
            try await withApp { client, _ in
                let api = try await client.get("/api/v1/nothing-here")
                expectProblem(api, .notFound, detailContains: "Not Found")
                let page = try await client.get("/nothing-here")
                #expect(page.status == .notFound)
                #expect(page.headers[.contentType]?.hasPrefix("application/problem+json") != true)
            }
        }

        @Test(arguments: Backend.all)
        func signUpValidatesEmailPasswordAndUniqueness(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, store in
                try await signUp(client, email: "ann@example.com")
                let second = try await client.post(
                    "/api/v1/users",
                    json: json(["email": "bob@example.com", "password": "correct horse"])
                )
                expectStatus(second, .created)

                let duplicate = try await client.post(
                    "/api/v1/users",
                    json: json(["email": "ANN@example.com", "password": "another one"])
                )
                expectProblem(duplicate, .unprocessableContent, field: "email", detailContains: "already registered")
                let short = try await client.post(
                    "/api/v1/users",
                    json: json(["email": "cat@example.com", "password": "short"])
                )
                expectProblem(short, .unprocessableContent, field: "password")
                let badEmail = try await client.post(
                    "/api/v1/users",
                    json: json(["email": "not-an-email", "password": "correct horse"])
                )
                expectProblem(badEmail, .unprocessableContent, field: "email")
                let noDomain = try await client.post(
                    "/api/v1/users",
                    json: json(["email": "dan@localhost", "password": "correct horse"])
                )
                expectProblem(noDomain, .unprocessableContent, field: "email")
                let badCurrency = try await client.post(
                    "/api/v1/users",
                    json: json(["email": "eve@example.com", "password": "correct horse", "currency": "XXQ"])
                )
                expectProblem(badCurrency, .unprocessableContent, field: "currency")
                let unknownField = try await client.post(
                    "/api/v1/users",
                    json: json(["email": "fay@example.com", "password": "correct horse", "admin": true])
                )
                expectProblem(unknownField, .badRequest, detailContains: "admin")
                #expect(try await store.users.userCount() == 2)
            }
        }

        @Test(arguments: Backend.all)
        func signUpCurrencyBecomesTheBookCurrency(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client, currency: "EUR")
                let books: [BookJSON] = try await client.get("/api/v1/books", token: owner.token).decode()
                #expect(books.count == 1)
                #expect(books.first?.name == "Personal")
                #expect(books.first?.currency == "EUR")
                #expect(books.first?.role == "owner")
                #expect(books.first?.id == owner.book)
            }
        }

        @Test(arguments: Backend.all)
        func tokensAreCreatedListedAndRevoked(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                try await signUp(client, email: "ann@example.com")
                let created = try await client.post(
                    "/api/v1/tokens",
                    json: json(["email": "ann@example.com", "password": "correct horse", "name": "laptop"])
                )
                expectStatus(created, .created)
                let new: NewTokenJSON = try created.decode()
                #expect(new.token.hasPrefix("tly_"))
                #expect(new.id > 0)
                let other = try await token(for: "ann@example.com", client)

                let listed = try await client.get("/api/v1/tokens", token: new.token)
                expectStatus(listed, .ok)
                let tokens: [TokenJSON] = try listed.decode()
                #expect(tokens.count == 2)
                #expect(tokens.contains { $0.id == new.id && $0.name == "laptop" })
                #expect(!listed.text.contains(new.token), "the secret is shown only once")

                let books = try await client.get("/api/v1/books", token: new.token)
                expectStatus(books, .ok)

                let revoked = try await client.delete("/api/v1/tokens/\(new.id)", token: other)
                expectStatus(revoked, .noContent)
                let afterwards = try await client.get("/api/v1/books", token: new.token)
                expectProblem(afterwards, .unauthorized)
                #expect(afterwards.headers[.wwwAuthenticate] == "Bearer")
                let again = try await client.delete("/api/v1/tokens/\(new.id)", token: other)
                expectProblem(again, .notFound)
                let remaining: [TokenJSON] = try await client.get("/api/v1/tokens", token: other).decode()
                #expect(remaining.map(\.id) == [try #require(tokens.first { $0.id != new.id }).id])
            }
        }

        @Test(arguments: Backend.all)
        func tokenCreationRefusesWrongCredentials(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                try await signUp(client, email: "ann@example.com")
                let wrong = try await client.post(
                    "/api/v1/tokens",
                    json: json(["email": "ann@example.com", "password": "wrong password"])
                )
                expectProblem(wrong, .unauthorized, detailContains: "wrong email or password")
                let unknown = try await client.post(
                    "/api/v1/tokens",
                    json: json(["email": "nobody@example.com", "password": "correct horse"])
                )
                expectProblem(unknown, .unauthorized, detailContains: "wrong email or password")
                let missing = try await client.post("/api/v1/tokens", json: json(["email": "ann@example.com"]))
                expectProblem(missing, .unprocessableContent)
                let malformed = try await client.post("/api/v1/tokens", json: "{\"email\":")
                expectProblem(malformed, .badRequest)
            }
        }

        @Test(arguments: Backend.all)
        func revokingSomeoneElsesTokenIsNotFound(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, _ in
                let ann = try await makeOwner(client, email: "ann@example.com")
                let bob = try await makeOwner(client, email: "bob@example.com")
                let annTokens: [TokenJSON] = try await client.get("/api/v1/tokens", token: ann.token).decode()
                let bobTokens: [TokenJSON] = try await client.get("/api/v1/tokens", token: bob.token).decode()
                #expect(Set(annTokens.map(\.id)).isDisjoint(with: bobTokens.map(\.id)))
                let response = try await client.delete(
                    "/api/v1/tokens/\(try #require(annTokens.first).id)",
                    token: bob.token
                )
                expectProblem(response, .notFound)
                expectStatus(try await client.get("/api/v1/books", token: ann.token), .ok)
            }
        }

        @Test(arguments: Backend.all)
        func everyBookRouteNeedsAUser(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let b = owner.books
                let unauthenticated: [(HTTPRequest.Method, String)] = [
                    (.get, "/api/v1/books"), (.get, "/api/v1/tokens"), (.delete, "/api/v1/tokens/1"),
                    (.get, "\(b)/transactions"), (.post, "\(b)/transactions"), (.get, "\(b)/transactions/1"),
                    (.patch, "\(b)/transactions/1"), (.delete, "\(b)/transactions/1"),
                    (.get, "\(b)/categories"), (.post, "\(b)/categories"), (.patch, "\(b)/categories/1"),
                    (.delete, "\(b)/categories/1"),
                    (.get, "\(b)/accounts"), (.post, "\(b)/accounts"), (.patch, "\(b)/accounts/1"),
                    (.delete, "\(b)/accounts/1"),
                    (.get, "\(b)/calendar?month=2026-03"), (.get, "\(b)/payees?q=a"),
                    (.post, "\(b)/transactions/1/receipts"), (.get, "\(b)/transactions/1/receipts"),
                    (.get, "\(b)/receipts/1"), (.delete, "\(b)/receipts/1"),
                ]
                for (method, uri) in unauthenticated {
                    let body = method == .post || method == .patch ? "{}" : nil
                    let response = try await client.send(method, uri, json: body)
                    #expect(response.status == .unauthorized, "\(method) \(uri): \(response.status) \(response.text)")
                    #expect(response.headers[.contentType] == "application/problem+json", "\(method) \(uri)")
                    #expect(
                        (try? response.decode(ProblemJSON.self))?.detail.isEmpty == false,
                        "\(method) \(uri): \(response.text)"
                    )
                }
                let unknown = try await client.get("/api/v1/books", headers: bearer("tly_0123456789abcdef"))
                expectProblem(unknown, .unauthorized)
                let garbage = try await client.get("/api/v1/books", headers: [.authorization: "Bearer nonsense"])
                expectProblem(garbage, .unauthorized)
            }
        }
    }
}
