import Foundation
import SQLKit
import TallyCore

/// A stored receipt image.
public struct Receipt: Sendable {
    /// Row id.
    public let id: ReceiptID
    /// The record it belongs to.
    public let transactionID: TransactionID
    /// Detected image type.
    public let type: ReceiptImageType
    /// Size in bytes.
    public let byteSize: Int
}

extension Records {
    /// Attaches an image to a record. Stored in the database itself, so several app servers
    /// sharing one PostgreSQL see the same files and a backup of the database holds everything.
    public func addReceipt(to transactionID: TransactionID, in scope: BookScope, bytes: [UInt8]) async throws -> Receipt
    {
        let bookID = scope.bookID
        try scope.requireWrite()
        let type = try Self.imageType(bytes, field: "receipt")
        let id = try await database.write { db in
            guard
                try await db.raw(
                    "SELECT id FROM transactions WHERE id = \(bind: transactionID) AND book_id = \(bind: bookID)"
                ).first() != nil
            else {
                throw StoreError.notFound("transaction")
            }
            return try await Self.insertReceipt(db, book: bookID, transaction: transactionID, bytes: bytes, type: type)
        }
        return Receipt(id: id, transactionID: transactionID, type: type, byteSize: bytes.count)
    }

    /// Stores a checked image for a record of the book, inside the caller's transaction.
    static func insertReceipt(
        _ db: any SQLDatabase,
        book bookID: BookID,
        transaction transactionID: TransactionID,
        bytes: [UInt8],
        type: ReceiptImageType
    ) async throws -> ReceiptID {
        try await db.raw(
            """
            INSERT INTO receipts (book_id, transaction_id, content_type, byte_size, data, created_at)
            VALUES (\(bind: bookID), \(bind: transactionID), \(bind: type.rawValue), \(bind: bytes.count), \(bind: Data(bytes)), \(bind: Clock.timestamp()))
            RETURNING id
            """
        ).first()!.decode(column: "id", as: ReceiptID.self)
    }

    /// The receipts of a record, oldest first.
    public func receipts(of transactionID: TransactionID, in scope: BookScope) async throws -> [Receipt] {
        let bookID = scope.bookID
        return try await database.read { db in
            try await db.raw(
                """
                SELECT id, transaction_id, content_type, byte_size FROM receipts
                WHERE transaction_id = \(bind: transactionID) AND book_id = \(bind: bookID) ORDER BY id
                """
            ).all()
        }.map { try $0.decode(model: ReceiptRow.self).receipt }
    }

    /// Every receipt of the book, oldest first, without their bytes (an export reads them one
    /// by one with `receiptData`).
    public func allReceipts(in scope: BookScope) async throws -> [Receipt] {
        let bookID = scope.bookID
        return try await database.read { db in
            try await db.raw(
                "SELECT id, transaction_id, content_type, byte_size FROM receipts WHERE book_id = \(bind: bookID) ORDER BY id"
            ).all()
        }.map { try $0.decode(model: ReceiptRow.self).receipt }
    }

    /// A receipt's metadata and bytes.
    public func receiptData(_ id: ReceiptID, in scope: BookScope) async throws -> (Receipt, Data) {
        let bookID = scope.bookID
        let row = try await database.read { db in
            try await db.raw(
                """
                SELECT id, transaction_id, content_type, byte_size, data FROM receipts WHERE id = \(bind: id) AND book_id = \(bind: bookID)
                """
            ).first()
        }
        guard let row else { throw StoreError.notFound("receipt") }
        let stored = try row.decode(model: ReceiptDataRow.self)
        return (stored.receipt, stored.data)
    }

    /// Deletes a receipt; returns what it was (its record, for the page to go back to).
    @discardableResult
    public func deleteReceipt(_ id: ReceiptID, in scope: BookScope) async throws -> Receipt {
        let bookID = scope.bookID
        try scope.requireWrite()
        let row = try await database.write { db in
            try await db.raw(
                """
                DELETE FROM receipts WHERE id = \(bind: id) AND book_id = \(bind: bookID)
                RETURNING id, transaction_id, content_type, byte_size
                """
            ).first()
        }
        guard let row else { throw StoreError.notFound("receipt") }
        return try row.decode(model: ReceiptRow.self).receipt
    }

    /// Checks an uploaded image (receipts, goal and profile photos): see `ReceiptImageType.checked`.
    static func imageType(_ bytes: [UInt8], field: String) throws -> ReceiptImageType {
        try ReceiptImageType.checked(bytes, field: field)
    }
}
