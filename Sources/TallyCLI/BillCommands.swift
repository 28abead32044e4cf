import ArgumentParser
import TallyCore
import TallyStore

extension Tally {
    /// `tally bill add|list|pay|unpay`.
    struct BillCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bill",
            abstract: "Recurring bills: when they are due and whether they are paid.",
            subcommands: [Add.self, List.self, Pay.self, Unpay.self]
        )
    }
}

extension Tally.BillCommand {
    /// `tally bill add --title T ...`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a recurring bill.",
            discussion:
                "Example: tally bill add --title Internet --amount 60 --first-due 2026-03-15 --account \"Debit Card\" --category Home:Utilities"
        )
        @Option(help: "What it is: Rent.") var title: String
        @Option(help: "The usual amount, or \"varies\" (the default) when it changes each time.") var amount: String?
        @Option(help: "monthly, weekly, yearly or every_n_months (default: monthly).") var cycle: String?
        @Option(help: "The day of the month it is due, 1–31 (default: the first due date's day).") var dueDay: String?
        @Option(help: "N for every_n_months, 2–120.") var everyMonths: String?
        @Option(help: "The first due date, YYYY-MM-DD (default: today).") var firstDue: String?
        @Option(help: "The account it is paid from.") var account: String?
        @Option(help: "The expense category its payments are recorded in.") var category: String?
        @Option(help: "Where it is paid: https://example.com/pay") var url: String?
        @Option(help: "Days before the due date to remind, 0–60 (default: 3).") var remindDays: String?
        @Option(help: "A note.") var note: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let input = BillInput(
                title: title,
                amount: amount,
                cycle: cycle,
                dueDay: dueDay,
                everyMonths: everyMonths,
                firstDue: firstDue,
                account: account,
                category: category,
                url: url,
                remindDays: remindDays,
                note: note
            )
            try await reportingErrors {
                let bill = try await store.withBackend(who) { backend in try await backend.createBill(input) }
                let s = bill.schedule
                let when =
                    switch s.cycle {
                    case .monthly, .everyNMonths:
                        "\(s.cycle.title(everyMonths: s.everyMonths)) on day \(s.dueDay), first due \(s.firstDue)"
                    case .weekly, .yearly: "\(s.cycle.title(everyMonths: s.everyMonths)) from \(s.firstDue)"
                    }
                print("Added bill #\(bill.id): \(bill.title), \(bill.amount?.formatted ?? "amount varies"), \(when).")
            }
        }
    }

    /// `tally bill list [--month YYYY-MM]`: a month's occurrences and totals.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the bills due in a month, paid or not, with the totals."
        )
        @Option(help: "The month, YYYY-MM (default: this month).") var month: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let chosen = try month.map { raw -> YearMonth in
                    try YearMonth.input(raw, field: "month")
                }
                let summary = try await store.withBackend(who) { backend in try await backend.billsMonth(chosen) }
                guard !summary.occurrences.isEmpty else { return print("No bills due in \(summary.month.title).") }
                let rows = summary.occurrences.map { o -> [String] in
                    [
                        String(o.bill.id), o.dueDate.description, o.bill.title, o.amount?.formatted ?? "varies",
                        o.status.rawValue, o.paidOn?.description ?? "",
                    ]
                }
                print("Bills due in \(summary.month.title)\n")
                print(
                    Listing.table(
                        header: ["ID", "Due", "Bill", "Amount", "Status", "Paid on"],
                        rows: rows,
                        rightAligned: [0, 3]
                    ),
                    terminator: ""
                )
                print(
                    "Due \(summary.totalDue.formatted), paid \(summary.paid.formatted), left \(summary.left.formatted)."
                )
            }
        }
    }

    /// `tally bill pay ID --due DATE`: records the expense and marks the occurrence paid.
    struct Pay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark a bill's occurrence paid, recording the expense.",
            discussion: "Example: tally bill pay 6 --due 2026-03-15 --amount 61.20 --paid-on 2026-03-14"
        )
        @Argument(help: "The bill's id (see `tally bill list`).") var id: BillID
        @Option(help: "The due date of the occurrence paid, YYYY-MM-DD.") var due: String
        @Option(help: "What was paid (default: the bill's amount; needed when it varies).") var amount: String?
        @Option(help: "The day it was paid, YYYY-MM-DD (default: today).") var paidOn: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let dueDate = try PlanValidate.date(due, field: "due")
                let (id, amount, paidOn) = (id, amount, paidOn)
                let paid = try await store.withBackend(who) { backend in
                    try await backend.payBill(id, due: dueDate, amount: amount, paidOn: paidOn)
                }
                print(
                    "Paid \(paid.bill.title) due \(paid.dueDate): \(paid.amount?.formatted ?? "") on \(paid.paidOn?.description ?? "")"
                        + (paid.transactionID.map { ", recorded as expense #\($0)" } ?? "") + "."
                )
            }
        }
    }

    /// `tally bill unpay ID --due DATE`: takes a payment back, with its expense.
    struct Unpay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Undo a bill payment: the mark and the expense it recorded both go."
        )
        @Argument(help: "The bill's id.") var id: BillID
        @Option(help: "The due date of the occurrence, YYYY-MM-DD.") var due: String
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let dueDate = try PlanValidate.date(due, field: "due")
                let id = id
                let bill = try await store.withBackend(who) { backend in
                    try await backend.undoBillPayment(id, due: dueDate)
                }
                print("Undid the payment of \(bill.title) due \(dueDate); its expense was deleted.")
            }
        }
    }
}
