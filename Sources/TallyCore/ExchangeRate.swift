/// A rate of exchange: how many units of a book's base currency one unit of another currency is
/// worth ("1.0856" for EUR in a USD book), kept as an exact decimal.
///
/// The decimal is `significand × 10^-scale` with at most 15 significant digits and at most 12
/// decimal places, so every conversion fits in 128 bits (see `convert`). Rates never pass through
/// floating point: they are parsed from text, stored as text and multiplied as integers.
public struct ExchangeRate: Hashable, Sendable, CustomStringConvertible {
    /// The digits, without the decimal point: 10856 for "1.0856". Always positive.
    public let significand: Int64
    /// How many of those digits follow the decimal point: 4 for "1.0856".
    public let scale: Int

    /// The most significant digits a rate may have.
    public static let maxDigits = 15
    /// The most decimal places a rate may have.
    public static let maxScale = 12
    /// What a valid rate looks like, for error messages.
    public static let rule =
        "must be a positive decimal such as 1.0856, with at most 15 significant digits and 12 decimal places"

    /// A rate from its parts, with trailing fractional zeros dropped; nil when it is zero,
    /// negative or beyond the digit limits.
    public init?(significand: Int64, scale: Int) {
        guard significand > 0, (0...Self.maxScale).contains(scale) else { return nil }
        var (s, k) = (significand, scale)
        while k > 0, s % 10 == 0 {
            s /= 10
            k -= 1
        }
        guard s < 1_000_000_000_000_000 else { return nil }
        self.significand = s
        self.scale = k
    }

    /// Parses "1.0856", "157", "0.00634"; nil for anything else (signs, exponents, separators,
    /// zero, too many digits or decimal places).
    public init?(_ text: some StringProtocol) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !trimmed.isEmpty, parts.count <= 2 else { return nil }
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1].reversed().drop { $0 == "0" }.reversed() : []
        let digits = Array(whole) + fraction
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            !(parts.count == 2 && whole.isEmpty && parts[1].isEmpty)
        else { return nil }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= Self.maxDigits, fraction.count <= Self.maxScale else { return nil }
        self.init(significand: Int64(String(significant)) ?? 0, scale: fraction.count)
    }

    /// The canonical decimal text: "1.0856", "157", "0.00634".
    public var description: String {
        guard scale > 0 else { return String(significand) }
        var digits = String(significand)
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let point = digits.index(digits.endIndex, offsetBy: -scale)
        return digits[..<point] + "." + digits[point...]
    }

    /// Converts an amount to the base currency: `minor × significand × 10^base digits / 10^(from
    /// digits + scale)`, computed exactly in 128 bits and rounded half to even once. Nil when the
    /// result would exceed `Money.maxMinorUnits`, the bound every stored amount keeps.
    ///
    /// It fits: |minor| < 2^63, the significand < 10^15 and 10^base digits ≤ 10^4, so the product
    /// stays under 9.3e37, below Int128's 1.7e38.
    public func convert(_ amount: Money, to base: Currency) -> Money? {
        let exponent = base.minorDigits - amount.currency.minorDigits - scale
        let product = Int128(amount.minorUnits) * Int128(significand) * Self.power(max(exponent, 0))
        let result = exponent >= 0 ? product : Self.divideHalfEven(product, by: Self.power(-exponent))
        guard result.magnitude <= UInt128(Money.maxMinorUnits) else { return nil }
        return Money(minorUnits: Int64(result), currency: base)
    }

    /// 10^n for the small n a conversion needs (at most 4 + 4 + 12).
    static func power(_ n: Int) -> Int128 {
        var value: Int128 = 1
        for _ in 0..<n { value *= 10 }
        return value
    }

    /// `value / divisor` rounded half to even (banker's rounding); `divisor` is positive.
    static func divideHalfEven(_ value: Int128, by divisor: Int128) -> Int128 {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        let twice = remainder.magnitude * 2
        let away: Int128 = value < 0 ? -1 : 1
        if twice > divisor.magnitude || (twice == divisor.magnitude && quotient % 2 != 0) {
            return quotient + away
        }
        return quotient
    }

    /// `numerator / denominator` as a rate rounded half to even to at most 12 decimal places and
    /// 15 significant digits: how a cross rate from a file quoted per another currency (the ECB's
    /// "per EUR") becomes a rate to the base. Nil when it is zero or too large to keep.
    public static func quotient(_ numerator: ExchangeRate, _ denominator: ExchangeRate) -> ExchangeRate? {
        // n/10^a ÷ d/10^b = n × 10^(b − a) / d; work at 12 places, then drop digits beyond 15.
        var scale = maxScale
        while scale >= 0 {
            let shift = scale + denominator.scale - numerator.scale
            // Up to 10^15 × 10^24 does not fit in 128 bits; a product that overflows is ≥ 10^15
            // times the denominator, too many digits at this scale: try one place fewer.
            let (top, overflow) = Int128(numerator.significand).multipliedReportingOverflow(by: power(max(shift, 0)))
            guard !overflow else {
                scale -= 1
                continue
            }
            let bottom = Int128(denominator.significand) * power(max(-shift, 0))
            let value = divideHalfEven(top, by: bottom)
            if value < 1_000_000_000_000_000 {
                return value > 0 ? ExchangeRate(significand: Int64(value), scale: scale) : nil
            }
            scale -= 1
        }
        return nil
    }
}

