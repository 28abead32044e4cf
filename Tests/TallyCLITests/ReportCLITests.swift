import Foundation
import Testing

/// `tally import`, `report`, `search` and `export`, run as a person runs them.
@Suite("tally import, report, search, export", .serialized)
struct ReportCLITests {
    static let csv = """
        date,amount,kind,payee,category,subcategory,account,currency,note
        2024-02-28,4.50,expense,Starbucks,Food,Coffee,Cash,USD,
        2024-02-29,60.00,expense,Safeway,Food,Groceries,Checking,USD,"weekly shop, big"
        2024-03-01,1450.00,expense,Oak Street,Housing,Rent,Checking,USD,
        2024-03-01,5.25,expense,Starbucks,Food,Coffee,Credit Card Visa,USD,
        2024-03-04,2000.00,income,Acme,Income,Salary,Checking,USD,
        2024-03-05,3.00,income,Starbucks,Income,Refunds,Cash,USD,

        """

    func importSample(_ cli: CLI) throws -> URL {
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        let file = cli.dataFolder.appendingPathComponent("in.csv")
        try Self.csv.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("import, then a report and a search with their whole output")
    func importReportSearch() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let file = try importSample(cli)
        #expect(
            try cli.run(["import", file.path, "--dry-run"]).stdout.hasSuffix(
                "6 records ready to import; nothing was stored.\n"
            )
        )
        #expect(
            try cli.run(["import", file.path])
                == .init(
                    status: 0,
                    stdout:
                        "Imported 6 records from 2024-02-28 to 2024-03-05 into Personal; created 5 categories and 2 accounts.\n",
                    stderr: ""
                )
        )
        // 1,450.00 / 1,519.75 = 95.41%; 69.75 / 3 = 23.25.
        #expect(
            try cli.run(["report", "--from", "2024-02-01", "--to", "2024-03-31"]).stdout == """
                Expenses by category, 1 Feb 2024 – 31 Mar 2024

                Group        Total  Count  Share    Average
                -------  ---------  -----  -----  ---------
                Housing  $1,450.00      1  95.4%  $1,450.00
                Food        $69.75      3   4.6%     $23.25
                Total    $1,519.75      4

                """
        )
        #expect(
            try cli.run(["report", "--from", "2024-02-29", "--to", "2024-03-01", "--by", "payee", "--format", "csv"])
                .stdout == """
                    group,kind,currency,total,count,share_percent,average
                    Oak Street,expense,USD,1450.00,1,95.69,1450.00
                    Safeway,expense,USD,60.00,1,3.95,60.00
                    Starbucks,expense,USD,5.25,1,0.34,5.25

                    """
        )
        #expect(
            try cli.run([
                "report", "--from", "2024-02-01", "--to", "2024-03-31", "--interval", "month", "--format", "csv",
            ]).stdout == """
                group,kind,currency,2024-02,2024-03,total
                Housing,expense,USD,0.00,1450.00,1450.00
                Food,expense,USD,64.50,5.25,69.75

                """
        )
        #expect(
            try cli.run(["search", "starbucks"]).stdout == """
                Date        Payee      Category        Account           Amount
                ----------  ---------  --------------  ----------------  ------
                2024-03-05  Starbucks  Income:Refunds  Cash               $3.00
                2024-03-01  Starbucks  Food:Coffee     Credit Card Visa  -$5.25
                2024-02-28  Starbucks  Food:Coffee     Cash              -$4.50
                3 records: spent $9.75, received $3.00, net -$6.75

                """
        )
        let pdf = cli.dataFolder.appendingPathComponent("r.pdf")
        let wrote = try cli.run([
            "report", "--from", "2024-03-01", "--to", "2024-03-31", "--format", "pdf", "--output", pdf.path,
        ])
        #expect(wrote.status == 0 && wrote.stdout.hasPrefix("Wrote \(pdf.path)"))
        #expect(try Data(contentsOf: pdf).starts(with: Data("%PDF-1.4".utf8)))
    }

    @Test("export writes what import reads; a bad line imports nothing and names the line")
    func exportAndErrors() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let file = try importSample(cli)
        _ = try cli.run(["import", file.path])
        #expect(try cli.run(["export", "--format", "csv"]).stdout == Self.csv)
        let bad = cli.dataFolder.appendingPathComponent("bad.csv")
        try (Self.csv + "2024-03-06,12.345,expense,X,Food,,Cash,USD,\n").write(
            to: bad,
            atomically: true,
            encoding: .utf8
        )
        #expect(
            try cli.run(["import", bad.path])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: line 8, amount: USD amounts have at most 2 decimals\n"
                )
        )
        #expect(try cli.run(["search", "--format", "csv"]).stdout.split(separator: "\n").count == 1 + 6)
        #expect(
            try cli.run(["report", "--by", "colour"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr: "error: by: must be one of category, subcategory, payee, account, tag\n"
                )
        )
    }
}
