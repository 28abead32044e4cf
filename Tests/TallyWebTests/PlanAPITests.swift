import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyStore
import TallyWeb
import Testing

struct BudgetStatusJSON: Decodable {
    let budgetId: Int64, name: String, mode: String, date: String, periodStart: String, periodEnd: String,
        limit: String, spent: String
    let carried: String, remaining: String, usedShare: String?, daysLeft: Int, perDay: String, alert: String
}
struct PeriodJSON: Decodable {
    let periodStart: String, periodEnd: String, limit: String, carried: String, spent: String, remaining: String
}
struct BudgetJSON: Decodable {
    let id: Int64, name: String, cycle: String, mode: String, main: Bool, categories: [Int64], accounts: [Int64]
}
struct GoalJSON: Decodable {
    let id: Int64, saved: String, perPeriod: String?, percent: Int?, percentNeeded: Int?, predictedDate: String?,
        periodsLeft: Int?
    let progress: String, remaining: String, status: String, message: String?
}
struct ContributionJSON: Decodable { let id: Int64, amount: String, transaction: Int64? }
struct BillJSON: Decodable { let id: Int64, title: String, amount: String?, cycle: String, dueDay: Int }
struct OccurrenceJSON: Decodable {
    let billId: Int64, dueDate: String, status: String, paidOn: String?, amount: String?, transaction: Int64?
}
struct TodayJSON: Decodable { let date: String, budget: BudgetStatusJSON?, spentToday: String }

