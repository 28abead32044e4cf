/// Migration 25: PostgreSQL keeps each record's search words in a stored column.
///
/// The word search's index was over the expression `to_tsvector('simple', tally_fold(payee || ' ' ||
/// note))`, and PostgreSQL computes an expression again wherever it tests a row: for each record a
/// page of results walks past (3,460 of them for `lyft` at 1M records, 34 ms), and for each match
/// it sums, as the GIN index's recheck. `tally_fold` (unaccent) is most of that. The vector is now
/// a generated column, computed once when the record is written, in the same statement, and the
/// index is on the column: the page above took 1.2 ms. Adding it rewrites the table (about 10 s at
/// 1M records). SQLite's full-text table already stores its words: nothing to change there.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0025 {
    static let sqlite: [String] = []

    static let postgres: [String] = [
        """
        ALTER TABLE "transactions" ADD COLUMN "search" tsvector
          GENERATED ALWAYS AS (to_tsvector('simple', tally_fold("payee" || ' ' || "note"))) STORED
        """,
        #"DROP INDEX "transactions_search""#,
        #"CREATE INDEX "transactions_search" ON "transactions" USING GIN ("search")"#,
    ]
}
