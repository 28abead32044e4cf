import ArgumentParser
import Foundation
import TallyCore
import TallyFiles
import TallyStore

extension Tally {
    /// `tally demo`: a book full of believable data for a first look, or the same data as files.
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fill a book with years of believable records, budgets, goals and bills.",
            discussion: """
                The same seed gives the same records. With --out, nothing is stored: the records are \
                written as txns_N.csv (Tally's CSV), txns_N.journal (hledger/ledger) and \
                txns_N.beancount into that folder, for tests and the benchmark's peers.
                """
        )

        @Option(help: "How many records.") var records = 5_000
        @Option(help: "The seed: the same seed gives the same data.") var seed: UInt64 = 42
        @Option(help: "The book to fill, by name; made when the user has none of that name.") var book = "Demo"
        @Option(help: "First day of the records (default: the given years before today's month).")
        var start: String?
        @Option(help: "How many years the records span.") var years = 3
        @Option(help: "Write the records as files into this folder instead of storing them.") var out: String?
        @Option(help: "The user's email (needed when the data has several users).") var user: String?
        @OptionGroup var store: StoreOptions

        func validate() throws {
            guard (1...2_000_000).contains(records) else { throw ValidationError("--records must be 1 to 2000000") }
            guard (1...30).contains(years) else { throw ValidationError("--years must be 1 to 30") }
            if let start, LocalDate(start) == nil { throw ValidationError("--start must be a date, YYYY-MM-DD") }
        }

        func run() async throws {
            try await reportingErrors {
                // By default the records end today.
                let today = Clock.localDate(at: Date(), in: .current)
                let first = start.flatMap { LocalDate($0) } ?? today.adding(months: -12 * years).adding(days: 1)
                let generator = DemoGenerator(count: records, seed: seed, start: first, years: years)
                if let out {
                    let paths = try DemoFiles.write(generator, to: out)
                    print("Wrote \(records) records to \(paths.joined(separator: ", ")).")
                    return
                }
                let text = try await store.withStore { store in
                    let owner = try await findUser(store, email: user)
                    let books = try await store.books.all(for: owner)
                    var target = books.first { $0.name == book }
                    if target == nil {
                        target = try await store.books.createBook(for: owner, name: book, currency: "USD")
                    }
                    guard let target else { return "" }
                    let scope = try await store.scope(owner, book: target.id)
                    // Filling a book twice would double its records and plans.
                    guard try await store.records.transactions(in: scope, limit: 1).records.isEmpty else {
                        throw CLIError("\(target.name) already has records; name another book with --book NAME")
                    }
                    let source = DemoImportSource(generator)
                    let result = try await store.imports.importRecords(into: scope, from: source)
                    let plans = try await DemoPlans.add(
                        to: scope,
                        store: store,
                        months: 12 * years,
                        spent: source.spent
                    )
                    return "Filled \(target.name) (book \(target.id)) with \(result.count) records from \(first)"
                        + " to \(result.lastDate.map(\.description) ?? "-"), \(plans).\n"
                }
                print(text, terminator: "")
            }
        }
    }
}

/// The budgets, goals and bills of the demo book, through the same services as the pages.
enum DemoPlans {
    /// Adds them; `spent` gives the cents the records spent under a category path over `months`,
    /// so each limit sits a little above the data's own average and some periods go over.
    static func add(
        to scope: BookScope,
        store: Store,
        months: Int,
        spent: (String) -> Int64
    ) async throws -> String {
        let plans = store.plans
        // The average per period, raised by a tenth and rounded up to whole dollars (at least $1).
        func limit(_ path: String, periods: Int) -> String {
            let cents = spent(path) * 11 / 10 / Int64(max(1, periods))
            return String(max(1, (cents + 99) / 100))
        }
        let weeks = months * 13 / 3
        _ = try await plans.createBudget(
            in: scope,
            BudgetInput(
                name: "Monthly spending",
                limit: limit("", periods: months),
                cycle: "monthly",
                mode: "spender",
                main: true
            )
        )
        _ = try await plans.createBudget(
            in: scope,
            BudgetInput(
                name: "Food",
                limit: limit("Food", periods: months),
                cycle: "monthly",
                categories: ["Food"],
                mode: "saver"
            )
        )
        _ = try await plans.createBudget(
            in: scope,
            BudgetInput(
                name: "Coffee",
                limit: limit("Food:Coffee", periods: weeks),
                cycle: "weekly",
                weekStart: "monday",
                categories: ["Food:Coffee"]
            )
        )
        _ = try await plans.createGoal(
            in: scope,
            GoalInput(
                name: "New bike",
                price: "1200",
                saved: "150",
                income: "2600",
                cycle: "biweekly",
                percent: "5"
            )
        )
        _ = try await plans.createGoal(
            in: scope,
            GoalInput(name: "Trip to Japan", price: "4500", income: "2600", cycle: "biweekly", percent: "10")
        )
        // Due this month; those already due are paid on their day, the rest are still to pay.
        let today = scope.today
        for (title, amount, day, category) in [
            ("Rent", "1450", 1, "Housing:Rent"), ("Internet", "65", 15, "Utilities:Internet"),
            ("Phone", "55", 28, "Utilities:Phone"), ("Gym", "45", 5, "Health:Gym"),
        ] {
            let due = LocalDate(year: today.year, month: today.month, day: min(day, today.endOfMonth.day))!
            let bill = try await plans.createBill(
                in: scope,
                BillInput(
                    title: title,
                    amount: amount,
                    cycle: "monthly",
                    dueDay: String(day),
                    firstDue: due.description,
                    account: "Checking",
                    category: spent(category) > 0 ? category : nil,
                    url: "https://example.com/pay",
                    remindDays: "3"
                )
            )
            if due < today { _ = try await plans.payBill(bill.id, due: due, in: scope, paidOn: due.description) }
        }
        return "3 budgets, 2 goals and 4 bills"
    }
}
