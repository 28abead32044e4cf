/// Migration 17: a staged row's `pair_row`, the row of the same file that is the other side of its
/// transfer (a file holding two of the book's accounts, money leaving one and reaching the other).
/// The commit makes the pair one transfer record and remembers both rows' file ids.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0017 {
    static let sqlite: [String] = [#"ALTER TABLE "statement_import_rows" ADD COLUMN "pair_row" INTEGER"#]

    static let postgres: [String] = [#"ALTER TABLE "statement_import_rows" ADD COLUMN "pair_row" BIGINT"#]
}
