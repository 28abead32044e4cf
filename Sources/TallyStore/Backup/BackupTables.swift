import TallyCore

/// Every table the backup holds, in the order it writes and restores them: a row only points at
/// rows of tables before it (or, for categories, of its own table).
///
/// Left out on purpose (see docs/backup.md): sessions, the sign-in throttle (`login_failures`),
/// the server's own secrets (`server_secrets`: a restored server makes new ones), idempotency
/// keys (a retry window of a day), staged imports (`pending_imports`, `statement_imports` and
/// their rows: a half-done review), rule runs (the undo history of applying a rule), and the
/// derived columns and tables that restore rebuilds: the kept totals (`day_totals`,
/// `month_totals`, `month_category_totals`, `month_payee_totals`, the year tables, `account_balances`,
/// `day_account_totals`, `month_account_totals`), `books.catalog_version`,
/// `transactions.payee_key`, `line_count`, `tag_count` and `receipts.byte_size`.
public enum BackupTables {
    /// The format's version: raised whenever a table or column is added, removed or changes meaning.
    public static let version = 1

    private static let name = BackupColumnKind.text(200)
    private static let note = BackupColumnKind.text(10_000)
    private static let position = BackupColumnKind.int(0...1_000_000)
    private static let cycles = BudgetCycle.allCases.map(\.rawValue)

    /// The tables a backup leaves out (see the comment above), each with why; a test checks that
    /// every table of the schema is either backed up or named here, so a new table is a decision.
    public static let leftOut: [String: String] = [
        "schema_migrations": "the schema version: restore migrates to its own",
        "sessions": "signed-in browsers", "login_failures": "the sign-in throttle",
        "server_secrets": "a restored server makes new ones", "idempotency_keys": "a retry window of a day",
        "pending_imports": "a half-done review",
        "statement_imports": "a half-done review", "statement_import_rows": "a half-done review",
        "rule_runs": "the undo history of applying a rule", "rule_run_rows": "the undo history of applying a rule",
        "long_writes": "a long write under way, finished or undone at start-up",
        "day_totals": "kept totals, rebuilt", "month_totals": "kept totals, rebuilt",
        "month_category_totals": "kept totals, rebuilt", "month_payee_totals": "kept totals, rebuilt",
        "year_payee_totals": "kept totals, rebuilt", "year_category_totals": "kept totals, rebuilt",
        "account_balances": "kept totals, rebuilt", "day_account_totals": "kept totals, rebuilt",
        "month_account_totals": "kept totals, rebuilt",
    ]

    /// Columns of backed-up tables that a backup does not write: restore derives them, or they
    /// point into a table that is left out.
    public static let derivedColumns: Set<String> = [
        "books.catalog_version", "transactions.payee_key", "transactions.line_count", "transactions.tag_count",
        // PostgreSQL's stored search words (migration 25), generated from payee and note.
        "transactions.search",
        "receipts.byte_size",
        // The undo link to a statement import, whose staged rows are left out.
        "transactions.import_id", "imported_ids.import_id",
    ]

    /// The tables, in order.
    public static let all: [BackupTable] = people + catalog + records + plans

    /// The table called `name`.
    public static func table(_ name: String) -> BackupTable? { all.first { $0.name == name } }

