import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyWeb
import Testing

extension API {
    /// A method the router has no route for, on a path it has: 405 with `Allow`, not 404.
    @Suite struct MethodNotAllowed {
        @Test("an undeclared method on a known path is a 405 problem naming the path's methods in Allow")
        func undeclaredMethod() async throws {
            try await withApp(.sqlite) { client, _ in
                let ann = try await makeOwner(client)
                let tries: [(HTTPRequest.Method, String, String)] = [
                    (.put, "/api/v1/books", "GET, POST"),
                    (.delete, "/api/v1/tokens", "GET, POST"),
                    (.delete, "\(ann.books)/transactions/1/receipts", "GET, POST"),
                    (.put, "\(ann.books)/transactions/1", "DELETE, GET, PATCH"),
                    (.post, "/api/v1/profile/photo", "DELETE, GET, PUT"),
                ]
                for (method, path, allow) in tries {
                    let response = try await client.send(method, path, token: ann.token)
                    expectProblem(response, .methodNotAllowed, detailContains: allow)
                    #expect(response.headers[.allow] == allow, "\(method) \(path)")
                }
            }
        }

        @Test("a route's own 404 and an unknown path stay 404; the 405 needs no credentials")
        func notFoundStays() async throws {
            try await withApp(.sqlite) { client, _ in
                let ann = try await makeOwner(client)
                expectProblem(try await client.get("\(ann.books)/transactions/999999", token: ann.token), .notFound)
                expectProblem(try await client.get("/api/v1/no-such-thing", token: ann.token), .notFound)
                let anonymous = try await client.send(.patch, "/api/v1/tokens")
                expectProblem(anonymous, .methodNotAllowed)
                #expect(anonymous.headers[.allow] == "GET, POST")
            }
        }
    }
}
