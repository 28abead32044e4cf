/// An exact amount of money: a whole number of minor units (cents) in one currency.
///
/// Money never passes through floating point: parsing, sums and display all work on the
/// integer `minorUnits`.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The amount in the currency's minor unit (cents for USD).
    public var minorUnits: Int64
    /// The currency of the amount.
    public var currency: Currency

    /// Makes an amount from minor units.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// The largest magnitude one amount may have: 10¹² − 1 minor units (9,999,999,999.99 in a
    /// two-decimal currency). Every amount that enters is checked against it, so that the sum of
    /// nine million records at the limit still fits in 64 bits and no total can overflow.
    public static let maxMinorUnits: Int64 = 999_999_999_999

    /// Zero in the given currency.
    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    /// True when the amount is below zero.
    public var isNegative: Bool { minorUnits < 0 }

    /// The plain decimal form used by the API and CSV: "4.50", "-1234.56", "300" (JPY).
    public var decimalString: String {
        let (major, minor) = splitMagnitude()
        let sign = minorUnits < 0 ? "-" : ""
        return minor.map { "\(sign)\(major).\($0)" } ?? "\(sign)\(major)"
    }

    /// The form shown to people, the way their region writes it (`Formats.current`): `-$1,234.56`
    /// in `en-US`, `-1.234,56 €` in `de-DE`, `₹1,50,000.00` in `en-IN`.
    public var formatted: String { Formats.current.money(self) }

    /// The magnitude as whole major units and zero-padded minor digits (nil for 0-digit currencies).
    private func splitMagnitude() -> (major: UInt64, minor: String?) {
        let magnitude = minorUnits.magnitude
        guard currency.minorDigits > 0 else { return (magnitude, nil) }
        let factor = UInt64(currency.minorUnitsPerMajor)
        let minor = String(magnitude % factor)
        return (magnitude / factor, String(repeating: "0", count: currency.minorDigits - minor.count) + minor)
    }

    /// The same as `formatted`.
    public var description: String { formatted }

    /// Adds two amounts of the same currency; `nil` on a currency mismatch or overflow.
    public func adding(_ other: Money) -> Money? {
        guard other.currency == currency else { return nil }
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: sum, currency: currency)
    }

    /// The amount with its sign flipped.
    public var negated: Money { Money(minorUnits: -minorUnits, currency: currency) }
}
