import Foundation
import Hummingbird
import NIOCore
import TallyCore
import TallyStore

/// Words and figures shared by the budget, goal, bill and Today pages.
enum PlanText {
    /// "5 Mar 2026", or "5 Mar" without the year.
    static func date(_ date: LocalDate, year: Bool = true) -> String {
        let month = LocalDate.monthNames[date.month - 1].prefix(3)
        return year ? "\(date.day) \(month) \(date.year)" : "\(date.day) \(month)"
    }

    /// "1–31 Mar 2026", "16 Nov – 15 Dec 2026", "20 Dec 2026 – 2 Jan 2027"; one day is just that day.
    static func range(_ range: DateRange) -> String {
        let from = range.from
        let to = range.to
        if from == to { return date(from) }
        if from.year == to.year && from.month == to.month { return "\(from.day)–\(date(to))" }
        return "\(date(from, year: from.year != to.year)) – \(date(to))"
    }

    /// A short label for a chart column: "Mar 26" for a calendar month, else "5 Mar".
    static func periodLabel(_ range: DateRange) -> String {
        if range.from.day == 1 && range.to == range.from.endOfMonth {
            return Links.shortMonth(YearMonth(range.from).description)
        }
        return date(range.from, year: false)
    }

    /// "a month", "every 2 weeks": how often an amount recurs.
    static func per(_ cycle: BudgetCycle) -> String {
        switch cycle {
        case .daily: "a day"
        case .weekly: "a week"
        case .biweekly: "every 2 weeks"
        case .fourweekly: "every 4 weeks"
        case .monthly: "a month"
        case .quarterly: "a quarter"
        case .yearly: "a year"
        }
    }

    /// "1 day left", "12 days left".
    static func daysLeft(_ days: Int) -> String { days == 1 ? "1 day left" : "\(days) days left" }

    /// The CSS class of a budget warning.
    static func alertClass(_ alert: BudgetAlert) -> String {
        switch alert {
        case .none: "ok"
        case .near: "near"
        case .over: "over"
        }
    }

    /// What a budget card shows: the period, a progress bar, spent / available, carry,
    /// remaining, days left and the per-day allowance.
    static func budget(_ standing: BudgetStanding, book: BookID) -> BudgetCard {
        let s = standing.status
        let b = standing.budget
        let used = s.usedBasisPoints
        return BudgetCard(
            id: b.id,
            name: b.name,
            cycle: b.schedule.cycle.title,
            mode: b.mode == .spender ? "spender" : "saver",
            isSpender: b.mode == .spender,
            isMain: b.isMain,
            period: range(s.period),
            spent: s.spent.formatted,
            limit: s.limit.formatted,
            available: s.available.formatted,
            carried: s.carried.formatted,
            carriedNegative: s.carried.isNegative,
            remaining: s.remaining.formatted,
            overBy: s.remaining.negated.formatted,
            isOverspent: s.remaining.isNegative,
            daysLeft: daysLeft(s.daysLeft(on: standing.date)),
            perDay: s.perDay(on: standing.date).formatted,
            progress: String(max(0, min(used ?? 10_000, 10_000))),
            used: used.map(Share.percent) ?? "all",
            alert: alertClass(s.alert),
            isNear: s.alert == .near,
            isOver: s.alert == .over,
            warn: s.alert != .none,
            link: "/books/\(book)/budgets/\(b.id)"
        )
    }

    /// What a bill occurrence row shows.
    static func occurrence(_ o: BillOccurrence, book: BookID, today: LocalDate) -> BillRow {
        let base = "/books/\(book)/bills/\(o.bill.id)/occurrences/\(o.dueDate)"
        let status: String =
            switch o.status {
            case .paid: "Paid on \(o.paidOn.map { date($0) } ?? "?")"
            case .overdue: "Overdue"
            case .unpaid: "Unpaid"
            }
        let prefill = o.amount.flatMap { $0.minorUnits > 0 ? $0.decimalString : nil } ?? ""
        return BillRow(
            billID: o.bill.id,
            title: o.bill.title,
            due: date(o.dueDate),
            dueDate: o.dueDate.description,
            amount: o.amount?.formatted ?? "varies",
            prefill: prefill,
            status: status,
            statusClass: o.status.rawValue,
            isPaid: o.status == .paid,
            isOverdue: o.status == .overdue,
            payURL: o.bill.url,
            confirmLink: "\(base)/pay",
            undoAction: "\(base)/undo",
            editLink: "/books/\(book)/bills/\(o.bill.id)",
            monthLink: "/books/\(book)/bills?month=\(YearMonth(o.dueDate))",
            paidOnDefault: today.description,
            cycle: o.bill.schedule.cycle.title(everyMonths: o.bill.schedule.everyMonths)
        )
    }

    /// Expense categories as options, each parent followed by its sub-categories (indented).
    static func categoryOptions(_ all: [Category], selected: Set<String>) -> [IDOption] {
        var options: [IDOption] = []
        for parent in all where parent.kind == .expense && parent.parentID == nil {
            options.append(
                IDOption(
                    id: parent.id,
                    label: "\(parent.icon) \(parent.name)",
                    selected: selected.contains(String(parent.id))
                )
            )
            for child in all where child.parentID == parent.id {
                options.append(
                    IDOption(
                        id: child.id,
                        label: "\u{2003}\(child.name)",
                        selected: selected.contains(String(child.id))
                    )
                )
            }
        }
        return options
    }

    /// Accounts as options (archived ones only when already chosen).
    static func accountOptions(_ all: [AccountBalance], selected: Set<String>) -> [AccountOption] {
        all.filter { !$0.account.archived || selected.contains(String($0.account.id)) }.map {
            AccountOption(id: $0.account.id, name: $0.account.name, selected: selected.contains(String($0.account.id)))
        }
    }
}
