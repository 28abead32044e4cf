import Foundation
import Testing

/// `tally rate set`, `import` and `delete` run twice with the same expected output, whole: on a
/// local data folder and against a real `tally serve` (see `BothWays`). `rate list` stays local.
@Suite("tally rate both ways", .serialized)
struct BothWaysRateTests {
    @Test("set, import and delete rates, the records converted anew counted; refusals", arguments: CLIMode.allCases)
    func rates(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        let added = try tally.run([
            "add", "expense", "100", "--currency", "EUR", "--date", "2026-03-02", "--payee", "Lisbon", "--category",
            "Food", "--account", "Cash",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            try tally.run(["rate", "set", "EUR", "2026-03-01", "1.0856"])
                == .init(status: 0, stdout: "EUR is 1.0856 USD from 2026-03-01; 1 record converted anew.\n", stderr: "")
        )
        let file = try tally.write("ecb.csv", "Date,USD,JPY,CYP,\n2026-02-27,1.08,160.5,N/A,\n")
        #expect(
            try tally.run(["rate", "import", file])
                == .init(status: 0, stdout: "Imported 2 rates; 0 records converted anew.\nLeft out: CYP.\n", stderr: "")
        )
        #expect(
            try tally.run(["rate", "delete", "1"])
                == .init(status: 0, stdout: "Deleted rate #1; 1 record converted anew.\n", stderr: "")
        )
        #expect(
            try tally.run(["rate", "set", "EUR", "2026-03-01", "1,08"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr:
                        "error: rate: must be a positive decimal such as 1.0856, with at most 15 significant digits and 12 decimal places\n"
                )
        )
        #expect(
            try tally.run(["rate", "delete", "99"]) == .init(status: 1, stdout: "", stderr: "error: rate not found\n")
        )
        let bad = try tally.write("bad.csv", "date,currency,rate\n2026-13-01,EUR,1.1\n")
        #expect(
            try tally.run(["rate", "import", bad])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: line 2, date: '2026-13-01' is not a valid date (YYYY-MM-DD)\n"
                )
        )
        if mode == .local {
            #expect(try tally.run(["rate", "list"]).stdout.hasPrefix("#2  2026-02-27  EUR  1.08\n"))
        }
    }
}
