/// Migration 3: uploads waiting for an import to be confirmed.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0003 {
    static let sqlite: [String] = [
        """
        CREATE TABLE "pending_imports" ("token_hash" TEXT PRIMARY KEY, \
        "book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE, \
        "file_name" TEXT NOT NULL, \
        "data" BLOB NOT NULL, \
        "created_at" TEXT NOT NULL)
        """
    ]

    static let postgres: [String] = [
        """
        CREATE TABLE "pending_imports" ("token_hash" TEXT PRIMARY KEY, \
        "book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "user_id" BIGINT NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE, \
        "file_name" TEXT NOT NULL, \
        "data" BYTEA NOT NULL, \
        "created_at" TEXT NOT NULL)
        """
    ]
}
