import Foundation
import TallyCore

// The rows Plans reads, one struct per query shape, each decoded in one call
// (`row.decode(model:)`) and turned into its domain value here, with the checks and fallbacks
// the stored text needs. Booleans are stored as 0/1 integers.

extension Plans {
    /// A `budgets` row; its scope comes from the link tables.
    struct BudgetRow: Decodable {
        private let id: BudgetID
        private let name: String
        private let limitMinor: Int64
        private let currency: String
        private let cycle: String
        private let weekStart: Int64
        private let startDate: String
        private let dayOfMonth: Int64
        private let mode: String
        private let isMain: Int64

        private enum CodingKeys: String, CodingKey {
            case id, name, currency, cycle, mode
            case limitMinor = "limit_minor"
            case weekStart = "week_start"
            case startDate = "start_date"
            case dayOfMonth = "day_of_month"
            case isMain = "is_main"
        }

        /// The budget, with the categories and accounts it counts (none listed: all of them).
        func budget(
            book: BookID,
            categories: [BudgetID: [CategoryID]],
            accounts: [BudgetID: [AccountID]]
        ) throws -> Budget {
            let currency = try Row.currency(code: self.currency)
            // BudgetSchedule traps outside 1…31 (a precondition): a stored row fails its request.
            guard (1...31).contains(dayOfMonth) else {
                throw DatabaseError(description: "budgets row \(id): stored day_of_month \(dayOfMonth) is not 1…31")
            }
            return Budget(
                id: id,
                bookID: book,
                name: name,
                limit: Money(minorUnits: limitMinor, currency: currency),
                schedule: BudgetSchedule(
                    cycle: BudgetCycle(rawValue: cycle) ?? .monthly,
                    weekStart: Weekday(iso: Int(weekStart)) ?? .monday,
                    start: try Row.date(startDate, table: "budgets", id: id, column: "start_date"),
                    dayOfMonth: Int(dayOfMonth)
                ),
                mode: BudgetMode(rawValue: mode) ?? .saver,
                categoryIDs: categories[id] ?? [],
                accountIDs: accounts[id] ?? [],
                isMain: isMain != 0
            )
        }
    }

    /// A `budget_categories` row: a category a budget counts.
    struct BudgetCategoryRow: Decodable {
        /// The budget.
        let budgetID: BudgetID
        /// The category.
        let categoryID: CategoryID

        private enum CodingKeys: String, CodingKey {
            case budgetID = "budget_id"
            case categoryID = "category_id"
        }
    }

    /// A `budget_accounts` row: an account a budget counts.
    struct BudgetAccountRow: Decodable {
        /// The budget.
        let budgetID: BudgetID
        /// The account.
        let accountID: AccountID

        private enum CodingKeys: String, CodingKey {
            case budgetID = "budget_id"
            case accountID = "account_id"
        }
    }

    /// A day's spending in a budget's scope, from the kept per-day totals.
    struct DaySpendingRow: Decodable {
        private let day: String
        private let spent: Int64

        /// The day and its spending; nil for a day that is not a date (it is skipped).
        var spending: (date: LocalDate, minor: Int64)? {
            guard let date = LocalDate(day) else { return nil }
            return (date, spent)
        }
    }

    /// A `goals` row with the sum of its contributions.
    struct GoalRow: Decodable {
        private let id: GoalID
        private let name: String
        private let priceMinor: Int64
        private let currency: String
        private let savedMinor: Int64
        private let incomeMinor: Int64?
        private let cycle: String
        private let percent: Int64?
        private let targetDate: String?
        private let accountID: AccountID?
        private let photoType: String?
        private let createdOn: String
        private let contributed: Int64

        private enum CodingKeys: String, CodingKey {
            case id, name, currency, cycle, percent, contributed
            case priceMinor = "price_minor"
            case savedMinor = "saved_minor"
            case incomeMinor = "income_minor"
            case targetDate = "target_date"
            case accountID = "account_id"
            case photoType = "photo_type"
            case createdOn = "created_on"
        }

