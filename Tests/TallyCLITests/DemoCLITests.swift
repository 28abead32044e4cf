import Foundation
import Testing

/// `tally demo`: a book filled for a first look, the same data as files, and its refusals.
@Suite("tally demo", .serialized)
struct DemoCLITests {
    @Test("fills a new book with records, budgets, goals and bills; a second run is refused")
    func fillsABook() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        let filled = try cli.run(["demo", "--records", "1200", "--seed", "3", "--start", "2024-01-01", "--years", "1"])
        #expect(
            filled
                == .init(
                    status: 0,
                    stdout:
                        "Filled Demo (book 2) with 1200 records from 2024-01-01 to 2024-12-31, 3 budgets, 2 goals and 4 bills.\n",
                    stderr: ""
                )
        )
        let list = try cli.run([
            "list", "--book", "2", "--from", "2024-01-01", "--to", "2024-12-31", "--format", "json",
        ])
        #expect(list.status == 0)
        let records = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(records.count >= 100, "the list shows the year's records")
        let budgets = try cli.run(["budget", "list", "--book", "2"])
        #expect(budgets.stdout.contains("Monthly spending (main)") && budgets.stdout.contains("Coffee"))
        #expect(try cli.run(["goal", "list", "--book", "2"]).stdout.contains("Trip to Japan"))
        #expect(try cli.run(["bill", "list", "--book", "2"]).stdout.contains("Rent"))
        let again = try cli.run(["demo", "--records", "10"])
        #expect(
            again
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: Demo already has records; name another book with --book NAME\n"
                )
        )
        let other = try cli.run(["demo", "--records", "10", "--book", "Family"])
        #expect(other.status == 0 && other.stdout.hasPrefix("Filled Family (book 3) with 10 records"))
    }

    @Test("--out writes the same records as CSV, journal and beancount, and stores nothing")
    func writesFiles() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let out = cli.dataFolder.appendingPathComponent("gen").path
        let result = try cli.run(["demo", "--records", "300", "--seed", "9", "--start", "2020-01-01", "--out", out])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "Wrote 300 records to \(out)/txns_300.csv, \(out)/txns_300.journal, \(out)/txns_300.beancount.\n"
        )
        let csv = try String(contentsOfFile: out + "/txns_300.csv", encoding: .utf8)
        #expect(csv.hasPrefix("date,amount,kind,payee,category,subcategory,account,currency,note\n2020-01-"))
        #expect(csv.split(separator: "\n").count == 301)
        let again = try cli.run([
            "demo", "--records", "300", "--seed", "9", "--start", "2020-01-01", "--out", out + "2",
        ])
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: out + "2/txns_300.csv", encoding: .utf8) == csv, "same seed, same file")
    }

    @Test("bad options are refused with the option named")
    func refusals() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let none = try cli.run(["demo"])
        #expect(none.status == 1)
        #expect(none.stderr.hasPrefix("error: there are no users yet"))
        let zero = try cli.run(["demo", "--records", "0"])
        #expect(zero.status == 64 && zero.stderr.hasPrefix("Error: --records must be 1 to 2000000"))
        let date = try cli.run(["demo", "--start", "2024-02-30"])
        #expect(date.status == 64 && date.stderr.hasPrefix("Error: --start must be a date, YYYY-MM-DD"))
    }
}
