/// Migration 13: the second factor, sessions that know their user, and profile photos.
///
/// - `users.totp_secret` (base32, set when enrolment starts), `users.totp_enabled_at` (set once a
///   code confirmed it) and `users.totp_last_step` (the last 30-second step accepted, so a code
///   cannot be used twice).
/// - `recovery_codes`: the SHA-256 of each one-time recovery code, and when it was used.
/// - `sessions.user_id`, filled from each session's JSON (`userID`), so changing a password can
///   end that user's other sessions.
/// - `user_photos`: a person's photo, stored like receipts (the bytes in the database), and
///   `users.photo_version` (set with it), so a page knows there is one without reading it.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0013 {
    static let sqlite: [String] = [
        #"ALTER TABLE "users" ADD COLUMN "totp_secret" TEXT"#,
        #"ALTER TABLE "users" ADD COLUMN "totp_enabled_at" TEXT"#,
        #"ALTER TABLE "users" ADD COLUMN "totp_last_step" INTEGER"#,
        """
        CREATE TABLE "recovery_codes" ("user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE, \
        "code_hash" TEXT NOT NULL, \
        "used_at" TEXT, \
        PRIMARY KEY ("user_id", "code_hash"))
        """,
        #"ALTER TABLE "sessions" ADD COLUMN "user_id" INTEGER"#,
        #"UPDATE "sessions" SET "user_id" = CAST(json_extract("value", '$.userID') AS INTEGER)"#,
        #"CREATE INDEX "sessions_user" ON "sessions" ("user_id")"#,
        #"ALTER TABLE "users" ADD COLUMN "photo_version" TEXT"#,
        """
        CREATE TABLE "user_photos" ("user_id" INTEGER PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE, \
        "content_type" TEXT NOT NULL, \
        "data" BLOB NOT NULL)
        """,
    ]

    static let postgres: [String] = [
        #"ALTER TABLE "users" ADD COLUMN "totp_secret" TEXT"#,
        #"ALTER TABLE "users" ADD COLUMN "totp_enabled_at" TEXT"#,
        #"ALTER TABLE "users" ADD COLUMN "totp_last_step" BIGINT"#,
        """
        CREATE TABLE "recovery_codes" ("user_id" BIGINT NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE, \
        "code_hash" TEXT NOT NULL, \
        "used_at" TEXT, \
        PRIMARY KEY ("user_id", "code_hash"))
        """,
        #"ALTER TABLE "sessions" ADD COLUMN "user_id" BIGINT"#,
        #"UPDATE "sessions" SET "user_id" = CAST(("value"::json ->> 'userID') AS BIGINT)"#,
        #"CREATE INDEX "sessions_user" ON "sessions" ("user_id")"#,
        #"ALTER TABLE "users" ADD COLUMN "photo_version" TEXT"#,
        """
        CREATE TABLE "user_photos" ("user_id" BIGINT PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE, \
        "content_type" TEXT NOT NULL, \
        "data" BYTEA NOT NULL)
        """,
    ]
}
