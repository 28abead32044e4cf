/// Field checks shared by budgets, goals and bills.
public enum PlanValidate {
    /// Plan dates stay within the supported years (`LocalDate.supported`), so every period around
    /// them is a real date.
    public static let years = LocalDate.supported.lowerBound.year...LocalDate.supported.upperBound.year

    /// A money field: positive (or zero, when `allowZero`) and not absurdly large.
    public static func amount(
        _ raw: String,
        field: String,
        currency: Currency,
        allowZero: Bool = false
    ) throws(FieldError) -> Money {
        let money: Money
        do { money = try Money.parse(raw, currency: currency) } catch {
            throw FieldError(field, error.description)
        }
        if money.minorUnits < 0 { throw FieldError(field, "must not be negative") }
        if money.minorUnits == 0 && !allowZero { throw FieldError(field, "must be greater than zero") }
        return money
    }

    /// A date field, "YYYY-MM-DD", within `years`.
    public static func date(_ raw: String, field: String) throws(FieldError) -> LocalDate {
        try LocalDate.input(raw, field: field)
    }

    /// A whole number field within `range`.
    public static func integer(_ raw: String, field: String, in range: ClosedRange<Int>) throws(FieldError) -> Int {
        guard let value = Int(raw.trimmingSpaces()), range.contains(value) else {
            throw FieldError(field, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// Optional free text, trimmed.
    public static func text(_ raw: String?, field: String, maxLength: Int) throws(FieldError) -> String {
        let value = (raw ?? "").trimmingSpaces()
        try Validate.text(value, field: field, maxLength: maxLength)
        return value
    }

    /// A list field given as text: "Food, Coffee" or one name per entry.
    public static func references(_ raw: [String]?) -> [Reference]? {
        raw.map { $0.compactMap(Reference.init) }
    }
}