    private static let people: [BackupTable] = [
        BackupTable(
            "users",
            book: .none,
            [
                BackupColumn("id", .id), BackupColumn("email", .text(320)),
                BackupColumn("display_name", .text(200)),
                BackupColumn("password_hash", .text(200), optional: true, serverOnly: true),
                BackupColumn("totp_secret", .text(200), optional: true, serverOnly: true),
                BackupColumn("totp_enabled_at", .timestamp, optional: true, serverOnly: true),
                BackupColumn("totp_last_step", .int(0...Int64.max), optional: true, serverOnly: true),
                BackupColumn("photo_version", .text(100), optional: true, serverOnly: true),
                BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "user_settings",
            book: .none,
            order: ["user_id"],
            serverOnly: true,
            [
                BackupColumn("user_id", .ref("users")), BackupColumn("time_zone", .text(100)),
                BackupColumn("daily_reminder", .bool), BackupColumn("reminder_time", .time),
                BackupColumn("locale", .text(64), optional: true),
                BackupColumn("first_weekday", .int(1...7), optional: true),
            ]
        ),
        BackupTable(
            "user_photos",
            book: .none,
            order: ["user_id"],
            serverOnly: true,
            [
                BackupColumn("user_id", .ref("users")), BackupColumn("content_type", .text(100)),
                BackupColumn("file", .file, sql: "data"),
            ]
        ),
        BackupTable(
            "recovery_codes",
            book: .none,
            order: ["user_id", "code_hash"],
            serverOnly: true,
            [
                BackupColumn("user_id", .ref("users")), BackupColumn("code_hash", .text(200)),
                BackupColumn("used_at", .timestamp, optional: true),
            ]
        ),
        BackupTable(
            "api_tokens",
            book: .none,
            serverOnly: true,
            [
                BackupColumn("id", .id), BackupColumn("user_id", .ref("users")), BackupColumn("name", name),
                BackupColumn("token_hash", .text(200)), BackupColumn("created_at", .timestamp),
                BackupColumn("last_used_at", .timestamp, optional: true),
            ]
        ),
        BackupTable(
            "calendar_feeds",
            book: .none,
            order: ["user_id"],
            serverOnly: true,
            [
                BackupColumn("user_id", .ref("users")), BackupColumn("token_hash", .text(200)),
                BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "books",
            book: .isBooks,
            [
                BackupColumn("id", .id), BackupColumn("name", name), BackupColumn("currency", .currency),
                BackupColumn("archived_at", .timestamp, optional: true), BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "book_members",
            book: .through("book_id"),
            order: ["book_id", "user_id"],
            [
                BackupColumn("book_id", .ref("books")), BackupColumn("user_id", .ref("users")),
                BackupColumn("role", .choice(Role.allCases.map(\.rawValue))),
            ]
        ),
        // Whole-server backups only: a pending invitation's token hash opens the book to whoever
        // holds the link's token, and a book restore never takes invitations (their links belong
        // to the server that sent them), so a books backup (a viewer's or editor's too) has no use
        // for them (issue 42, finding 10).
        BackupTable(
            "book_invitations",
            book: .through("book_id"),
            serverOnly: true,
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")),
                BackupColumn("token_hash", .text(200)),
                BackupColumn("role", .choice(Role.allCases.map(\.rawValue))),
                BackupColumn("email", .text(320), optional: true),
                BackupColumn("invited_user_id", .ref("users"), optional: true),
                BackupColumn("created_by", .ref("users"), optional: true),
                BackupColumn("created_at", .timestamp), BackupColumn("expires_at", .timestamp),
                BackupColumn("accepted_at", .timestamp, optional: true),
                BackupColumn("accepted_by", .ref("users"), optional: true),
                BackupColumn("revoked_at", .timestamp, optional: true),
            ]
        ),
    ]

    private static let catalog: [BackupTable] = [
        BackupTable(
            "categories",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")),
                BackupColumn("parent_id", .ref("categories"), optional: true),
                BackupColumn("kind", .choice(CategoryKind.allCases.map(\.rawValue))), BackupColumn("name", name),
                BackupColumn("icon", .text(100)), BackupColumn("color", .text(20)), BackupColumn("position", position),
            ]
        ),
        BackupTable(
            "accounts",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")), BackupColumn("name", name),
                BackupColumn("kind", .choice(AccountKind.allCases.map(\.rawValue))),
                BackupColumn("currency", .currency), BackupColumn("opening_minor", .money),
                BackupColumn("archived", .bool), BackupColumn("position", position),
                BackupColumn("number_hash", .text(200), optional: true),
                BackupColumn("number_last4", .text(10), optional: true),
            ]
        ),
        BackupTable(
            "tags",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")), BackupColumn("name", name),
                BackupColumn("name_key", name), BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "exchange_rates",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")), BackupColumn("currency", .currency),
                BackupColumn("date", .date), BackupColumn("rate", .text(40)), BackupColumn("created_at", .timestamp),
            ]
        ),
    ]

    private static let records: [BackupTable] = [
        BackupTable(
            "transactions",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")),
                BackupColumn("kind", .choice(TransactionKind.allCases.map(\.rawValue))),
                BackupColumn("amount_minor", .money), BackupColumn("currency", .currency),
                BackupColumn("base_minor", .money, optional: true), BackupColumn("date", .date),
                BackupColumn("time", .time), BackupColumn("payee", name),
                BackupColumn("category_id", .ref("categories"), optional: true),
                BackupColumn("account_id", .ref("accounts"), optional: true),
                BackupColumn("to_account_id", .ref("accounts"), optional: true), BackupColumn("note", note),
                BackupColumn("imported_id", .text(200), optional: true), BackupColumn("edited", .bool),
                BackupColumn("created_at", .timestamp), BackupColumn("updated_at", .timestamp),
            ]
        ),
        BackupTable(
            "transaction_lines",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("transaction_id", .ref("transactions")),
                BackupColumn("book_id", .ref("books")), BackupColumn("position", position),
                BackupColumn("category_id", .ref("categories"), optional: true),
                BackupColumn("amount_minor", .money), BackupColumn("base_minor", .money, optional: true),
                BackupColumn("note", note), BackupColumn("counted", .bool),
            ]
        ),
        BackupTable(
            "transaction_tags",
            book: .through("transaction_id"),
            order: ["transaction_id", "tag_id"],
            [
                BackupColumn("transaction_id", .ref("transactions")), BackupColumn("tag_id", .ref("tags")),
                BackupColumn("position", position),
            ]
        ),
        BackupTable(
            "receipts",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")),
                BackupColumn("transaction_id", .ref("transactions")), BackupColumn("content_type", .text(100)),
                BackupColumn("file", .file, sql: "data"), BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "payees",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")), BackupColumn("name", name),
                BackupColumn("name_key", name),
                BackupColumn("last_category_id", .ref("categories"), optional: true),
                BackupColumn("last_account_id", .ref("accounts"), optional: true),
                BackupColumn("last_amount_minor", .money, optional: true),
                BackupColumn("last_currency", .currency, optional: true),
                BackupColumn("use_count", .int(0...Int64(Int32.max))),
            ]
        ),
        BackupTable(
            "imported_ids",
            book: .through("book_id"),
            order: ["book_id", "account_id", "imported_id"],
            [
                BackupColumn("book_id", .ref("books")), BackupColumn("account_id", .ref("accounts")),
                BackupColumn("imported_id", .text(200)), BackupColumn("transaction_id", .ref("transactions")),
            ]
        ),
    ]

    private static let plans: [BackupTable] = [
        BackupTable(
            "budgets",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")), BackupColumn("name", name),
                BackupColumn("limit_minor", .money), BackupColumn("currency", .currency),
                BackupColumn("cycle", .choice(cycles)), BackupColumn("week_start", .int(0...7)),
                BackupColumn("start_date", .date), BackupColumn("day_of_month", .int(1...31)),
                BackupColumn("mode", .choice(BudgetMode.allCases.map(\.rawValue))), BackupColumn("is_main", .bool),
                BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "budget_categories",
            book: .through("budget_id"),
            order: ["budget_id", "category_id"],
            [BackupColumn("budget_id", .ref("budgets")), BackupColumn("category_id", .ref("categories"))]
        ),
        BackupTable(
            "budget_accounts",
            book: .through("budget_id"),
            order: ["budget_id", "account_id"],
            [BackupColumn("budget_id", .ref("budgets")), BackupColumn("account_id", .ref("accounts"))]
        ),
        BackupTable(
            "goals",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")), BackupColumn("name", name),
                BackupColumn("price_minor", .money), BackupColumn("currency", .currency),
                BackupColumn("saved_minor", .money), BackupColumn("income_minor", .money, optional: true),
                BackupColumn("cycle", .choice(cycles)), BackupColumn("percent", .int(0...1_000), optional: true),
                BackupColumn("target_date", .date, optional: true),
                BackupColumn("account_id", .ref("accounts"), optional: true),
                BackupColumn("photo_type", .text(100), optional: true),
                BackupColumn("photo", .file, optional: true), BackupColumn("created_on", .date),
                BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "goal_contributions",
            book: .through("goal_id"),
            [
                BackupColumn("id", .id), BackupColumn("goal_id", .ref("goals")), BackupColumn("amount_minor", .money),
                BackupColumn("date", .date), BackupColumn("note", note),
                BackupColumn("transaction_id", .ref("transactions"), optional: true),
                BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "bills",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")), BackupColumn("title", name),
                BackupColumn("amount_minor", .money, optional: true), BackupColumn("currency", .currency),
                BackupColumn("cycle", .choice(BillCycle.allCases.map(\.rawValue))),
                BackupColumn("due_day", .int(0...366)), BackupColumn("every_months", .int(0...120)),
                BackupColumn("first_due", .date), BackupColumn("account_id", .ref("accounts"), optional: true),
                BackupColumn("category_id", .ref("categories"), optional: true), BackupColumn("url", .text(2_000)),
                BackupColumn("remind_days", .int(0...366)), BackupColumn("note", note),
                BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "bill_payments",
            book: .through("bill_id"),
            order: ["bill_id", "due_date"],
            [
                BackupColumn("bill_id", .ref("bills")), BackupColumn("due_date", .date), BackupColumn("paid_on", .date),
                BackupColumn("amount_minor", .money),
                BackupColumn("transaction_id", .ref("transactions"), optional: true),
                BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "rules",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")), BackupColumn("position", position),
                BackupColumn("definition", .rule), BackupColumn("created_at", .timestamp),
            ]
        ),
        BackupTable(
            "import_presets",
            book: .through("book_id"),
            [
                BackupColumn("id", .id), BackupColumn("book_id", .ref("books")), BackupColumn("name", name),
                BackupColumn("mapping", .object), BackupColumn("header", .text(100_000)),
                BackupColumn("created_at", .timestamp),
            ]
        ),
    ]
}
