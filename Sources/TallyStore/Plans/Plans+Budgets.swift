import SQLKit
import TallyCore

/// A budget with where it stands on a date.
public struct BudgetStanding: Sendable, Hashable {
    /// The budget.
    public let budget: Budget
    /// The period holding the date.
    public let status: BudgetPeriodStatus
    /// The date asked about.
    public let date: LocalDate

    /// A standing from its parts.
    public init(budget: Budget, status: BudgetPeriodStatus, date: LocalDate) {
        self.budget = budget
        self.status = status
        self.date = date
    }
}

extension Plans {
    /// The book's budgets, the main one first, then by name.
    public func budgets(in scope: BookScope) async throws -> [Budget] {
        let bookID = scope.bookID
        return try await database.read { db in try await Self.budgets(db, book: bookID) }
    }

    /// One budget.
    public func budget(_ id: BudgetID, in scope: BookScope) async throws -> Budget {
        let bookID = scope.bookID
        return try await database.read { db in try await Self.budget(db, book: bookID, id: id) }
    }

    /// Adds a budget; the book's first budget becomes its main one.
    public func createBudget(in scope: BookScope, _ input: BudgetInput) async throws -> Budget {
        let bookID = scope.bookID
        let book = try scope.writable()
        let draft = try BudgetDraft.validate(input, base: nil, currency: book.currency, today: scope.today)
        let id = try await database.write { db in
            let (categories, accounts) = try await Self.budgetScope(db, book: bookID, draft: draft)
            let isFirst = try await Self.budgets(db, book: bookID).isEmpty
            let s = draft.schedule
            let id = try await db.raw(
                """
                INSERT INTO budgets (book_id, name, limit_minor, currency, cycle, week_start, start_date, day_of_month, mode, is_main, created_at)
                VALUES (\(bind: bookID), \(bind: draft.name), \(bind: draft.limit.minorUnits), \(bind: book.currency.code), \(bind: s.cycle.rawValue),
                  \(bind: s.weekStart.iso), \(bind: s.start.description), \(bind: s.dayOfMonth), \(bind: draft.mode.rawValue), 0, \(bind: Clock.timestamp()))
                RETURNING id
                """
            ).first()!.decode(column: "id", as: BudgetID.self)
            try await Self.saveScope(db, budget: id, categories: categories ?? [], accounts: accounts ?? [])
            if isFirst || draft.main == true { try await Self.makeMain(db, book: bookID, budget: id) }
            return id
        }
        return try await budget(id, in: scope)
    }

    /// Changes the given fields of a budget.
    public func updateBudget(_ id: BudgetID, in scope: BookScope, _ input: BudgetInput) async throws -> Budget {
        let bookID = scope.bookID
        let book = try scope.writable()
        let today = scope.today
        try await database.write { db in
            let base = try await Self.budget(db, book: bookID, id: id)
            let draft = try BudgetDraft.validate(input, base: base, currency: book.currency, today: today)
            let (categories, accounts) = try await Self.budgetScope(db, book: bookID, draft: draft)
            let s = draft.schedule
            try await db.raw(
                """
                UPDATE budgets SET name = \(bind: draft.name), limit_minor = \(bind: draft.limit.minorUnits), cycle = \(bind: s.cycle.rawValue),
                  week_start = \(bind: s.weekStart.iso), start_date = \(bind: s.start.description), day_of_month = \(bind: s.dayOfMonth),
                  mode = \(bind: draft.mode.rawValue)
                WHERE id = \(bind: id) AND book_id = \(bind: bookID)
                """
            ).run()
            try await Self.saveScope(db, budget: id, categories: categories, accounts: accounts)
            if draft.main == true { try await Self.makeMain(db, book: bookID, budget: id) }
        }
        return try await budget(id, in: scope)
    }

