import Foundation
import Testing

/// `tally import` with bank files and `tally rules`, their whole outputs and exit codes.
@Suite("tally import (bank files) and tally rules", .serialized)
struct ImportCLITests {
    func write(_ cli: CLI, _ name: String, _ text: String) throws -> String {
        let file = cli.dataFolder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static let qif = "!Type:Bank\nD3/2/2026\nT-4.50\nPPOS 4411 STARBUCKS #1234\n^\nD3/3/2026\nT-30.00\nPShell\n^\n"

    @Test("without a terminal and --yes the review is shown and nothing stored; --yes commits; again finds it")
    func reviewCommitAgain() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        let file = try write(cli, "a.qif", Self.qif)
        let review = try cli.run(["import", file, "--account", "Debit Card"])
        #expect(
            review
                == .init(
                    status: 0,
                    stdout: """
                        Row  Date         Amount  Payee                     Category  Account     Status  Action  Why
                        ---  ----------  -------  ------------------------  --------  ----------  ------  ------  ---
                          1  2026-03-02   -$4.50  POS 4411 STARBUCKS #1234            Debit Card  new     import
                          2  2026-03-03  -$30.00  Shell                               Debit Card  new     import
                        2 rows: 2 new, 0 already imported, 0 possible duplicates, 0 transfers (import 1).
                        Nothing was stored: run again with --yes to import.

                        """,
                    stderr: ""
                )
        )
        #expect(try cli.run(["list", "--format", "json"]).stdout == "[\n\n]\n")
        let done = try cli.run(["import", file, "--account", "Debit Card", "--yes"])
        #expect(done.status == 0)
        #expect(done.stdout.hasSuffix("Imported 2 records (import 2; undo with `tally import --undo 2`).\n"))
        let list = try cli.run(["list", "--format", "json"])
        let records = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(records.count == 2)
        #expect(
            records.allSatisfy {
                ($0["import_id"] as? Int) == 2 && ($0["imported_id"] as? String)?.hasPrefix("h:") == true
            }
        )
        let again = try cli.run(["import", file, "--account", "Debit Card", "--dry-run"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("2 rows: 0 new, 2 already imported, 0 possible duplicates, 0 transfers"))
        #expect(again.stdout.hasSuffix("Nothing was stored (--dry-run).\n"))
        let undo = try cli.run(["import", "--undo", "2"])
        #expect(undo == .init(status: 0, stdout: "Undid import 2: removed 2 records.\n", stderr: ""))
        #expect(try cli.run(["list", "--format", "json"]).stdout == "[\n\n]\n")
    }

    @Test("a bad file exits 65 naming the line; Tally's own CSV imports as before")
    func badFileAndTallyCSV() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        let bad = try write(cli, "bad.qif", "!Type:Bank\nD3/2/2026\nT-4.505\nPX\n^\n")
        #expect(
            try cli.run(["import", bad, "--account", "Cash", "--yes"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: line 3: T '-4.505' has more decimals than USD has (2); only zeros may follow them\n"
                )
        )
        let csv = try write(cli, "bank.csv", "Date,Amount,Payee\n03/14/2026,-4.50,Coffee\n")
        let noMapping = try cli.run(["import", csv, "--account", "Cash"])
        #expect(noMapping.status == 65)
        #expect(
            noMapping.stderr
                == "error: mapping: a bank CSV needs --mapping FILE.json or --preset NAME (see docs/import.md)\n"
        )
        let mapping = try write(
            cli,
            "m.json",
            #"{"date": "Date", "date_format": "MM/DD/YYYY", "amount": "Amount", "payee": "Payee"}"#
        )
        let saved = try cli.run([
            "import", csv, "--account", "Cash", "--mapping", mapping, "--save-preset", "My bank", "--yes",
        ])
        #expect(saved.status == 0 && saved.stdout.contains("Imported 1 record"))
        // The preset is found by the file's header next time.
        let csv2 = try write(cli, "bank2.csv", "Date,Amount,Payee\n03/15/2026,-5.00,Tea\n")
        let byHeader = try cli.run(["import", csv2, "--account", "Cash", "--yes"])
        #expect(byHeader.status == 0 && byHeader.stdout.contains("Imported 1 record"))
        let own = try write(
            cli,
            "own.csv",
            "date,amount,kind,payee,category,subcategory,account,currency,note\n2026-03-01,2.00,expense,Bus,,,Cash,USD,\n"
        )
        #expect(
            try cli.run(["import", own])
                == .init(
                    status: 0,
                    stdout: "Imported 1 record from 2026-03-01 to 2026-03-01 into Personal.\n",
                    stderr: ""
                )
        )
        #expect(try cli.run(["import"]).status == 64)
    }

    @Test("rules: add, list, apply --dry-run prints before → after, apply, undo, delete")
    func rules() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        _ = try cli.run([
            "add", "expense", "4.50", "--payee", "POS STARBUCKS 12", "--date", "2026-03-02", "--account", "Cash",
        ])
        let added = try cli.run([
            "rules", "add", "--payee-contains", "starbucks", "--set-category", "Food:Coffee", "--set-payee",
            "Starbucks",
        ])
        #expect(
            added
                == .init(
                    status: 0,
                    stdout:
                        "Added rule #1 at 1: payee contains ‘starbucks’ → category Food:Coffee, payee ‘Starbucks’.\n",
                    stderr: ""
                )
        )
        #expect(
            try cli.run(["rules", "list"]).stdout
                == "#1  1. payee contains ‘starbucks’ → category Food:Coffee, payee ‘Starbucks’\n"
        )
        let preview = try cli.run(["rules", "apply", "--dry-run"])
        #expect(
            preview.stdout
                == "Rule #1: 1 record would change.\n  #1 2026-03-02 -$4.50: payee ‘POS STARBUCKS 12’, no category, Cash → payee ‘Starbucks’, Food:Coffee, Cash\n"
        )
        let applied = try cli.run(["rules", "apply"])
        #expect(applied.stdout.hasPrefix("Rule #1: 1 record changed (run 1).\n"))
        #expect(try cli.run(["list"]).stdout.contains("Starbucks"))
        #expect(try cli.run(["rules", "undo", "1"]).stdout == "Undid run 1: 1 record restored.\n")
        #expect(try cli.run(["list"]).stdout.contains("POS STARBUCKS 12"))
        let bad = try cli.run(["rules", "add", "--payee-contains", "x"])
        #expect(bad == .init(status: 65, stdout: "", stderr: "error: rule: needs at least one action\n"))
        #expect(try cli.run(["rules", "delete", "1"]).stdout == "Deleted rule #1.\n")
        #expect(try cli.run(["rules", "list"]).stdout == "No rules.\n")
    }
}
