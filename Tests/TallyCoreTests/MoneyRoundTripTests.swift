import TallyCore
import Testing

/// Property tests: every amount Tally can show or export parses back to itself.
@Suite("Money round trips")
struct MoneyRoundTripTests {
    /// Amounts checked per currency: the edges, then pseudo-random values from a fixed seed.
    static func samples(for currency: Currency, count: Int = 3000) -> [Int64] {
        var seed: UInt64 = 0x7A11_7A11
        for byte in currency.code.utf8 { seed = seed &* 31 &+ UInt64(byte) }
        var generator = SplitMix64(seed: seed)
        var values: [Int64] = [
            0, 1, -1, 9, 10, 99, 100, 101, 999, 1000, 1001, 999_999, 1_000_000,
            Money.maxMinorUnits, Money.maxMinorUnits - 1, -Money.maxMinorUnits, -Money.maxMinorUnits + 1,
        ]
        while values.count < count { values.append(generator.nextMinorUnits()) }
        return values
    }

    @Test("the generator is deterministic and spread out")
    func generator() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        let first = (0..<100).map { _ in a.nextMinorUnits() }
        #expect(first == (0..<100).map { _ in b.nextMinorUnits() })
        #expect(Set(first).count > 95)
        #expect(first.contains { $0 < 0 } && first.contains { $0 > 0 })
        #expect(!first.contains(.min))
    }

    @Test("parse(decimalString) == money", arguments: Currency.all)
    func decimalStringRoundTrip(currency: Currency) {
        var failures: [String] = []
        for minorUnits in Self.samples(for: currency) {
            let money = Money(minorUnits: minorUnits, currency: currency)
            let text = money.decimalString
            let back = parsed(text, currency)
            if back != .success(minorUnits) { failures.append("\(minorUnits) -> \(text) -> \(back)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(5))")
    }

    @Test("parse(formatted) == money", arguments: Currency.all)
    func formattedRoundTrip(currency: Currency) {
        var failures: [String] = []
        for minorUnits in Self.samples(for: currency) {
            let money = Money(minorUnits: minorUnits, currency: currency)
            let text = money.formatted
            let back = parsed(text, currency)
            if back != .success(minorUnits) { failures.append("\(minorUnits) -> \(text) -> \(back)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(5))")
    }

    @Test("formatted with the code instead of the symbol also parses", arguments: Currency.all)
    func codeSuffixRoundTrip(currency: Currency) {
        var failures: [String] = []
        for minorUnits in Self.samples(for: currency, count: 300) {
            let text = "\(Money(minorUnits: minorUnits, currency: currency).decimalString) \(currency.code)"
            if parsed(text, currency) != .success(minorUnits) { failures.append(text) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("decimalString has exactly the currency's number of decimals", arguments: Currency.all)
    func decimalShape(currency: Currency) {
        for minorUnits in Self.samples(for: currency, count: 200) {
            let text = Money(minorUnits: minorUnits, currency: currency).decimalString
            let fraction = text.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first
            #expect((fraction?.count ?? 0) == currency.minorDigits, "\(text)")
            #expect(!text.contains(","))
        }
    }
}
