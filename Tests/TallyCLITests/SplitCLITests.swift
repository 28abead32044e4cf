import Foundation
import Testing

/// `tally add … --split CATEGORY=AMOUNT`, and how a split is listed.
@Suite("tally add --split", .serialized)
struct SplitCLITests {
    @Test("a split record is added, listed and reported line by line; a wrong sum exits 65 naming the difference")
    func split() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        #expect(
            try cli.run([
                "add", "expense", "52.50", "--payee", "Costco", "--account", "Cash", "--date", "2026-03-14",
                "--split", "Food:Groceries=40", "--split", "Household=12.50",
            ])
                == .init(
                    status: 0,
                    stdout:
                        "Added expense #1: 2026-03-14 Costco $52.50 Food:Groceries 40.00 + Household 12.50 · Cash\n",
                    stderr: ""
                )
        )
        #expect(
            try cli.run([
                "add", "expense", "52.50", "--payee", "Costco", "--split", "Food:Groceries=40", "--split",
                "Household=12",
            ])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: lines: add up to 52.00, 0.50 short of the amount 52.50\n"
                )
        )
        #expect(
            try cli.run(["add", "expense", "5", "--payee", "X", "--split", "Food", "--split", "Household=5"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: split: 'Food' is not CATEGORY=AMOUNT, such as Food:Groceries=40\n"
                )
        )
        #expect(
            try cli.run(["list", "--format", "json"]).stdout
                == """
                [
                  {
                    "account" : "Cash",
                    "amount" : "52.50",
                    "category" : "",
                    "currency" : "USD",
                    "date" : "2026-03-14",
                    "id" : "1",
                    "kind" : "expense",
                    "lines" : [
                      {
                        "amount" : "40.00",
                        "category" : "Food:Groceries",
                        "note" : ""
                      },
                      {
                        "amount" : "12.50",
                        "category" : "Household",
                        "note" : ""
                      }
                    ],
                    "note" : "",
                    "payee" : "Costco",
                    "time" : "",
                    "to_account" : ""
                  }
                ]

                """
        )
        let report = try cli.run(["report", "--from", "2026-03-01", "--to", "2026-03-31"]).stdout
        #expect(report.contains("Food") && report.contains("40.00"))
        #expect(report.contains("Household") && report.contains("12.50"))
    }
}