        /// The goal.
        func goal(book: BookID) throws -> Goal {
            let currency = try Row.currency(code: self.currency)
            func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: currency) }
            return Goal(
                id: id,
                bookID: book,
                name: name,
                price: money(priceMinor),
                savedAtStart: money(savedMinor),
                contributed: money(contributed),
                income: incomeMinor.map(money),
                cycle: BudgetCycle(rawValue: cycle) ?? .monthly,
                percent: percent.map(Int.init),
                targetDate: targetDate.flatMap(LocalDate.init),
                accountID: accountID,
                photoType: photoType,
                createdOn: try Row.date(createdOn, table: "goals", id: id, column: "created_on")
            )
        }
    }

    /// A `goal_contributions` row.
    struct ContributionRow: Decodable {
        private let id: ContributionID
        private let amountMinor: Int64
        private let date: String
        private let note: String
        private let transactionID: TransactionID?

        private enum CodingKeys: String, CodingKey {
            case id, date, note
            case amountMinor = "amount_minor"
            case transactionID = "transaction_id"
        }

        /// The contribution, in the goal's currency.
        func contribution(goal: GoalID, currency: Currency) throws -> GoalContribution {
            GoalContribution(
                id: id,
                goalID: goal,
                amount: Money(minorUnits: amountMinor, currency: currency),
                date: try Row.date(date, table: "goal_contributions", id: id, column: "date"),
                note: note,
                transactionID: transactionID
            )
        }
    }

    /// A goal's photo and its media type.
    struct GoalPhotoRow: Decodable {
        /// The media type.
        let photoType: String
        /// The image bytes.
        let photo: Data

        private enum CodingKeys: String, CodingKey {
            case photo
            case photoType = "photo_type"
        }
    }

    /// A `bills` row.
    struct BillRow: Decodable {
        private let id: BillID
        private let title: String
        private let amountMinor: Int64?
        private let currency: String
        private let cycle: String
        private let dueDay: Int64
        private let everyMonths: Int64
        private let firstDue: String
        private let accountID: AccountID?
        private let categoryID: CategoryID?
        private let url: String
        private let remindDays: Int64
        private let note: String

        private enum CodingKeys: String, CodingKey {
            case id, title, currency, cycle, url, note
            case amountMinor = "amount_minor"
            case dueDay = "due_day"
            case everyMonths = "every_months"
            case firstDue = "first_due"
            case accountID = "account_id"
            case categoryID = "category_id"
            case remindDays = "remind_days"
        }

        /// The bill.
        func bill(book: BookID) throws -> Bill {
            let currency = try Row.currency(code: self.currency)
            return Bill(
                id: id,
                bookID: book,
                title: title,
                amount: amountMinor.map { Money(minorUnits: $0, currency: currency) },
                currency: currency,
                schedule: BillSchedule(
                    cycle: BillCycle(rawValue: cycle) ?? .monthly,
                    firstDue: try Row.date(firstDue, table: "bills", id: id, column: "first_due"),
                    dueDay: Int(dueDay),
                    everyMonths: Int(everyMonths)
                ),
                accountID: accountID,
                categoryID: categoryID,
                url: url,
                remindDays: Int(remindDays),
                note: note
            )
        }
    }

    /// A `bill_payments` row: one occurrence marked paid.
    struct BillPaymentRow: Decodable {
        /// The bill, as the plain integer the occurrence keys are made of.
        let billID: Int64
        /// The occurrence's due date.
        let dueDate: String
        /// The day it was paid.
        let paidOn: String
        /// What was paid.
        let amountMinor: Int64
        /// The expense recorded with it, unless deleted since.
        let transactionID: TransactionID?

        private enum CodingKeys: String, CodingKey {
            case billID = "bill_id"
            case dueDate = "due_date"
            case paidOn = "paid_on"
            case amountMinor = "amount_minor"
            case transactionID = "transaction_id"
        }
    }
}
