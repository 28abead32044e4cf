import Foundation

/// The one place amounts, numbers and dates are written for a person, the way their region
/// writes them, from the CLDR data in ICU (which ships with the Swift toolchain, through
/// Foundation's format styles). Cheap to make: the ICU formatters behind it are kept by
/// Foundation per style.
public struct Formats: Sendable {
    /// Whose formats these are.
    public let locale: TallyLocale
    let icu: Locale

    /// The formats of `locale`.
    public init(_ locale: TallyLocale) {
        self.locale = locale
        self.icu = locale.formats
    }

    /// US English.
    public static let english = Formats(.english)

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
    static let cldrDigits: [String: Int] = [
        "AFN": 0, "ALL": 0, "COP": 0, "HUF": 0, "IDR": 0, "IQD": 0, "IRR": 0, "KPW": 0, "LAK": 0,
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
