/// Migration 16: bank-statement imports that are staged, reviewed, committed and can be undone;
/// account numbers remembered; CSV mapping presets; rules.
///
/// - `statement_imports`: one upload, its format, the file's accounts with the book's account each
///   goes to and the closing balance the file states (JSON), and its state (`staged`, `committed`,
///   `undone`); a staged one expires.
/// - `statement_import_rows`: every row as it would be stored, what the review found (`new`,
///   `imported`, `duplicate`, `transfer`), what to do with it (`import`, `skip`, `transfer`), the
///   record it matched and why; after the commit, the record it made or changed, and what that
///   record was before (JSON), so that the whole import can be undone.
/// - `transactions.import_id` and `imported_id`: the import a record came from and the file's own
///   id of it (FITID, AcctSvcrRef, or a hash of the row); `edited`: set when a person changes the
///   record, so that undoing its import keeps it (timestamps are only to the second).
/// - `imported_ids`: every file id already stored per account, so that re-importing a file, or an
///   overlapping one, finds what is already there (a transfer made from two files holds two).
/// - `accounts.number_hash` and `number_last4`: a file's account number, kept only hashed and as
///   its last four characters.
/// - `import_presets`: named CSV mappings per book, with the header they were made from.
/// - `rules`: each book's ordered rules, as JSON; `rule_runs` and `rule_run_rows`: a rule applied to
///   existing records, with each record's fields before and after, so the run can be undone.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0016 {
    static let sqlite: [String] = [
        """
        CREATE TABLE "statement_imports" ("id" INTEGER PRIMARY KEY, \
        "book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "user_id" INTEGER NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE, \
        "format" TEXT NOT NULL, \
        "file_name" TEXT NOT NULL, \
        "status" TEXT NOT NULL, \
        "accounts" TEXT NOT NULL, \
        "created_at" TEXT NOT NULL, \
        "expires_at" TEXT NOT NULL, \
        "committed_at" TEXT)
        """,
        #"CREATE INDEX "statement_imports_book" ON "statement_imports" ("book_id", "id")"#,
        """
        CREATE TABLE "statement_import_rows" (\
        "import_id" INTEGER NOT NULL REFERENCES "statement_imports" ("id") ON DELETE CASCADE, \
        "row" INTEGER NOT NULL, \
        "location" TEXT NOT NULL, \
        "account" INTEGER NOT NULL, \
        "date" TEXT NOT NULL, \
        "time" TEXT NOT NULL, \
        "kind" TEXT NOT NULL, \
        "amount_minor" INTEGER NOT NULL, \
        "currency" TEXT NOT NULL, \
        "payee" TEXT NOT NULL, \
        "note" TEXT NOT NULL, \
        "category_id" INTEGER, \
        "category_name" TEXT NOT NULL, \
        "transfer_account" TEXT NOT NULL, \
        "imported_id" TEXT NOT NULL, \
        "status" TEXT NOT NULL, \
        "action" TEXT NOT NULL, \
        "match_id" INTEGER, \
        "reason" TEXT NOT NULL, \
        "proposed" TEXT NOT NULL, \
        "transaction_id" INTEGER, \
        "previous" TEXT NOT NULL, \
        PRIMARY KEY ("import_id", "row"))
        """,
        #"ALTER TABLE "transactions" ADD COLUMN "import_id" INTEGER"#,
        #"ALTER TABLE "transactions" ADD COLUMN "imported_id" TEXT"#,
        #"ALTER TABLE "transactions" ADD COLUMN "edited" INTEGER NOT NULL DEFAULT 0"#,
        #"CREATE INDEX "transactions_import" ON "transactions" ("import_id", "imported_id") WHERE "import_id" IS NOT NULL"#,
        """
        CREATE TABLE "imported_ids" (\
        "book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "account_id" INTEGER NOT NULL, \
        "imported_id" TEXT NOT NULL, \
        "transaction_id" INTEGER NOT NULL REFERENCES "transactions" ("id") ON DELETE CASCADE, \
        "import_id" INTEGER NOT NULL, \
        PRIMARY KEY ("book_id", "account_id", "imported_id"))
        """,
        #"CREATE INDEX "imported_ids_transaction" ON "imported_ids" ("transaction_id")"#,
        #"ALTER TABLE "accounts" ADD COLUMN "number_hash" TEXT"#,
        #"ALTER TABLE "accounts" ADD COLUMN "number_last4" TEXT"#,
        """
        CREATE TABLE "import_presets" ("id" INTEGER PRIMARY KEY, \
        "book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "name" TEXT NOT NULL, \
        "mapping" TEXT NOT NULL, \
        "header" TEXT NOT NULL, \
        "created_at" TEXT NOT NULL, \
        UNIQUE ("book_id", "name"))
        """,
        """
        CREATE TABLE "rules" ("id" INTEGER PRIMARY KEY, \
        "book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "position" INTEGER NOT NULL, \
        "definition" TEXT NOT NULL, \
        "created_at" TEXT NOT NULL)
        """,
        #"CREATE INDEX "rules_book" ON "rules" ("book_id", "position")"#,
        """
        CREATE TABLE "rule_runs" ("id" INTEGER PRIMARY KEY, \
        "book_id" INTEGER NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "rule_id" INTEGER, \
        "status" TEXT NOT NULL, \
        "created_at" TEXT NOT NULL)
        """,
        """
        CREATE TABLE "rule_run_rows" (\
        "run_id" INTEGER NOT NULL REFERENCES "rule_runs" ("id") ON DELETE CASCADE, \
        "transaction_id" INTEGER NOT NULL REFERENCES "transactions" ("id") ON DELETE CASCADE, \
        "previous" TEXT NOT NULL, \
        "applied" TEXT NOT NULL, \
        PRIMARY KEY ("run_id", "transaction_id"))
        """,
    ]

    static let postgres: [String] = [
        """
        CREATE TABLE "statement_imports" ("id" BIGINT PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY, \
        "book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "user_id" BIGINT NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE, \
        "format" TEXT NOT NULL, \
        "file_name" TEXT NOT NULL, \
        "status" TEXT NOT NULL, \
        "accounts" TEXT NOT NULL, \
        "created_at" TEXT NOT NULL, \
        "expires_at" TEXT NOT NULL, \
        "committed_at" TEXT)
        """,
        #"CREATE INDEX "statement_imports_book" ON "statement_imports" ("book_id", "id")"#,
        """
        CREATE TABLE "statement_import_rows" (\
        "import_id" BIGINT NOT NULL REFERENCES "statement_imports" ("id") ON DELETE CASCADE, \
        "row" BIGINT NOT NULL, \
        "location" TEXT NOT NULL, \
        "account" BIGINT NOT NULL, \
        "date" TEXT NOT NULL, \
        "time" TEXT NOT NULL, \
        "kind" TEXT NOT NULL, \
        "amount_minor" BIGINT NOT NULL, \
        "currency" TEXT NOT NULL, \
        "payee" TEXT NOT NULL, \
        "note" TEXT NOT NULL, \
        "category_id" BIGINT, \
        "category_name" TEXT NOT NULL, \
        "transfer_account" TEXT NOT NULL, \
        "imported_id" TEXT NOT NULL, \
        "status" TEXT NOT NULL, \
        "action" TEXT NOT NULL, \
        "match_id" BIGINT, \
        "reason" TEXT NOT NULL, \
        "proposed" TEXT NOT NULL, \
        "transaction_id" BIGINT, \
        "previous" TEXT NOT NULL, \
        PRIMARY KEY ("import_id", "row"))
        """,
        #"ALTER TABLE "transactions" ADD COLUMN "import_id" BIGINT"#,
        #"ALTER TABLE "transactions" ADD COLUMN "imported_id" TEXT"#,
        #"ALTER TABLE "transactions" ADD COLUMN "edited" BIGINT NOT NULL DEFAULT 0"#,
        #"CREATE INDEX "transactions_import" ON "transactions" ("import_id", "imported_id") WHERE "import_id" IS NOT NULL"#,
        """
        CREATE TABLE "imported_ids" (\
        "book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "account_id" BIGINT NOT NULL, \
        "imported_id" TEXT NOT NULL, \
        "transaction_id" BIGINT NOT NULL REFERENCES "transactions" ("id") ON DELETE CASCADE, \
        "import_id" BIGINT NOT NULL, \
        PRIMARY KEY ("book_id", "account_id", "imported_id"))
        """,
        #"CREATE INDEX "imported_ids_transaction" ON "imported_ids" ("transaction_id")"#,
        #"ALTER TABLE "accounts" ADD COLUMN "number_hash" TEXT"#,
        #"ALTER TABLE "accounts" ADD COLUMN "number_last4" TEXT"#,
        """
        CREATE TABLE "import_presets" ("id" BIGINT PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY, \
        "book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "name" TEXT NOT NULL, \
        "mapping" TEXT NOT NULL, \
        "header" TEXT NOT NULL, \
        "created_at" TEXT NOT NULL, \
        UNIQUE ("book_id", "name"))
        """,
        """
        CREATE TABLE "rules" ("id" BIGINT PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY, \
        "book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "position" BIGINT NOT NULL, \
        "definition" TEXT NOT NULL, \
        "created_at" TEXT NOT NULL)
        """,
        #"CREATE INDEX "rules_book" ON "rules" ("book_id", "position")"#,
        """
        CREATE TABLE "rule_runs" ("id" BIGINT PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY, \
        "book_id" BIGINT NOT NULL REFERENCES "books" ("id") ON DELETE CASCADE, \
        "rule_id" BIGINT, \
        "status" TEXT NOT NULL, \
        "created_at" TEXT NOT NULL)
        """,
        """
        CREATE TABLE "rule_run_rows" (\
        "run_id" BIGINT NOT NULL REFERENCES "rule_runs" ("id") ON DELETE CASCADE, \
        "transaction_id" BIGINT NOT NULL REFERENCES "transactions" ("id") ON DELETE CASCADE, \
        "previous" TEXT NOT NULL, \
        "applied" TEXT NOT NULL, \
        PRIMARY KEY ("run_id", "transaction_id"))
        """,
    ]
}
