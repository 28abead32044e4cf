import Foundation
import Testing

/// `tally export --format json|ledger|beancount`, run as a person runs them.
@Suite("tally export to JSON, Ledger and Beancount", .serialized)
struct ExportCLITests {
    /// Names that clean up alike, a real "Uncategorized", a record in euros converted at the
    /// book's rate and one in pounds without a rate, a transfer, an income, a record with no
    /// account and a payee and note that Ledger would read as structure.
    // Its last line ends with the newline the literal leaves out.
    static let csv = #"""
        date,amount,kind,payee,category,subcategory,account,currency,note,to_account
        2024-03-01,40.00,expense,"Café; (Ref) @ 5",food & drink,,Debit Card,USD,"line one
        key:: 1/0 [2024-01-01]",
        2024-03-02,12.50,expense,Uber,Food-Drink,Taxi,Credit Card,EUR,,
        2024-03-03,2000.00,income,Acme,Salary,,Debit Card,USD,,
        2024-03-04,100.00,transfer,,,,Debit Card,USD,,Cash
        2024-03-05,7.00,expense,Kiosk,,,,USD,,
        2024-03-06,3.00,expense,Tea,Uncategorized,,Cash,GBP,,
        """#

    func book(_ cli: CLI) throws {
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        _ = try cli.run(["rate", "set", "EUR", "2024-01-01", "1.0837"])
        let file = cli.dataFolder.appendingPathComponent("in.csv")
        try (Self.csv + "\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try cli.run(["import", file.path]).status == 0)
    }

    @Test("a Ledger journal and a Beancount file of the book, whole")
    func journals() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try book(cli)
        #expect(
            try cli.run(["export", "--format", "ledger"]) == .init(status: 0, stdout: Self.ledger + "\n", stderr: "")
        )
        #expect(
            try cli.run(["export", "--format", "beancount"])
                == .init(status: 0, stdout: Self.beancount + "\n", stderr: "")
        )
        // A filter takes records out but names accounts as the whole book's export does.
        let filtered = try cli.run(["export", "--format", "beancount", "--from", "2024-03-02", "--to", "2024-03-02"])
        #expect(filtered.stdout.contains("2024-03-02 open Expenses:Food-Drink-2:Taxi\n"))
        #expect(!filtered.stdout.contains("Acme"))
    }

    @Test("JSON export is the array tally list --format json prints without its ids, with or without records")
    func json() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try book(cli)
        let listed = try cli.run(["list", "--format", "json"])
        #expect(listed.stdout.contains("\"payee\" : \"Tea\""))
        let exported = try cli.run(["export", "--format", "json"])
        #expect(exported.status == 0 && !exported.stdout.contains("\"id\" :"))
        // The same text as the list once its "id" lines go (sorted keys: "id" is never last).
        let withoutIDs = listed.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("    \"id\" : ") }.joined(separator: "\n")
        #expect(exported.stdout == withoutIDs)
        let none = ["--from", "2030-01-01"]
        #expect(
            try cli.run(["export", "--format", "json"] + none) == (try cli.run(["list", "--format", "json"] + none))
        )
        let file = cli.dataFolder.appendingPathComponent("out.json")
        #expect(try cli.run(["export", "--format", "json", "-o", file.path]).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == exported.stdout)
    }

    @Test("an unknown format or filter is refused with a clear error, and no file is left behind")
    func refusals() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try book(cli)
        let nonsense = try cli.run(["export", "--format", "nonsense"])
        #expect(nonsense.status == 64)
        #expect(nonsense.stdout == "")
        #expect(
            nonsense.stderr.hasPrefix(
                "Error: The value 'nonsense' is invalid for '--format <format>'. "
                    + "Please provide one of 'csv', 'json', 'ledger' or 'beancount'."
            )
        )
        let file = cli.dataFolder.appendingPathComponent("out.ledger")
        for format in ["ledger", "beancount", "json", "csv"] {
            #expect(
                try cli.run(["export", "--format", format, "--category", "Nope", "-o", file.path])
                    == .init(status: 65, stdout: "", stderr: "error: category: unknown category 'Nope'\n")
            )
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    // Without the file's last newline, as a literal ends.
    static let ledger = #"""
        ; Tally export of the book "Personal", kept in USD

        2024-03-01 * Café, (Ref) @ 5
            ; line one
            ; key: : 1/0 (2024-01-01)
            Expenses:food & drink    40.00 USD
            Assets:Debit Card        -40.00 USD

        2024-03-02 * Uber
            Expenses:Food-Drink:Taxi    13.55 USD
            Liabilities:Credit Card     -12.50 EUR @@ 13.55 USD

        2024-03-03 * Acme
            Assets:Debit Card    2000.00 USD
            Income:Salary        -2000.00 USD

        2024-03-04 *
            Assets:Cash          100.00 USD
            Assets:Debit Card    -100.00 USD

        2024-03-05 * Kiosk
            Expenses:Uncategorized    7.00 USD
            Assets:Unassigned         -7.00 USD

        2024-03-06 * Tea
            Expenses:Uncategorized-2    3.00 GBP
            Assets:Cash                 -3.00 GBP
        """#

    static let beancount = #"""
        option "title" "Personal"
        option "operating_currency" "USD"

        2024-03-01 open Expenses:Food-Drink
        2024-03-01 open Assets:Debit-Card
        2024-03-01 * "Café; (Ref) @ 5" "line one\nkey:: 1/0 [2024-01-01]"
          Expenses:Food-Drink  40.00 USD
          Assets:Debit-Card    -40.00 USD

        2024-03-02 open Expenses:Food-Drink-2:Taxi
        2024-03-02 open Liabilities:Credit-Card
        2024-03-02 * "Uber" ""
          Expenses:Food-Drink-2:Taxi  13.55 USD
          Liabilities:Credit-Card     -12.50 EUR @@ 13.55 USD

        2024-03-03 open Income:Salary
        2024-03-03 * "Acme" ""
          Assets:Debit-Card  2000.00 USD
          Income:Salary      -2000.00 USD

        2024-03-04 open Assets:Cash
        2024-03-04 * ""
          Assets:Cash        100.00 USD
          Assets:Debit-Card  -100.00 USD

        2024-03-05 open Expenses:Uncategorized
        2024-03-05 open Assets:Unassigned
        2024-03-05 * "Kiosk" ""
          Expenses:Uncategorized  7.00 USD
          Assets:Unassigned       -7.00 USD

        2024-03-06 open Expenses:Uncategorized-2
        2024-03-06 * "Tea" ""
          Expenses:Uncategorized-2  3.00 GBP
          Assets:Cash               -3.00 GBP
        """#
}
