import SQLKit
import Testing

@testable import TallyStore

@Suite("SQLite connection options")
struct SQLiteOptionsTests {
    /// The plan of a `LIKE ?` search over a NOCASE index: the one place where SQLite picks a plan
    /// by the bound value, so it tells whether a connection keeps its plans (see
    /// `CSQLiteOptions.h`): with the guarantee the plan is made before the value is known (a
    /// scan); without it, binding 'ab%' prepares the statement again and it searches the index.
    private func likePlan(_ location: DatabaseLocation) async throws -> String {
        let database = try await Database(location)
        let plan = try await database.write { db in
            try await db.raw("CREATE TABLE names (name TEXT)").run()
            try await db.raw("CREATE INDEX names_by_name ON names (name COLLATE NOCASE)").run()
            let rows = try await db.raw("EXPLAIN QUERY PLAN SELECT name FROM names WHERE name LIKE \(bind: "ab%")")
                .all()
            return try rows.map { try $0.decode(column: "detail", as: String.self) }.joined(separator: "; ")
        }
        await database.close()
        return plan
    }

    @Test("every SQLite connection keeps the plan it was prepared with, whatever is bound")
    func plansKept() async throws {
        let plan = try await likePlan(.sqliteMemory)
        #expect(plan.hasPrefix("SCAN names"), "plan: \(plan)")
        #expect(!plan.contains("SEARCH"), "plan: \(plan)")
    }
}
