import Foundation
import TallyCore
import TallyJSON
import TallyStore

/// What `tally backup` and `tally restore` need: the store's `Backups` locally, and remotely
/// `GET /api/v1/backup[?book=ID]` and `POST /api/v1/restore?book=ID[&from=N]`.
protocol BackupBackend: Sendable {
    /// Writes the zip of `book`, or of every book the user can reach (locally, with no user
    /// named either, of the whole server) to `target`, replacing it only once the zip is whole.
    func backup(book: BookID?, to target: URL) async throws
    /// Restores `file` into the empty `book` (its backup book `from`), or locally into an empty
    /// data folder when `book` is nil: how many books and records it stored.
    func restore(_ file: URL, into book: BookID?, from: Int64?) async throws -> (books: Int, records: Int)
}

/// Backups of the local data, for the user `email` names (or the whole server when none is).
struct LocalBackups: BackupBackend {
    let store: Store
    let email: String?

    func backup(book: BookID?, to target: URL) async throws {
        let scope: BackupScope
        if email == nil, book == nil {
            scope = .server
        } else {
            let person = try await findUser(store, email: email)
            if let book {
                scope = .books([try await store.scope(person, book: book).bookID])
            } else {
                scope = .books(try await store.backups.books(of: person))
            }
        }
        let zip = try await BackupArchive.write(scope, store: store)
        defer { BackupArchive.discard(zip) }
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: zip, to: target)
    }

    func restore(_ file: URL, into book: BookID?, from: Int64?) async throws -> (books: Int, records: Int) {
        let source = try BackupArchive.open(file)
        var target = RestoreTarget.emptyServer
        if let book {
            target = .book(try await store.scope(try await findUser(store, email: email), book: book), from: from)
        }
        let summary = try await store.backups.restore(source, into: target)
        return (summary.books.count, summary.rows["transactions"] ?? 0)
    }
}

/// Backups of the books the token's user can reach on a server.
struct RemoteBackups: BackupBackend {
    let client: ServerClient

    func backup(book: BookID?, to target: URL) async throws {
        let query = book.map { [("book", String($0.rawValue))] } ?? []
        let response = try await client.start(.GET, "/api/v1/backup", query: query)
        try await client.check(response)
        // Into a file beside the target first, so a broken download leaves no half a zip.
        let partial = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).part")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: partial.path)
        else { throw CLIError("cannot write \(target.path)") }
        do {
            for try await buffer in response.body { try handle.write(contentsOf: buffer.readableBytesView) }
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: partial, to: target)
    }

    func restore(_ file: URL, into book: BookID?, from: Int64?) async throws -> (books: Int, records: Int) {
        guard let book else {
            throw CLIError(
                "restoring a whole server works on local data only: give --book ID to restore one book into an "
                    + "empty book on the server, or --data DIR for a local data folder"
            )
        }
        var query = [("book", String(book.rawValue))]
        if let from { query.append(("from", String(from))) }
        let upload = ServerClient.Upload(file: file, contentType: "application/zip")
        let answer = try await client.send(.POST, "/api/v1/restore", query: query, upload: upload)
        return (1, try RemoteJSON.decode(Restored.self, answer.body).records)
    }

    /// `RestoreJSON`.
    struct Restored: Decodable {
        let records: Int
    }
}

extension StoreOptions {
    /// Runs `body` with backups of the local data or of the server in effect (as `withBackend`).
    func withBackups<T: Sendable>(
        user: String?,
        _ body: @Sendable (any BackupBackend) async throws -> T
    ) async throws -> T {
        if let target = try serverTarget() {
            if user != nil {
                throw CLIError("--user is for local data; against a server the token says who you are")
            }
            return try await body(RemoteBackups(client: ServerClient(server: target.server, token: target.token)))
        }
        return try await withStore { store in try await body(LocalBackups(store: store, email: user)) }
    }
}
