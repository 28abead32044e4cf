import Foundation
import Testing

/// `tally bill` run twice with the same expected output, whole: on a local data folder and
/// against a real `tally serve` (see `BothWays`).
@Suite("tally bill both ways", .serialized)
struct BothWaysBillTests {
    @Test("bills: add, a month's list, pay, paying twice, undo; refusals", arguments: CLIMode.allCases)
    func bills(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        #expect(
            try tally.run([
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
            try tally.run([
                "bill", "add", "--title", "Water", "--amount", "varies", "--cycle", "every_n_months", "--every-months",
                "2", "--first-due", "2025-01-31",
            ]).stdout == "Added bill #7: Water, amount varies, every 2 months on day 31, first due 2025-01-31.\n"
        )
        #expect(
            try tally.run(["bill", "list", "--month", "2025-03"]).stdout == """
                Bills due in March 2025

                ID  Due         Bill      Amount  Status   Paid on
                --  ----------  --------  ------  -------  -------
                 6  2025-03-15  Internet  $60.00  overdue
                 7  2025-03-31  Water     varies  overdue
                Due $60.00, paid $0.00, left $60.00.

                """
        )
        #expect(
            try tally.run(["bill", "pay", "6", "--due", "2025-03-15", "--paid-on", "2025-03-14"]).stdout
                == "Paid Internet due 2025-03-15: $60.00 on 2025-03-14, recorded as expense #1.\n"
        )
        #expect(
            try tally.run(["bill", "pay", "6", "--due", "2025-03-15"])
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: this bill was already paid on 2025-03-14; undo that first\n"
                )
        )
        #expect(
            try tally.run(["bill", "pay", "7", "--due", "2025-03-31"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: amount: this bill has no set amount; give the amount paid\n"
                )
        )
        #expect(
            try tally.run(["bill", "pay", "7", "--due", "2025-03-31", "--amount", "33.10", "--paid-on", "2025-04-02"])
                .stdout == "Paid Water due 2025-03-31: $33.10 on 2025-04-02, recorded as expense #2.\n"
        )
        #expect(
            try tally.run(["bill", "list", "--month", "2025-03"]).stdout.hasSuffix(
                """
                 7  2025-03-31  Water     $33.10  paid    2025-04-02
                Due $93.10, paid $93.10, left $0.00.

                """
            )
        )
        #expect(
            try tally.run(["bill", "unpay", "7", "--due", "2025-03-31"]).stdout
                == "Undid the payment of Water due 2025-03-31; its expense was deleted.\n"
        )
        #expect(
            try tally.run(["bill", "unpay", "7", "--due", "2025-03-31"])
                == .init(status: 1, stdout: "", stderr: "error: payment not found\n")
        )
        #expect(try tally.run(["bill", "list", "--month", "2025-02"]).stdout == "No bills due in February 2025.\n")
        let thisMonth = try tally.run(["bill", "list"])
        #expect(thisMonth.status == 0 && thisMonth.stdout.contains("ills due in "), "\(thisMonth.stderr)")
        #expect(
            try tally.run(["bill", "add", "--title", "Gym", "--amount", "30", "--due-day", "32"])
                == .init(status: 65, stdout: "", stderr: "error: due_day: must be a whole number from 1 to 31\n")
        )
        #expect(
            try tally.run(["bill", "pay", "6", "--due", "2025-03-16"])
                == .init(status: 1, stdout: "", stderr: "error: occurrence 2025-03-16 not found\n")
        )
    }
}
