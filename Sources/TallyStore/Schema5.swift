import SQLKit

/// Migration 5: budgets, savings goals, recurring bills, calendar feeds and user settings.
/// Budget figures are not stored: they are computed from the kept per-day totals each time, so
/// an edit to an old record changes them at once and nothing can drift.
enum Schema5 {
    static func apply(_ db: any SQLDatabase, _ engine: SQLEngine) async throws {
        try await db.create(table: "budgets")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("name", type: .text, .notNull)
            .column("limit_minor", type: .bigint, .notNull)
            .column("currency", type: .text, .notNull)
            .column("cycle", type: .text, .notNull)
            .column("week_start", type: .bigint, .notNull)
            .column("start_date", type: .text, .notNull)
            .column("day_of_month", type: .bigint, .notNull)
            .column("mode", type: .text, .notNull)
            .column("is_main", type: .bigint, .notNull)
            .column("created_at", type: .text, .notNull)
            .run()
        try await db.create(index: "budgets_book").on("budgets").column("book_id").run()
        // The scope: no rows means all spending / every account.
        try await db.create(table: "budget_categories")
            .column("budget_id", type: .bigint, .notNull, .references("budgets", "id", onDelete: .cascade))
            .column("category_id", type: .bigint, .notNull, .references("categories", "id", onDelete: .cascade))
            .primaryKey("budget_id", "category_id")
            .run()
        try await db.create(table: "budget_accounts")
            .column("budget_id", type: .bigint, .notNull, .references("budgets", "id", onDelete: .cascade))
            .column("account_id", type: .bigint, .notNull, .references("accounts", "id", onDelete: .cascade))
            .primaryKey("budget_id", "account_id")
            .run()

        try await db.create(table: "goals")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("name", type: .text, .notNull)
            .column("price_minor", type: .bigint, .notNull)
            .column("currency", type: .text, .notNull)
            // What was saved before the recorded contributions.
            .column("saved_minor", type: .bigint, .notNull)
            .column("income_minor", type: .bigint)
            .column("cycle", type: .text, .notNull)
            .column("percent", type: .bigint)
            .column("target_date", type: .text)
            .column("account_id", type: .bigint, .references("accounts", "id", onDelete: .setNull))
            .column("photo_type", type: .text)
            .column("photo", type: .blob)
            .column("created_on", type: .text, .notNull)
            .column("created_at", type: .text, .notNull)
            .run()
        try await db.create(index: "goals_book").on("goals").column("book_id").run()
        try await db.create(table: "goal_contributions")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("goal_id", type: .bigint, .notNull, .references("goals", "id", onDelete: .cascade))
            .column("amount_minor", type: .bigint, .notNull)
            .column("date", type: .text, .notNull)
            .column("note", type: .text, .notNull)
            .column("transaction_id", type: .bigint, .references("transactions", "id", onDelete: .setNull))
            .column("created_at", type: .text, .notNull)
            .run()
        try await db.create(index: "goal_contributions_goal").on("goal_contributions").column("goal_id").column("date")
            .run()

        try await db.create(table: "bills")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("book_id", type: .bigint, .notNull, .references("books", "id", onDelete: .cascade))
            .column("title", type: .text, .notNull)
            // NULL: the amount varies.
            .column("amount_minor", type: .bigint)
            .column("currency", type: .text, .notNull)
            .column("cycle", type: .text, .notNull)
            .column("due_day", type: .bigint, .notNull)
            .column("every_months", type: .bigint, .notNull)
            .column("first_due", type: .text, .notNull)
            .column("account_id", type: .bigint, .references("accounts", "id", onDelete: .setNull))
            .column("category_id", type: .bigint, .references("categories", "id", onDelete: .setNull))
            .column("url", type: .text, .notNull)
            .column("remind_days", type: .bigint, .notNull)
            .column("note", type: .text, .notNull)
            .column("created_at", type: .text, .notNull)
            .run()
        try await db.create(index: "bills_book").on("bills").column("book_id").run()
        try await db.create(table: "bill_payments")
            .column("bill_id", type: .bigint, .notNull, .references("bills", "id", onDelete: .cascade))
            .column("due_date", type: .text, .notNull)
            .column("paid_on", type: .text, .notNull)
            .column("amount_minor", type: .bigint, .notNull)
            .column("transaction_id", type: .bigint, .references("transactions", "id", onDelete: .setNull))
            .column("created_at", type: .text, .notNull)
            .primaryKey("bill_id", "due_date")
            .run()

        // The private calendar feed: a read-only secret in its URL, shown again on the settings
        // page, so the token itself is kept (rotating it revokes the old URL).
        try await db.create(table: "calendar_feeds")
            .column(
                "user_id",
                type: .bigint,
                .primaryKey(autoIncrement: false),
                .references("users", "id", onDelete: .cascade)
            )
            .column("token", type: .text, .notNull, .unique)
            .column("created_at", type: .text, .notNull)
            .run()
        try await db.create(table: "user_settings")
            .column(
                "user_id",
                type: .bigint,
                .primaryKey(autoIncrement: false),
                .references("users", "id", onDelete: .cascade)
            )
            .column("time_zone", type: .text, .notNull)
            .column("daily_reminder", type: .bigint, .notNull)
            .column("reminder_time", type: .text, .notNull)
            .run()
    }
}
