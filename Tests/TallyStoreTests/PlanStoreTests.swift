import Foundation
import TallyCore
import TallyStore
import Testing

@Suite("Budgets, goals and bills in the store")
struct PlanStoreTests {
    /// The user's zone decides "today": each instant around a daylight-saving change falls on the
    /// calendar date a clock there shows.
    @Test(
        "today follows the zone across daylight-saving changes",
        arguments: [
            ("America/New_York", "2026-03-08T04:59:59Z", "2026-03-07"),
            ("America/New_York", "2026-03-08T05:00:00Z", "2026-03-08"),
            ("America/New_York", "2026-03-09T03:59:59Z", "2026-03-08"),
            ("America/New_York", "2026-03-09T04:00:00Z", "2026-03-09"),
            ("America/New_York", "2026-11-01T03:59:59Z", "2026-10-31"),
            ("America/New_York", "2026-11-02T04:59:59Z", "2026-11-01"),
            ("America/New_York", "2026-11-02T05:00:00Z", "2026-11-02"),
            ("Europe/Berlin", "2026-03-29T21:59:59Z", "2026-03-29"),
            ("Europe/Berlin", "2026-03-29T22:00:00Z", "2026-03-30"),
            ("Europe/Berlin", "2026-10-25T22:59:59Z", "2026-10-25"),
            ("Europe/Berlin", "2026-10-25T23:00:00Z", "2026-10-26"),
            ("Australia/Sydney", "2026-04-05T13:59:59Z", "2026-04-05"),
            ("Australia/Sydney", "2026-04-05T14:00:00Z", "2026-04-06"),
            ("Pacific/Kiritimati", "2026-12-31T10:00:00Z", "2027-01-01"),
            ("Pacific/Pago_Pago", "2027-01-01T10:00:00Z", "2026-12-31"),
        ]
    )
    func todayAcrossDST(zone: String, instant: String, expected: String) throws {
        let date = try #require(try? Date(instant, strategy: .iso8601))
        #expect(Clock.localDate(at: date, in: TimeZone(identifier: zone)!).description == expected)
    }

