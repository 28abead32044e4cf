/// Migration 10: idempotency keys for adds.
///
/// A phone that saved records offline sends each again until it hears back, so the same record
/// can arrive twice (a lost answer, two syncs racing). Each add may carry a client-made key
/// (`Idempotency-Key`); the book remembers it with a fingerprint of the request and the record
/// it made, and a repeat gets that record instead of a second one. The key's row goes in the same
/// transaction as the record, and the primary key `(book_id, key)` settles a race. A deleted
/// record leaves its key behind (`transaction_id` set to NULL), so a late repeat cannot bring it
/// back; `transaction_id` is indexed for that, as every record delete looks the key up.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0010 {
    static let sqlite: [String] = [
        """
        CREATE TABLE "idempotency_keys" (\
        "book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "key" TEXT NOT NULL, \
        "request_hash" TEXT NOT NULL, \
        "transaction_id" BIGINT REFERENCES "transactions" ("id") ON DELETE SET NULL, \
        "created_at" TEXT NOT NULL, \
        PRIMARY KEY ("book_id", "key"))
        """,
        #"CREATE INDEX "idempotency_keys_transaction" ON "idempotency_keys" ("transaction_id")"#,
    ]

    /// The same statements: both engines take this DDL as it is.
    static let postgres: [String] = sqlite
}
