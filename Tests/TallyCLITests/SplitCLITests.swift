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
                    "tags" : [

                    ],
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

    @Test(
        "a split travels in CSV as one row per line, tags in a column, and reads back to the same file, byte for byte"
    )
    func csvRoundTrip() throws {
        let first = try CLI()
        let second = try CLI()
        defer {
            first.cleanUp()
            second.cleanUp()
        }
        for cli in [first, second] {
            _ = try cli.run(
                ["user", "create", "--email", "me@example.com", "--password-stdin"],
                input: "password123\n"
            )
        }
        _ = try first.run(["add", "expense", "3", "--payee", "Bakery", "--category", "Food", "--date", "2026-03-13"])
        _ = try first.run([
            "add", "expense", "52.50", "--payee", "Costco", "--account", "Cash", "--date", "2026-03-14", "--note",
            "weekly shop", "--split", "Food:Groceries=40", "--split", "Household=12.50", "--tag", "costco",
            "--tag", "japan-2026",
        ])
        _ = try first.run([
            "add", "expense", "9", "--payee", "Kiosk", "--date", "2026-03-15", "--split", "=4", "--split", "Food=5",
        ])
        let exported = try first.run(["export"])
        #expect(exported.status == 0)
        #expect(
            exported.stdout == """
                date,amount,kind,payee,category,subcategory,account,currency,note,split,line_note,tags
                2026-03-13,3.00,expense,Bakery,Food,,,USD,,,,
                2026-03-14,40.00,expense,Costco,Food,Groceries,Cash,USD,weekly shop,1,,costco japan-2026
                2026-03-14,12.50,expense,Costco,Household,,Cash,USD,weekly shop,1,,costco japan-2026
                2026-03-15,4.00,expense,Kiosk,,,,USD,,2,,
                2026-03-15,5.00,expense,Kiosk,Food,,,USD,,2,,

                """
        )
        let imported = try second.run(["import", "-", "--format", "tally"], input: exported.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try second.run(["export"]).stdout == exported.stdout)
        #expect(try second.run(["check"]).status == 0)
        // A split's rows must agree, come together, and be two or more.
        let bad = exported.stdout.replacingOccurrences(of: "Household,,Cash", with: "Household,,Debit Card")
        #expect(
            try second.run(["import", "-", "--format", "tally"], input: bad).stderr
                == "error: line 4, split: the rows of split '1' must agree on date, time, kind, payee, account, currency, note and tags\n"
        )
    }
}
