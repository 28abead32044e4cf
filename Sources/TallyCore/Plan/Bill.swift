/// How often a bill comes due.
public enum BillCycle: String, Sendable, Codable, CaseIterable {
    /// Every month on the due day.
    case monthly
    /// Every 7 days from the first due date.
    case weekly
    /// Every year on the first due date's month and day.
    case yearly
    /// Every N months on the due day.
    case everyNMonths = "every_n_months"

    /// Words for people.
    public func title(everyMonths: Int) -> String {
        switch self {
        case .monthly: "monthly"
        case .weekly: "weekly"
        case .yearly: "yearly"
        case .everyNMonths: "every \(everyMonths) months"
        }
    }
}

/// When a bill's occurrences fall. The first is the first due date; later ones follow the
/// cycle, monthly ones on the due day (29–31 mean the last day of shorter months), yearly ones on
/// the first due date's day (29 February falls on the 28th in other years).
public struct BillSchedule: Sendable, Hashable {
    /// The cycle.
    public var cycle: BillCycle
    /// The first occurrence.
    public var firstDue: LocalDate
    /// The day of the month for monthly and every-N-months bills, 1–31.
    public var dueDay: Int
    /// N for every-N-months bills (1 for monthly).
    public var everyMonths: Int

    /// A schedule.
    public init(cycle: BillCycle, firstDue: LocalDate, dueDay: Int, everyMonths: Int = 1) {
        self.cycle = cycle
        self.firstDue = firstDue
        // Clamped, so a bad stored row cannot make an impossible date.
        self.dueDay = min(max(dueDay, 1), 31)
        self.everyMonths = cycle == .everyNMonths ? max(1, everyMonths) : 1
    }

    /// The occurrence number `k` (0 is the first due date).
    public func occurrence(_ k: Int) -> LocalDate {
        if k == 0 { return firstDue }
        switch cycle {
        case .weekly:
            return firstDue.adding(days: 7 * k)
        case .yearly:
            let year = firstDue.year + k
            return LocalDate(
                year: year,
                month: firstDue.month,
                day: min(firstDue.day, LocalDate.daysIn(month: firstDue.month, year: year))
            )!
        case .monthly, .everyNMonths:
            let month = firstDue.startOfMonth.adding(months: k * everyMonths)
            return LocalDate(
                year: month.year,
                month: month.month,
                day: min(dueDay, LocalDate.daysIn(month: month.month, year: month.year))
            )!
        }
    }

    /// Every occurrence from `from` through `to`, in order.
    public func occurrences(from: LocalDate, through to: LocalDate) -> [LocalDate] {
        guard from <= to, firstDue <= to else { return [] }
        // Start a step before the first candidate and skip forward: cheap, and safe with clamped days.
        var k: Int
        switch cycle {
        case .weekly: k = max(0, (from.dayNumber - firstDue.dayNumber) / 7 - 1)
        case .yearly: k = max(0, from.year - firstDue.year - 1)
        case .monthly, .everyNMonths:
            let months = (from.year - firstDue.year) * 12 + from.month - firstDue.month
            k = max(0, months / everyMonths - 1)
        }
        var result: [LocalDate] = []
        while true {
            let date = occurrence(k)
            if date > to || date.year > PlanValidate.years.upperBound { break }
            if date >= from { result.append(date) }
            k += 1
        }
        return result
    }
}

/// A recurring bill.
public struct Bill: Sendable, Hashable {
    /// Row id.
    public var id: BillID
    /// The book.
    public var bookID: BookID
    /// What it is: "Rent".
    public var title: String
    /// The usual amount, or `nil` when it varies.
    public var amount: Money?
    /// The currency it is paid in (the book's).
    public var currency: Currency
    /// When it comes due.
    public var schedule: BillSchedule
    /// The account or card it is paid from.
    public var accountID: AccountID?
    /// The category its expense is recorded in.
    public var categoryID: CategoryID?
    /// Where it is paid ("Pay now" opens it); "" when none.
    public var url: String
    /// Days before the due date the reminder goes off.
    public var remindDays: Int
    /// Free text.
    public var note: String

    /// Makes a bill.
    public init(
        id: BillID,
        bookID: BookID,
        title: String,
        amount: Money?,
        currency: Currency,
        schedule: BillSchedule,
        accountID: AccountID?,
        categoryID: CategoryID?,
        url: String,
        remindDays: Int,
        note: String
    ) {
        self.id = id
        self.bookID = bookID
        self.title = title
        self.amount = amount
        self.currency = currency
        self.schedule = schedule
        self.accountID = accountID
        self.categoryID = categoryID
        self.url = url
        self.remindDays = remindDays
        self.note = note
    }
}

/// The state of one occurrence of a bill.
public enum BillStatus: String, Sendable, Codable {
    /// Not paid, due today or later.
    case unpaid
    /// Paid (an expense was recorded).
    case paid
    /// Not paid and the due date has passed.
    case overdue
}
