import Foundation
import Testing

/// `tally book list|create|rename|archive`, with their whole output and their refusals.
@Suite("tally book", .serialized)
struct BookCLITests {
    @Test("make books, copy categories, rename and archive them; bad input names what is wrong")
    func books() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        #expect(
            try cli.run(["book", "create", "Family", "--currency", "EUR"])
                == .init(status: 0, stdout: "Created book Family (#2) in EUR.\n", stderr: "")
        )
        #expect(
            try cli.run(["book", "create", "Trip to Japan", "--currency", "JPY", "--copy-categories-from", "1"]).stdout
                == "Created book Trip to Japan (#3) in JPY.\n"
        )
        // The copy has the same tree (its own ids).
        func tree(_ book: String) throws -> String {
            try cli.run(["categories", "--book", book]).stdout.replacing(/\[\d+\]/, with: "")
        }
        #expect(try tree("3") == (try tree("1")) && (try tree("1")).contains("Groceries"))
        #expect(
            try cli.run(["book", "rename", "--book", "2", "Famille"])
                == .init(status: 0, stdout: "Renamed book #2 to Famille.\n", stderr: "")
        )
        #expect(
            try cli.run(["book", "archive", "--book", "3"])
                == .init(status: 0, stdout: "Archived book #3 Trip to Japan.\n", stderr: "")
        )
        #expect(
            try cli.run(["book", "list"])
                == .init(
                    status: 0,
                    stdout: """
                        1  Personal       USD  owner
                        2  Famille        EUR  owner
                        3  Trip to Japan  JPY  owner  archived

                        """,
                    stderr: ""
                )
        )
        #expect(
            try cli.run(["book", "archive", "--book", "3", "--undo"]).stdout == "Book #3 Trip to Japan is open again.\n"
        )
        #expect(
            try cli.run(["book", "create", "Bad", "--currency", "EURO"])
                == .init(status: 65, stdout: "", stderr: "error: currency: 'EURO' is not an ISO 4217 currency code\n")
        )
        #expect(
            try cli.run(["book", "rename", "Nameless"])
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: say which book with --book ID (see `tally book list`)\n"
                )
        )
        #expect(
            try cli.run(["book", "rename", "--book", "9", "X"])
                == .init(status: 1, stdout: "", stderr: "error: book not found\n")
        )
        #expect(try cli.run(["book", "rename", "--book", "2", " "]).stderr == "error: name: is required\n")
    }
}
