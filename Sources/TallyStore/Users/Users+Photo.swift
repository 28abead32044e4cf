import Foundation
import SQLKit
import TallyCore

extension Users {
    /// Stores the user's profile photo (a JPEG, PNG, HEIC or WebP of at most 10 MB, checked by
    /// its bytes like receipts), or removes it with nil. Pages show it cropped to a square circle.
    public func setPhoto(_ bytes: [UInt8]?, for user: User) async throws -> User {
        let type = try bytes.map { try Records.imageType($0, field: "photo").rawValue }
        let version: String? = bytes == nil ? nil : Users.randomHex(bytes: 6)
        try await database.write { db in
            try await db.raw("DELETE FROM user_photos WHERE user_id = \(bind: user.id)").run()
            if let bytes, let type {
                try await db.raw(
                    """
                    INSERT INTO user_photos (user_id, content_type, data)
                    VALUES (\(bind: user.id), \(bind: type), \(bind: Data(bytes)))
                    """
                ).run()
            }
            try await db.raw("UPDATE users SET photo_version = \(bind: version) WHERE id = \(bind: user.id)").run()
        }
        var changed = user
        changed.photoVersion = version
        return changed
    }

    /// A user's photo and its media type; `notFound` when they have none.
    public func photo(of userID: UserID) async throws -> (type: String, data: Data) {
        let row = try await database.read { db in
            try await db.raw("SELECT content_type, data FROM user_photos WHERE user_id = \(bind: userID)").first()
        }
        guard let row else { throw StoreError.notFound("photo") }
        return (try row.decode(column: "content_type", as: String.self), try row.decode(column: "data", as: Data.self))
    }

    /// The photo of a member of the scope's book (members see each other's photos); `notFound`
    /// for anyone else.
    public func memberPhoto(_ userID: UserID, in scope: BookScope) async throws -> (type: String, data: Data) {
        let member = try await database.read { db in
            try await db.raw(
                "SELECT user_id FROM book_members WHERE book_id = \(bind: scope.bookID) AND user_id = \(bind: userID)"
            ).first()
        }
        guard member != nil else { throw StoreError.notFound("photo") }
        return try await photo(of: userID)
    }
}
