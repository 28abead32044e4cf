import SQLKit
import TallyCore

extension Records {
    /// Reads one line of text ("coffee 4.50 starbucks yesterday") into a draft record against the
    /// book's categories, accounts, payees and rules, in one read. Nothing is saved: the person
    /// sees the draft and saves it through the usual add. Slashed dates are read in `order`, or
    /// month first in a US-dollar book and day first in any other. `typedOn` is the day the line
    /// was written when that was earlier (a line queued offline): "yesterday" is the day before it.
    public func quickAddDraft(
        _ text: String,
        in scope: BookScope,
        order: QuickAddDateOrder?,
        typedOn: LocalDate? = nil
    ) async throws
        -> QuickAddDraft
    {
        try Validate.line(text, field: "text", maxLength: QuickAddDraft.maxLength)
        let today = try Self.typedDay(typedOn, today: scope.today)
        // A line of spaces is no error of form: it holds no amount, as the draft then says.
        guard !text.isEmpty else { throw FieldError("text", "is required") }
        let bookID = scope.bookID
        let known = try await database.read { db in
            let catalog = try await self.catalog(db, scope)
            let payees = try await db.raw(
                """
                SELECT name, last_category_id, last_account_id FROM payees WHERE book_id = \(bind: bookID)
                ORDER BY use_count DESC, name_key LIMIT \(literal: QuickAddDraft.payeesCompared)
                """
            ).all().map { row in
                Payee(
                    name: try row.decode(column: "name", as: String.self),
                    lastCategoryID: try row.decode(column: "last_category_id", as: CategoryID?.self),
                    lastAccountID: try row.decode(column: "last_account_id", as: AccountID?.self),
                    lastAmount: nil
                )
            }
            let rules = try await Rules.load(db, book: bookID)
            return QuickAddBook(
                currency: scope.book.currency,
                categories: catalog.categories,
                accounts: catalog.accounts,
                payees: payees,
                rules: rules.isEmpty ? nil : RuleBook(rules)
            )
        }
        let order = order ?? (scope.book.currency == .usd ? .monthFirst : .dayFirst)
        return QuickAddDraft(text, book: known, today: today, order: order)
    }

    /// The day a line was typed: today, or an earlier day of the last year (a queue kept longer
    /// is not a queue). A day after today is refused, but for the time zones' one day of slack.
    static func typedDay(_ day: LocalDate?, today: LocalDate) throws(FieldError) -> LocalDate {
        guard let day else { return today }
        guard day <= today.adding(days: 1), day >= today.adding(days: -366) else {
            throw FieldError("today", "must be a day of the last year, not \(day)")
        }
        return day
    }
}