/// The rates of one book: for each currency, its rates by date, to find the one a record uses.
public struct RateTable: Sendable {
    /// The book's base currency.
    public let base: Currency
    /// Per currency code, (date, rate) sorted by date.
    private var byCurrency: [String: [(date: LocalDate, rate: ExchangeRate)]] = [:]

    /// An empty table.
    public init(base: Currency) { self.base = base }

    /// Adds a rate; call `sort()` after the last.
    public mutating func add(_ currency: String, _ date: LocalDate, _ rate: ExchangeRate) {
        byCurrency[currency, default: []].append((date, rate))
    }

    /// Orders each currency's rates by date, once they are all added.
    public mutating func sort() {
        for key in byCurrency.keys { byCurrency[key]?.sort { $0.date < $1.date } }
    }

    /// The latest rate of a currency on or before a day.
    public func rate(_ currency: Currency, on date: LocalDate) -> ExchangeRate? {
        let (rates, after) = firstAfter(currency, date)
        return after == 0 ? nil : rates[after - 1].rate
    }

    /// The first rate date of a currency after a day, where another rate takes over.
    public func nextDate(_ currency: Currency, after date: LocalDate) -> LocalDate? {
        let (rates, after) = firstAfter(currency, date)
        return after < rates.count ? rates[after].date : nil
    }

    /// A currency's rates and the index of the first one dated after `date`, found by halving.
    private func firstAfter(_ currency: Currency, _ date: LocalDate) -> ([(date: LocalDate, rate: ExchangeRate)], Int) {
        let rates = byCurrency[currency.code] ?? []
        var (low, high) = (0, rates.count)
        while low < high {
            let mid = (low + high) / 2
            if rates[mid].date <= date { low = mid + 1 } else { high = mid }
        }
        return (rates, low)
    }

    /// An amount in the base currency: itself when it already is, else converted at the latest
    /// rate on or before the day; nil when no rate applies or the result is out of bounds.
    public func convert(_ amount: Money, on date: LocalDate) -> Money? {
        if amount.currency == base { return amount }
        return rate(amount.currency, on: date)?.convert(amount, to: base)
    }
}

/// One rate of an import, with the file line it came from.
public struct RateRow: Sendable, Hashable {
    /// The most rates one import takes: the ECB's whole history since 1999 is about 200,000.
    /// A file is refused as soon as it passes this, before it is all read into memory.
    public static let importLimit = 500_000

    /// The currency the rate converts from.
    public var currency: Currency
    /// The day it applies from.
    public var date: LocalDate
    /// Units of the book's currency for one unit of `currency`.
    public var rate: ExchangeRate
    /// The line of the file, for errors.
    public var line: Int

    /// A rate read from a file.
    public init(currency: Currency, date: LocalDate, rate: ExchangeRate, line: Int) {
        self.currency = currency
        self.date = date
        self.rate = rate
        self.line = line
    }
}

/// A rate as a form, the API or the CLI sends it, checked.
public struct RateInput: Sendable {
    /// The first day it applies.
    public let date: LocalDate
    /// The currency it converts from.
    public let currency: Currency
    /// Units of the book's currency for one unit of `currency`.
    public let rate: ExchangeRate

    /// Checks the three fields as sent; errors name the field.
    public init(date: String?, currency: String?, rate: String?) throws {
        guard let date, !date.isEmpty else { throw FieldError("date", "is required") }
        self.date = try LocalDate.input(date, field: "date")
        guard let currency, !currency.isEmpty else { throw FieldError("currency", "is required") }
        self.currency = try Validate.currency(currency)
        guard let text = rate, !text.isEmpty else { throw FieldError("rate", "is required") }
        guard let rate = ExchangeRate(text) else { throw FieldError("rate", ExchangeRate.rule) }
        self.rate = rate
    }
}
