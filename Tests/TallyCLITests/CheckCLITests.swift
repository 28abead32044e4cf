import Foundation
import SQLKit
import TallyCore
import TallyStore
import Testing

/// `tally check [--repair]` on a data file damaged behind the store's back, whole output compared.
@Suite("tally check", .serialized)
struct CheckCLITests {
    /// Runs SQL on the folder's data file while no command has it open; returns the first row's
    /// columns as text.
    func sql(_ cli: CLI, _ statements: [SQLQueryString], read columns: [String] = []) async throws -> [String] {
        let store = try await Store.open(.sqliteFile(cli.dataFolder.appendingPathComponent("tally.sqlite").path))
        do {
            let row = try await store.database.write { db in
                var last: (any SQLRow)?
                for statement in statements { last = try await db.raw(statement).first() }
                return try columns.map { try last!.decode(column: $0, as: String.self) }
            }
            await store.database.close()
            return row
        } catch {
            // SQLite connections must be closed on every path.
            await store.database.close()
            throw error
        }
    }

    @Test("a clean file, a damaged one, the repair, and a book that does not exist")
    func checkAndRepair() async throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        #expect(
            try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
                .status == 0
        )
        #expect(
            try cli.run([
                "add", "expense", "12", "--payee", "Cafe", "--category", "Food:Coffee", "--account", "Cash", "--date",
                "2026-03-04",
            ]).status == 0
        )
        #expect(
            try cli.run([
                "add", "expense", "45", "--payee", "Shell", "--category", "Auto:Fuel", "--account", "Cash", "--date",
                "2026-03-10",
            ]).status == 0
        )

        // Two records in different cells: 2 days, 2 month-and-payee cells (with and without the category), 2 year-and-payee cells, 2 month-and-category cells, 2 year-and-category cells, 1 balance, and the balance's 2 days and 1 month.
        let clean = "OK: checked 1 book, 2 records, 16 kept totals and 0 receipts; nothing is wrong.\n"
        #expect(try cli.run(["check"]) == .init(status: 0, stdout: clean, stderr: ""))

        let ids = try await sql(
            cli,
            [
                "UPDATE day_totals SET total_minor = 1201 WHERE day = '2026-03-04'",
                "UPDATE day_totals SET count = 3 WHERE day = '2026-03-10'",
                "DELETE FROM month_category_totals WHERE total_minor = 4500",
                "UPDATE account_balances SET balance_minor = CAST(-2.72e19 AS REAL)",
                "UPDATE day_account_totals SET delta_minor = -1100 WHERE day = '2026-03-04'",
                "SELECT CAST(category_id AS TEXT) AS c, CAST(account_id AS TEXT) AS a FROM transactions WHERE id = 2",
            ],
            read: ["c", "a"]
        )
        let coffee = try await sql(
            cli,
            ["SELECT CAST(category_id AS TEXT) AS c FROM transactions WHERE id = 1"],
            read: ["c"]
        )[0]
        let (fuel, cash) = (ids[0], ids[1])
        let day1 =
            "book 1: day_totals [2026-03-04 expense, category \(coffee), account \(cash), USD]: kept 1201 in 1 record; the records give 1200 in 1 record"
        let others = """
            book 1: month_category_totals [2026-03 expense, category \(fuel), USD]: missing; the records give 4500 in 1 record
            book 1: account_balances [account \(cash), USD]: kept total -2.72e+19 is not a whole number of minor units; the records give -5700
            book 1: day_account_totals [account \(cash), USD, 2026-03-04]: kept -1100; the records give -1200

            """
        let findings =
            day1 + "\n" + """
                book 1: day_totals [2026-03-10 expense, category \(fuel), account \(cash), USD]: kept 4500 in 3 records; the records give 4500 in 1 record

                """ + others
        #expect(
            try cli.run(["check"])
                == .init(
                    status: 2,
                    stdout: findings + """
                        5 findings (checked 1 book, 2 records, 16 kept totals and 0 receipts); all can be repaired with --repair.

                        """,
                    stderr: ""
                )
        )
        // --limit: at most so many lines per book and table; the summary still counts every finding.
        #expect(
            try cli.run(["check", "--limit", "1"])
                == .init(
                    status: 2,
                    stdout: day1 + "\n" + others + """
                        book 1: day_totals: 1 more finding like these (--limit 0 lists them all)
                        5 findings (checked 1 book, 2 records, 16 kept totals and 0 receipts); all can be repaired with --repair.

                        """,
                    stderr: ""
                )
        )
        #expect(
            try cli.run(["check", "--repair", "--book", "1"])
                == .init(
                    status: 0,
                    stdout: findings + """
                        repair: book 1: kept totals and account balances rebuilt from the records
                        5 findings, 1 repair; then checked 1 book, 2 records, 16 kept totals and 0 receipts: nothing is wrong.

                        """,
                    stderr: ""
                )
        )
        #expect(try cli.run(["check"]) == .init(status: 0, stdout: clean, stderr: ""))
        #expect(try cli.run(["check", "--repair"]) == .init(status: 0, stdout: clean, stderr: ""))
        #expect(
            try cli.run(["check", "--book", "9"]) == .init(status: 1, stdout: "", stderr: "error: book 9 not found\n")
        )
    }

    @Test("what repair cannot fix is still reported, with exit status 2")
    func notRepairable() async throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        #expect(
            try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
                .status == 0
        )
        #expect(
            try cli.run([
                "add", "expense", "12", "--payee", "Cafe", "--category", "Food:Coffee", "--account", "Cash", "--date",
                "2026-03-04",
            ]).status == 0
        )
        // The sqlite3 shell runs with foreign keys off: a category deleted there leaves its record pointing nowhere.
        let store = try await Store.open(.sqliteFile(cli.dataFolder.appendingPathComponent("tally.sqlite").path))
        try await store.database.read { db in
            try await db.raw("PRAGMA foreign_keys = OFF").run()
            try await db.raw("DELETE FROM categories WHERE id = (SELECT category_id FROM transactions WHERE id = 1)")
                .run()
        }
        await store.database.close()
        // The payee's remembered category points nowhere too.
        let broken = """
            database: payees [row 1]: refers to a row of categories that does not exist
            database: transactions [row 1]: refers to a row of categories that does not exist

            """
        #expect(
            try cli.run(["check"])
                == .init(
                    status: 2,
                    stdout: broken + """
                        2 findings (checked 1 book, 1 record, 9 kept totals and 0 receipts); none can be repaired here: restore the data from a backup.

                        """,
                    stderr: ""
                )
        )
        #expect(
            try cli.run(["check", "--repair"])
                == .init(
                    status: 2,
                    stdout: broken + """
                        still wrong: database: payees [row 1]: refers to a row of categories that does not exist
                        still wrong: database: transactions [row 1]: refers to a row of categories that does not exist
                        2 findings, 0 repairs; then checked 1 book, 1 record, 9 kept totals and 0 receipts: 2 findings remain; restore the data from a backup.

                        """,
                    stderr: ""
                )
        )
    }
    @Test("a damaged data file is reported line by line (exit 2), never a crash or a bare error")
    func damagedFile() async throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        #expect(
            try cli.run(["user", "create", "--email", "me@example.com", "--password-stdin"], input: "password123\n")
                .status == 0
        )
        var csv = "date,amount,kind,payee,category,subcategory,account,currency,note\n"
        for i in 0..<3000 {
            csv +=
                "2025-\(String(format: "%02d", i % 12 + 1))-\(String(format: "%02d", i % 28 + 1)),\(i + 1).25,expense,Payee \(i),Food,Coffee,Cash,USD,\n"
        }
        #expect(try cli.run(["import", "-"], input: csv).status == 0)
        let path = cli.dataFolder.appendingPathComponent("tally.sqlite").path
        // Everything into the main file first (a checkpoint cannot run inside a transaction).
        let store = try await Store.open(.sqliteFile(path))
        try await store.database.read { db in try await db.raw("PRAGMA wal_checkpoint(TRUNCATE)").run() }
        await store.database.close()
        // Overwrite the headers of a run of pages in the middle of the file, where the records are.
        let file = try #require(FileHandle(forUpdatingAtPath: path))
        let pages = try file.seekToEnd() / 4096
        for page in (pages / 2)..<(pages / 2 + 6) {
            try file.seek(toOffset: page * 4096)
            try file.write(contentsOf: Data(repeating: 0xFF, count: 64))
        }
        try file.close()
        let result = try cli.run(["check", "--limit", "0"])
        #expect(result.status == 2 && result.stderr == "")
        #expect(result.stdout.hasPrefix("database: integrity_check: "))
        #expect(result.stdout.hasSuffix("none can be repaired here: restore the data from a backup.\n"))
        #expect(try cli.run(["check", "--repair"]).status == 2)
    }
}
