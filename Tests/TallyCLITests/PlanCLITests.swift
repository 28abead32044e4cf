import Foundation
import TallyCore
import TallyStore
import Testing

/// `tally budget`, `goal` and `bill`, run as a person runs them, with their whole output compared.
@Suite("tally budget, goal, bill", .serialized)
struct PlanCLITests {
    func makeUser(_ cli: CLI) throws {
        #expect(
            try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
                == .init(
                    status: 0,
                    stdout: "Created user me@example.com (#1) with a Personal book in USD.\n",
                    stderr: ""
                )
        )
    }

    func expense(_ cli: CLI, _ amount: String, _ payee: String, _ category: String, _ date: String) throws {
        #expect(
            try cli.run([
                "add", "expense", amount, "--payee", payee, "--category", category, "--account", "Cash", "--date", date,
            ]).status == 0
        )
    }

    @Test("a saver budget near and over its limit, a spender budget carrying into the next month")
    func budgets() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try makeUser(cli)
        try expense(cli, "120", "Safeway", "Food:Groceries", "2026-03-02")
        try expense(cli, "210", "Whole Foods", "Food:Groceries", "2026-03-10")
        try expense(cli, "45", "Shell", "Auto:Fuel", "2026-03-11")
        #expect(
            try cli.run([
                "budget", "add", "--name", "Food", "--limit", "400", "--category", "Food", "--start", "2026-03-01",
            ])
                == .init(
                    status: 0,
                    stdout: "Added budget #1: Food, $400.00 monthly from 2026-03-01, saver, on Food (main)\n",
                    stderr: ""
                )
        )

        // Groceries count under Food: 120 + 210 = 330 of 400 → 82%; 70 left for 12–31 March (20 days) → 3.50 a day.
        #expect(
            try cli.run(["budget", "status", "1", "--date", "2026-03-12"])
                == .init(
                    status: 0,
                    stdout: """
                        Food (#1): monthly, saver, on Food
                        Period 2026-03-01 – 2026-03-31, on 2026-03-12

                        Limit      $400.00
                        Spent      $330.00
                        Remaining   $70.00
                        Used           82%
                        Days left       20
                        Per day      $3.50

                        Warning: 82% of the budget is used.

                        """,
                    stderr: ""
                )
        )

        // 330 + 80 = 410: 10 over, 102%, nothing left per day.
        try expense(cli, "80", "Safeway", "Food:Groceries", "2026-03-20")
        #expect(
            try cli.run(["budget", "status", "1", "--date", "2026-03-25"]).stdout == """
                Food (#1): monthly, saver, on Food
                Period 2026-03-01 – 2026-03-31, on 2026-03-25

                Limit      $400.00
                Spent      $410.00
                Remaining  -$10.00
                Used          102%
                Days left        7
                Per day      $0.00

                Warning: over budget by $10.00.

                """
        )

        // Spender: March spends 45 of 100, so April starts with 155; 30 spent leaves 125 for 10–30 April
        // (21 days) → 5.95 a day (5.952… rounded down); 30 / 155 = 19.35% → 19%.
        #expect(
            try cli.run([
                "budget", "add", "--name", "Car", "--limit", "100", "--category", "Auto", "--mode", "spender",
                "--start", "2026-03-01", "--account", "Cash",
            ]).stdout
                == "Added budget #2: Car, $100.00 monthly from 2026-03-01, spender, on Auto · Cash\n"
        )
        try expense(cli, "30", "Shell", "Auto:Fuel", "2026-04-05")
        #expect(
            try cli.run(["budget", "status", "2", "--date", "2026-04-10"]).stdout == """
                Car (#2): monthly, spender, on Auto · Cash
                Period 2026-04-01 – 2026-04-30, on 2026-04-10

                Limit      $100.00
                Carried     $55.00
                Spent       $30.00
                Remaining  $125.00
                Used           19%
                Days left       21
                Per day      $5.95

                """
        )
        #expect(
            try cli.run(["budget", "history", "2", "--date", "2026-05-10", "--limit", "3"]).stdout == """
                Car (#2), monthly, spender
                Period                     Limit  Carried   Spent  Remaining  Used
                -----------------------  -------  -------  ------  ---------  ----
                2026-05-01 – 2026-05-31  $100.00  $125.00   $0.00    $225.00    0%
                2026-04-01 – 2026-04-30  $100.00   $55.00  $30.00    $125.00   19%
                2026-03-01 – 2026-03-31  $100.00    $0.00  $45.00     $55.00   45%

                """
        )
        #expect(
            try cli.run(["budget", "list", "--date", "2026-04-10"]).stdout == """
                ID  Budget       Cycle    Mode     Scope          Limit   Spent  Remaining  Used
                --  -----------  -------  -------  -----------  -------  ------  ---------  ----
                 1  Food (main)  monthly  saver    Food         $400.00   $0.00    $400.00    0%
                 2  Car          monthly  spender  Auto · Cash  $100.00  $30.00    $125.00   19%

                """
        )

        #expect(
            try cli.run(["budget", "add", "--name", "X", "--limit", "10", "--cycle", "fortnightly"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr:
                        "error: cycle: must be one of daily, weekly, biweekly, fourweekly, monthly, quarterly, yearly\n"
                )
        )
        #expect(
            try cli.run(["budget", "status", "9"]) == .init(status: 1, stdout: "", stderr: "error: budget not found\n")
        )
    }

    @Test("goals: a percent plan, a target-date plan, bad percents, contributions")
    func goals() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try makeUser(cli)
        // 10% of 2,000 = 200 a month; 1,200 − 200 saved = 1,000 → 5 months from today. Goals are
        // planned from the day they are made, so this one output depends on today.
        let today = Clock.localDate(at: Date(), in: .current)
        #expect(
            try cli.run([
                "goal", "add", "--name", "Bike", "--price", "1200", "--saved", "200", "--income", "2000", "--percent",
                "10",
            ])
                == .init(
                    status: 0,
                    stdout: """
                        Added goal #1: Bike, saving 10% of income ($2,000.00 monthly)
                        Price          $1,200.00
                        Saved            $200.00
                        Progress             16%
                        Remaining      $1,000.00
                        Per period       $200.00
                        Periods left           5
                        Reached by    \(today.adding(months: 5))
                        Status          on track

                        """,
                    stderr: ""
                )
        )
        let trip = try cli.run([
            "goal", "add", "--name", "Trip", "--price", "7300", "--income", "1000", "--cycle", "yearly",
            "--target-date", "2099-06-01",
        ])
        #expect(trip.status == 0)
        #expect(
            trip.stdout.hasPrefix("Added goal #2: Trip, by 2099-06-01, saving yearly\nPrice             $7,300.00\n")
        )
        #expect(trip.stdout.contains("\nReached by       2099-06-01\n"))

        // On 1 June 2026: Bike 1,000 / 200 → 5 months → 1 Nov 2026; Trip 73 years to 1 June 2099 → 7,300 / 73 = 100 a year.
        let list = """
            ID  Goal      Price    Saved  Progress  Per period  Reached by  Status
            --  ----  ---------  -------  --------  ----------  ----------  --------
             1  Bike  $1,200.00  $200.00       16%     $200.00  2026-11-01  on track
             2  Trip  $7,300.00    $0.00        0%     $100.00  2099-06-01  on track

            """
        #expect(try cli.run(["goal", "list", "--date", "2026-06-01"]).stdout == list)

        for percent in ["0", "250"] {
            #expect(
                try cli.run([
                    "goal", "add", "--name", "Car", "--price", "9000", "--income", "2000", "--percent", percent,
                ])
                    == .init(status: 65, stdout: "", stderr: "error: percent: must be a whole number from 1 to 100\n")
            )
        }
        #expect(
            try cli.run([
                "goal", "add", "--name", "Car", "--price", "9000", "--income", "2000", "--percent", "5",
                "--target-date", "2099-01-01",
            ])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: target_date: give either percent or target_date, not both\n"
                )
        )
        #expect(try cli.run(["goal", "list", "--date", "2026-06-01"]).stdout == list)

        // 200 + 300 = 500 of 1,200 → 41% (41.67 rounded down); then 50 more moved from Cash.
        #expect(
            try cli.run([
                "goal", "contribute", "1", "--amount", "300", "--date", "2026-06-15", "--note", "birthday money",
            ])
                == .init(
                    status: 0,
                    stdout: "Added $300.00 to Bike on 2026-06-15.\nSaved $500.00 of $1,200.00 (41%); $700.00 to go.\n",
                    stderr: ""
                )
        )
        #expect(
            try cli.run([
                "goal", "contribute", "1", "--amount", "50", "--date", "2026-06-20", "--from-account", "Cash",
                "--to-account", "Debit Card",
            ]).stdout
                == "Added $50.00 to Bike on 2026-06-20, recorded as transfer #1.\nSaved $550.00 of $1,200.00 (45%); $650.00 to go.\n"
        )
        #expect(
            try cli.run(["list", "--format", "csv"]).stdout == """
                id,date,time,kind,amount,currency,payee,category,account,to_account,note
                1,2026-06-20,,transfer,50.00,USD,,,Cash,Debit Card,Saving for Bike

                """
        )
        #expect(
            try cli.run(["goal", "contribute", "1", "--amount", "50", "--from-account", "Cash"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr:
                        "error: to_account: choose the savings account the money moves to (or set the goal's account)\n"
                )
        )
        #expect(
            try cli.run(["goal", "contribute", "1", "--amount", "650", "--date", "2026-06-30"]).stdout
                == "Added $650.00 to Bike on 2026-06-30.\nSaved $1,200.00 of $1,200.00 (100%): goal reached!\n"
        )
    }

    @Test("bills: add, a month's list, pay, paying twice, undo, bad due day")
    func bills() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try makeUser(cli)
        // A new book has 5 bills of its own (#1–5), first due next month: none falls in 2025.
        #expect(
            try cli.run([
                "bill", "add", "--title", "Internet", "--amount", "60", "--first-due", "2025-03-15",
                "--account", "Debit Card", "--category", "Utilities:Internet",
            ])
                == .init(
                    status: 0,
                    stdout: "Added bill #6: Internet, $60.00, monthly on day 15, first due 2025-03-15.\n",
                    stderr: ""
                )
        )
        #expect(
            try cli.run([
                "bill", "add", "--title", "Water", "--amount", "varies", "--cycle", "every_n_months", "--every-months",
                "2",
                "--first-due", "2025-01-31",
            ]).stdout
                == "Added bill #7: Water, amount varies, every 2 months on day 31, first due 2025-01-31.\n"
        )
        #expect(
            try cli.run(["bill", "list", "--month", "2025-03"])
                == .init(
                    status: 0,
                    stdout: """
                        Bills due in March 2025

                        ID  Due         Bill      Amount  Status   Paid on
                        --  ----------  --------  ------  -------  -------
                         6  2025-03-15  Internet  $60.00  overdue
                         7  2025-03-31  Water     varies  overdue
                        Due $60.00, paid $0.00, left $60.00.

                        """,
                    stderr: ""
                )
        )

        #expect(
            try cli.run(["bill", "pay", "6", "--due", "2025-03-15", "--paid-on", "2025-03-14"])
                == .init(
                    status: 0,
                    stdout: "Paid Internet due 2025-03-15: $60.00 on 2025-03-14, recorded as expense #1.\n",
                    stderr: ""
                )
        )
        #expect(
            try cli.run(["bill", "pay", "6", "--due", "2025-03-15"])
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: this bill was already paid on 2025-03-14; undo that first\n"
                )
        )
        #expect(
            try cli.run(["bill", "pay", "7", "--due", "2025-03-31"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: amount: this bill has no set amount; give the amount paid\n"
                )
        )
        #expect(
            try cli.run(["bill", "pay", "7", "--due", "2025-03-31", "--amount", "33.10", "--paid-on", "2025-04-02"])
                .stdout
                == "Paid Water due 2025-03-31: $33.10 on 2025-04-02, recorded as expense #2.\n"
        )
        #expect(
            try cli.run(["bill", "list", "--month", "2025-03"]).stdout == """
                Bills due in March 2025

                ID  Due         Bill      Amount  Status  Paid on
                --  ----------  --------  ------  ------  ----------
                 6  2025-03-15  Internet  $60.00  paid    2025-03-14
                 7  2025-03-31  Water     $33.10  paid    2025-04-02
                Due $93.10, paid $93.10, left $0.00.

                """
        )
        #expect(
            try cli.run(["list"]).stdout == """
                Date        Payee     Category            Account      Amount
                ----------  --------  ------------------  ----------  -------
                2025-03-14  Internet  Utilities:Internet  Debit Card  -$60.00
                2025-04-02  Water                                     -$33.10

                """
        )

        #expect(
            try cli.run(["bill", "unpay", "7", "--due", "2025-03-31"]).stdout
                == "Undid the payment of Water due 2025-03-31; its expense was deleted.\n"
        )
        #expect(
            try cli.run(["bill", "unpay", "7", "--due", "2025-03-31"])
                == .init(status: 1, stdout: "", stderr: "error: payment not found\n")
        )
        #expect(
            try cli.run(["bill", "list", "--month", "2025-03"]).stdout.hasSuffix(
                """
                 7  2025-03-31  Water     varies  overdue
                Due $60.00, paid $60.00, left $0.00.

                """
            )
        )
        #expect(try cli.run(["list", "--format", "csv"]).stdout.split(separator: "\n").count == 2)
        #expect(try cli.run(["bill", "list", "--month", "2025-02"]).stdout == "No bills due in February 2025.\n")

        #expect(
            try cli.run(["bill", "add", "--title", "Gym", "--amount", "30", "--due-day", "32"])
                == .init(status: 65, stdout: "", stderr: "error: due_day: must be a whole number from 1 to 31\n")
        )
        #expect(
            try cli.run(["bill", "list", "--month", "2025-13"])
                == .init(status: 65, stdout: "", stderr: "error: month: '2025-13' is not a valid month (YYYY-MM)\n")
        )
        #expect(
            try cli.run(["bill", "pay", "6", "--due", "2025-03-16"])
                == .init(status: 1, stdout: "", stderr: "error: occurrence 2025-03-16 not found\n")
        )
    }
}
