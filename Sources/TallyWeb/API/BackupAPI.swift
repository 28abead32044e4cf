import Foundation
import Hummingbird
import NIOCore
import TallyCore
import TallyJSON
import TallyStore

/// Full backup and restore over the API (docs/backup.md): `GET /backup[?book=ID]` is the zip of
/// every book the caller can reach, or of one (never the whole server: that is the local
/// `tally backup` alone), and
/// `POST /restore?book=ID[&from=N]` restores one book of a backup zip (the body) into an empty
/// book the caller owns.
struct BackupAPI {
    let store: Store
    /// The largest zip `POST /restore` takes.
    static let maxRestoreBytes = 2 << 30

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let signedIn = routes.signedIn()
        signedIn.get("backup") { request, context in
            guard let raw = request.uri.queryParameters.get("book") else {
                return try await Self.download(for: context.user, store: store)
            }
            guard let book = Int64(raw), book > 0 else { throw BadRequest(detail: "book: give a book id, as ?book=ID") }
            return try await Self.download(for: context.user, book: BookID(book), store: store)
        }
        signedIn.post("restore", use: restore)
        return routes
    }

    /// The caller's backup as a download, named by the day: every book they can reach, or `book`.
    static func download(for user: User, book: BookID? = nil, store: Store) async throws -> Response {
        var books = try await store.backups.books(of: user)
        if let book { books = [try await store.scope(user, book: book).bookID] }
        let zip = try await BackupArchive.write(.books(books), store: store)
        let day = Date().formatted(.iso8601.year().month().day())
        return try streamed(zip, name: "tally-backup-\(day).zip")
    }

    func restore(_ request: Request, context: SignedInContext) async throws -> RestoreJSON {
        guard let book = request.uri.queryParameters.get("book", as: Int64.self), book > 0 else {
            throw BadRequest(detail: "book: say which empty book to restore into, as ?book=ID")
        }
        let from = request.uri.queryParameters.get("from", as: Int64.self)
        // Checked before the body is read: only an owner may replace a book's catalogue.
        let scope = try await store.scope(context.user, book: BookID(book))
        try scope.require(.owner)
        let folder = try ScratchFolder.make("upload")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("backup.zip")
        FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        let handle = try FileHandle(forWritingTo: file)
        var size = 0
        do {
            // To disk as it arrives: a backup can be far larger than memory should hold.
            for try await buffer in request.body {
                size += buffer.readableBytes
                guard size <= Self.maxRestoreBytes else {
                    throw AppError(.contentTooLarge, "the backup is larger than \(Self.maxRestoreBytes >> 30) GB")
                }
                try handle.write(contentsOf: buffer.readableBytesView)
            }
            try handle.close()
        } catch {
            try? handle.close()
            throw error
        }
        let summary = try await store.backups.restore(try BackupArchive.open(file), into: .book(scope, from: from))
        return RestoreJSON(book: book, records: summary.rows["transactions"] ?? 0, rows: summary.rows)
    }

    /// A file as a download: opened, then deleted at once (the handle keeps the bytes until it
    /// closes, so nothing is left behind whether or not the body is sent), and sent 64 KB at a time.
    static func streamed(_ zip: URL, name: String) throws -> Response {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: zip)
        } catch {
            BackupArchive.discard(zip)
            throw error
        }
        BackupArchive.discard(zip)
        let body = ResponseBody { writer in
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip",
                .contentDisposition: "attachment; filename=\"\(name)\"",
                .cacheControl: "no-store",
            ],
            body: body
        )
    }
}

/// What `POST /restore` stored.
struct RestoreJSON: ResponseEncodable {
    /// The book restored into.
    let book: Int64
    /// How many records it now holds.
    let records: Int
    /// How many rows each table received.
    let rows: [String: Int]
}
