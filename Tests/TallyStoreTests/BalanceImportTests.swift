import TallyCore
import TallyFiles
import Testing

@testable import TallyStore

@Suite("Balances over time after an import")
struct BalanceImportTests {
    @Test(
        "an import keeps each account's days (through COPY on PostgreSQL): check is clean, balances add up",
        arguments: Backend.available
    )
    func importKeepsDays(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            // 3,000 records over 1,000 days in three accounts: more day cells than a small
            // import's VALUES upsert takes, with transfers, splits and euros.
            var csv = ImportCopyTests.header
            var expected: [String: Int64] = [:]
            let start = LocalDate("2022-01-01")!
            for i in 0..<3_000 {
                let day = start.adding(days: i % 1_000).description
                let cents = Int64(100 + i)
                let amount = BalanceBook.text(cents, "USD")
                switch i % 5 {
                case 0:
                    csv += "\(day),\(amount),income,Employer,Salary,,Checking,USD,,,,,\n"
                    expected["Checking|USD", default: 0] += cents
                case 1:
                    csv += "\(day),\(amount),transfer,,,,Checking,USD,,Savings,,,\n"
                    expected["Checking|USD", default: 0] -= cents
                    expected["Savings|USD", default: 0] += cents
                case 2:
                    csv += "\(day),1.00,expense,Shop,Food,,Cash,USD,,,s\(i),,\n"
                    csv += "\(day),\(amount),expense,Shop,Home,,Cash,USD,,,s\(i),,\n"
                    expected["Cash|USD", default: 0] -= cents + 100
                case 3:
                    csv += "\(day),\(amount),expense,Café,Food,,Cash,EUR,,,,,\n"
                    expected["Cash|EUR", default: 0] -= cents
                default:
                    csv += "\(day),\(amount),expense,Shop,Food,,Savings,USD,,,,,\n"
                    expected["Savings|USD", default: 0] -= cents
                }
            }
            try await ImportCopyTests.importCSV(store, user, book, csv)
            #expect(try await store.checks.check(book: book.id).isClean)
            let scope = try await store.scope(user, book: book.id)
            let report = try await store.reports.balances(
                try BalanceQuery(
                    range: try DateRange(from: LocalDate("2022-01-01")!, to: LocalDate("2024-12-31")!),
                    interval: .month
                ),
                in: scope
            )
            let last = try #require(report.periods.last)
            for (key, total) in expected {
                let parts = key.split(separator: "|").map(String.init)
                let found = last.balances.first { $0.account.name == parts[0] && $0.balance.currency.code == parts[1] }
                #expect(found?.balance.minorUnits == total, "\(key)")
            }
            // No rate: the euros are left out of the net worth, which sums the rest.
            #expect(last.leftOut.map(\.balance.currency.code) == ["EUR"])
            #expect(last.netWorth.minorUnits == expected.filter { !$0.key.hasSuffix("EUR") }.values.reduce(0, +))
        }
    }
}
