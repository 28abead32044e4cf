import Foundation
import Testing

/// The CLI's CSV output (list and report) escapes formula-like text like the web exports do.
@Suite("tally CSV output is safe in spreadsheets", .serialized)
struct SecurityCSVCLITests {
    @Test("hostile payees are escaped and quoted; amounts stay numbers")
    func hostilePayees() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        #expect(
            try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
                .status == 0
        )
        #expect(
            try cli.run([
                "add", "expense", "12.50", "--payee", "=HYPERLINK(\"http://x\")", "--category", "Food", "--account",
                "Cash", "--date", "2026-03-02",
            ]).status == 0
        )
        #expect(
            try cli.run([
                "add", "expense", "1", "--payee", "@SUM(1)", "--category", "Food", "--account", "Cash", "--date",
                "2026-03-03", "--note=-2+3",
            ]).status == 0
        )
        #expect(
            try cli.run(["list", "--format", "csv"]).stdout == """
                id,date,time,kind,amount,currency,payee,category,account,to_account,note
                1,2026-03-02,,expense,12.50,USD,"'=HYPERLINK(""http://x"")",Food,Cash,,
                2,2026-03-03,,expense,1.00,USD,"'@SUM(1)",Food,Cash,,"'-2+3"

                """
        )
        let report = try cli.run([
            "report", "--from", "2026-03-01", "--to", "2026-03-31", "--by", "payee", "--format", "csv",
        ]).stdout
        #expect(report.contains("\"'=HYPERLINK(\"\"http://x\"\")\",expense,USD,12.50,1,"), "\(report)")
        #expect(report.contains("\"'@SUM(1)\",expense,USD,1.00,1,"), "\(report)")
    }
}
