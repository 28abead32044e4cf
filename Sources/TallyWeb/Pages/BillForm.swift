import TallyCore
import TallyStore

/// The bill add/edit form: its fields from a form post or a bill, and the values
/// `bill_form.mustache` renders.
enum BillForm {
    /// The fields of a posted form.
    static func input(_ form: BillPostForm) -> BillInput {
        BillInput(
            title: form.title,
            amount: form.amount,
            cycle: form.cycle,
            dueDay: form.dueDay,
            everyMonths: form.everyMonths,
            firstDue: form.firstDue,
            account: form.account,
            category: form.category,
            url: form.url,
            remindDays: form.remindDays,
            note: form.note
        )
    }

    /// The fields of a stored bill, to fill the edit form.
    static func input(_ bill: Bill) -> BillInput {
        let s = bill.schedule
        return BillInput(
            title: bill.title,
            amount: bill.amount?.decimalString ?? "",
            cycle: s.cycle.rawValue,
            dueDay: String(s.dueDay),
            everyMonths: String(s.everyMonths),
            firstDue: s.firstDue.description,
            account: bill.accountID.map(String.init) ?? "",
            category: bill.categoryID.map(String.init) ?? "",
            url: bill.url,
            remindDays: String(bill.remindDays),
            note: bill.note
        )
    }

    /// A new bill's defaults: monthly, first due today, reminding 3 days ahead.
    static func defaults(today: LocalDate) -> BillInput {
        BillInput(
            cycle: BillCycle.monthly.rawValue,
            dueDay: String(today.day),
            everyMonths: "2",
            firstDue: today.description,
            remindDays: "3"
        )
    }

    /// The form's page: its fields filled from `input`.
    static func page(
        _ input: BillInput,
        categories: [Category],
        accounts: [AccountBalance],
        isEdit: Bool,
        action: String,
        error: String
    ) -> BillFormPage {
        let cycle = input.cycle ?? BillCycle.monthly.rawValue
        // Bounded before use: a typed "every 10^18 months" only labels the option.
        let every = Int(input.everyMonths ?? "").map { min(120, max(2, $0)) } ?? 2
        return BillFormPage(
            billTitle: input.title ?? "",
            amount: input.amount ?? "",
            dueDay: input.dueDay ?? "",
            everyMonths: input.everyMonths ?? "2",
            firstDue: input.firstDue ?? "",
            url: input.url ?? "",
            remindDays: input.remindDays ?? "3",
            note: input.note ?? "",
            cycles: BillCycle.allCases.map { c in
                ValueOption(
                    value: c.rawValue,
                    label: c == .everyNMonths ? "every N months" : c.title(everyMonths: every),
                    selected: c.rawValue == cycle
                )
            },
            categoryOptions: PlanText.categoryOptions(categories, selected: [input.category ?? ""]),
            accountOptions: PlanText.accountOptions(accounts, selected: [input.account ?? ""]),
            isEdit: isEdit,
            action: action,
            error: error
        )
    }
}
