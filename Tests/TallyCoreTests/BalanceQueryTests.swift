import Testing

@testable import TallyCore

@Suite("Balance queries: bounds, defaults and period ends")
struct BalanceQueryTests {
    let today = LocalDate("2026-03-15")!

    func parse(_ fields: [String: String]) throws(FieldError) -> BalanceQuery {
        try BalanceQuery.parse({ fields[$0] }, today: today)
    }

    @Test("by default the last twelve months by month, the last one ending today")
    func defaults() throws {
        let query = try parse([:])
        #expect(query.interval == .month)
        #expect(query.range.from.description == "2025-04-01" && query.range.to == today)
        #expect(query.periods.count == 12 && query.periods.first == "2025-04" && query.periods.last == "2026-03")
        #expect(query.ends.first?.description == "2025-04-30")
        #expect(query.ends.last == today)
        #expect(try parse(["interval": "", "from": " "]) == query)
    }

    @Test("weeks end on Sundays and days on themselves; the range's last day cuts the last period short")
    func ends() throws {
        let weeks = try parse(["from": "2026-02-25", "to": "2026-03-10", "interval": "week"])
        #expect(weeks.periods == ["2026-02-23", "2026-03-02", "2026-03-09"])
        #expect(weeks.ends.map(\.description) == ["2026-03-01", "2026-03-08", "2026-03-10"])
        let days = try parse(["from": "2024-02-28", "to": "2024-03-01", "interval": "DAY"])
        #expect(days.ends.map(\.description) == ["2024-02-28", "2024-02-29", "2024-03-01"])
        let months = try parse(["from": "2024-01-31", "to": "2024-02-29"])
        #expect(months.ends.map(\.description) == ["2024-01-31", "2024-02-29"])
    }

    @Test(
        "a step other than day, week or month, a range backwards and more than 1,000 periods are refused, naming the field"
    )
    func bounds() throws {
        for (fields, field) in [
            (["interval": "year"], "interval"), (["interval": "fortnight"], "interval"),
            (["from": "2026-03-02", "to": "2026-03-01"], "to"), (["from": "2026-13-01"], "from"),
            (["from": "1900-01-01", "to": "2199-12-31"], "interval"),
            (["from": "2020-01-01", "to": "2026-01-01", "interval": "day"], "interval"),
        ] {
            #expect(throws: FieldError.self, "\(fields)") { try parse(fields) }
            do { _ = try parse(fields) } catch { #expect(error.field == field, "\(fields): \(error)") }
        }
        // 1,000 periods are allowed: about 19 years of weeks.
        let monday = LocalDate("2000-01-03")!
        let weeks = [
            "from": monday.description, "to": monday.adding(days: 7 * 1_000 - 1).description, "interval": "week",
        ]
        #expect(try parse(weeks).periods.count == 1_000)
        #expect(throws: FieldError.self) {
            try parse(weeks.merging(["to": monday.adding(days: 7_000).description]) { $1 })
        }
    }
}
