import Foundation
import Testing

/// The everyday commands run twice with the same expected output, whole: on a local data folder,
/// and against a real `tally serve` after `tally login` (see `BothWays`).
@Suite("tally both ways: local data and a server", .serialized)
struct BothWaysCLITests {
    @Test("add, list as table, CSV and JSON, search, tags", arguments: CLIMode.allCases)
    func everydayUse(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        #expect(
            try tally.run([
                "add", "expense", "4.50", "--payee", "Starbucks", "--category", "Food:Coffee", "--account", "Cash",
                "--date", "2026-03-02", "--time", "08:15", "--tag", "japan-2026",
            ])
                == .init(
                    status: 0,
                    stdout: "Added expense #1: 2026-03-02 Starbucks $4.50 Food:Coffee #japan-2026 · Cash\n",
                    stderr: ""
                )
        )
        #expect(
            try tally.run([
                "add", "expense", "1,234.5", "--payee", "starbucks", "--date", "2026-03-01", "--note",
                "beans, a year's worth",
            ]).stdout
                == "Added expense #2: 2026-03-01 starbucks $1,234.50 Food:Coffee · Cash\n"
        )
        #expect(
            try tally.run([
                "add", "income", "2000", "--payee", "ACME", "--category", "Salary", "--account", "Debit Card", "--date",
                "2026-03-01",
            ]).stdout
                == "Added income #3: 2026-03-01 ACME $2,000.00 Salary · Debit Card\n"
        )
        #expect(
            try tally.run([
                "add", "transfer", "300", "--account", "Debit Card", "--to-account", "Credit Card", "--date",
                "2026-03-03",
            ]).stdout
                == "Added transfer #4: 2026-03-03 Debit Card → Credit Card $300.00\n"
        )
        #expect(
            try tally.run(["list"])
                == .init(
                    status: 0,
                    stdout: """
                        Date        Payee                     Category     Account         Amount
                        ----------  ------------------------  -----------  ----------  ----------
                        2026-03-01  starbucks                 Food:Coffee  Cash        -$1,234.50
                        2026-03-01  ACME                      Salary       Debit Card   $2,000.00
                        2026-03-02  Starbucks                 Food:Coffee  Cash            -$4.50
                        2026-03-03  Debit Card → Credit Card                              $300.00

                        """,
                    stderr: ""
                )
        )
        #expect(
            try tally.run(["list", "--format", "csv", "--from", "2026-03-02"]).stdout == """
                id,date,time,kind,amount,currency,payee,category,account,to_account,note
                1,2026-03-02,08:15,expense,4.50,USD,Starbucks,Food:Coffee,Cash,,
                4,2026-03-03,,transfer,300.00,USD,,,Debit Card,Credit Card,

                """
        )
        #expect(
            try tally.run(["list", "--format", "json", "--kind", "income"]).stdout == """
                [
                  {
                    "account" : "Debit Card",
                    "amount" : "2000.00",
                    "category" : "Salary",
                    "currency" : "USD",
                    "date" : "2026-03-01",
                    "id" : "3",
                    "kind" : "income",
                    "note" : "",
                    "payee" : "ACME",
                    "tags" : [

                    ],
                    "time" : "",
                    "to_account" : ""
                  }
                ]

                """
        )
        #expect(try tally.run(["list", "--payee", "nobody"]).stdout == "No records.\n")
        #expect(
            try tally.run(["accounts"]).stdout == """
                Account      Kind         Balance
                -----------  --------  ----------
                Cash         cash      -$1,239.00
                Debit Card   checking   $1,700.00
                Credit Card  credit       $300.00
                Check        check          $0.00
                Gift Card    gift           $0.00

                """
        )
        let categories = try tally.run(["categories"]).stdout.split(separator: "\n")
        #expect(categories.first == "Expense categories")
        #expect(categories.contains { $0.hasSuffix("Coffee  [14]") })
        #expect(categories.contains("Income categories"))
        #expect(
            try tally.run(["search", "starbucks", "--limit", "1"]).stdout == """
                Date        Payee      Category     Account  Amount
                ----------  ---------  -----------  -------  ------
                2026-03-02  Starbucks  Food:Coffee  Cash     -$4.50
                2 records (1 shown): spent $1,239.00, received $0.00, net -$1,239.00

                """
        )
        #expect(try tally.run(["tags"]).stdout == "#japan-2026  1 record\n")
        #expect(try tally.run(["tags", "rename", "japan-2026", "Japan"]).stdout == "#Japan is on 1 record.\n")
        #expect(
            try tally.run(["tags", "delete", "nope"])
                == .init(status: 65, stdout: "", stderr: "error: name: no tag 'nope' in this book\n")
        )
        #expect(try tally.run(["tags", "delete", "#japan"]).stdout == "Deleted #japan.\n")
        #expect(try tally.run(["tags"]).stdout == "No tags.\n")
    }

    @Test("refused input: the same line on stderr and the same exit code", arguments: CLIMode.allCases)
    func refusals(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        #expect(
            try tally.run(["add", "expense", "12.345", "--payee", "X"])
                == .init(status: 65, stdout: "", stderr: "error: amount: USD amounts have at most 2 decimals\n")
        )
        #expect(
            try tally.run(["add", "expense", "5", "--payee", "X", "--category", "Nope"])
                == .init(status: 65, stdout: "", stderr: "error: category: unknown expense category 'Nope'\n")
        )
        #expect(
            try tally.run(["add", "expense", "5", "--payee", "X", "--date", "2026-03-01", "--book", "99"])
                == .init(status: 1, stdout: "", stderr: "error: book not found\n")
        )
        #expect(
            try tally.run(["list", "--from", "2026-13-01"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: from: '2026-13-01' is not a valid date (YYYY-MM-DD)\n"
                )
        )
        #expect(
            try tally.run(["search", "x", "--limit", "0"])
                == .init(status: 65, stdout: "", stderr: "error: limit: must be between 1 and 500\n")
        )
        #expect(
            try tally.run(["report", "--by", "weather"]).status == 65
        )
        #expect(try tally.run(["list"]).stdout == "No records.\n")
    }

    @Test("reports as table, CSV and JSON; a trend; a split; export as CSV", arguments: CLIMode.allCases)
    func reportsAndExport(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        let adds = [
            ["expense", "4.50", "--payee", "Starbucks", "--category", "Food:Coffee", "--date", "2024-02-28"],
            ["expense", "60", "--payee", "Safeway", "--category", "Food:Groceries", "--date", "2024-02-29"],
            ["expense", "1450", "--payee", "Oak Street", "--category", "Home:Rent", "--date", "2024-03-01"],
            ["income", "2000", "--payee", "Acme", "--category", "Salary", "--date", "2024-03-04"],
        ]
        for add in adds { #expect(try tally.run(["add"] + add + ["--account", "Cash"]).status == 0) }
        #expect(
            try tally.run([
                "add", "expense", "52.50", "--payee", "Costco", "--account", "Cash", "--date", "2024-03-14",
                "--split", "Food:Groceries=40", "--split", "Household=12.50", "--tag", "costco",
            ])
                == .init(
                    status: 0,
                    stdout:
                        "Added expense #5: 2024-03-14 Costco $52.50 Food:Groceries 40.00 + Household 12.50 #costco · Cash\n",
                    stderr: ""
                )
        )
        #expect(
            try tally.run(["report", "--from", "2024-02-01", "--to", "2024-03-31"]).stdout == """
                Expenses by category, 1 Feb 2024 – 31 Mar 2024

                Group          Total  Count  Share    Average
                ---------  ---------  -----  -----  ---------
                Home       $1,450.00      1  92.5%  $1,450.00
                Food         $104.50      3   6.7%     $34.83
                Household     $12.50      1   0.8%     $12.50
                Total      $1,567.00      4

                """
        )
        #expect(
            try tally.run(["report", "--from", "2024-02-01", "--to", "2024-03-31", "--format", "csv"]).stdout == """
                group,kind,currency,total,count,share_percent,average
                Home,expense,USD,1450.00,1,92.53,1450.00
                Food,expense,USD,104.50,3,6.66,34.83
                Household,expense,USD,12.50,1,0.79,12.50

                """
        )
        #expect(
            try tally.run([
                "report", "--from", "2024-03-01", "--to", "2024-03-31", "--kind", "income", "--format", "json",
            ]).stdout
                == ##"{"by":"category","count":1,"currency":"USD","from":"2024-03-01","kind":"income","rows":[{"average":"2000.00","color":"#219653","count":1,"currency":"USD","filter":"50","key":"Salary","kind":"income","originals":[],"share_percent":"100.00","total":"2000.00"}],"to":"2024-03-31","total":"2000.00","totals":[{"count":1,"currency":"USD","kind":"income","total":"2000.00"}],"unconverted":[],"unconverted_count":0}"##
                + "\n"
        )
        #expect(
            try tally.run(["report", "--from", "2024-02-01", "--to", "2024-03-31", "--interval", "month"]).stdout
                == """
                Expenses by category per month, 1 Feb 2024 – 31 Mar 2024

                Group      2024-02    2024-03      Total
                ---------  -------  ---------  ---------
                Home         $0.00  $1,450.00  $1,450.00
                Food        $64.50     $40.00    $104.50
                Household    $0.00     $12.50     $12.50

                """
        )
        #expect(
            try tally.run([
                "report", "--from", "2024-02-01", "--to", "2024-03-31", "--interval", "month", "--format", "csv",
            ]).stdout == """
                group,kind,currency,2024-02,2024-03,total
                Home,expense,USD,0.00,1450.00,1450.00
                Food,expense,USD,64.50,40.00,104.50
                Household,expense,USD,0.00,12.50,12.50

                """
        )
        #expect(
            try tally.run(["export", "--from", "2024-03-01"]).stdout == """
                date,amount,kind,payee,category,subcategory,account,currency,note,split,line_note,tags
                2024-03-01,1450.00,expense,Oak Street,Home,Rent,Cash,USD,,,,
                2024-03-04,2000.00,income,Acme,Salary,,Cash,USD,,,,
                2024-03-14,40.00,expense,Costco,Food,Groceries,Cash,USD,,1,,costco
                2024-03-14,12.50,expense,Costco,Household,,Cash,USD,,1,,costco

                """
        )
        let file = tally.cli.dataFolder.appendingPathComponent("out.csv")
        #expect(try tally.run(["export", "--category", "Nope", "-o", file.path]).status == 65)
        #expect(!FileManager.default.fileExists(atPath: file.path), "a refused export writes no file")
        #expect(try tally.run(["export", "--kind", "income", "-o", file.path]).status == 0)
        #expect(
            try String(contentsOf: file, encoding: .utf8) == """
                date,amount,kind,payee,category,subcategory,account,currency,note
                2024-03-04,2000.00,income,Acme,Salary,,Cash,USD,

                """
        )
        let json = try tally.run(["export", "--format", "json", "--kind", "income"]).stdout
        let listed = try tally.run(["list", "--format", "json", "--kind", "income"]).stdout
        #expect(
            json
                == listed.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("    \"id\" : ") }.joined(separator: "\n")
        )
    }

    @Test("book list, create, rename, archive", arguments: CLIMode.allCases)
    func books(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        #expect(try tally.run(["book", "list"]).stdout == "1  Personal  USD  owner\n")
        #expect(
            try tally.run(["book", "create", "Trip to Japan", "--currency", "JPY"]).stdout
                == "Created book Trip to Japan (#2) in JPY.\n"
        )
        #expect(
            try tally.run(["book", "rename", "--book", "2", "Japan 2027"]).stdout == "Renamed book #2 to Japan 2027.\n"
        )
        #expect(try tally.run(["book", "archive", "--book", "2"]).stdout == "Archived book #2 Japan 2027.\n")
        #expect(
            try tally.run(["book", "list"]).stdout == """
                1  Personal    USD  owner
                2  Japan 2027  JPY  owner  archived

                """
        )
        #expect(
            try tally.run(["book", "rename", "Nameless"])
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: say which book with --book ID (see `tally book list`)\n"
                )
        )
        #expect(
            try tally.run(["book", "create", "X", "--currency", "XYZ"]).status == 65
        )
        // Records go to the book --book names, either way.
        #expect(
            try tally.run(["add", "expense", "1200", "--payee", "Ramen", "--date", "2027-04-02", "--book", "2"]).stdout
                == "Added expense #1: 2027-04-02 Ramen ¥1,200\n"
        )
    }
}
