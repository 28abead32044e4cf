import TallyCore

/// `bills.mustache`: a month of bills.
struct BillsPage: ViewModel {
    let month: String
    let prev: String
    let next: String
    let isCurrentMonth: Bool
    let thisMonth: String
    let occurrences: [BillRow]
    let hasOccurrences: Bool
    let totalDue: String
    let paid: String
    let left: String
    let lastMonthSavings: String
    let spending: String
    let balanceLeft: String
    let balanceNegative: Bool
    let lastMonth: String
    let bills: [BillSummary]
}

/// A bill in the "All bills" list.
struct BillSummary: ViewModel {
    let title: String
    let amount: String
    let cycle: String
    let link: String
}

/// `bill_form.mustache`: add or edit a bill.
struct BillFormPage: ViewModel {
    let billTitle: String
    let amount: String
    let dueDay: String
    let everyMonths: String
    let firstDue: String
    let url: String
    let remindDays: String
    let note: String
    let cycles: [ValueOption]
    let categoryOptions: [IDOption]
    let accountOptions: [AccountOption]
    let isEdit: Bool
    let action: String
    let error: String
}

/// `bill_pay.mustache`: what paying a bill will record.
struct BillPayPage: ViewModel {
    let bill: BillRow
    let isPaid: Bool
    let amountField: String
    let paidOnField: String
    let willRecord: Bool
    let recordAmount: String
    let recordDate: String
    let category: String
    let account: String
    let error: String
    let back: String
}

/// `today.mustache`: the Today view.
struct TodayPage: ViewModel {
    let date: String
    let spentToday: String
    let addLink: String
    let dueSoon: [BillRow]
    let hasDueSoon: Bool
    let budgetsLink: String
    let billsLink: String
    /// The main budget; nil (an empty section) without one.
    let main: BudgetCard?
    /// The quick-add form; nil for a member who may only read.
    let form: TransactionFormPage?
}

/// `queue.mustache`: the records saved on this device and waiting to be sent. The list lives
/// in the browser (IndexedDB); the page is its frame, filled by `app.js`.
struct QueuePage: ViewModel {
    let addLink: String
}
