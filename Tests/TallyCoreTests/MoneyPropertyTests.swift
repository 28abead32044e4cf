import PropertyBased
import TallyCore
import Testing

/// Amounts for property tests: anywhere in ±Money.maxMinorUnits, cut to 1–12 digits so short
/// amounts (and every thousands grouping) come up as often as long ones.
let boundedAmount = zip(Gen.int(in: 1...12), Gen<Int64>.value(in: -Money.maxMinorUnits...Money.maxMinorUnits)).map {
    digits,
    value in
    var limit: Int64 = 1
    for _ in 0..<digits { limit *= 10 }
    return value % limit
}

/// Any currency Tally knows, by index so that a failure shrinks toward the first.
let anyCurrency = Gen.int(in: 0...(Currency.all.count - 1)).map { Currency.all[$0] }

/// Money shown and read back: what the API, the CSV files and the pages write must parse to the
/// same amount, for every currency and every amount inside the bound.
@Suite("Money properties")
struct MoneyPropertyTests {
    /// The outcome of parsing `text`, as minor units or the error.
    func reparsed(_ text: String, _ currency: Currency) -> Result<Int64, MoneyParseError> {
        Result { () throws(MoneyParseError) in try Money.parse(text, currency: currency).minorUnits }
    }

    @Test("parse(decimalString) and parse(formatted) give the amount back, random amounts and currencies")
    func roundTripRandom() async {
        await propertyCheck(count: 3_000, input: anyCurrency, boundedAmount) { currency, units in
            let money = Money(minorUnits: units, currency: currency)
            #expect(reparsed(money.decimalString, currency) == .success(units), "\(money.decimalString)")
            #expect(reparsed(money.formatted, currency) == .success(units), "\(money.formatted)")
        }
    }

    @Test("every currency round-trips its edge amounts: 0, ±1, each power of ten, ±Money.maxMinorUnits")
    func roundTripEdges() {
        var edges: [Int64] = [0, 1, Money.maxMinorUnits]
        var power: Int64 = 10
        while power <= Money.maxMinorUnits {
            edges += [power - 1, power, power + 1]
            power *= 10
        }
        for currency in Currency.all {
            for units in edges.flatMap({ [$0, -$0] }) {
                let money = Money(minorUnits: units, currency: currency)
                #expect(
                    reparsed(money.decimalString, currency) == .success(units),
                    "\(currency) \(money.decimalString)"
                )
                #expect(reparsed(money.formatted, currency) == .success(units), "\(currency) \(money.formatted)")
            }
        }
    }

    @Test("one minor unit past the bound, either way, is refused in every currency")
    func pastTheBound() {
        for currency in Currency.all {
            for units in [Money.maxMinorUnits + 1, -(Money.maxMinorUnits + 1), Int64.max, Int64.min + 1] {
                let money = Money(minorUnits: units, currency: currency)
                #expect(
                    reparsed(money.decimalString, currency) == .failure(.tooLarge(currency: currency)),
                    "\(money.decimalString)"
                )
                #expect(
                    reparsed(money.formatted, currency) == .failure(.tooLarge(currency: currency)),
                    "\(money.formatted)"
                )
            }
        }
    }

    @Test("decimalString has exactly the currency's decimals, and formatted groups thousands")
    func shapes() async {
        await propertyCheck(count: 1_000, input: anyCurrency, boundedAmount) { currency, units in
            let money = Money(minorUnits: units, currency: currency)
            let decimals = money.decimalString.split(separator: ".", omittingEmptySubsequences: false)
            #expect(decimals.count == (currency.minorDigits == 0 ? 1 : 2))
            if decimals.count == 2 { #expect(decimals[1].count == currency.minorDigits) }
            let groups = money.formatted.filter { $0.isNumber || $0 == "," || $0 == "." }.split(separator: ".")[0]
                .split(separator: ",")
            #expect(
                groups.dropFirst().allSatisfy { $0.count == 3 } && (1...3).contains(groups[0].count),
                "\(money.formatted)"
            )
        }
    }
}
