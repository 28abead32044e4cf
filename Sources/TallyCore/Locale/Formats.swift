import Foundation
import Synchronization

/// The one place amounts, numbers and dates are written for a person, the way their region
/// writes them, from the CLDR data in ICU (which ships with the Swift toolchain, through
/// Foundation's format styles). Cheap to make: the ICU formatters behind it are kept by
/// Foundation per style.
public struct Formats: Sendable {
    /// Whose formats these are.
    public let locale: TallyLocale
    let icu: Locale
    /// The person's own first day of the week, before the region's.
    private let weekStart: Int?

    /// The formats of `locale`; `firstWeekday` (1 = Monday … 7 = Sunday) is the person's own
    /// week start, nil for the region's.
    public init(_ locale: TallyLocale, firstWeekday: Int? = nil) {
        self.locale = locale
        self.icu = locale.formats
        self.weekStart = firstWeekday.flatMap { (1...7).contains($0) ? $0 : nil }
    }

    /// US English.
    public static let english = Formats(.english)

    /// The formats of the request or command being served: set once per request by the web app
    /// (from the person's setting or their browser) and once per run by the CLI (from its
    /// environment), so that every amount a person reads (`Money.formatted`) is written their
    /// way without each caller passing a locale along. US English outside of those.
    @TaskLocal public static var current = Formats.english

    /// The first day of the person's week: their setting, else the region's (ISO: 1 = Monday).
    public var firstWeekday: Int { weekStart ?? regionFirstWeekday }

    /// An amount as the region writes it: symbol and its side, separators, grouping (`₹1,50,000.00`
    /// in `en-IN`), the negative form. The digits after the separator are CLDR's for the currency
    /// (`Rp 35.000`, `¥1,200`) unless that would hide a non-zero minor unit Tally stores
    /// (`Rp 1.525.012,50`). Exact: the minor units become a `Decimal`, never a binary float.
    public func money(_ amount: Money) -> String {
        let digits = Self.shownDigits(amount)
        var style = Decimal.FormatStyle.Currency(code: amount.currency.code, locale: icu)
        style = style.precision(.fractionLength(digits))
        return style.format(Self.decimal(amount))
    }

    /// A whole number with the region's grouping and digits (`1.234`, `١٬٢٣٤`).
    public func number(_ value: Int) -> String {
        IntegerFormatStyle<Int>(locale: icu).format(value)
    }

    /// A share in hundredths of a per cent (`1234` is 12.34 %), as the region writes per cents
    /// (`12,34 %`, `%١٢٫٣٤`), with at most `digits` decimals.
    public func percent(hundredths: Int, digits: Int = 0) -> String {
        let value = Decimal(
            sign: hundredths < 0 ? .minus : .plus,
            exponent: -4,
            significand: Decimal(hundredths.magnitude)
        )
        return Decimal.FormatStyle.Percent(locale: icu).precision(.fractionLength(0...digits)).format(value)
    }

    /// The symbol this locale writes `currency` with (`A$` for AUD in en-US, `€` in de-DE), as
    /// `money` puts it beside the digits; made once per locale and currency.
    public func symbol(_ currency: Currency) -> String {
        let key = "\(locale.tag) \(currency.code)"
        if let known = Self.symbols.withLock({ $0[key] }) { return known }
        let zero = Decimal.FormatStyle.Currency(code: currency.code, locale: icu).precision(.fractionLength(0)).format(
            0
        )
        // The zero, any sign and bidi marks out; what is left, trimmed, is the symbol (`F CFA` keeps
        // its inner space).
        let symbol = String(
            String.UnicodeScalarView(
                zero.unicodeScalars.filter {
                    !$0.properties.isBidiControl && $0.properties.numericType == nil && $0 != "-" && $0 != "\u{2212}"
                }
            )
        ).trimmingCharacters(in: .whitespaces)
        Self.symbols.withLock { cache in if cache.count < 10_000 { cache[key] = symbol } }
        return symbol
    }

    /// The symbols looked up, by locale and currency (bounded: 8 languages × any region × 180
    /// currencies would be more than a person's requests ever ask for).
    private static let symbols = Mutex<[String: String]>([:])

    /// The decimals CLDR shows for `currency` (the script's `Intl` formatting shows as many, or
    /// the currency's own when an amount has a non-zero minor unit below them).
    public static func cldrDigits(_ currency: Currency) -> Int {
        min(cldrDigits[currency.code] ?? currency.minorDigits, currency.minorDigits)
    }

    /// The number of decimals shown for `amount`: CLDR's for its currency, or the currency's ISO
    /// digits when the amount has a non-zero minor unit below CLDR's.
    static func shownDigits(_ amount: Money) -> Int {
        let iso = amount.currency.minorDigits
        guard let cldr = cldrDigits[amount.currency.code], cldr < iso else { return iso }
        var factor: Int64 = 1
        for _ in cldr..<iso { factor *= 10 }
        return amount.minorUnits % factor == 0 ? cldr : iso
    }

    /// The currencies CLDR writes with fewer decimals than ISO 4217 gives them (CLDR 47's
    /// `currencyData`, checked against Babel in `FormatsGoldenTests`). Kept as a table, and the
    /// digits always passed to ICU, so that the toolchain's ICU version cannot change them.
    /// IQD is left out: CLDR shows none of its three decimals, and `IQD 1,000` would read back as
    /// one dinar, a comma before three digits being a three-decimal currency's decimal separator.
    static let cldrDigits: [String: Int] = [
        "AFN": 0, "ALL": 0, "COP": 0, "HUF": 0, "IDR": 0, "IRR": 0, "KPW": 0, "LAK": 0,
        "LBP": 0, "MGA": 0, "MMK": 0, "SOS": 0, "SYP": 0, "YER": 0,
    ]

    /// The amount as an exact decimal in major units.
    static func decimal(_ amount: Money) -> Decimal {
        Decimal(
            sign: amount.minorUnits < 0 ? .minus : .plus,
            exponent: -amount.currency.minorDigits,
            significand: Decimal(amount.minorUnits.magnitude)
        )
    }
}
