import Foundation
import Testing

/// `tally export --format json` read back by `tally import`: a book with splits, tags, transfers,
/// times, another currency and awkward text exports, imports into an empty book of another data
/// folder, and exports to the same bytes, in JSON and in CSV.
@Suite("JSON round trip")
struct JSONRoundTripCLITests {
    /// Two folders with a user each; the first gets the records.
    static func folders() throws -> (CLI, CLI) {
        let first = try CLI()
        let second = try CLI()
        for cli in [first, second] {
            _ = try cli.run(
                ["user", "create", "--email", "me@example.com", "--password-stdin"],
                input: "password123\n"
            )
        }
        let adds: [[String]] = [
            ["expense", "3", "--payee", "Bakery \"Zur Post\"", "--category", "Food", "--date", "2026-03-13"],
            [
                "expense", "52.50", "--payee", "Costco", "--account", "Cash", "--date", "2026-03-14", "--time", "09:30",
                "--note", "weekly, shop\nline two", "--split", "Food:Groceries=40", "--split", "Household=12.50",
                "--tag", "costco", "--tag", "japan-2026",
            ],
            ["expense", "9", "--payee", "Kiosk", "--date", "2026-03-15", "--split", "=4", "--split", "Food=5"],
            ["expense", "7", "--date", "2026-03-16", "--split", "Food=3", "--split", "Household=4"],
            // No payee: a category, or lines (one of them uncategorised), are enough.
            ["expense", "9", "--date", "2026-03-17", "--split", "=4", "--split", "Food=5"],
            ["expense", "2", "--category", "Food", "--date", "2026-03-18"],
            [
                "income", "2000", "--payee", "Acme", "--category", "Salary", "--account", "Debit Card", "--date",
                "2026-03-01",
            ],
            ["transfer", "100", "--account", "Debit Card", "--to-account", "Cash", "--date", "2026-03-02"],
            [
                "expense", "1200", "--currency", "JPY", "--payee", "Ramen Ichiran 一蘭", "--category", "Food:Restaurants",
                "--date", "2026-03-20", "--tag", "japan-2026",
            ],
        ]
        for add in adds {
            let result = try first.run(["add"] + add)
            try #require(result.status == 0, "\(add): \(result.stderr)")
        }
        return (first, second)
    }

    @Test("export → import into an empty book → export is byte for byte the same, JSON and CSV")
    func roundTrip() throws {
        let (first, second) = try Self.folders()
        defer {
            first.cleanUp()
            second.cleanUp()
        }
        let json = try first.run(["export", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"lines\" : [") && json.stdout.contains("\"tags\" : ["))
        let csv = try first.run(["export"])
        let imported = try second.run(["import", "-"], input: json.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 9 records from 2026-03-01 to 2026-03-20"))
        #expect(try second.run(["export", "--format", "json"]).stdout == json.stdout)
        #expect(try second.run(["export"]).stdout == csv.stdout)
        #expect(try second.run(["check"]).status == 0)
        // The same book's CSV read back gives the same JSON as well.
        let third = try CLI()
        defer { third.cleanUp() }
        _ = try third.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
        #expect(try third.run(["import", "-", "--format", "tally"], input: csv.stdout).status == 0)
        #expect(try third.run(["export", "--format", "json"]).stdout == json.stdout)
    }

    @Test("a bad JSON file names the record and field, exits 65 and stores nothing")
    func refusals() throws {
        let (first, second) = try Self.folders()
        defer {
            first.cleanUp()
            second.cleanUp()
        }
        let cases: [(String, String)] = [
            (#"[{"date": "2026-03-01", "kind": "expense", "amount": 4.5}]"#, "record 1, amount: must be text"),
            (
                #"[{"date": "2026-03-01", "kind": "expense", "amount": "4.50", "colour": "red"}]"#,
                "record 1, colour: is not a field of a record"
            ),
            (
                #"[{"date": "2026-03-01", "kind": "expense", "amount": "4.50", "payee": "X"}, {"date": "2026-03-01", "kind": "expense", "amount": "5", "lines": [{"category": "A", "amount": "1"}, {"category": "B", "amount": "2"}]}]"#,
                "record 2, lines: add up to 3.00, 2.00 short of the amount 5.00"
            ),
            (
                #"[{"date": "2026-03-01", "kind": "transfer", "amount": "5", "account": "A", "to_account": "B", "lines": [{"amount": "1"}, {"amount": "4"}]}]"#,
                "record 1, lines: a transfer cannot be split"
            ),
            (#"[{"date": "2026-02-30", "kind": "expense", "amount": "1"}]"#, "record 1, date:"),
            (#"{"date": "2026-03-01"}"#, "file: must be a JSON array of records"),
            ("[{\"date\": ", "file: is not JSON"),
        ]
        for (text, message) in cases {
            let result = try second.run(["import", "-", "--format", "tally"], input: text)
            #expect(result.status == 65, "\(text)")
            #expect(result.stderr.hasPrefix("error: \(message)"), "\(text): \(result.stderr)")
        }
        #expect(try second.run(["list"]).stdout == "No records.\n", "nothing was stored")
    }
}
