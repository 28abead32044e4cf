import ArgumentParser
import Foundation
import TallyCore
import TallyStore

extension Tally {
    /// `tally goal add|list|contribute`.
    struct GoalCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "goal",
            abstract: "Savings goals: something to buy and a plan to save for it.",
            subcommands: [Add.self, List.self, Contribute.self]
        )
    }
}

extension Tally.GoalCommand {
    /// `tally goal add --name N --price P ...`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a goal that saves a percent of income, or one reached by a date.",
            discussion: "Examples: tally goal add --name Bike --price 1200 --income 2000 --percent 10\n"
                + "          tally goal add --name Trip --price 900 --target-date 2027-06-30"
        )
        @Option(help: "What to buy.") var name: String
        @Option(help: "Its price: 1200") var price: String
        @Option(help: "Saved already (default: 0).") var saved: String?
        @Option(help: "Income per period (needed for a percent plan).") var income: String?
        @Option(
            help:
                "The income period: daily, weekly, biweekly, fourweekly, monthly, quarterly or yearly (default: monthly)."
        ) var cycle: String?
        @Option(help: "The share of income put aside each period, 1–100 (default: 10 unless --target-date).")
        var percent: String?
        @Option(help: "The date to reach it by, YYYY-MM-DD, instead of a percent.") var targetDate: String?
        @Option(help: "The savings account contributions move into.") var account: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let input = GoalInput(
                name: name,
                price: price,
                saved: saved,
                income: income,
                cycle: cycle,
                percent: percent,
                targetDate: targetDate,
                account: account
            )
            try await reportingErrors {
                let standing = try await store.withBackend(who) { backend in try await backend.createGoal(input) }
                print("Added goal #\(standing.goal.id): " + GoalText.title(standing.goal))
                print(GoalText.figures(standing.goal, standing.plan), terminator: "")
            }
        }
    }

    /// `tally goal list [--date]`: every goal and its plan.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List goals with their plans, open ones first.")
        @Option(help: "Work the plans out as of this day, YYYY-MM-DD (default: today).") var date: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let day = try PlanText.date(date, field: "date")
                let standings = try await store.withBackend(who) { backend in try await backend.goals(on: day) }
                guard !standings.isEmpty else { return print("No goals.") }
                let plans = standings.map { s in (s.goal, s.plan) }
                let rows = plans.map { g, plan -> [String] in
                    [
                        String(g.id), g.name, g.price.formatted, g.saved.formatted,
                        Share.percent(plan.progressBasisPoints),
                        plan.perPeriod?.formatted ?? "n/a", plan.predictedDate?.description ?? "n/a",
                        GoalText.status(plan.status),
                    ]
                }
                print(
                    Listing.table(
                        header: ["ID", "Goal", "Price", "Saved", "Progress", "Per period", "Reached by", "Status"],
                        rows: rows,
                        rightAligned: [0, 2, 3, 4, 5]
                    ),
                    terminator: ""
                )
                for (g, plan) in plans where plan.status != .reached {
                    if let message = plan.message { print("#\(g.id) \(g.name): \(message).") }
                }
            }
        }
    }

    /// `tally goal contribute ID --amount A`: money put toward a goal.
    struct Contribute: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put money toward a goal.",
            discussion: "With --from-account a transfer to the goal's account (or --to-account) is recorded too."
        )
        @Argument(help: "The goal's id (see `tally goal list`).") var id: GoalID
        @Option(help: "How much: 100") var amount: String
        @Option(help: "Date, YYYY-MM-DD (default: today).") var date: String?
        @Option(help: "A note.") var note: String?
        @Option(help: "Record a transfer from this account.") var fromAccount: String?
        @Option(help: "The account the transfer goes to (default: the goal's).") var toAccount: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let id = id
                let money = ContributionInput(
                    amount: amount,
                    date: date,
                    note: note,
                    fromAccount: fromAccount,
                    toAccount: toAccount
                )
                let (contribution, standing) = try await store.withBackend(who) { backend in
                    let contribution = try await backend.contribute(to: id, money)
                    return (contribution, try await backend.goal(id))
                }
                let g = standing.goal
                print(
                    "Added \(contribution.amount.formatted) to \(g.name) on \(contribution.date)"
                        + (contribution.transactionID.map { ", recorded as transfer #\($0)" } ?? "") + "."
                )
                print(
                    "Saved \(g.saved.formatted) of \(g.price.formatted) (\(Share.percent(standing.plan.progressBasisPoints)))"
                        + (standing.plan.status == .reached
                            ? ": goal reached!" : "; \(standing.plan.remaining.formatted) to go.")
                )
            }
        }
    }
}

/// Goal plans as text.
enum GoalText {
    /// "Bike, saving 10% of income ($2,000.00 monthly)" or "Trip, by 2027-06-30, saving monthly".
    static func title(_ goal: Goal) -> String {
        if let target = goal.targetDate { return "\(goal.name), by \(target), saving \(goal.cycle.title)" }
        return "\(goal.name), saving \(goal.percent ?? 10)% of income"
            + (goal.income.map { " (\($0.formatted) \(goal.cycle.title))" } ?? "")
    }

    /// "on track".
    static func status(_ status: GoalStatus) -> String { status.rawValue.replacingOccurrences(of: "_", with: " ") }

    /// The plan's figures, then its note.
    static func figures(_ goal: Goal, _ plan: GoalPlan) -> String {
        var pairs = [
            ("Price", goal.price.formatted), ("Saved", goal.saved.formatted),
            ("Progress", Share.percent(plan.progressBasisPoints)),
            ("Remaining", plan.remaining.formatted), ("Per period", plan.perPeriod?.formatted ?? "n/a"),
        ]
        if goal.targetDate != nil, let percent = plan.percent { pairs.append(("Share of income", "\(percent)%")) }
        if let periods = plan.periodsLeft { pairs.append(("Periods left", String(periods))) }
        pairs += [("Reached by", plan.predictedDate?.description ?? "n/a"), ("Status", status(plan.status))]
        return PlanText.figures(pairs) + (plan.message.map { "\($0).\n" } ?? "")
    }
}
