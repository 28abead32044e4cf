import SQLKit
import TallyCore
import Testing

@testable import TallyStore

/// SQLite's plans for the kept totals, on the real schema: the all-time sums of a record list
/// read the book's cells by year (migration 26; before it, every month's, in group order through
/// migration 9's index), and month ranges still seek by month.
@Suite("Kept-totals query plans (SQLite)")
struct TotalsPlanTests {
    /// `EXPLAIN QUERY PLAN` of `query`'s statement, its steps joined by "; ".
    private func plan(_ query: TotalsQuery) async throws -> String {
        try await withStore(.sqlite) { store in
            try await store.database.read { db in
                let rows = try await db.raw("EXPLAIN QUERY PLAN " + query.sql).all()
                return try rows.map { try $0.decode(column: "detail", as: String.self) }.joined(separator: "; ")
            }
        }
    }

    @Test("all-time totals by kind read the year cells by the primary key, and no month")
    func allTime() async throws {
        let plan = try await plan(
            TotalsQuery(book: BookID(rawValue: 1), range: nil, kinds: ["expense", "income", "transfer_out"])
        )
        #expect(plan.contains("year_category_totals USING PRIMARY KEY (book_id=?)"), "plan: \(plan)")
        #expect(!plan.contains("month_category_totals"), "plan: \(plan)")
    }

    @Test("a range of months by category still seeks the months by the primary key")
    func monthRange() async throws {
        let range = try DateRange(from: LocalDate("2024-02-01")!, to: LocalDate("2024-11-30")!)
        let plan = try await plan(
            TotalsQuery(book: BookID(rawValue: 1), range: range, kinds: ["expense"], dimension: .category)
        )
        #expect(
            plan.contains("month_category_totals USING PRIMARY KEY (book_id=? AND month>? AND month<?)"),
            "plan: \(plan)"
        )
        #expect(!plan.contains("month_category_totals_kind") && !plan.contains("year_"), "plan: \(plan)")
    }

    @Test("on PostgreSQL a range of several months is planned for its range, one month or all time by name")
    func longRangesStayUnnamed() async throws {
        func text(_ query: TotalsQuery) async throws -> String {
            try await withStore(.sqlite) { store in
                try await store.database.read { db in db.serialize(query.sql).sql }
            }
        }
        func payees(_ from: String, _ to: String) throws -> TotalsQuery {
            let range = try DateRange(from: LocalDate(from)!, to: LocalDate(to)!)
            return TotalsQuery(book: BookID(rawValue: 1), range: range, kinds: ["expense"], dimension: .payee)
        }
        #expect(try await !PreparedStatements.mayName(text(payees("2015-01-01", "2024-12-31"))))
        #expect(try await !PreparedStatements.mayName(text(payees("2024-02-01", "2024-03-31"))))
        #expect(try await PreparedStatements.mayName(text(payees("2024-03-01", "2024-03-31"))))
        let allTime = TotalsQuery(book: BookID(rawValue: 1), range: nil, kinds: ["expense"])
        #expect(try await PreparedStatements.mayName(text(allTime)))
    }

    @Test("whole years by category read the year cells, and the months around them the month cells")
    func yearRange() async throws {
        let range = try DateRange(from: LocalDate("2021-11-01")!, to: LocalDate("2024-12-31")!)
        let plan = try await plan(
            TotalsQuery(book: BookID(rawValue: 1), range: range, kinds: ["expense"], dimension: .category)
        )
        #expect(
            plan.contains("year_category_totals USING PRIMARY KEY (book_id=? AND year>? AND year<?)"),
            "plan: \(plan)"
        )
        #expect(
            plan.contains("month_category_totals USING PRIMARY KEY (book_id=? AND month>? AND month<?)"),
            "plan: \(plan)"
        )
    }
}
