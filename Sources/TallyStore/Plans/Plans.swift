import Foundation
import SQLKit
import TallyCore

/// A month of bills with the spending-limit summary the bills page shows.
public struct BillsMonth: Sendable {
    /// The month.
    public let month: YearMonth
    /// Its occurrences, by due date.
    public let occurrences: [BillOccurrence]
    /// The sum of every occurrence with a known amount.
    public let totalDue: Money
    /// The sum of those paid.
    public let paid: Money
    /// Due − paid.
    public let left: Money
    /// Last month's income − expense: what it saved.
    public let lastMonthSavings: Money
    /// This month's spending so far.
    public let spending: Money
    /// Last month's savings − this month's spending: what is left to spend.
    public let balanceLeft: Money
}

/// The quick-glance Today view: the main budget now, today's spending, bills due soon.
public struct TodaySummary: Sendable {
    /// The user's today.
    public let date: LocalDate
    /// The main budget on that day, if the book has budgets.
    public let main: BudgetStanding?
    /// Expenses recorded today (book currency).
    public let spentToday: Money
    /// Unpaid bills due within their reminder window, and overdue ones.
    public let dueSoon: [BillOccurrence]
}

extension Plans {
    /// A month of bills with totals, and the spending-limit summary.
    public func billsMonth(_ month: YearMonth, in scope: BookScope) async throws -> BillsMonth {
        let occurrences = try await billOccurrences(in: scope, from: month.first, through: month.last)
        let last = try await reports.month(month.previous, in: scope)
        let this = try await reports.month(month, in: scope)
        let c = this.expense.currency
        func sum(_ values: [Int64]) throws -> Money { Money(minorUnits: try values.checkedSum(), currency: c) }
        let due = try sum(occurrences.compactMap { $0.amount?.minorUnits })
        let paid = try sum(occurrences.filter { $0.status == .paid }.compactMap { $0.amount?.minorUnits })
        return BillsMonth(
            month: month,
            occurrences: occurrences,
            totalDue: due,
            paid: paid,
            left: Money(minorUnits: due.minorUnits - paid.minorUnits, currency: c),
            lastMonthSavings: last.cashFlow,
            spending: this.expense,
            balanceLeft: Money(
                minorUnits: try last.cashFlow.minorUnits.checkedSubtracting(this.expense.minorUnits),
                currency: c
            )
        )
    }

    /// Unpaid occurrences whose reminder window has begun, and overdue ones from the last 90 days.
    public func billsDueSoon(in scope: BookScope) async throws -> [BillOccurrence] {
        let bookID = scope.bookID
        let today = scope.today
        return try await database.read { db in try await Self.dueSoon(db, book: bookID, today: today) }
    }

    /// The Today view: one access check, one "today", one read.
    public func todaySummary(in scope: BookScope) async throws -> TodaySummary {
        let bookID = scope.bookID
        let book = scope.book
        let today = scope.today
        return try await database.read { db in
            var standing: BudgetStanding?
            if let main = try await Self.budgets(db, book: bookID).first {
                standing = BudgetStanding(
                    budget: main,
                    status: try await Self.ledger(db, budget: main, through: today, keep: 1).last!,
                    date: today
                )
            }
            let spent = try await Reports.dayTotals(db, book: book, from: today, to: today)
            return TodaySummary(
                date: today,
                main: standing,
                spentToday: Money(minorUnits: spent.first?.expense.minorUnits ?? 0, currency: book.currency),
                dueSoon: try await Self.dueSoon(db, book: bookID, today: today)
            )
        }
    }

    static func dueSoon(_ db: any SQLDatabase, book: BookID, today: LocalDate) async throws -> [BillOccurrence] {
        try await occurrences(
            db,
            bills: try await bills(db, book: book),
            from: today.adding(days: -90),
            to: today.adding(days: 60),
            today: today
        )
        .filter { $0.isDueSoon(today: today) }
    }

    /// The bills a new book starts with, at zero, first due on the 1st of next month: the user
    /// edits or deletes them.
    static func seedBills(
        _ db: any SQLDatabase,
        book: BookID,
        currency: Currency,
        names catalog: Catalog = .english
    )
        async throws
    {
        let today = Clock.localDate(at: Date(), in: .current)
        let firstDue = today.startOfMonth.adding(months: 1)
        let categories = try await Books.categories(db, book: book)
        for seed in Defaults.bills(in: catalog) {
            let category = seed.category.flatMap { path in categories.first { $0.path(in: categories) == path }?.id }
            let draft = BillDraft(
                title: seed.title,
                amount: .zero(currency),
                schedule: BillSchedule(cycle: .monthly, firstDue: firstDue, dueDay: 1),
                account: nil,
                category: nil,
                url: "",
                remindDays: 3,
                note: ""
            )
            _ = try await Self.insertBill(
                db,
                book: book,
                currency: currency,
                draft: draft,
                account: nil,
                category: category
            )
        }
    }
}
