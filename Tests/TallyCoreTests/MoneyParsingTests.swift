import TallyCore
import Testing

@Suite("Money.parse")
struct MoneyParsingTests {
    @Test(
        "accepts what people type (USD)",
        arguments: [
            ("4.50", 450),
            ("4,50", 450),
            ("4.5", 450),
            ("4,5", 450),
            ("1,234.56", 123_456),
            ("1.234,56", 123_456),
            ("1 234,56", 123_456),
            ("1'234.56", 123_456),
            ("1,234", 123_400),
            ("1,234,567", 123_456_700),
            ("1.234.567", 123_456_700),
            ("1,234,567.89", 123_456_789),
            ("-3", -300),
            ("−3", -300),
            ("+3", 300),
            ("$4.50", 450),
            ("-$4.50", -450),
            ("$-4.50", -450),
            ("$ 4.50", 450),
            ("4.50 USD", 450),
            ("4.50USD", 450),
            ("USD 4.50", 450),
            ("-4.50 USD", -450),
            ("  7 ", 700),
            ("\t7\n", 700),
            ("0", 0),
            ("-0", 0),
            ("0.01", 1),
            (".5", 50),
            ("007", 700),
            ("9999999999.99", 999_999_999_999),
            ("-9999999999.99", -999_999_999_999),
        ] as [(String, Int64)]
    )
    func acceptsUSD(text: String, minorUnits: Int64) {
        #expect(parsed(text, .usd) == .success(minorUnits))
    }

    @Test("keeps the currency it was given")
    func keepsCurrency() throws {
        let money = try Money.parse("4.50", currency: .eur)
        #expect(money == Money(minorUnits: 450, currency: .eur))
        #expect(money.currency == .eur)
    }

    @Test("currency markers of other currencies are not accepted")
    func otherCurrencyMarkers() {
        #expect(parsed("€4.50", .usd) == .failure(.notANumber("€4.50")))
        #expect(parsed("4.50 EUR", .usd) == .failure(.notANumber("4.50 EUR")))
        #expect(parsed("€4,50", .eur) == .success(450))
        #expect(parsed("4,50 EUR", .eur) == .success(450))
        #expect(parsed("R$ 1.234,56", .brl) == .success(123_456))
        #expect(parsed("zł12,00", .pln) == .success(1200))
    }

    @Test("JPY has no decimals")
    func yen() {
        #expect(parsed("300", .jpy) == .success(300))
        #expect(parsed("¥300", .jpy) == .success(300))
        #expect(parsed("¥1,234", .jpy) == .success(1234))
        #expect(parsed("300 JPY", .jpy) == .success(300))
        #expect(parsed("3.5", .jpy) == .failure(.tooManyDecimals(currency: .jpy)))
        #expect(parsed("3,5", .jpy) == .failure(.tooManyDecimals(currency: .jpy)))
    }

    @Test("KWD has three decimals, so a lone comma with three digits is the decimal point")
    func kuwaitiDinar() {
        #expect(parsed("1,234", .kwd) == .success(1234))
        #expect(parsed("1.234", .kwd) == .success(1234))
        #expect(parsed("1.5", .kwd) == .success(1500))
        #expect(parsed("1,234.567", .kwd) == .success(1_234_567))
        #expect(parsed("1.234,567", .kwd) == .success(1_234_567))
        #expect(parsed("KWD 1.234", .kwd) == .success(1234))
        #expect(parsed("1.2345", .kwd) == .failure(.tooManyDecimals(currency: .kwd)))
    }

    @Test("CLF has four decimals; a lone comma with three digits groups thousands")
    func fourDecimals() {
        #expect(parsed("1.2345", .clf) == .success(12345))
        #expect(parsed("1,234", .clf) == .success(12_340_000))
        #expect(parsed("1.23456", .clf) == .failure(.tooManyDecimals(currency: .clf)))
    }

    @Test("empty input", arguments: ["", " ", "   ", "\t\n"])
    func empty(text: String) {
        #expect(parsed(text) == .failure(.empty))
    }

    @Test(
        "not a number",
        arguments: [
            "abc", "1e9999", "1E5", "NaN", "nan", "inf", "Infinity", "0x10", "4.50.", "4.", "-", "$", "USD",
            "--5", "-+5", "+-5", "-$-5", "$$5", "4.50 USD USD", "4-5", "5-", "4/5", "½", "٣", "４", "12 abc",
        ]
    )
    func notANumber(text: String) {
        #expect(parsed(text) == .failure(.notANumber(text)))
    }

    @Test("more decimals than the currency has are rejected, never rounded")
    func tooManyDecimals() {
        #expect(parsed("12.345") == .failure(.tooManyDecimals(currency: .usd)))
        #expect(parsed("0.001") == .failure(.tooManyDecimals(currency: .usd)))
        #expect(parsed("1,2345") == .failure(.tooManyDecimals(currency: .usd)))
        #expect(parsed("1.234,567") == .failure(.tooManyDecimals(currency: .usd)))
    }

    @Test(
        "misplaced thousands separators",
        arguments: [
            "1,23,4", "4.5.6", "12 34", "1,2345,678", "1234,567,890", ",123", "0,123", "1,,234", "1..234,00", "1 234 5",
        ]
    )
    func badGrouping(text: String) {
        #expect(parsed(text) == .failure(.badGrouping(text)))
    }

    @Test("amounts beyond Money.maxMinorUnits either way, up to and past 64 bits")
    func tooLarge() {
        #expect(parsed("9999999999.99") == .success(999_999_999_999))
        #expect(parsed("-9,999,999,999.99") == .success(-999_999_999_999))
        #expect(parsed("10000000000.00") == .failure(.tooLarge(currency: .usd)))
        #expect(parsed("-10,000,000,000") == .failure(.tooLarge(currency: .usd)))
        #expect(parsed("99999999999999999999") == .failure(.tooLarge(currency: .usd)))
        #expect(parsed("-99999999999999999999") == .failure(.tooLarge(currency: .usd)))
        #expect(parsed("92233720368547758.07") == .failure(.tooLarge(currency: .usd)))
        #expect(parsed("92,233,720,368,547,758.08") == .failure(.tooLarge(currency: .usd)))
        #expect(parsed("999999999999", .jpy) == .success(999_999_999_999))
        #expect(parsed("1000000000000", .jpy) == .failure(.tooLarge(currency: .jpy)))
        #expect(parsed("9223372036854775808", .jpy) == .failure(.tooLarge(currency: .jpy)))
        #expect(parsed("-9223372036854775808", .jpy) == .failure(.tooLarge(currency: .jpy)))
    }

    @Test("errors read as sentences")
    func descriptions() {
        #expect(MoneyParseError.empty.description == "is empty")
        #expect(MoneyParseError.notANumber("abc").description == "'abc' is not an amount")
        #expect(MoneyParseError.tooManyDecimals(currency: .usd).description == "USD amounts have at most 2 decimals")
        #expect(MoneyParseError.tooManyDecimals(currency: .jpy).description == "JPY amounts have no decimals")
        #expect(MoneyParseError.badGrouping("1,23,4").description == "'1,23,4' has misplaced thousands separators")
        #expect(
            MoneyParseError.tooLarge(currency: .usd).description == "is too large: at most 9999999999.99 either way"
        )
    }
}
