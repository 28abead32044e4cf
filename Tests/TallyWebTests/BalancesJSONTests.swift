import Foundation
import TallyCore
import Testing

@testable import TallyJSON

/// `ReportJSON.Balances` writes itself by hand (`JSONWritable`): byte for byte what `JSONEncoder`
/// writes of it, `null` for a balance no rate converts included, whatever the accounts are named.
@Suite("Balances JSON")
struct BalancesJSONTests {
    @Test("written by hand as JSONEncoder writes it: awkward names, null base balances, negatives")
    func sameAsEncoder() throws {
        let names = ["Cash", "\"quoted\" \\ back/slash", "tab\tnew\nline\u{1}", "é€👍🏽", "", "<b>&'"]
        let euro = Currency(code: "EUR")!
        let accounts = names.enumerated().map { index, name in
            Account(
                id: AccountID(rawValue: Int64(index) + 1),
                bookID: 1,
                name: name,
                kind: index == 2 ? .credit : .cash,
                openingBalance: Money(minorUnits: Int64(index) * 1_001 - 2_500, currency: index == 3 ? euro : .usd),
                archived: index == 5
            )
        }
        var rates = RateTable(base: .usd)
        rates.add("EUR", LocalDate("2026-02-10")!, ExchangeRate("1.0856")!)
        rates.sort()
        let moves: [BalanceSeries: [Int64]] = [
            BalanceSeries(account: 1, currency: euro): [0, -1_200, 300],
            BalanceSeries(account: 2, currency: .usd): [99, -99_999, 5],
        ]
        let report = try BalanceReport(
            query: try BalanceQuery(
                range: try DateRange(from: LocalDate("2026-01-01")!, to: LocalDate("2026-03-15")!),
                interval: .month
            ),
            currency: .usd,
            accounts: accounts,
            moves: moves,
            rates: rates
        )
        let value = ReportJSON.Balances(report)
        let written = String(decoding: value.jsonBytes, as: UTF8.self)
        #expect(written == String(decoding: try ReportJSON.foundationEncode(value), as: UTF8.self))
        #expect(written.contains(#""base_balance":null"#), "euros before the first rate")
        #expect(try ReportJSON.encode(value) == Data(value.jsonBytes))
    }
}
