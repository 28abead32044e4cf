import Foundation
import Testing

/// Issue 42, finding 12: `tally statement` refuses a bank CSV amount with misplaced grouping
/// separators, exiting 65 and naming the line and column, instead of printing another amount.
@Suite("tally statement: malformed amounts", .serialized)
struct AmountGroupingCLITests {
    func write(_ cli: CLI, _ name: String, _ text: String) throws -> String {
        let file = cli.dataFolder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test("a bank CSV with 1.234.56, 12.34.56 or 1,2,3 exits 65 naming line and column")
    func refused() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        // The mapping names no decimal separator, as in the issue.
        let mapping = try write(cli, "bank.mapping.json", #"{"date":"Date","amount":"Amount","delimiter":";"}"#)
        for (rows, line, text, decimal) in [
            ("2026-03-01;12,50\n2026-03-02;1.234.56", 3, "1.234.56", ","),
            ("2026-03-01;12.34.56", 2, "12.34.56", ","),
            ("2026-03-01;1.50\n2026-03-02;1,2,3", 3, "1,2,3", "."),
        ] {
            let csv = try write(cli, "bank.csv", "Date;Amount\n\(rows)\n")
            let result = try cli.run(["statement", csv, "--mapping", mapping], data: false)
            #expect(result.status == 65, "\(text): \(result.stdout)")
            #expect(
                result.stderr
                    == "error: line \(line), column 'Amount': '\(text)' has misplaced grouping separators: "
                    + "with '\(decimal)' as the decimal separator, the others may only separate groups of three digits\n"
            )
        }
        let csv = try write(cli, "bank.csv", "Date;Amount\n2026-03-01;-1.234,56\n2026-03-02;12,50\n")
        let read = try cli.run(["statement", csv, "--mapping", mapping], data: false)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains(#""amount":"-1234.56""#) && read.stdout.contains(#""amount":"12.50""#))
    }
}
