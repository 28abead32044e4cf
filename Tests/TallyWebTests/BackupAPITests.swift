import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import Testing
import ZIPFoundation

/// `GET /api/v1/backup` and `POST /api/v1/restore`: the caller's books out as one zip, and one
/// book back into an empty book the caller owns; every refusal stores nothing.
@Suite("Backup and restore API")
struct BackupAPITests {
    @Test("a book backs up and restores into another person's empty book", arguments: Backend.all)
    func roundTrip(_ backend: Backend) async throws {
        try await withApp(backend) { client, store in
            let ann = try await makeOwner(client)
            try await addTransaction(
                client,
                ann,
                ["amount": "4.50", "payee": "Coffee", "category": "Food", "account": "Cash"]
            )
            let response = try await client.get("/api/v1/backup", token: ann.token)
            expectStatus(response, .ok)
            #expect(response.headers[.contentType] == "application/zip")
            #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"tally-backup-") == true)
            let zip = Data(buffer: response.body)
            let archive = try Archive(data: zip, accessMode: .read)
            var document = Data()
            _ = try archive.extract(try #require(archive["backup.json"])) { document.append($0) }
            let text = String(decoding: document, as: UTF8.self)
            #expect(text.contains("\"scope\": \"books\""))
            #expect(!text.contains("password_hash"), "a books backup never holds password hashes")

            let sam = try await makeOwnerClosed(client, store, email: "sam@example.com")
            let made = try await client.post(
                "/api/v1/books",
                token: sam.token,
                json: json(["name": "Copy", "currency": "USD"])
            )
            expectStatus(made, .created)
            let copy = try #require(try JSONSerialization.jsonObject(with: Data(buffer: made.body)) as? [String: Any])[
                "id"
            ]
            let restored = try await client.post(
                "/api/v1/restore?book=\(copy!)",
                token: sam.token,
                body: ByteBuffer(data: zip),
                headers: [.contentType: "application/zip"]
            )
            expectStatus(restored, .ok)
            #expect(restored.text.contains("\"records\":1"))
            let records = try await client.get("/api/v1/books/\(copy!)/transactions", token: sam.token)
            #expect(records.text.contains("Coffee"))
            #expect(try await store.checks.check().findings.isEmpty)
        }
    }

    @Test("refusals: no book, not a member, not an owner, a book with records, not a backup", arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await withApp(backend) { client, store in
            let ann = try await makeOwner(client)
            let bob = try await makeOwnerClosed(client, store, email: "bob@example.com")
            let sam = try await makeOwnerClosed(client, store, email: "sam@example.com")
            try await join(client, ann, bob, as: "editor")
            try await addTransaction(
                client,
                ann,
                ["amount": "4.50", "payee": "Coffee", "category": "Food", "account": "Cash"]
            )
            let zip = ByteBuffer(data: Data(buffer: try await client.get("/api/v1/backup", token: ann.token).body))
            func restore(_ query: String, _ who: Owner?, _ body: ByteBuffer = zip) async throws -> TestResponse {
                try await client.post("/api/v1/restore\(query)", token: who?.token, body: body)
            }
            expectProblem(try await restore("", ann), .badRequest)
            expectProblem(try await restore("?book=\(ann.book)", nil), .unauthorized)
            expectProblem(try await restore("?book=\(ann.book)", sam), .notFound)
            expectProblem(try await restore("?book=\(ann.book)", bob), .forbidden)
            expectProblem(
                try await restore("?book=\(ann.book)", ann),
                .unprocessableContent,
                detailContains: "not empty"
            )
            expectProblem(
                try await restore("?book=\(sam.book)", sam, ByteBuffer(string: "not a zip")),
                .unprocessableContent,
                detailContains: "backup refused"
            )
            expectProblem(try await client.get("/api/v1/backup"), .unauthorized)
        }
    }
}