extension API {
    /// Budgets, goals, bills, the Today view and the calendar feed through the JSON API.
    @Suite struct Plan {
        /// A weekly spender budget: each week carries what the one before left, negative too,
        /// and editing an old record changes the figures at once.
        @Test(arguments: Backend.all)
        func spenderBudgetCarriesAndFollowsEdits(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let created = try await client.post(
                    "\(owner.books)/budgets",
                    token: owner.token,
                    json: json([
                        "name": "Allowance", "limit": "100.00", "cycle": "weekly", "week_start": "monday",
                        "start": "2026-11-02", "mode": "spender",
                    ])
                )
                expectStatus(created, .created)
                let budget: BudgetJSON = try created.decode()
                #expect(budget.main && budget.cycle == "weekly" && budget.categories.isEmpty)
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "30.00", "date": "2026-11-03", "payee": "Market", "category": "Food"]
                )
                let big = try await addTransaction(
                    client,
                    owner,
                    ["amount": "120.00", "date": "2026-11-10", "payee": "Shoes", "category": "Personal"]
                )
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "10.00", "date": "2026-11-18", "payee": "Cafe", "category": "Food:Coffee"]
                )
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "999.00", "date": "2026-11-18", "kind": "income", "payee": "Pay", "category": "Salary"]
                )

                let status: BudgetStatusJSON = try await client.get(
                    "\(owner.books)/budgets/\(budget.id)/status?date=2026-11-19",
                    token: owner.token
                ).decode()
                // Week 1 left 70, week 2 (170 available) left 50; week 3 has 150 and spent 10.
                #expect(status.periodStart == "2026-11-16" && status.periodEnd == "2026-11-22")
                #expect(status.carried == "50.00" && status.spent == "10.00" && status.remaining == "140.00")
                #expect(
                    status.usedShare == "0.0666" && status.daysLeft == 4 && status.perDay == "35.00"
                        && status.alert == "none"
                )

                expectStatus(
                    try await client.patch(
                        "\(owner.books)/transactions/\(big.id)",
                        token: owner.token,
                        json: json(["amount": "200.00"])
                    ),
                    .ok
                )
                let after: BudgetStatusJSON = try await client.get(
                    "\(owner.books)/budgets/\(budget.id)/status?date=2026-11-19",
                    token: owner.token
                ).decode()
                #expect(after.carried == "-30.00" && after.remaining == "60.00" && after.perDay == "15.00")

                let history: [PeriodJSON] = try await client.get(
                    "\(owner.books)/budgets/\(budget.id)/history?through=2026-11-19&limit=3",
                    token: owner.token
                ).decode()
                #expect(history.map(\.periodStart) == ["2026-11-16", "2026-11-09", "2026-11-02"])
                #expect(history.map(\.spent) == ["10.00", "200.00", "30.00"])
                #expect(history.map(\.carried) == ["-30.00", "70.00", "0.00"])
                #expect(history.map(\.remaining) == ["60.00", "-30.00", "70.00"])
            }
        }

        /// A saver budget on chosen categories counts their sub-categories and warns at 80% and 100%.
        @Test(arguments: Backend.all)
        func scopedSaverBudgetWarns(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let budget: BudgetJSON = try await client.post(
                    "\(owner.books)/budgets",
                    token: owner.token,
                    json: json([
                        "name": "Food", "limit": "50.00", "cycle": "monthly", "day_of_month": 31, "start": "2026-01-31",
                        "categories": ["Food"],
                    ])
                ).decode()
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "25.00", "date": "2026-02-27", "payee": "Cafe", "category": "Food:Coffee"]
                )
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "99.00", "date": "2026-02-27", "payee": "Bus", "category": "Transportation"]
                )
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "16.00", "date": "2026-02-28", "payee": "Market", "category": "Food"]
                )
                let url = "\(owner.books)/budgets/\(budget.id)/status"
                // Day 31 in February: the periods are Jan 31–Feb 27 and Feb 28–Mar 30.
                let first: BudgetStatusJSON = try await client.get("\(url)?date=2026-02-10", token: owner.token)
                    .decode()
                #expect(
                    first.periodStart == "2026-01-31" && first.periodEnd == "2026-02-27" && first.spent == "25.00"
                        && first.alert == "none"
                )
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "15.00", "date": "2026-02-01", "payee": "Market", "category": "Food:Groceries"]
                )
                let near: BudgetStatusJSON = try await client.get("\(url)?date=2026-02-10", token: owner.token).decode()
                #expect(
                    near.spent == "40.00" && near.usedShare == "0.8000" && near.alert == "near"
                        && near.carried == "0.00"
                )
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "10.00", "date": "2026-02-02", "payee": "Market", "category": "Food"]
                )
                let over: BudgetStatusJSON = try await client.get("\(url)?date=2026-02-27", token: owner.token).decode()
                #expect(over.remaining == "0.00" && over.alert == "over" && over.perDay == "0.00" && over.daysLeft == 1)
                let next: BudgetStatusJSON = try await client.get("\(url)?date=2026-03-01", token: owner.token).decode()
                #expect(
                    next.periodStart == "2026-02-28" && next.periodEnd == "2026-03-30" && next.spent == "16.00"
                        && next.carried == "0.00"
                )
            }
        }

        /// Bad input gets a 4xx naming the field.
        @Test(arguments: Backend.all)
        func badInputNamesTheField(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                func expectField(
                    _ path: String,
                    _ body: [String: Any],
                    _ field: String,
                    sourceLocation: SourceLocation = #_sourceLocation
                ) async throws {
                    let response = try await client.post("\(owner.books)/\(path)", token: owner.token, json: json(body))
                    #expect(
                        response.status == .unprocessableContent,
                        "\(body): \(response.text)",
                        sourceLocation: sourceLocation
                    )
                    #expect(
                        response.text.contains("\"field\":\"\(field)\""),
                        "\(body): \(response.text)",
                        sourceLocation: sourceLocation
                    )
                }
                try await expectField("budgets", ["name": "B", "limit": "-5.00"], "limit")
                try await expectField("budgets", ["name": "B", "limit": "5.00", "cycle": "fortnightly"], "cycle")
                try await expectField("budgets", ["name": "B", "limit": "5.00", "day_of_month": 0], "day_of_month")
                try await expectField("budgets", ["name": "B", "limit": "5.00", "day_of_month": 32], "day_of_month")
                try await expectField("budgets", ["name": "B", "limit": "5.00", "week_start": "funday"], "week_start")
                try await expectField("budgets", ["name": "B", "limit": "5.00", "categories": ["Nope"]], "categories")
                try await expectField("budgets", ["name": "B", "limit": 5], "limit")
                try await expectField(
                    "goals",
                    ["name": "Bike", "price": "500.00", "income": "1000.00", "percent": 0],
                    "percent"
                )
                try await expectField(
                    "goals",
                    ["name": "Bike", "price": "500.00", "income": "1000.00", "percent": 250],
                    "percent"
                )
                try await expectField("goals", ["name": "Bike", "price": "500.00", "percent": 10], "income")
                try await expectField(
                    "goals",
                    ["name": "Bike", "price": "500.00", "income": "0", "percent": 10],
                    "income"
                )
                try await expectField("goals", ["name": "Bike", "price": "-1.00", "income": "10.00"], "price")
                try await expectField("bills", ["title": "Rent", "due_day": 0], "due_day")
                try await expectField("bills", ["title": "Rent", "due_day": 32], "due_day")
                try await expectField("bills", ["title": "Rent", "cycle": "daily"], "cycle")
                try await expectField("bills", ["title": "Rent", "amount": "-3"], "amount")
                try await expectField("bills", ["title": "Rent", "remind_days": 99], "remind_days")
                let budget: BudgetJSON = try await client.post(
                    "\(owner.books)/budgets",
                    token: owner.token,
                    json: json(["name": "B", "limit": "5"])
                ).decode()
                let bad = try await client.get(
                    "\(owner.books)/budgets/\(budget.id)/status?date=2026-02-30",
                    token: owner.token
                )
                #expect(bad.status == .unprocessableContent && bad.text.contains("\"field\":\"date\""))
            }
        }

        /// Percent → date and date → amount; contributions move money into savings and can be taken back.
        @Test(arguments: Backend.all)
        func goalsPlanBothWays(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let owner = try await makeOwner(client)
                let user = try #require(try await store.users.user(email: owner.email))
                let today = try await store.settings.today(for: user)
                let byPercent: GoalJSON = try await client.post(
                    "\(owner.books)/goals",
                    token: owner.token,
                    json: json([
                        "name": "Bike", "price": "1000.00", "saved": "100.00", "income": "2000.00", "cycle": "monthly",
                        "percent": 10,
                    ])
                ).decode()
                // 10% of 2,000 is 200 a month; 900 left takes 5 months.
                #expect(
                    byPercent.perPeriod == "200.00" && byPercent.periodsLeft == 5 && byPercent.progress == "0.1000"
                        && byPercent.status == "on_track"
                )
                #expect(byPercent.predictedDate == today.adding(months: 5).description)

                let target = today.adding(months: 6)
                let byDate: GoalJSON = try await client.post(
                    "\(owner.books)/goals",
                    token: owner.token,
                    json: json([
                        "name": "Trip", "price": "1200.00", "income": "2000.00", "cycle": "monthly",
                        "target_date": target.description,
                    ])
                ).decode()
                #expect(
                    byDate.perPeriod == "200.00" && byDate.percentNeeded == 10 && byDate.percent == nil
                        && byDate.predictedDate == target.description
                )

                let savings: AccountJSON = try await client.post(
                    "\(owner.books)/accounts",
                    token: owner.token,
                    json: json(["name": "Savings", "kind": "savings"])
                ).decode()
                let contribution: ContributionJSON = try await client.post(
                    "\(owner.books)/goals/\(byPercent.id)/contributions",
                    token: owner.token,
                    json: json([
                        "amount": "50.00", "from_account": "Debit Card", "to_account": savings.id,
                    ])
                ).decode()
                #expect(contribution.amount == "50.00" && contribution.transaction != nil)
                let accounts: [AccountJSON] = try await client.get("\(owner.books)/accounts", token: owner.token)
                    .decode()
                #expect(accounts.first { $0.name == "Savings" }?.balance == "50.00")
                #expect(accounts.first { $0.name == "Debit Card" }?.balance == "-50.00")
                let goal: GoalJSON = try await client.get("\(owner.books)/goals/\(byPercent.id)", token: owner.token)
                    .decode()
                #expect(goal.saved == "150.00" && goal.remaining == "850.00")

                expectStatus(
                    try await client.delete(
                        "\(owner.books)/goals/\(byPercent.id)/contributions/\(contribution.id)",
                        token: owner.token
                    ),
                    .noContent
                )
                expectStatus(
                    try await client.get(
                        "\(owner.books)/transactions/\(contribution.transaction!)",
                        token: owner.token
                    ),
                    .notFound
                )
                let rest = try await client.post(
                    "\(owner.books)/goals/\(byPercent.id)/contributions",
                    token: owner.token,
                    json: json(["amount": "900.00"])
                )
                expectStatus(rest, .created)
                let done: GoalJSON = try await client.get("\(owner.books)/goals/\(byPercent.id)", token: owner.token)
                    .decode()
                #expect(
                    done.status == "reached" && done.progress == "1.0000" && done.remaining == "0.00"
                        && done.message == "Goal reached"
                )
            }
        }

        /// Pay an occurrence (an expense appears), refuse a second payment, undo it.
        @Test(arguments: Backend.all)
        func billsArePaidAndUndone(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let defaults: [BillJSON] = try await client.get("\(owner.books)/bills", token: owner.token).decode()
                #expect(defaults.map(\.title).sorted() == ["Credit Card", "Groceries", "Gym", "Insurance", "Rent"])
                #expect(defaults.allSatisfy { $0.amount == "0.00" && $0.cycle == "monthly" })
                let bill: BillJSON = try await client.post(
                    "\(owner.books)/bills",
                    token: owner.token,
                    json: json([
                        "title": "Phone", "amount": "45.00", "due_day": 31, "first_due": "2026-01-31",
                        "category": "Utilities:Phone", "account": "Credit Card",
                        "url": "example.com/pay", "remind_days": 2,
                    ])
                ).decode()
                let path = "\(owner.books)/bills/\(bill.id)/occurrences"
                let dates: [OccurrenceJSON] = try await client.get(
                    "\(path)?from=2026-01-01&to=2026-04-30",
                    token: owner.token
                ).decode()
                #expect(dates.map(\.dueDate) == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"])

                let paid = try await client.post(
                    "\(path)/2026-02-28/pay",
                    token: owner.token,
                    json: json(["paid_on": "2026-02-26"])
                )
                expectStatus(paid, .created)
                let occurrence: OccurrenceJSON = try paid.decode()
                #expect(
                    occurrence.status == "paid" && occurrence.paidOn == "2026-02-26" && occurrence.amount == "45.00"
                )
                let expense: TxJSON = try await client.get(
                    "\(owner.books)/transactions/\(occurrence.transaction!)",
                    token: owner.token
                ).decode()
                #expect(
                    expense.amount == "45.00" && expense.payee == "Phone" && expense.category == "Utilities:Phone"
                        && expense.account == "Credit Card"
                )
                #expect(expense.date == "2026-02-26" && expense.kind == "expense")
                let again = try await client.post("\(path)/2026-02-28/pay", token: owner.token)
                expectStatus(again, .conflict)
                expectStatus(try await client.post("\(path)/2026-02-27/pay", token: owner.token), .notFound)
                let listed: [OccurrenceJSON] = try await client.get(
                    "\(path)?from=2026-02-01&to=2026-02-28",
                    token: owner.token
                ).decode()
                #expect(listed.map(\.status) == ["paid"])

                expectStatus(try await client.delete("\(path)/2026-02-28/pay", token: owner.token), .noContent)
                expectStatus(
                    try await client.get("\(owner.books)/transactions/\(occurrence.transaction!)", token: owner.token),
                    .notFound
                )
                expectStatus(try await client.delete("\(path)/2026-02-28/pay", token: owner.token), .notFound)

                // A bill whose amount varies needs the amount when paid.
                let varies: BillJSON = try await client.post(
                    "\(owner.books)/bills",
                    token: owner.token,
                    json: json(["title": "Power", "amount": "varies", "first_due": "2026-03-05"])
                ).decode()
                #expect(varies.amount == nil && varies.dueDay == 5)
                let noAmount = try await client.post(
                    "\(owner.books)/bills/\(varies.id)/occurrences/2026-03-05/pay",
                    token: owner.token
                )
                #expect(noAmount.status == .unprocessableContent && noAmount.text.contains("\"field\":\"amount\""))
                expectStatus(
                    try await client.post(
                        "\(owner.books)/bills/\(varies.id)/occurrences/2026-03-05/pay",
                        token: owner.token,
                        json: json(["amount": "61.20"])
                    ),
                    .created
                )
            }
        }

        /// The Today view shows the main budget's period now.
        @Test(arguments: Backend.all)
        func todayShowsTheMainBudget(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let owner = try await makeOwner(client)
                let empty: TodayJSON = try await client.get("\(owner.books)/today", token: owner.token).decode()
                #expect(empty.budget == nil && empty.spentToday == "0.00")
                let user = try #require(try await store.users.user(email: owner.email))
                let today = try await store.settings.today(for: user)
                _ = try await client.post(
                    "\(owner.books)/budgets",
                    token: owner.token,
                    json: json(["name": "Daily", "limit": "20.00", "cycle": "daily"])
                )
                try await addTransaction(client, owner, ["amount": "7.25", "date": today.description, "payee": "Cafe"])
                let view: TodayJSON = try await client.get("\(owner.books)/today", token: owner.token).decode()
                #expect(view.date == today.description && view.spentToday == "7.25")
                #expect(
                    view.budget?.remaining == "12.75" && view.budget?.perDay == "12.75" && view.budget?.daysLeft == 1
                )
            }
        }

        /// `every_months` of `""` (or blank) is not given, as the document says: an every-N-months
        /// bill then gets the default of 2, on create and when a `PATCH` switches to that cycle. A
        /// 1 given for that cycle is still a 422 naming the field.
        @Test(arguments: Backend.all)
        func billEveryMonthsBlankIsTheDefault(_ backend: Backend) async throws {
            struct Bill: Decodable { let id: Int64, cycle: String, everyMonths: Int }
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let made = try await client.post(
                    "\(owner.books)/bills",
                    token: owner.token,
                    json: json(["title": "Water", "cycle": "every_n_months", "every_months": ""])
                )
                expectStatus(made, .created)
                let water: Bill = try made.decode()
                #expect(water.cycle == "every_n_months" && water.everyMonths == 2)

                let rent: Bill = try await client.post(
                    "\(owner.books)/bills",
                    token: owner.token,
                    json: json(["title": "Rent", "cycle": "monthly"])
                ).decode()
                #expect(rent.everyMonths == 1)
                let switched = try await client.patch(
                    "\(owner.books)/bills/\(rent.id)",
                    token: owner.token,
                    json: json(["cycle": "every_n_months", "every_months": "  "])
                )
                expectStatus(switched, .ok)
                let after: Bill = try switched.decode()
                #expect(after.cycle == "every_n_months" && after.everyMonths == 2)

                _ = expectProblem(
                    try await client.post(
                        "\(owner.books)/bills",
                        token: owner.token,
                        json: json(["title": "Gas", "cycle": "every_n_months", "every_months": 1])
                    ),
                    .unprocessableContent,
                    field: "every_months"
                )
            }
        }

        /// Another user's budgets, goals and bills are not there for a stranger.
        @Test(arguments: Backend.all)
        func strangersGet404(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, _ in
                let owner = try await makeOwner(client)
                let stranger = try await makeOwner(client, email: "bob@example.com")
                let budget: BudgetJSON = try await client.post(
                    "\(owner.books)/budgets",
                    token: owner.token,
                    json: json(["name": "B", "limit": "5"])
                ).decode()
                let bills: [BillJSON] = try await client.get("\(owner.books)/bills", token: owner.token).decode()
                for path in [
                    "budgets", "budgets/\(budget.id)/status", "goals", "bills", "bills/\(bills[0].id)/occurrences",
                    "today",
                ] {
                    expectStatus(try await client.get("\(owner.books)/\(path)", token: stranger.token), .notFound)
                }
                expectStatus(
                    try await client.post(
                        "\(owner.books)/budgets",
                        token: stranger.token,
                        json: json(["name": "X", "limit": "1"])
                    ),
                    .notFound
                )
                expectStatus(
                    try await client.post(
                        "\(owner.books)/bills/\(bills[0].id)/occurrences/\(bills[0].dueDay)/pay",
                        token: stranger.token
                    ),
                    .notFound
                )
                expectStatus(
                    try await client.get("\(stranger.books)/budgets/\(budget.id)", token: stranger.token),
                    .notFound
                )
            }
        }
    }
}
