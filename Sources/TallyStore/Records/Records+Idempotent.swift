import Foundation
import SQLKit
import TallyCore

/// A client's name for one add (the API's `Idempotency-Key` header): sent again, it gets the
/// record it made the first time instead of a second one. Clients use a UUID per record.
public struct IdempotencyKey: Sendable, Hashable {
    /// The key as sent.
    public let text: String

    /// Checks the key: 1 to 255 visible ASCII characters, as HTTP header values can carry them.
    public init(_ text: String) throws {
        guard (1...255).contains(text.utf8.count), text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw FieldError("Idempotency-Key", "must be 1 to 255 visible ASCII characters, such as a UUID")
        }
        self.text = text
    }
}

extension Records {
    /// What an add with an idempotency key did.
    public struct KeyedAdd: Sendable {
        /// The record: new, or the one the key made before.
        public var record: TransactionRecord
        /// False when the key had been used already (with the same input).
        public var created: Bool
    }

    /// Records an add once per `key`: the first call adds the record, a repeat with the same
    /// input returns that record (`created` false), also when the two race; a repeat with other
    /// input is refused with a `FieldError` on `Idempotency-Key`. The record and the key are
    /// written in one transaction, outside the group commit, so a lost race rolls its record back.
    public func addTransaction(
        to scope: BookScope,
        _ input: TransactionInput,
        key: IdempotencyKey
    ) async throws -> KeyedAdd {
        let book = try scope.writable()
        let fingerprint = Self.fingerprint(input)
        if let earlier = try await earlierAdd(key, fingerprint: fingerprint, in: scope) { return earlier }
        let draft = try TransactionDraft.validate(input, base: nil, bookCurrency: book.currency, today: scope.today)
        do {
            let added = try await database.write { db in
                let id = try await Self.insertTransaction(db, book: book, draft: draft)
                let claimed = try await db.raw(
                    """
                    INSERT INTO idempotency_keys (book_id, "key", request_hash, transaction_id, created_at)
                    VALUES (\(bind: book.id), \(bind: key.text), \(bind: fingerprint), \(bind: id), \(bind: Clock.timestamp()))
                    ON CONFLICT (book_id, "key") DO NOTHING RETURNING "key"
                    """
                ).all()
                // Another request with this key committed first: undo this record, use that one.
                guard !claimed.isEmpty else { throw KeyTaken() }
                return KeyedAdd(record: try await Self.record(db, id, book: book.id), created: true)
            }
            database.metrics.recordsAdded.increment()
            return added
        } catch is KeyTaken {
            guard let earlier = try await earlierAdd(key, fingerprint: fingerprint, in: scope) else {
                throw StoreError.conflict("Idempotency-Key \(key.text) is being used by another request; send it again")
            }
            return earlier
        }
    }

    /// The add `key` made before, or nil when the key is new to the book.
    private func earlierAdd(_ key: IdempotencyKey, fingerprint: String, in scope: BookScope) async throws -> KeyedAdd? {
        let bookID = scope.bookID
        return try await database.read { db -> KeyedAdd? in
            guard
                let row = try await db.raw(
                    """
                    SELECT request_hash, transaction_id FROM idempotency_keys
                    WHERE book_id = \(bind: bookID) AND "key" = \(bind: key.text)
                    """
                ).first()
            else { return nil }
            guard try row.decode(column: "request_hash", as: String.self) == fingerprint else {
                throw FieldError("Idempotency-Key", "was already used for a different record")
            }
            guard let id = try row.decode(column: "transaction_id", as: TransactionID?.self) else {
                throw StoreError.conflict("The record made with Idempotency-Key \(key.text) has been deleted")
            }
            return KeyedAdd(record: try await Self.record(db, id, book: bookID), created: false)
        }
    }

    /// SHA-256 of the input's fields as sent, each with its length, so no two inputs share one.
    /// The input, not the validated draft: a repeat on another day must match even when it left
    /// the date to default to "today".
    static func fingerprint(_ input: TransactionInput) -> String {
        let fields = [
            input.kind, input.amount, input.currency, input.date, input.time, input.payee, input.category,
            input.account, input.toAccount, input.note,
        ]
        return Users.sha256(fields.map { field in field.map { "\($0.utf8.count):\($0)" } ?? "-" }.joined())
    }

    /// Thrown inside the write to roll back a record whose key another request claimed first.
    private struct KeyTaken: Error {}
}

extension Records {
    /// How long a key is kept. A repeat comes seconds to days after the first send (a phone
    /// offline for a while); after 30 days the key is forgotten, and the same key would make a
    /// new record.
    public static let idempotencyKeyLifetime: TimeInterval = 30 * 24 * 3600

    /// Deletes the keys older than `idempotencyKeyLifetime` (housekeeping); returns how many.
    public func purgeOldIdempotencyKeys(now: Date = Date()) async throws -> Int {
        let cutoff = Clock.timestamp(now.addingTimeInterval(-Self.idempotencyKeyLifetime))
        // ISO 8601 UTC timestamps of one format sort as text in time order.
        return try await database.write { db in
            try await db.raw("DELETE FROM idempotency_keys WHERE created_at < \(bind: cutoff) RETURNING book_id").all()
                .count
        }
    }
}
