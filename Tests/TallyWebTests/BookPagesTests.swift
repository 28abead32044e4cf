import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyStore
import TallyWeb
import Testing

/// The book pages' own forms: making a book, copying categories, renaming, archiving and
/// deleting by typing the name back.
extension API {
    @Suite struct BookPages {
        @Test("make, rename, archive and delete a book through its pages; refusals name the field")
        func lifecycle() async throws {
            try await withApp(.sqlite) { client, store in
                let ann = try await makeOwner(client)
                let bob = try await makeOwnerClosed(client, store, email: "bob@example.com")
                let browser = try await signedIn(client, ann)

                let notYours = try await browser.post("/books", [("name", "Trip"), ("categories", String(bob.book))])
                #expect(notYours.status == .unprocessableContent && notYours.text.contains("is not a book of yours"))
                let made = try await browser.post(
                    "/books",
                    [("name", "Trip"), ("currency", "JPY"), ("categories", String(ann.book))]
                )
                #expect(made.status == .seeOther)
                let location = try #require(made.headers[.location])
                let id = try #require(location.split(separator: "/").dropFirst().first.flatMap { Int64($0) })
                #expect(location == "/books/\(id)/dashboard")

                let renamed = try await browser.post("/books/\(id)/settings", [("name", "Japan 2027")])
                #expect(renamed.status == .seeOther)
                let empty = try await browser.post("/books/\(id)/settings", [("name", " ")])
                #expect(empty.status == .unprocessableContent && empty.text.contains("name: is required"))
                expectStatus(try await browser.post("/books/\(id)/settings/archive", [("archived", "1")]), .seeOther)
                let list = try await browser.get("/books")
                #expect(list.text.contains("Japan 2027") && list.text.contains("id=\"archived-books\""))

                let wrong = try await browser.post("/books/\(id)/settings/delete", [("name", "Japan")])
                #expect(wrong.status == .unprocessableContent)
                #expect(wrong.text.contains("type the book"), "the form says what to type")
                expectStatus(try await client.get("/api/v1/books/\(id)/transactions", token: ann.token), .ok)
                let deleted = try await browser.post("/books/\(id)/settings/delete", [("name", "Japan 2027")])
                #expect(deleted.status == .seeOther && deleted.headers[.location] == "/books")
                expectProblem(try await client.get("/api/v1/books/\(id)/transactions", token: ann.token), .notFound)
            }
        }
    }
}
