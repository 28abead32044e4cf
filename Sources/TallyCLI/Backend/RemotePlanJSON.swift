import Foundation
import TallyCore
import TallyStore

/// The API's budget, goal and bill JSON (`BudgetJSON`, `BudgetStatusJSON`, `PeriodJSON`,
/// `GoalJSON`, `ContributionJSON`, `BillJSON`, `OccurrenceJSON`) decoded back into the store's
/// types, so `tally budget`, `goal` and `bill` print them with the code they use locally.
extension RemoteJSON {
    /// An enumeration's raw value, or a refusal naming what the server sent.
    static func value<T: RawRepresentable>(_ raw: String, as type: T.Type) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: raw) else { throw CLIError("the server sent an unknown \(T.self) '\(raw)'") }
        return value
    }

    /// Basis points from a share such as "0.8125".
    static func share(_ text: String) throws -> Int64 { try minorUnits(text, digits: 4) }

    /// `BudgetJSON`.
    struct BudgetEntry: Decodable {
        let id: Int64, name: String, limit: String, currency: String, cycle: String, weekStart: String
        let start: String, dayOfMonth: Int, categories: [Int64], accounts: [Int64], mode: String, main: Bool

        func budget(book: BookID) throws -> Budget {
            guard (1...31).contains(dayOfMonth) else { throw CLIError("the server sent a day of month \(dayOfMonth)") }
            return Budget(
                id: BudgetID(rawValue: id),
                bookID: book,
                name: name,
                limit: try RemoteJSON.money(limit, currency),
                schedule: BudgetSchedule(
                    cycle: try RemoteJSON.value(cycle, as: BudgetCycle.self),
                    weekStart: try RemoteJSON.value(weekStart, as: Weekday.self),
                    start: try RemoteJSON.date(start),
                    dayOfMonth: dayOfMonth
                ),
                mode: try RemoteJSON.value(mode, as: BudgetMode.self),
                categoryIDs: categories.map(CategoryID.init(rawValue:)),
                accountIDs: accounts.map(AccountID.init(rawValue:)),
                isMain: main
            )
        }
    }

    /// `PeriodJSON`, and the period part of `BudgetStatusJSON`.
    struct PeriodEntry: Decodable {
        let periodStart: String, periodEnd: String, limit: String, carried: String, spent: String
        /// The day asked about (`BudgetStatusJSON` only).
        let date: String?

        func status(currency: String) throws -> BudgetPeriodStatus {
            BudgetPeriodStatus(
                period: try DateRange(from: try RemoteJSON.date(periodStart), to: try RemoteJSON.date(periodEnd)),
                limit: try RemoteJSON.money(limit, currency),
                spent: try RemoteJSON.money(spent, currency),
                carried: try RemoteJSON.money(carried, currency)
            )
        }
    }

    /// `GoalJSON`: the goal and its plan as the server worked it out.
    struct GoalEntry: Decodable {
        let id: Int64, name: String, price: String, saved: String, currency: String, photo: String?
        let income: String?, cycle: String, percent: Int?, targetDate: String?, account: Int64?
        let perPeriod: String?, percentNeeded: Int?, predictedDate: String?, periodsLeft: Int?
        let progress: String, remaining: String, status: String, message: String?

        /// The goal (what was saved counted as its start: the API gives only the sum) and its plan.
        func standing(book: BookID, date: LocalDate) throws -> GoalStanding {
            let price = try RemoteJSON.money(price, currency)
            let target = try targetDate.map(RemoteJSON.date)
            let goal = Goal(
                id: GoalID(rawValue: id),
                bookID: book,
                name: name,
                price: price,
                savedAtStart: try RemoteJSON.money(saved, currency),
                contributed: .zero(price.currency),
                income: try income.map { try RemoteJSON.money($0, currency) },
                cycle: try RemoteJSON.value(cycle, as: BudgetCycle.self),
                percent: percent,
                targetDate: target,
                accountID: account.map(AccountID.init(rawValue:)),
                photoType: photo == nil ? nil : "image",
                createdOn: date
            )
            let plan = GoalPlan(
                remaining: try RemoteJSON.money(remaining, currency),
                progressBasisPoints: try RemoteJSON.share(progress),
                perPeriod: try perPeriod.map { try RemoteJSON.money($0, currency) },
                percent: target == nil ? percent : percentNeeded,
                predictedDate: try predictedDate.map(RemoteJSON.date),
                periodsLeft: periodsLeft,
                status: try RemoteJSON.value(status, as: GoalStatus.self),
                message: message
            )
            return GoalStanding(goal: goal, plan: plan, date: date)
        }
    }

    /// `ContributionJSON`.
    struct ContributionEntry: Decodable {
        let id: Int64, goalId: Int64, amount: String, date: String, note: String, transaction: Int64?

        func contribution(currency: Currency) throws -> GoalContribution {
            GoalContribution(
                id: ContributionID(rawValue: id),
                goalID: GoalID(rawValue: goalId),
                amount: try RemoteJSON.money(amount, currency.code),
                date: try RemoteJSON.date(date),
                note: note,
                transactionID: transaction.map(TransactionID.init(rawValue:))
            )
        }
    }

    /// `BillJSON`.
    struct BillEntry: Decodable {
        let id: Int64, title: String, amount: String?, currency: String, cycle: String, dueDay: Int
        let everyMonths: Int, firstDue: String, account: Int64?, category: Int64?, url: String
        let remindDays: Int, note: String

        func bill(book: BookID) throws -> Bill {
            guard let code = Currency(code: currency) else { throw CLIError("the server sent an unknown currency") }
            return Bill(
                id: BillID(rawValue: id),
                bookID: book,
                title: title,
                amount: try amount.map { try RemoteJSON.money($0, currency) },
                currency: code,
                schedule: BillSchedule(
                    cycle: try RemoteJSON.value(cycle, as: BillCycle.self),
                    firstDue: try RemoteJSON.date(firstDue),
                    dueDay: dueDay,
                    everyMonths: everyMonths
                ),
                accountID: account.map(AccountID.init(rawValue:)),
                categoryID: category.map(CategoryID.init(rawValue:)),
                url: url,
                remindDays: remindDays,
                note: note
            )
        }
    }

    /// `OccurrenceJSON`, of a bill already read.
    struct OccurrenceEntry: Decodable {
        let billId: Int64, dueDate: String, status: String, paidOn: String?, amount: String?, transaction: Int64?

        func occurrence(of bill: Bill) throws -> BillOccurrence {
            BillOccurrence(
                bill: bill,
                dueDate: try RemoteJSON.date(dueDate),
                status: try RemoteJSON.value(status, as: BillStatus.self),
                paidOn: try paidOn.map(RemoteJSON.date),
                amount: try amount.map { try RemoteJSON.money($0, bill.currency.code) },
                transactionID: transaction.map(TransactionID.init(rawValue:))
            )
        }
    }

    /// `TodayJSON`: only its date, the user's today on the server.
    struct TodayEntry: Decodable {
        let date: String
    }
}
