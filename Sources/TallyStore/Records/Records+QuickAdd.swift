import SQLKit
import Tagged
import TallyCore

extension Records {
    /// What the quick-add form fills in before the user types: how often each category was used
    /// lately (to put the most used first) and the account of the last record.
    public struct QuickAddDefaults: Sendable, Equatable {
        /// Records per category in the last twelve months, from the kept totals.
        public var categoryUse: [CategoryID: Int]
        /// The account of the newest record that has one, unless that account is archived.
        public var lastAccountID: AccountID?

        /// Creates defaults (tests and callers that know them).
        public init(categoryUse: [CategoryID: Int] = [:], lastAccountID: AccountID? = nil) {
            self.categoryUse = categoryUse
            self.lastAccountID = lastAccountID
        }
    }

    /// The quick-add defaults of a book. Two small reads: the per-month category totals of the
    /// last twelve months (at most 12 × categories rows), and the newest record with an account
    /// (`lastAccountSQL`).
    public func quickAddDefaults(in scope: BookScope) async throws -> QuickAddDefaults {
        let bookID = scope.bookID
        let since = YearMonth(scope.today.adding(months: -11)).description
        return try await database.read { db in
            let use = try await db.raw(
                """
                SELECT category_id, CAST(SUM(count) AS BIGINT) AS n FROM month_category_totals
                WHERE book_id = \(bind: bookID) AND month >= \(bind: since) AND category_id > 0
                GROUP BY category_id
                """
            ).all().reduce(into: [CategoryID: Int]()) { use, row in
                use[try row.decode(column: "category_id", as: CategoryID.self)] = try row.decode(
                    column: "n",
                    as: Int.self
                )
            }
            let account = try await db.raw(Self.lastAccountSQL(book: bookID)).first()?
                .decode(column: "account_id", as: AccountID.self)
            return QuickAddDefaults(categoryUse: use, lastAccountID: account)
        }
    }

    /// The account of the book's newest record (by date) that has one still in use. Newest by
    /// date, not by id: `transactions_book_date` is walked backwards and the first match ends it,
    /// where `ORDER BY id` made SQLite sort every record of the book (1.1 s at a million records,
    /// 3 ms this way; `QuickAddPlanTests` holds the plan).
    static func lastAccountSQL(book: BookID) -> SQLQueryString {
        """
        SELECT t.account_id FROM transactions t JOIN accounts a ON a.id = t.account_id
        WHERE t.book_id = \(bind: book) AND t.account_id IS NOT NULL AND a.archived = 0
        ORDER BY t.date DESC, t.time DESC, t.id DESC LIMIT 1
        """
    }
}
