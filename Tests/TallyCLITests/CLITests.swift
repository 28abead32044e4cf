import Foundation
import Testing

/// The CLI, run as a person runs it, with its whole output compared.
@Suite("tally command line", .serialized)
struct CLITests {
    @Test("create a user, add records, list them as table, CSV and JSON, show accounts")
    func everydayUse() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        #expect(
            try cli.run(["user", "create", "--email", "Me@Example.com", "--password-stdin"], input: "password123\n")
                == .init(
                    status: 0,
                    stdout: "Created user me@example.com (#1) with a Personal book in USD.\n",
                    stderr: ""
                )
        )
        #expect(
            try cli.run([
                "add", "expense", "4.50", "--payee", "Starbucks", "--category", "Food:Coffee", "--account", "Cash",
                "--date", "2026-03-02", "--time", "08:15",
            ])
                == .init(
                    status: 0,
                    stdout: "Added expense #1: 2026-03-02 Starbucks $4.50 Food:Coffee · Cash\n",
                    stderr: ""
                )
        )
        // Autofill: the payee's category and account are used again.
        #expect(
            try cli.run([
                "add", "expense", "1,234.5", "--payee", "starbucks", "--date", "2026-03-01", "--note",
                "beans, a year's worth",
            ]).stdout
                == "Added expense #2: 2026-03-01 starbucks $1,234.50 Food:Coffee · Cash\n"
        )
        #expect(
            try cli.run([
                "add", "income", "2000", "--payee", "ACME", "--category", "Salary", "--account", "Debit Card", "--date",
                "2026-03-01",
            ]).stdout
                == "Added income #3: 2026-03-01 ACME $2,000.00 Salary · Debit Card\n"
        )
        #expect(
            try cli.run([
                "add", "transfer", "300", "--account", "Debit Card", "--to-account", "Credit Card", "--date",
                "2026-03-03",
            ]).stdout
                == "Added transfer #4: 2026-03-03 Debit Card → Credit Card $300.00\n"
        )

        #expect(
            try cli.run(["list"])
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
            try cli.run(["list", "--format", "csv", "--from", "2026-03-02"]).stdout == """
                id,date,time,kind,amount,currency,payee,category,account,to_account,note
                1,2026-03-02,08:15,expense,4.50,USD,Starbucks,Food:Coffee,Cash,,
                4,2026-03-03,,transfer,300.00,USD,,,Debit Card,Credit Card,

                """
        )
        let json = try cli.run(["list", "--format", "json", "--kind", "income"]).stdout
        var objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        // Every record lists its tags (none here); the other fields are text.
        #expect(objects.map { ($0["tags"] as? [String]) == [] } == [true])
        for i in objects.indices { objects[i]["tags"] = nil }
        let decoded = objects.map { $0.compactMapValues { $0 as? String } }
        #expect(
            decoded == [
                [
                    "id": "3", "date": "2026-03-01", "time": "", "kind": "income", "amount": "2000.00",
                    "currency": "USD",
                    "payee": "ACME", "category": "Salary", "account": "Debit Card", "to_account": "", "note": "",
                ]
            ]
        )
        #expect(
            try cli.run(["list", "--category", "Food", "--format", "csv"]).stdout.split(separator: "\n").count == 3
        )

        #expect(
            try cli.run(["accounts"]).stdout == """
                Account      Kind         Balance
                -----------  --------  ----------
                Cash         cash      -$1,239.00
                Debit Card   checking   $1,700.00
                Credit Card  credit       $300.00
                Check        check          $0.00
                Gift Card    gift           $0.00

                """
        )
    }

    @Test("bad input: a clear message on stderr, a non-zero exit, nothing stored")
    func badInput() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        #expect(
            try cli.run(["list"])
                == .init(
                    status: 1,
                    stdout: "",
                    stderr:
                        "error: there are no users yet; run `tally user create --email you@example.com` or sign up in the browser\n"
                )
        )
        _ = try cli.run(["user", "create", "--email", "a@example.com", "--password-stdin"], input: "password123\n")
        #expect(
            try cli.run(["add", "expense", "12.345", "--payee", "X"])
                == .init(status: 65, stdout: "", stderr: "error: amount: USD amounts have at most 2 decimals\n")
        )
        #expect(
            try cli.run(["add", "expense", "abc", "--payee", "X"])
                == .init(status: 65, stdout: "", stderr: "error: amount: 'abc' is not an amount\n")
        )
        #expect(
            try cli.run(["add", "expense", "5", "--payee", "X", "--category", "Nope"])
                == .init(status: 65, stdout: "", stderr: "error: category: unknown expense category 'Nope'\n")
        )
        #expect(
            try cli.run(["add", "expense", "5", "--payee", "X", "--date", "2026-02-30"])
                == .init(status: 65, stdout: "", stderr: "error: date: '2026-02-30' is not a valid date (YYYY-MM-DD)\n")
        )
        #expect(
            try cli.run(["add", "expense", "5"])
                == .init(status: 65, stdout: "", stderr: "error: payee: is required when no category is given\n")
        )
        #expect(
            try cli.run(["add", "expense", "5", "--payee", "X", "--date", "2026-03-01", "--book", "99"])
                == .init(status: 1, stdout: "", stderr: "error: book not found\n")
        )
        #expect(
            try cli.run(["user", "create", "--email", "a@example.com", "--password-stdin"], input: "password123\n")
                == .init(status: 65, stdout: "", stderr: "error: email: is already registered\n")
        )
        #expect(try cli.run(["list"]).stdout == "No records.\n")

        _ = try cli.run(["user", "create", "--email", "b@example.com", "--password-stdin"], input: "password456\n")
        #expect(try cli.run(["list"]).stderr == "error: there are 2 users; choose one with --user EMAIL\n")
        #expect(try cli.run(["list", "--user", "b@example.com"]).stdout == "No records.\n")
    }

    @Test("tokens are printed once and work against the API store")
    func tokens() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "a@example.com", "--password-stdin"], input: "password123\n")
        let result = try cli.run(["token", "create", "--name", "laptop"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("tly_") && result.stdout.count == 53)
        let categories = try cli.run(["categories"]).stdout.split(separator: "\n")
        #expect(categories.first == "Expense categories")
        #expect(categories.contains { $0.hasSuffix("Coffee  [14]") })
        #expect(categories.contains("Income categories"))
    }
}
