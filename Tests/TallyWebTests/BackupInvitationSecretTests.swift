import Foundation
import NIOCore
import TallyCore
import TallyJSON
import Testing
import ZIPFoundation

@testable import TallyStore

/// Issue 42, finding 10: a viewer's or editor's backup carried the token hashes of the book's
/// pending invitations. Only the owner's whole-server backup (`tally backup` on the local data)
/// holds invitations now; every books backup, the owner's included, leaves them out (and the
/// people only an invitation names), and still restores.
@Suite("Backups hold invitation secrets only for the whole server")
struct BackupInvitationSecretTests {
    /// `backup.json` of a backup zip.
    static func document(_ zip: Data) throws -> String {
        let archive = try Archive(data: zip, accessMode: .read)
        var document = Data()
        _ = try archive.extract(try #require(archive["backup.json"])) { document.append($0) }
        return String(decoding: document, as: UTF8.self)
    }

    /// A pending invitation's secret token, made by `owner`.
    static func invite(_ client: Client, _ owner: Owner, _ body: [String: Any]) async throws -> String {
        let made = try await client.post("\(owner.books)/invitations", token: owner.token, json: json(body))
        try #require(made.status == .created, "invite: \(made.text)")
        let out = try #require(try JSONSerialization.jsonObject(with: Data(buffer: made.body)) as? [String: Any])
        return try #require(out["token"] as? String)
    }

    @Test("viewer, editor and owner books backups hold no invitation hash; the owner's still restores")
    func booksBackups() async throws {
        try await withApp { client, store in
            let ann = try await makeOwner(client)
            let bob = try await makeOwnerClosed(client, store, email: "bob@example.com")
            let cy = try await makeOwnerClosed(client, store, email: "cy@example.com")
            _ = try await makeOwnerClosed(client, store, email: "dee@example.com")
            try await join(client, ann, bob, as: "editor")
            try await join(client, ann, cy, as: "viewer")
            try await addTransaction(
                client,
                ann,
                ["amount": "4.50", "payee": "Coffee", "category": "Food", "account": "Cash"]
            )
            let hashes = [
                Users.sha256(try await Self.invite(client, ann, ["role": "editor"])),
                Users.sha256(try await Self.invite(client, ann, ["role": "viewer", "email": "dee@example.com"])),
            ]
            let backups: [(String, Owner, String)] = [
                ("viewer", cy, "/api/v1/backup"), ("editor", bob, "/api/v1/backup"),
                ("owner", ann, "/api/v1/backup"), ("owner, one book", ann, "/api/v1/backup?book=\(ann.book)"),
            ]
            var ownerZip = Data()
            for (who, caller, path) in backups {
                let response = try await client.get(path, token: caller.token)
                #expect(response.status == .ok, "\(who): \(response.text)")
                let zip = Data(buffer: response.body)
                let text = try Self.document(zip)
                #expect(text.contains("\"scope\": \"books\""), "\(who)")
                #expect(text.contains("\"payee\":\"Coffee\""), "\(who): the records are there")
                for hash in hashes { #expect(!text.contains(hash), "\(who): no invitation's token hash") }
                #expect(!text.contains("token_hash") && !text.contains("book_invitations"), "\(who): no invitations")
                // Only the members: dee is named by a pending invitation alone.
                #expect(!text.contains("dee@example.com"), "\(who): no one only an invitation names")
                #expect(text.contains("cy@example.com") && text.contains("bob@example.com"), "\(who): the members")
                if who == "owner" { ownerZip = zip }
            }
            let sam = try await makeOwnerClosed(client, store, email: "sam@example.com")
            let restored = try await client.post(
                "/api/v1/restore?book=\(sam.book)",
                token: sam.token,
                body: ByteBuffer(data: ownerZip),
                headers: [.contentType: "application/zip"]
            )
            #expect(restored.status == .ok, "\(restored.text)")
            #expect(restored.text.contains("\"records\":1"))
            #expect(try await store.checks.check().findings.isEmpty)
        }
    }

    @Test("the whole-server backup keeps the invitations' hashes and round-trips them")
    func serverBackup() async throws {
        try await withApp { client, store in
            let ann = try await makeOwner(client)
            let hash = Users.sha256(try await Self.invite(client, ann, ["role": "editor"]))
            let first = try await BackupArchive.write(.server, store: store)
            defer { BackupArchive.discard(first) }
            let text = try Self.document(try Data(contentsOf: first))
            #expect(text.contains("\"scope\": \"server\""))
            #expect(text.contains(hash), "the server backup holds the pending invitation's token hash")
            let empty = try await Store.open(.sqliteMemory, bcryptCost: 4)
            do {
                try await empty.migrate()
                let summary = try await empty.backups.restore(try BackupArchive.open(first), into: .emptyServer)
                #expect(summary.books.count == 1)
                let second = try await BackupArchive.write(.server, store: empty)
                defer { BackupArchive.discard(second) }
                #expect(
                    try Self.document(try Data(contentsOf: second)).contains(hash),
                    "and keeps it through a restore"
                )
            } catch {
                await empty.database.close()
                throw error
            }
            await empty.database.close()
        }
    }
}
