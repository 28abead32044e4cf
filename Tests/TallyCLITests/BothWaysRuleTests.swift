import Foundation
import Testing

/// `tally rules` run twice with the same expected output, whole: on a local data folder and
/// against a real `tally serve` (see `BothWays`).
@Suite("tally rules both ways", .serialized)
struct BothWaysRuleTests {
    @Test("rules: add, list, apply as a preview and for real, undo, delete; refusals", arguments: CLIMode.allCases)
    func rules(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        let added = try tally.run([
            "add", "expense", "4.50", "--payee", "POS STARBUCKS 12", "--account", "Cash", "--date", "2026-03-02",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            try tally.run([
                "rules", "add", "--payee-contains", "starbucks", "--set-category", "Food:Coffee", "--set-payee",
                "Starbucks",
            ])
                == .init(
                    status: 0,
                    stdout:
                        "Added rule #1 at 1: payee contains ‘starbucks’ → category Food:Coffee, payee ‘Starbucks’.\n",
                    stderr: ""
                )
        )
        #expect(
            try tally.run([
                "rules", "add", "--amount-min", "2", "--amount-max", "10", "--account", "Cash", "--kind", "expense",
                "--add-tag", "coffee", "--set-account", "Debit Card", "--position", "1",
            ]).stdout
                == "Added rule #2 at 1: amount from $2.00 to $10.00 and in Cash and is an expense → account Debit Card, tag #coffee.\n"
        )
        #expect(
            try tally.run(["rules", "list"]).stdout == """
                #2  1. amount from $2.00 to $10.00 and in Cash and is an expense → account Debit Card, tag #coffee
                #1  2. payee contains ‘starbucks’ → category Food:Coffee, payee ‘Starbucks’

                """
        )
        #expect(
            try tally.run(["rules", "apply", "1", "--dry-run"])
                == .init(
                    status: 0,
                    stdout: "Rule #1: 1 record would change.\n"
                        + "  #1 2026-03-02 -$4.50: payee ‘POS STARBUCKS 12’, no category, Cash → payee ‘Starbucks’, "
                        + "Food:Coffee, Cash\n",
                    stderr: ""
                )
        )
        let applied = try tally.run(["rules", "apply"])
        #expect(
            applied.stdout == """
                Rule #2: 1 record changed (run 1).
                  #1 2026-03-02 -$4.50: payee ‘POS STARBUCKS 12’, no category, Cash → payee ‘POS STARBUCKS 12’, no category, Debit Card, #coffee
                Rule #1: 1 record changed (run 2).
                  #1 2026-03-02 -$4.50: payee ‘POS STARBUCKS 12’, no category, Debit Card → payee ‘Starbucks’, Food:Coffee, Debit Card

                """,
            "\(applied.stderr)"
        )
        #expect(try tally.run(["rules", "undo", "2"]).stdout == "Undid run 2: 1 record restored.\n")
        #expect(try tally.run(["list"]).stdout.contains("POS STARBUCKS 12"))
        #expect(
            try tally.run(["rules", "add", "--payee-contains", "x"])
                == .init(status: 65, stdout: "", stderr: "error: rule: needs at least one action\n")
        )
        #expect(
            try tally.run(["rules", "add", "--payee-contains", "x", "--set-category", "Nope"])
                == .init(status: 65, stdout: "", stderr: "error: set_category: unknown category 'Nope'\n")
        )
        #expect(try tally.run(["rules", "apply", "9"]) == .init(status: 1, stdout: "", stderr: "error: no rule #9\n"))
        #expect(
            try tally.run(["rules", "delete", "9"]) == .init(status: 1, stdout: "", stderr: "error: rule not found\n")
        )
        #expect(
            try tally.run(["rules", "undo", "9"]) == .init(status: 1, stdout: "", stderr: "error: rule run not found\n")
        )
        #expect(try tally.run(["rules", "delete", "1"]).stdout == "Deleted rule #1.\n")
        #expect(try tally.run(["rules", "delete", "2"]).stdout == "Deleted rule #2.\n")
        #expect(try tally.run(["rules", "list"]).stdout == "No rules.\n")
    }
}

/// A wrong token on the commands ported last: the one clear line, never a trace.
@Suite("a refused token on budget, goal, bill, rules, import, backup, restore")
struct RefusedTokenTests {
    @Test("each says the server refused the token, exit 1")
    func refusedToken() throws {
        let tally = try BothWays(.server)
        defer { tally.cleanUp() }
        try tally.setUp()
        let url = tally.server!.url
        let zip = tally.cli.dataFolder.appendingPathComponent("x.zip").path
        try "x".write(toFile: zip, atomically: true, encoding: .utf8)
        for arguments in [
            ["budget", "list"], ["goal", "list"], ["bill", "list"], ["rules", "list"], ["import", "--undo", "1"],
            ["backup", "-o", zip + ".out"], ["restore", zip, "--book", "1"],
        ] {
            #expect(
                try tally.run(arguments + ["--server", url, "--token", "tly_wrong"])
                    == .init(
                        status: 1,
                        stdout: "",
                        stderr: "error: the server refused the token: log in again with tally login --server \(url)\n"
                    ),
                "\(arguments)"
            )
        }
    }
}
