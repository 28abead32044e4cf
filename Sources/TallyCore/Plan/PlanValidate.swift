/// Field checks shared by budgets, goals and bills.
public enum PlanValidate {
    /// The largest amount a plan takes (10¹⁵ minor units), so that sums over many periods can
    /// never overflow 64 bits.
    public static let maxMinorUnits: Int64 = 1_000_000_000_000_000

    /// Plan dates stay within 1900–2999, so every period around them is a real date.
    public static let years = 1900...2999

    /// A money field: positive (or zero, when `allowZero`) and not absurdly large.
    public static func amount(_ raw: String, field: String, currency: Currency, allowZero: Bool = false) throws(ValidationError) -> Money {
        let money: Money
        do { money = try Money.parse(raw, currency: currency) } catch { throw ValidationError(field, error.description) }
        if money.minorUnits < 0 { throw ValidationError(field, "must not be negative") }
        if money.minorUnits == 0 && !allowZero { throw ValidationError(field, "must be greater than zero") }
        if money.minorUnits > maxMinorUnits { throw ValidationError(field, "is too large") }
        return money
    }

    /// A date field, "YYYY-MM-DD", within `years`.
    public static func date(_ raw: String, field: String) throws(ValidationError) -> LocalDate {
        guard let date = LocalDate(raw.trimmingSpaces()) else { throw ValidationError(field, "'\(raw)' is not a valid date (YYYY-MM-DD)") }
        guard years.contains(date.year) else { throw ValidationError(field, "must be between \(years.lowerBound) and \(years.upperBound)") }
        return date
    }

    /// A whole number field within `range`.
    public static func integer(_ raw: String, field: String, in range: ClosedRange<Int>) throws(ValidationError) -> Int {
        guard let value = Int(raw.trimmingSpaces()), range.contains(value) else {
            throw ValidationError(field, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// Optional free text, trimmed.
    public static func text(_ raw: String?, field: String, maxLength: Int) throws(ValidationError) -> String {
        let value = (raw ?? "").trimmingSpaces()
        try Validate.text(value, field: field, maxLength: maxLength)
        return value
    }

    /// A list field given as text: "Food, Coffee" or one name per entry.
    public static func references(_ raw: [String]?) -> [Reference]? {
        raw.map { $0.compactMap(Reference.init) }
    }
}
