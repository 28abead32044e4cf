import Foundation
import Testing

/// `tally report balances`, run on local data and against a server with the same expected output:
/// the table, and the JSON byte for byte (the API's own, which the local command writes too).
@Suite("tally report balances both ways", .serialized)
struct BothWaysBalanceTests {
    @Test("balances by month as a table and as the API's JSON; by week; refusals", arguments: CLIMode.allCases)
    func balances(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        for line in [
            ["income", "1000", "--payee", "ACME", "--category", "Salary", "--account", "Cash", "--date", "2026-01-10"],
            ["transfer", "300", "--account", "Cash", "--to-account", "Credit Card", "--date", "2026-01-20"],
            [
                "expense", "45.50", "--payee", "Shop", "--category", "Food", "--account", "Credit Card", "--date",
                "2026-02-05",
            ],
            ["expense", "12", "--currency", "EUR", "--payee", "Café", "--account", "Cash", "--date", "2026-03-03"],
        ] {
            let added = try tally.run(["add"] + line)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let range = ["--from", "2026-01-01", "--to", "2026-03-15"]
        #expect(
            try tally.run(["report", "balances"] + range)
                == .init(
                    status: 0,
                    stdout: """
                        Balances per month to 2026-03-15, in USD

                        End         Net worth     Cash  Cash (EUR)  Debit Card  Credit Card  Check  Gift Card
                        ----------  ---------  -------  ----------  ----------  -----------  -----  ---------
                        2026-01-31  $1,000.00  $700.00       €0.00       $0.00      $300.00  $0.00      $0.00
                        2026-02-28    $954.50  $700.00       €0.00       $0.00      $254.50  $0.00      $0.00
                        2026-03-15   $954.50*  $700.00     -€12.00       $0.00      $254.50  $0.00      $0.00

                        * leaves out balances no rate converts to USD: Cash -€12.00 on 2026-03-15

                        """,
                    stderr: ""
                )
        )
        let json = try tally.run(["report", "balances", "--interval", "month", "--format", "json"] + range)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(
            json.stdout.hasPrefix(
                #"{"currency":"USD","periods":[{"accounts":[{"account":"Cash","balance":"700.00","base_balance":"700.00","currency":"USD"},"#
            ) && json.stdout.hasSuffix(#""end":"2026-03-15","net_worth":"954.50"}]}"# + "\n"),
            "\(json.stdout)"
        )
        #expect(json.stdout.contains(#"{"account":"Cash","balance":"-12.00","base_balance":null,"currency":"EUR"}"#))
        let weeks = try tally.run([
            "report", "balances", "--interval", "week", "--from", "2026-02-20", "--to", "2026-03-05",
        ])
        #expect(weeks.status == 0 && weeks.stdout.hasPrefix("Balances per week to 2026-03-05, in USD\n"))
        #expect(weeks.stdout.contains("\n2026-02-22    $954.50") && weeks.stdout.contains("\n2026-03-01    $954.50"))
        let year = try tally.run(["report", "balances", "--interval", "year"])
        #expect(year.status != 0 && year.stdout.isEmpty)
        #expect(year.stderr.contains("interval") && year.stderr.contains("day, week, month"), "\(year.stderr)")
        let backwards = try tally.run(["report", "balances", "--from", "2026-03-02", "--to", "2026-03-01"])
        #expect(backwards.status != 0 && backwards.stderr.contains("to"), "\(backwards.stderr)")
        #expect(try tally.run(["report", "balance"]).stderr.contains("unknown report 'balance'"))
        #expect(try tally.run(["report", "balances", "--format", "pdf"]).stderr.contains("table or json"))
    }
}
