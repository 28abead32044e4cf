/// Migration 11: idempotency keys by age.
///
/// Every record the phone's queue sends carries a key, so `idempotency_keys` grows by one row per
/// record. Keys are only needed while a repeat can still come (seconds to days: a phone offline
/// for a while), so housekeeping deletes those older than 30 days
/// (`Records.purgeOldIdempotencyKeys`); this index lets it find them without reading the table.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0011 {
    static let sqlite: [String] = [
        #"CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" ("created_at")"#
    ]

    /// The same statement: both engines take this DDL as it is.
    static let postgres: [String] = sqlite
}
