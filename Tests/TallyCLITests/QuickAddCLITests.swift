import Foundation
import Testing

/// `tally add "coffee 4.50 starbucks yesterday"` (issue 28): the line read into a draft, shown, and
/// saved only with `--yes` or a yes, on local data and against a real `tally serve`.
@Suite("quick add in the CLI", .serialized)
struct QuickAddCLITests {
    @Test("the dry run prints the API's draft as JSON and saves nothing", arguments: CLIMode.allCases)
    func dryRun(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        try seed(tally)
        let json = try tally.run([
            "add", "starbuks 3,75 2026-03-14 8:30 card oat milk", "--dry-run", "--format", "json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(
            json.stdout == """
                {"account":"Credit Card","amount":"3.75","category":"Food:Coffee","currency":"USD","date":"2026-03-14",\
                "kind":"expense","note":"oat milk","payee":"Starbucks","sources":{"account":"word","amount":"typed",\
                "category":"payee","currency":"default","date":"typed","kind":"default","note":"typed","payee":"payee",\
                "time":"typed"},"time":"08:30"}

                """
        )
        let text = try tally.run(["add", "starbuks", "3,75", "2026-03-14", "--dry-run"])
        #expect(
            text.stdout == """
                Draft (nothing saved):
                  kind     expense      (default)
                  amount   3.75 USD     (typed)
                  date     2026-03-14   (typed)
                  time     -
                  payee    Starbucks    (payee)
                  category Food:Coffee  (payee)
                  account  Cash         (payee)
                  note     -

                """
        )
        #expect(try tally.run(["list", "--format", "csv"]).stdout.split(separator: "\n").count == 2)
    }

    @Test("asked, a yes saves, a no or no answer does not; --yes saves without asking", arguments: CLIMode.allCases)
    func askAndSave(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        try seed(tally)
        let no = try tally.run(["add", "lunch 12 2026-03-15"], input: "n\n")
        #expect(no.status == 0)
        #expect(no.stdout.hasSuffix("Save it? [y/N] Not saved.\n"), "\(no.stdout)")
        #expect(no.stdout.hasPrefix("Draft:\n  kind     expense"))
        let silent = try tally.run(["add", "lunch 12 2026-03-15"])
        #expect(silent.status == 1)
        #expect(silent.stderr == "error: not saved: no answer (add --yes to save without asking)\n")
        let yes = try tally.run(["add", "lunch 12 2026-03-15 visa"], input: "y\n")
        #expect(
            yes.stdout.hasSuffix(
                "Save it? [y/N] Added expense #2: 2026-03-15 lunch $12.00 Food:Restaurants · Credit Card\n"
            ),
            "\(yes)"
        )
        let saved = try tally.run(["add", "+3200 salary 2026-03-01", "--yes", "--account", "Debit Card"])
        #expect(
            saved
                == .init(status: 0, stdout: "Added income #3: 2026-03-01  $3,200.00 Salary · Debit Card\n", stderr: "")
        )
        #expect(
            try tally.run(["list", "--format", "csv"]).stdout == """
                id,date,time,kind,amount,currency,payee,category,account,to_account,note
                3,2026-03-01,,income,3200.00,USD,,Salary,Debit Card,,
                1,2026-03-02,08:15,expense,4.50,USD,Starbucks,Food:Coffee,Cash,,
                2,2026-03-15,,expense,12.00,USD,lunch,Food:Restaurants,Credit Card,,

                """
        )
    }

    @Test(
        "a line with no amount, a bad option or KIND AMOUNT flags are refused, naming what",
        arguments: CLIMode.allCases
    )
    func refusals(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        let none = try tally.run(["add", "coffee at starbucks", "--yes"])
        #expect(none.status != 0)
        #expect(none.stderr == "error: text: holds no amount: write one, as in \"coffee 4.50\"\n")
        let order = try tally.run(["add", "coffee 4 3/4", "--dry-run", "--date-order", "YMD"])
        #expect(order.stderr == "error: --date-order must be MDY or DMY, not 'YMD'\n")
        let day = try tally.run(["add", "coffee 4 3/4", "--dry-run", "--date-order", "dmy", "--format", "json"])
        #expect(day.stdout.contains("\"date\":\"2026-04-03\"") || day.stdout.contains("-04-03\""), "\(day)")
        // Without --date-order, the person's locale says it (LC_ALL, then LC_TIME, then LANG).
        func date(_ locale: [String: String]) throws -> String {
            let env = ["LC_ALL": "", "LC_TIME": "", "LANG": ""].merging(locale) { $1 }
            let out = try tally.cli.run(
                ["add", "coffee 4 3/4/2025", "--dry-run", "--format", "json"],
                data: mode == .local,
                environment: env
            )
            // The draft's own date, the first "date" of the sorted keys (the sources' comes later).
            return String(out.stdout.split(separator: "\"date\":\"").dropFirst().first?.prefix(10) ?? "") + out.stderr
        }
        #expect(try date(["LANG": "en_GB.UTF-8"]) == "2025-04-03")
        #expect(try date(["LANG": "en_GB.UTF-8", "LC_TIME": "en_US.UTF-8"]) == "2025-03-04")
        #expect(try date(["LANG": "C.UTF-8"]) == "2025-03-04", "a USD book, month first")
        let mixed = try tally.run(["add", "expense", "4.50", "--yes"])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("--yes, --dry-run, --format and --date-order are for a line, not KIND AMOUNT"))
        #expect(try tally.run(["list", "--format", "csv"]).stdout.split(separator: "\n").count == 1)
    }

    /// One record, so Starbucks is a known payee whose usual category and account the draft takes.
    private func seed(_ tally: BothWays) throws {
        let added = try tally.run([
            "add", "expense", "4.50", "--payee", "Starbucks", "--category", "Food:Coffee", "--account", "Cash",
            "--date", "2026-03-02", "--time", "08:15",
        ])
        #expect(added.status == 0, "\(added.stderr)")
    }
}