    /// Deletes a budget (its figures were never stored); another becomes main if it was.
    public func deleteBudget(_ id: BudgetID, in scope: BookScope) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        try await database.write { db in
            guard
                let row = try await db.raw(
                    "DELETE FROM budgets WHERE id = \(bind: id) AND book_id = \(bind: bookID) RETURNING is_main"
                ).first()
            else {
                throw StoreError.notFound("budget")
            }
            if try row.decode(column: "is_main", as: Int64.self) != 0,
                let next = try await Self.budgets(db, book: bookID).first
            {
                try await Self.makeMain(db, book: bookID, budget: next.id)
            }
        }
    }

    /// Where a budget stands on `date` (default: the user's today): its period, limit, spending,
    /// carry, remaining, days left and per-day allowance.
    public func budgetStatus(
        _ id: BudgetID,
        in scope: BookScope,
        on date: LocalDate? = nil
    ) async throws -> BudgetStanding {
        let budget = try await self.budget(id, in: scope)
        let day = try planDay(date, scope)
        let statuses = try await database.read { db in try await Self.ledger(db, budget: budget, through: day, keep: 1)
        }
        return BudgetStanding(budget: budget, status: statuses.last!, date: day)
    }

    /// Every budget of the book on `date`, the main one first: the dashboard's and calendar's warnings.
    public func budgetStandings(in scope: BookScope, on date: LocalDate? = nil) async throws -> [BudgetStanding] {
        let all = try await budgets(in: scope)
        let day = try planDay(date, scope)
        return try await database.read { db in
            var result: [BudgetStanding] = []
            for budget in all {
                result.append(
                    BudgetStanding(
                        budget: budget,
                        status: try await Self.ledger(db, budget: budget, through: day, keep: 1).last!,
                        date: day
                    )
                )
            }
            return result
        }
    }

    /// The budget's periods up to the one holding `through` (default today), newest first, at
    /// most `limit` of them (1–500); a spender budget's carry still counts every period since its start.
    public func budgetHistory(
        _ id: BudgetID,
        in scope: BookScope,
        through date: LocalDate? = nil,
        limit: Int = 12
    ) async throws -> [BudgetPeriodStatus] {
        guard (1...500).contains(limit) else { throw FieldError("limit", "must be from 1 to 500") }
        let budget = try await self.budget(id, in: scope)
        let day = try planDay(date, scope)
        return try await database.read { db in try await Self.ledger(db, budget: budget, through: day, keep: limit) }
            .reversed()
    }

    /// The date asked about, checked, or the user's today.
    func planDay(_ date: LocalDate?, _ scope: BookScope) throws -> LocalDate {
        guard let date else { return scope.today }
        guard LocalDate.supported.contains(date) else {
            throw FieldError(
                "date",
                "must be between \(LocalDate.supported.lowerBound) and \(LocalDate.supported.upperBound)"
            )
        }
        return date
    }

    /// The last `keep` periods up to the one holding `date`, oldest first. Spender budgets add up
    /// every period from their first; saver budgets read only the periods kept.
    static func ledger(
        _ db: any SQLDatabase,
        budget: Budget,
        through date: LocalDate,
        keep: Int
    ) async throws -> [BudgetPeriodStatus] {
        let schedule = budget.schedule
        let current = schedule.period(containing: date)
        let first = schedule.period(containing: schedule.start)
        var periods: [DateRange]
        if current.from < first.from {
            periods = [current]
        } else if budget.mode == .spender {
            periods = schedule.periods(from: first.from, through: current.to)
        } else {
            periods = [current]
            while periods.count < keep, periods[0].from > first.from {
                periods.insert(schedule.period(before: periods[0]), at: 0)
            }
        }
        let days = try await spending(db, budget: budget, from: periods[0].from, to: current.to)
        let statuses = BudgetLedger.statuses(
            limit: budget.limit,
            mode: budget.mode,
            periods: periods,
            spent: try BudgetLedger.bucket(days, into: periods)
        )
        return Array(statuses.suffix(keep))
    }

    /// Spending in the budget's scope per day, from the kept per-day totals (written in the same
    /// transaction as every record, so always current). Sub-categories of a chosen category count.
    static func spending(
        _ db: any SQLDatabase,
        budget: Budget,
        from: LocalDate,
        to: LocalDate
    ) async throws -> [(date: LocalDate, minor: Int64)] {
        var conditions: [SQLQueryString] = [
            // A budget is in the book's currency: every record counts at its converted amount.
            "book_id = \(bind: budget.bookID)", "kind = 'expense'",
            "day >= \(bind: from.description)", "day <= \(bind: to.description)",
        ]
        if !budget.categoryIDs.isEmpty {
            let children = try await db.raw(
                """
                SELECT id FROM categories WHERE book_id = \(bind: budget.bookID) AND parent_id IN (\(binds: budget.categoryIDs))
                """
            ).all().map { try $0.decode(column: "id", as: CategoryID.self) }
            conditions.append("category_id IN (\(binds: Array(Set(budget.categoryIDs + children)).sorted()))")
        }
        if !budget.accountIDs.isEmpty { conditions.append("account_id IN (\(binds: budget.accountIDs))") }
        let rows = try await db.raw(
            """
            SELECT day, CAST(SUM(base_minor) AS BIGINT) AS spent FROM day_totals
            WHERE \(conditions.joined(separator: " AND ")) GROUP BY day
            """
        ).all()
        return try rows.compactMap { try $0.decode(model: DaySpendingRow.self).spending }
    }

    /// The book's budgets, the main one first, then by name; with `id`, that one budget alone
    /// (none when it is not the book's).
    static func budgets(_ db: any SQLDatabase, book: BookID, id: BudgetID? = nil) async throws -> [Budget] {
        let only: SQLQueryString = id.map { "AND b.id = \(bind: $0)" } ?? ""
        let rows = try await db.raw(
            """
            SELECT id, name, limit_minor, currency, cycle, week_start, start_date, day_of_month, mode, is_main
            FROM budgets b WHERE book_id = \(bind: book) \(only) ORDER BY is_main DESC, name, id
            """
        ).all()
        guard !rows.isEmpty else { return [] }
        var categories: [BudgetID: [CategoryID]] = [:]
        var accounts: [BudgetID: [AccountID]] = [:]
        for row in try await db.raw(
            """
            SELECT s.budget_id, s.category_id FROM budget_categories s JOIN budgets b ON b.id = s.budget_id WHERE b.book_id = \(bind: book) \(only)
            ORDER BY s.category_id
            """
        ).all() {
            let link = try row.decode(model: BudgetCategoryRow.self)
            categories[link.budgetID, default: []].append(link.categoryID)
        }
        for row in try await db.raw(
            """
            SELECT s.budget_id, s.account_id FROM budget_accounts s JOIN budgets b ON b.id = s.budget_id WHERE b.book_id = \(bind: book) \(only)
            ORDER BY s.account_id
            """
        ).all() {
            let link = try row.decode(model: BudgetAccountRow.self)
            accounts[link.budgetID, default: []].append(link.accountID)
        }
        return try rows.map {
            try $0.decode(model: BudgetRow.self).budget(book: book, categories: categories, accounts: accounts)
        }
    }

    /// One budget of the book, read by its id, or not found.
    static func budget(_ db: any SQLDatabase, book: BookID, id: BudgetID) async throws -> Budget {
        guard let budget = try await budgets(db, book: book, id: id).first else { throw StoreError.notFound("budget") }
        return budget
    }

    /// Looks up the scope's categories (expense ones only) and accounts; `nil` = not given.
    static func budgetScope(
        _ db: any SQLDatabase,
        book: BookID,
        draft: BudgetDraft
    ) async throws -> ([CategoryID]?, [AccountID]?) {
        var categories: [CategoryID]?
        var accounts: [AccountID]?
        if let references = draft.categories {
            let all = try await Books.categories(db, book: book)
            categories = try references.map { try Books.resolve($0, in: all, kind: .expense, field: "categories").id }
        }
        if let references = draft.accounts {
            let all = try await Books.accounts(db, book: book)
            accounts = try references.map { try Books.resolve($0, in: all, field: "accounts").id }
        }
        return (categories, accounts)
    }

    static func saveScope(
        _ db: any SQLDatabase,
        budget: BudgetID,
        categories: [CategoryID]?,
        accounts: [AccountID]?
    ) async throws {
        if let categories {
            try await db.raw("DELETE FROM budget_categories WHERE budget_id = \(bind: budget)").run()
            for id in Set(categories).sorted() {
                try await db.raw(
                    "INSERT INTO budget_categories (budget_id, category_id) VALUES (\(bind: budget), \(bind: id))"
                ).run()
            }
        }
        if let accounts {
            try await db.raw("DELETE FROM budget_accounts WHERE budget_id = \(bind: budget)").run()
            for id in Set(accounts).sorted() {
                try await db.raw(
                    "INSERT INTO budget_accounts (budget_id, account_id) VALUES (\(bind: budget), \(bind: id))"
                ).run()
            }
        }
    }

    static func makeMain(_ db: any SQLDatabase, book: BookID, budget: BudgetID) async throws {
        try await db.raw(
            "UPDATE budgets SET is_main = CASE WHEN id = \(bind: budget) THEN 1 ELSE 0 END WHERE book_id = \(bind: book)"
        ).run()
    }
}
