/// Migration 21: a staged bank-file row keeps the lines of a split transaction (QIF `S`/`$`/`E`)
/// and the tags rules gave it, so that committing the import stores the split record and its
/// tags as the review showed them.
///
/// Both are JSON text ("" for none): staged rows live for a day and are only ever read whole, row
/// by row, so a table of their own would add joins and nothing else. Frozen: the SQL it sent on
/// the day it shipped. Never edit it; change the schema with a new migration.
enum Migration0021 {
    static let sqlite: [String] = shared
    static let postgres: [String] = shared

    private static let shared: [String] = [
        #"ALTER TABLE "statement_import_rows" ADD COLUMN "lines" TEXT NOT NULL DEFAULT ''"#,
        #"ALTER TABLE "statement_import_rows" ADD COLUMN "tags" TEXT NOT NULL DEFAULT ''"#,
    ]
}
