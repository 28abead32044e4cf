import Foundation
import Testing

/// `tally import` run twice with the same expected output, whole: on a local data folder and
/// against a real `tally serve` (see `BothWays`).
@Suite("tally import both ways", .serialized)
struct BothWaysImportTests {
    @Test("a bank file: review, commit, found again, undo; a bad file", arguments: CLIMode.allCases)
    func statement(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        let file = try tally.write("a.qif", ImportCLITests.qif)
        let table = """
            Row  Date         Amount  Payee                     Category  Account     Status  Action  Why
            ---  ----------  -------  ------------------------  --------  ----------  ------  ------  ---
              1  2026-03-02   -$4.50  POS 4411 STARBUCKS #1234            Debit Card  new     import
              2  2026-03-03  -$30.00  Shell                               Debit Card  new     import

            """
        #expect(
            try tally.run(["import", file, "--account", "Debit Card"])
                == .init(
                    status: 0,
                    stdout: table
                        + "2 rows: 2 new, 0 already imported, 0 possible duplicates, 0 transfers (import 1).\n"
                        + "Nothing was stored: run again with --yes to import.\n",
                    stderr: ""
                )
        )
        #expect(try tally.run(["list"]).stdout == "No records.\n")
        #expect(
            try tally.run(["import", file, "--account", "Debit Card", "--yes"]).stdout
                == table + "2 rows: 2 new, 0 already imported, 0 possible duplicates, 0 transfers (import 2).\n"
                + "Imported 2 records (import 2; undo with `tally import --undo 2`).\n"
        )
        let again = try tally.run(["import", file, "--account", "Debit Card", "--dry-run"])
        #expect(again.status == 0)
        #expect(
            again.stdout.contains(
                "\n2 rows: 0 new, 2 already imported, 0 possible duplicates, 0 transfers (import 3).\n"
            )
        )
        #expect(again.stdout.hasSuffix("Nothing was stored (--dry-run).\n"))
        #expect(
            try tally.run(["import", "--undo", "2"])
                == .init(status: 0, stdout: "Undid import 2: removed 2 records.\n", stderr: "")
        )
        #expect(try tally.run(["list"]).stdout == "No records.\n")
        #expect(
            try tally.run(["import", "--undo", "99"])
                == .init(status: 1, stdout: "", stderr: "error: import not found\n")
        )
        let bad = try tally.write("bad.qif", "!Type:Bank\nD3/2/2026\nT-4.505\nPX\n^\n")
        #expect(
            try tally.run(["import", bad, "--account", "Cash", "--yes"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: line 3: T '-4.505' has more decimals than USD has (2); only zeros may follow them\n"
                )
        )
    }

    @Test("a bank CSV with a mapping saved as a preset, then found by its header", arguments: CLIMode.allCases)
    func bankCSV(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        let csv = try tally.write("bank.csv", "Date,Amount,Payee\n03/14/2026,-4.50,Coffee\n")
        #expect(
            try tally.run(["import", csv, "--account", "Cash"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr:
                        "error: mapping: a bank CSV needs --mapping FILE.json or --preset NAME (see docs/import.md)\n"
                )
        )
        #expect(
            try tally.run(["import", csv, "--account", "Cash", "--preset", "Nope"])
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: no preset named Nope; see the import presets of the book\n"
                )
        )
        let mapping = try tally.write(
            "m.json",
            #"{"date": "Date", "date_format": "MM/DD/YYYY", "amount": "Amount", "payee": "Payee"}"#
        )
        let saved = try tally.run([
            "import", csv, "--account", "Cash", "--mapping", mapping, "--save-preset", "My bank", "--yes",
        ])
        #expect(
            saved.stdout.hasSuffix("Imported 1 record (import 1; undo with `tally import --undo 1`).\n"),
            "\(saved)"
        )
        let csv2 = try tally.write("bank2.csv", "Date,Amount,Payee\n03/15/2026,-5.00,Tea\n")
        #expect(
            try tally.run(["import", csv2, "--account", "Cash", "--yes"]).stdout == """
                Row  Date        Amount  Payee  Category  Account  Status  Action  Why
                ---  ----------  ------  -----  --------  -------  ------  ------  ---
                  1  2026-03-15  -$5.00  Tea              Cash     new     import
                1 row: 1 new, 0 already imported, 0 possible duplicates, 0 transfers (import 2).
                Imported 1 record (import 2; undo with `tally import --undo 2`).

                """
        )
    }

    @Test("Tally's own CSV: a preview, the import, a refused file", arguments: CLIMode.allCases)
    func tallyCSV(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        let own = try tally.write(
            "own.csv",
            "date,amount,kind,payee,category,subcategory,account,currency,note\n"
                + "2026-03-01,2.00,expense,Bus,Transport,,Cash,USD,\n2026-03-04,12.50,expense,Lunch,Food,Lunch,Wallet,USD,\n"
        )
        #expect(
            try tally.run(["import", own, "--dry-run"]).stdout == """
                Line  Date        Kind     Amount  Payee  Category    Account
                ----  ----------  -------  ------  -----  ----------  -------
                   2  2026-03-01  expense   $2.00  Bus    Transport   Cash
                   3  2026-03-04  expense  $12.50  Lunch  Food:Lunch  Wallet
                2 records ready to import; nothing was stored.

                """
        )
        #expect(
            try tally.run(["import", own])
                == .init(
                    status: 0,
                    stdout:
                        "Imported 2 records from 2026-03-01 to 2026-03-04 into Personal; created 2 categories and 1 account.\n",
                    stderr: ""
                )
        )
        let bad = try tally.write(
            "bad.csv",
            "date,amount,kind,payee,category,subcategory,account,currency,note\n2026-02-30,2.00,expense,Bus,,,Cash,USD,\n"
        )
        let refused = try tally.run(["import", bad])
        #expect(refused.status == 65 && refused.stdout.isEmpty)
        #expect(
            refused.stderr == "error: line 2, date: '2026-02-30' is not a valid date (YYYY-MM-DD)\n",
            "\(refused.stderr)"
        )
    }
}
