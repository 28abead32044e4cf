import Foundation
import Testing

/// `tally backup --book` and `tally restore --book` run twice with the same expected output:
/// on a local data folder and against a real `tally serve` (see `BothWays`).
@Suite("tally backup and restore both ways", .serialized)
struct BothWaysBackupTests {
    @Test("a book backed up and restored into an empty book; refusals", arguments: CLIMode.allCases)
    func bookRoundTrip(_ mode: CLIMode) throws {
        let tally = try BothWays(mode)
        defer { tally.cleanUp() }
        try tally.setUp()
        for (amount, date) in [("4.50", "2026-03-02"), ("60", "2026-03-05")] {
            let added = try tally.run([
                "add", "expense", amount, "--payee", "Shop", "--account", "Cash", "--date", date,
            ])
            #expect(added.status == 0, "\(added.stderr)")
        }
        #expect(try tally.run(["book", "create", "Copy", "--currency", "USD"]).status == 0)
        let zip = tally.cli.dataFolder.appendingPathComponent("book.zip").path
        #expect(
            try tally.run(["backup", "--book", "1", "-o", zip])
                == .init(status: 0, stdout: "Wrote the backup to \(zip).\n", stderr: "")
        )
        #expect(
            try tally.run(["restore", zip, "--book", "2"])
                == .init(status: 0, stdout: "Restored 1 book(s) with 2 records from \(zip).\n", stderr: "")
        )
        #expect(try tally.run(["list", "--book", "2"]).stdout == (try tally.run(["list", "--book", "1"])).stdout)
        let again = try tally.run(["restore", zip, "--book", "2"])
        #expect(again.status == 65 && again.stdout.isEmpty)
        #expect(again.stderr.hasPrefix("error: backup refused: "), "\(again.stderr)")

        let missing = tally.cli.dataFolder.appendingPathComponent("none.zip").path
        #expect(
            try tally.run(["backup", "--book", "99", "-o", missing])
                == .init(status: 1, stdout: "", stderr: "error: book not found\n")
        )
        #expect(!FileManager.default.fileExists(atPath: missing), "a refused backup writes no file")
        let notZip = tally.cli.dataFolder.appendingPathComponent("not.zip")
        try "hello".write(to: notZip, atomically: true, encoding: .utf8)
        #expect(try tally.run(["book", "create", "Third", "--currency", "USD"]).status == 0)
        #expect(
            try tally.run(["restore", notZip.path, "--book", "3"])
                == .init(status: 65, stdout: "", stderr: "error: backup refused: not a zip holding backup.json\n")
        )
    }

    @Test("against a server: --user is refused, and a whole-server restore stays local")
    func serverOnly() throws {
        let tally = try BothWays(.server)
        defer { tally.cleanUp() }
        try tally.setUp()
        let zip = tally.cli.dataFolder.appendingPathComponent("all.zip").path
        #expect(
            try tally.run(["backup", "--user", "me@example.com", "-o", zip])
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: --user is for local data; against a server the token says who you are\n"
                )
        )
        #expect(try tally.run(["backup", "-o", zip]).status == 0)
        #expect(
            try tally.run(["restore", zip])
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: restoring a whole server works on local data only: give --book ID to restore one "
                        + "book into an empty book on the server, or --data DIR for a local data folder\n"
                )
        )
    }
}
