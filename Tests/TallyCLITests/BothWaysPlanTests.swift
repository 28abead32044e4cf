import Foundation
import Testing

/// `tally budget`, `goal` and `bill` run twice with the same expected output, whole: on a local
/// data folder and against a real `tally serve` (see `BothWays`).
@Suite("tally budget, goal, bill both ways", .serialized)
struct BothWaysPlanTests {
    func expense(_ tally: BothWays, _ amount: String, _ category: String, _ date: String) throws {
        let added = try tally.run([
            "add", "expense", amount, "--payee", "Shop", "--category", category, "--account", "Cash", "--date", date,
        ])
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test("budgets: add, status, history, list; refusals", arguments: CLIMode.allCases)
    func budgets(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        try expense(tally, "120", "Food:Groceries", "2026-03-02")
        try expense(tally, "210", "Food:Groceries", "2026-03-10")
        try expense(tally, "45", "Auto:Fuel", "2026-03-11")
        try expense(tally, "30", "Auto:Fuel", "2026-04-05")
        #expect(
            try tally.run([
                "budget", "add", "--name", "Food", "--limit", "400", "--category", "Food", "--start", "2026-03-01",
            ])
                == .init(
                    status: 0,
                    stdout: "Added budget #1: Food, $400.00 monthly from 2026-03-01, saver, on Food (main)\n",
                    stderr: ""
                )
        )
        #expect(
            try tally.run([
                "budget", "add", "--name", "Car", "--limit", "100", "--category", "Auto", "--mode", "spender",
                "--start", "2026-03-01", "--account", "Cash",
            ]).stdout == "Added budget #2: Car, $100.00 monthly from 2026-03-01, spender, on Auto · Cash\n"
        )
        #expect(
            try tally.run(["budget", "status", "1", "--date", "2026-03-12"]).stdout == """
                Food (#1): monthly, saver, on Food
                Period 2026-03-01 – 2026-03-31, on 2026-03-12

                Limit      $400.00
                Spent      $330.00
                Remaining   $70.00
                Used           82%
                Days left       20
                Per day      $3.50

                Warning: 82% of the budget is used.

                """
        )
        #expect(
            try tally.run(["budget", "history", "2", "--date", "2026-05-10", "--limit", "3"]).stdout == """
                Car (#2), monthly, spender
                Period                     Limit  Carried   Spent  Remaining  Used
                -----------------------  -------  -------  ------  ---------  ----
                2026-05-01 – 2026-05-31  $100.00  $125.00   $0.00    $225.00    0%
                2026-04-01 – 2026-04-30  $100.00   $55.00  $30.00    $125.00   19%
                2026-03-01 – 2026-03-31  $100.00    $0.00  $45.00     $55.00   45%

                """
        )
        #expect(
            try tally.run(["budget", "list", "--date", "2026-04-10"]).stdout == """
                ID  Budget       Cycle    Mode     Scope          Limit   Spent  Remaining  Used
                --  -----------  -------  -------  -----------  -------  ------  ---------  ----
                 1  Food (main)  monthly  saver    Food         $400.00   $0.00    $400.00    0%
                 2  Car          monthly  spender  Auto · Cash  $100.00  $30.00    $125.00   19%

                """
        )
        #expect(
            try tally.run(["budget", "add", "--name", "X", "--limit", "10", "--category", "Nope"])
                == .init(status: 65, stdout: "", stderr: "error: categories: unknown expense category 'Nope'\n")
        )
        #expect(
            try tally.run(["budget", "add", "--name", "X", "--limit", "10", "--cycle", "fortnightly"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr:
                        "error: cycle: must be one of daily, weekly, biweekly, fourweekly, monthly, quarterly, yearly\n"
                )
        )
        #expect(
            try tally.run(["budget", "status", "9"])
                == .init(status: 1, stdout: "", stderr: "error: budget not found\n")
        )
        #expect(try tally.run(["budget", "history", "9"]).stderr == "error: budget not found\n")
    }

    @Test("goals: add, list on a date, contribute; refusals", arguments: CLIMode.allCases)
    func goals(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        #expect(try tally.run(["goal", "list"]).stdout == "No goals.\n")
        let trip = try tally.run([
            "goal", "add", "--name", "Trip", "--price", "7300", "--income", "1000", "--cycle", "yearly",
            "--target-date", "2099-06-01",
        ])
        #expect(trip.status == 0)
        #expect(
            trip.stdout.hasPrefix("Added goal #1: Trip, by 2099-06-01, saving yearly\nPrice             $7,300.00\n")
        )
        #expect(trip.stdout.contains("\nReached by       2099-06-01\nStatus             on track\n"))
        #expect(
            try tally.run(["goal", "add", "--name", "Bike", "--price", "1200", "--saved", "200", "--income", "2000"])
                .status == 0
        )
        #expect(
            try tally.run(["goal", "list", "--date", "2026-06-01"]).stdout == """
                ID  Goal      Price    Saved  Progress  Per period  Reached by  Status
                --  ----  ---------  -------  --------  ----------  ----------  --------
                 1  Trip  $7,300.00    $0.00        0%     $100.00  2099-06-01  on track
                 2  Bike  $1,200.00  $200.00       16%     $200.00  2026-11-01  on track

                """
        )
        #expect(
            try tally.run(["goal", "contribute", "2", "--amount", "300", "--date", "2026-06-15", "--note", "gift"])
                == .init(
                    status: 0,
                    stdout: "Added $300.00 to Bike on 2026-06-15.\nSaved $500.00 of $1,200.00 (41%); $700.00 to go.\n",
                    stderr: ""
                )
        )
        #expect(
            try tally.run([
                "goal", "contribute", "2", "--amount", "700", "--date", "2026-06-20", "--from-account", "Cash",
                "--to-account", "Debit Card",
            ]).stdout
                == "Added $700.00 to Bike on 2026-06-20, recorded as transfer #1.\nSaved $1,200.00 of $1,200.00 (100%): goal reached!\n"
        )
        #expect(
            try tally.run(["goal", "add", "--name", "Car", "--price", "9000", "--income", "2000", "--percent", "250"])
                == .init(status: 65, stdout: "", stderr: "error: percent: must be a whole number from 1 to 100\n")
        )
        #expect(
            try tally.run(["goal", "contribute", "9", "--amount", "5"])
                == .init(status: 1, stdout: "", stderr: "error: goal not found\n")
        )
    }
}
