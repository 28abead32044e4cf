import Foundation
import Testing

/// `tally user export` and `tally user reset-two-step`, with their whole output.
@Suite("tally user export and reset-two-step", .serialized)
struct AccountCLITests {
    @Test("the export zip holds every book the user owns; reset-two-step says what it did")
    func exportAndReset() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        _ = try cli.run(["book", "create", "Family", "--currency", "EUR"])
        _ = try cli.run(["add", "expense", "4.50", "--payee", "Cafe", "--date", "2026-03-02"])
        let zip = cli.dataFolder.appendingPathComponent("all.zip").path
        #expect(
            try cli.run(["user", "export", "--output", zip])
                == .init(status: 0, stdout: "Wrote all of me@example.com's data to \(zip).\n", stderr: "")
        )
        let bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
        #expect(bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]), "a zip")
        for name in ["profile.json", "books/1/book.json", "books/1/transactions.csv", "books/2/book.json"] {
            #expect(bytes.range(of: Data(name.utf8)) != nil, "\(name) is in the zip")
        }
        #expect(
            try cli.run(["user", "reset-two-step", "--user", "me@example.com"])
                == .init(
                    status: 0,
                    stdout: "Two-step sign-in is off for me@example.com; they sign in with their password alone.\n",
                    stderr: ""
                )
        )
        #expect(
            try cli.run(["user", "export", "--output", cli.dataFolder.path]).stderr
                == "error: \(cli.dataFolder.path) is a folder; give the zip's file name, such as \(cli.dataFolder.path)/tally.zip\n"
        )
        #expect(FileManager.default.fileExists(atPath: zip), "the folder was left as it was")
        #expect(
            try cli.run(["user", "export", "--user", "nobody@example.com", "--output", zip]).stderr
                == "error: no user with email nobody@example.com\n"
        )
    }
}
