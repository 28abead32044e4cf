import TallyCore
import Testing

@Suite("Money formatting")
struct MoneyFormattingTests {
    @Test(
        "formatted: symbol, thousands separators, sign in front (a code kept from its digits by a no-break space)",
        arguments: [
            (123_456, "USD", "$1,234.56"),
            (-450, "USD", "-$4.50"),
            (0, "USD", "$0.00"),
            (5, "USD", "$0.05"),
            (-1, "USD", "-$0.01"),
            (100_000, "USD", "$1,000.00"),
            (99_999, "USD", "$999.99"),
            (123_456_789, "USD", "$1,234,567.89"),
            (Int64.max, "USD", "$92,233,720,368,547,758.07"),
            (Int64.min, "USD", "-$92,233,720,368,547,758.08"),
            (300, "JPY", "¥300"),
            (1_234_567, "JPY", "¥1,234,567"),
            (-1000, "JPY", "-¥1,000"),
            (1234, "KWD", "KWD\u{00A0}1.234"),
            (-1_234_567, "KWD", "-KWD\u{00A0}1,234.567"),
            (5, "KWD", "KWD\u{00A0}0.005"),
            (12345, "CLF", "CLF\u{00A0}1.2345"),
            (1234, "BIF", "BIF\u{00A0}1,234"),
            (450, "EUR", "€4.50"),
            (450, "GBP", "£4.50"),
            (100_000_000, "INR", "₹1,000,000.00"),
            (100_000, "BRL", "R$1,000.00"),
            // CLDR's en-US writes the złoty by its code (Tally's own table said "zł").
            (1200, "PLN", "PLN\u{00A0}12.00"),
            (1200, "CHF", "CHF\u{00A0}12.00"),
            (5000, "KRW", "₩5,000"),
        ] as [(Int64, String, String)]
    )
    func formatted(minorUnits: Int64, code: String, expected: String) throws {
        let currency = try #require(Currency(code: code))
        let money = Money(minorUnits: minorUnits, currency: currency)
        #expect(money.formatted == expected)
        #expect(money.description == expected)
    }

    @Test(
        "formatted follows the locale of the request or command (Formats.current)",
        arguments: [
            ("de-DE", 324_518, "EUR", "3.245,18 €"), ("de-DE", -4567, "EUR", "-45,67 €"),
            ("id-ID", 152_501_250, "IDR", "Rp1.525.012,50"), ("id-ID", 3_500_000, "IDR", "Rp35.000"),
            ("en-IN", 15_295_050, "INR", "₹1,52,950.50"), ("fr-FR", 123_456, "EUR", "1 234,56 €"),
            ("ja-JP", 1200, "JPY", "¥1,200"), ("ar-EG-u-nu-latn", 123_456, "EGP", "1,234.56 ج.م.‏"),
        ] as [(String, Int64, String, String)]
    )
    func formattedInALocale(tag: String, minorUnits: Int64, code: String, expected: String) throws {
        let money = Money(minorUnits: minorUnits, currency: try #require(Currency(code: code)))
        let shown = Formats.$current.withValue(Formats(try TallyLocale(tag))) { money.formatted }
        // ICU's spaces (no-break, narrow no-break) and bidi marks, as plain spaces and nothing.
        let plain = String(
            String.UnicodeScalarView(
                shown.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                    switch scalar.value {
                    case 0x00A0, 0x202F: " "
                    case 0x200E, 0x200F, 0x061C: nil
                    default: scalar
                    }
                }
            )
        )
        #expect(plain == expected.replacingOccurrences(of: "\u{200F}", with: ""), "\(shown.debugDescription)")
        #expect(money.formatted == Formats.english.money(money), "outside a request: US English")
    }

    @Test(
        "decimalString: plain digits, point, minus",
        arguments: [
            (450, "USD", "4.50"),
            (-123_456, "USD", "-1234.56"),
            (0, "USD", "0.00"),
            (7, "USD", "0.07"),
            (-7, "USD", "-0.07"),
            (300, "JPY", "300"),
            (-300, "JPY", "-300"),
            (0, "JPY", "0"),
            (1234, "KWD", "1.234"),
            (1, "KWD", "0.001"),
            (1, "CLF", "0.0001"),
            (1_234_567, "BIF", "1234567"),
            (Int64.max, "USD", "92233720368547758.07"),
            (Int64.min, "USD", "-92233720368547758.08"),
        ] as [(Int64, String, String)]
    )
    func decimalString(minorUnits: Int64, code: String, expected: String) throws {
        let currency = try #require(Currency(code: code))
        #expect(Money(minorUnits: minorUnits, currency: currency).decimalString == expected)
    }

    @Test("symbols: the table's symbol, else the code")
    func symbols() {
        #expect(Currency.usd.symbol == "$")
        #expect(Currency.eur.symbol == "€")
        #expect(Currency.jpy.symbol == "¥")
        #expect(Currency.brl.symbol == "R$")
        #expect(Currency.kwd.symbol == "KWD")
        #expect(Currency(code: "CHF")?.symbol == "CHF")
    }

    @Test("arithmetic helpers")
    func arithmetic() {
        let a = Money(minorUnits: 450, currency: .usd)
        let b = Money(minorUnits: -1000, currency: .usd)
        #expect(a.adding(b) == Money(minorUnits: -550, currency: .usd))
        #expect(a.adding(Money(minorUnits: 1, currency: .eur)) == nil)
        #expect(Money(minorUnits: .max, currency: .usd).adding(Money(minorUnits: 1, currency: .usd)) == nil)
        #expect(Money(minorUnits: .min, currency: .usd).adding(Money(minorUnits: -1, currency: .usd)) == nil)
        #expect(a.negated == Money(minorUnits: -450, currency: .usd))
        #expect(b.isNegative)
        #expect(!a.isNegative)
        #expect(!Money.zero(.jpy).isNegative)
        #expect(Money.zero(.jpy) == Money(minorUnits: 0, currency: .jpy))
        #expect(Money(minorUnits: 1, currency: .usd) != Money(minorUnits: 1, currency: .eur))
    }
}

@Suite("Currency")
struct CurrencyTests {
    @Test("lookup is case-insensitive and rejects unknown codes")
    func lookup() {
        #expect(Currency(code: "usd") == .usd)
        #expect(Currency(code: "Eur")?.code == "EUR")
        #expect(Currency(code: "XYZ") == nil)
        #expect(Currency(code: "") == nil)
        #expect(Currency(code: "US") == nil)
        #expect(Currency.usd.description == "USD")
    }

    @Test("minor digits and minor units per major")
    func minorDigits() {
        #expect(Currency.usd.minorDigits == 2 && Currency.usd.minorUnitsPerMajor == 100)
        #expect(Currency.jpy.minorDigits == 0 && Currency.jpy.minorUnitsPerMajor == 1)
        #expect(Currency.kwd.minorDigits == 3 && Currency.kwd.minorUnitsPerMajor == 1000)
        #expect(Currency.clf.minorDigits == 4 && Currency.clf.minorUnitsPerMajor == 10_000)
    }

    @Test("all: sorted, unique, three upper-case letters")
    func all() {
        let codes = Currency.all.map(\.code)
        #expect(codes.count > 150)
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isUppercase } })
        #expect(codes.contains("USD") && codes.contains("JPY") && codes.contains("KWD"))
        #expect(Currency.all.allSatisfy { (0...4).contains($0.minorDigits) })
    }
}
