import Foundation
import SQLKit
import TallyCore

extension Imports {
    /// Keeps an uploaded file until its import is confirmed or cancelled (the web preview step);
    /// returns the token that names it. Uploads older than a day are dropped.
    public func stageImport(into scope: BookScope, fileName: String, data: [UInt8]) async throws -> String {
        let bookID = scope.bookID
        let user = scope.user
        try scope.requireWrite()
        let token = Users.randomHex(bytes: 16)
        let dayAgo = Clock.timestamp(Date().addingTimeInterval(-86_400))
        try await database.write { db in
            try await db.raw("DELETE FROM pending_imports WHERE created_at < \(bind: dayAgo)").run()
            try await db.raw(
                """
                INSERT INTO pending_imports (token_hash, book_id, user_id, file_name, data, created_at)
                VALUES (\(bind: Users.sha256(token)), \(bind: bookID), \(bind: user.id), \(bind: fileName), \(bind: Data(data)), \(bind: Clock.timestamp()))
                """
            ).run()
        }
        return token
    }

    /// A staged upload of this user and book: its file name and bytes.
    public func stagedImport(_ token: String, in scope: BookScope) async throws -> (fileName: String, data: [UInt8]) {
        let bookID = scope.bookID
        let user = scope.user
        try scope.requireWrite()
        let row = try await database.read { db in
            try await db.raw(
                """
                SELECT file_name, data FROM pending_imports
                WHERE token_hash = \(bind: Users.sha256(token)) AND book_id = \(bind: bookID) AND user_id = \(bind: user.id)
                """
            ).first()
        }
        guard let row else { throw StoreError.notFound("upload (it may have expired; upload the file again)") }
        let upload = try row.decode(model: StagedUpload.self)
        return (upload.fileName, Array(upload.data))
    }

    /// A `pending_imports` row's file.
    private struct StagedUpload: Decodable {
        let fileName: String
        let data: Data

        enum CodingKeys: String, CodingKey {
            case data
            case fileName = "file_name"
        }
    }

    /// Deletes a staged upload inside the caller's transaction; not found when it is already gone
    /// and `required` (a big import's last batch goes on without it: the person may have
    /// cancelled the preview while it ran).
    static func claimStagedImport(
        _ db: any SQLDatabase,
        _ token: String,
        book: BookID,
        user: UserID,
        required: Bool = true
    ) async throws {
        let claimed = try await db.raw(
            """
            DELETE FROM pending_imports WHERE token_hash = \(bind: Users.sha256(token)) AND book_id = \(bind: book) AND user_id = \(bind: user)
            RETURNING token_hash
            """
        ).first()
        if claimed == nil, required { throw StoreError.notFound("upload (it was imported already or has expired)") }
    }

    /// Checks, before an import writes anything, that its staged upload is there.
    static func findStagedImport(_ db: any SQLDatabase, _ token: String, book: BookID, user: UserID) async throws {
        let found = try await db.raw(
            """
            SELECT token_hash FROM pending_imports WHERE token_hash = \(bind: Users.sha256(token)) AND book_id = \(bind: book)
            AND user_id = \(bind: user)
            """
        ).first()
        if found == nil { throw StoreError.notFound("upload (it was imported already or has expired)") }
    }

    /// Forgets a staged upload.
    public func dropStagedImport(_ token: String, in scope: BookScope) async throws {
        let bookID = scope.bookID
        let user = scope.user
        try scope.requireWrite()
        try await database.write { db in
            try await db.raw(
                """
                DELETE FROM pending_imports WHERE token_hash = \(bind: Users.sha256(token)) AND book_id = \(bind: bookID) AND user_id = \(bind: user.id)
                """
            ).run()
        }
    }
}