    @Test("settings choose the user's zone; a bad zone names the field", arguments: Backend.available)
    func settingsZone(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, _) = try await owner(store)
            _ = try await store.settings.updateSettings(
                for: user,
                timeZone: "Pacific/Kiritimati",
                dailyReminder: true,
                reminderTime: "07:30"
            )
            let east = try await store.settings.today(for: user)
            _ = try await store.settings.updateSettings(
                for: user,
                timeZone: "Pacific/Pago_Pago",
                dailyReminder: nil,
                reminderTime: nil
            )
            let west = try await store.settings.today(for: user)
            // 25 hours apart: the dates differ by one or two days, whatever the time now.
            #expect([1, 2].contains(east.dayNumber - west.dayNumber))
            let settings = try await store.settings.current(for: user)
            #expect(
                settings.timeZone == "Pacific/Pago_Pago" && settings.dailyReminder
                    && settings.reminderTime.description == "07:30"
            )
            await #expect(
                throws: FieldError(
                    "time_zone",
                    "'Mars/Olympus' is not a time zone name such as Europe/Berlin or America/New_York"
                )
            ) {
                _ = try await store.settings.updateSettings(
                    for: user,
                    timeZone: "Mars/Olympus",
                    dailyReminder: nil,
                    reminderTime: nil
                )
            }
        }
    }

    /// A daily spender budget over 700 periods: the carry equals the limit × days passed minus
    /// everything spent before, worked out here from the records' own sums.
    @Test("a long spender carry equals limits minus spending", arguments: Backend.available)
    func longCarry(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let budget = try await store.plans.createBudget(
                in: try await store.scope(user, book: book.id),
                BudgetInput(name: "Daily", limit: "10.00", cycle: "daily", start: "2025-01-01", mode: "spender")
            )
            var spentBefore: Int64 = 0
            let asked = LocalDate("2026-12-01")!
            var seed: UInt64 = 42
            for i in 0..<120 {
                // A fixed linear congruential sequence: the same records every run.
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let day = LocalDate("2025-01-01")!.adding(days: Int(seed >> 33) % 700)
                let cents = Int64(100 + (seed >> 20) % 5000)
                _ = try await store.records.addTransaction(
                    to: try await store.scope(user, book: book.id),
                    TransactionInput(
                        amount: Money(minorUnits: cents, currency: book.currency).decimalString,
                        date: day.description,
                        payee: "P\(i)",
                        category: "Food"
                    )
                )
                if day < asked { spentBefore += cents }
            }
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(kind: "income", amount: "500", date: "2025-03-03", payee: "Job", category: "Salary")
            )
            let status = try await store.plans.budgetStatus(
                budget.id,
                in: try await store.scope(user, book: book.id),
                on: asked
            ).status
            let days = Int64(asked.dayNumber - LocalDate("2025-01-01")!.dayNumber)
            #expect(status.carried.minorUnits == 1000 * days - spentBefore)
            #expect(status.period.from == asked && status.period.to == asked)
            let history = try await store.plans.budgetHistory(
                budget.id,
                in: try await store.scope(user, book: book.id),
                through: asked,
                limit: 30
            )
            #expect(
                history.count == 30 && history[0].period.from == asked
                    && history[29].period.from == asked.adding(days: -29)
            )
            #expect(history[0].carried == status.carried)
        }
    }

    @Test(
        "deleting a category moves budgets and bills with its records; the main budget passes on",
        arguments: Backend.available
    )
    func categoryDeletion(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let coffee = try #require(
                try await store.books.categories(in: try await store.scope(user, book: book.id)).first {
                    $0.name == "Coffee"
                }
            )
            let food = try #require(
                try await store.books.categories(in: try await store.scope(user, book: book.id)).first {
                    $0.name == "Food"
                }
            )
            let first = try await store.plans.createBudget(
                in: try await store.scope(user, book: book.id),
                BudgetInput(name: "Coffee", limit: "30", categories: ["Food:Coffee"], accounts: ["Cash"])
            )
            let second = try await store.plans.createBudget(
                in: try await store.scope(user, book: book.id),
                BudgetInput(name: "All", limit: "900")
            )
            #expect(first.isMain && !second.isMain)
            let bill = try await store.plans.createBill(
                in: try await store.scope(user, book: book.id),
                BillInput(title: "Beans", amount: "12", category: "Food:Coffee")
            )
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(
                    amount: "4.00",
                    date: "2026-05-05",
                    payee: "Cafe",
                    category: "Food:Coffee",
                    account: "Cash"
                )
            )
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(
                    amount: "6.00",
                    date: "2026-05-06",
                    payee: "Cafe",
                    category: "Food:Coffee",
                    account: "Credit Card"
                )
            )
            try await store.books.deleteCategory(
                coffee.id,
                in: try await store.scope(user, book: book.id),
                moveTo: "Food"
            )
            let moved = try await store.plans.budget(first.id, in: try await store.scope(user, book: book.id))
            #expect(moved.categoryIDs == [food.id])
            #expect(
                try await store.plans.bill(bill.id, in: try await store.scope(user, book: book.id)).categoryID
                    == food.id
            )
            // Only the Cash record is in scope (the account filter still holds).
            #expect(
                try await store.plans.budgetStatus(
                    first.id,
                    in: try await store.scope(user, book: book.id),
                    on: LocalDate("2026-05-10")!
                ).status.spent.minorUnits == 400
            )
            try await store.plans.deleteBudget(first.id, in: try await store.scope(user, book: book.id))
            #expect(try await store.plans.budget(second.id, in: try await store.scope(user, book: book.id)).isMain)
        }
    }

    @Test("a goal's photo is kept and served with its type; other files are refused", arguments: Backend.available)
    func goalPhoto(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let goal = try await store.plans.createGoal(
                in: try await store.scope(user, book: book.id),
                GoalInput(name: "Camera", price: "800", income: "1000", percent: "20")
            )
            let png: [UInt8] =
                [
                    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
                    0, 0, 0, 1,
                ] + Array(repeating: 0, count: 16)
            try await store.plans.setGoalPhoto(goal.goal.id, in: try await store.scope(user, book: book.id), bytes: png)
            let (type, data) = try await store.plans.goalPhoto(
                goal.goal.id,
                in: try await store.scope(user, book: book.id)
            )
            #expect(type == "image/png" && Array(data) == png)
            await #expect(throws: FieldError("photo", "is not a JPEG, PNG, HEIC or WebP image")) {
                try await store.plans.setGoalPhoto(
                    goal.goal.id,
                    in: try await store.scope(user, book: book.id),
                    bytes: Array("hello".utf8)
                )
            }
            #expect(
                try await store.plans.goal(goal.goal.id, in: try await store.scope(user, book: book.id)).plan.perPeriod?
                    .minorUnits == 20000
            )
        }
    }
}
