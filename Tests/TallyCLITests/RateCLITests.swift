import Foundation
import Testing

/// `tally rate list|set|delete|import`, with their whole output and their refusals.
@Suite("tally rate", .serialized)
struct RateCLITests {
    @Test("set, list, import and delete rates; the records they convert are counted; bad input names the field")
    func rates() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        _ = try cli.run([
            "add", "expense", "100", "--currency", "EUR", "--date", "2026-03-02", "--payee", "Lisbon",
            "--category", "Food", "--account", "Cash",
        ])
        #expect(
            try cli.run(["rate", "list"])
                == .init(
                    status: 0,
                    stdout: "No rates.\n1 EUR record not converted: no EUR→USD rate on or before 2026-03-02\n",
                    stderr: ""
                )
        )
        #expect(
            try cli.run(["rate", "set", "EUR", "2026-03-01", "1.0856"])
                == .init(status: 0, stdout: "EUR is 1.0856 USD from 2026-03-01; 1 record converted anew.\n", stderr: "")
        )
        let file = cli.dataFolder.appendingPathComponent("ecb.csv")
        try "Date,USD,JPY,CYP,\n2026-02-27,1.08,160.5,N/A,\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(
            try cli.run(["rate", "import", file.path])
                == .init(
                    status: 0,
                    stdout: "Imported 2 rates; 0 records converted anew.\nLeft out: CYP.\n",
                    stderr: ""
                )
        )
        #expect(
            try cli.run(["rate", "list"])
                == .init(
                    status: 0,
                    stdout: """
                        #1  2026-03-01  EUR  1.0856
                        #2  2026-02-27  EUR  1.08
                        #3  2026-02-27  JPY  0.006728971963

                        """,
                    stderr: ""
                )
        )
        #expect(
            try cli.run(["rate", "delete", "1"])
                == .init(status: 0, stdout: "Deleted rate #1; 1 record converted anew.\n", stderr: "")
        )
        #expect(
            try cli.run(["rate", "set", "EUR", "2026-03-01", "1,08"])
                == .init(
                    status: 65,
                    stdout: "",
                    stderr:
                        "error: rate: must be a positive decimal such as 1.0856, with at most 15 significant digits and 12 decimal places\n"
                )
        )
        #expect(
            try cli.run(["rate", "set", "USD", "2026-03-01", "1"]).stderr.contains("is the book's own currency (USD)")
        )
        #expect(
            try cli.run(["rate", "delete", "99"]) == .init(status: 1, stdout: "", stderr: "error: rate not found\n")
        )
    }
}
