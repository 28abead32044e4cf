/// Sums of minor units that report overflow instead of trapping.
///
/// Every amount that enters is at most `Money.maxMinorUnits` (10¹² − 1), so a sum overflows 64
/// bits only past about nine million records at that limit. Sums still go through these checks:
/// a trap in a request would take the server down for every user, while a thrown
/// `FieldError` is a 422 that names the total.
extension Int64 {
    /// `self + other`, or a `FieldError` on the `total` field when the sum leaves 64 bits.
    public func checkedAdding(_ other: Int64) throws(FieldError) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard !overflow else { throw FieldError.totalTooLarge }
        return sum
    }

    /// `self - other`, or a `FieldError` when the difference leaves 64 bits.
    public func checkedSubtracting(_ other: Int64) throws(FieldError) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard !overflow else { throw FieldError.totalTooLarge }
        return difference
    }

    /// Adds `other` in place; throws (and leaves `self` unchanged) when the sum leaves 64 bits.
    public mutating func checkedAdd(_ other: Int64) throws(FieldError) {
        self = try checkedAdding(other)
    }
}

extension Sequence {
    /// The sum of `value` over the elements, checked for overflow.
    public func checkedSum(_ value: (Element) -> Int64) throws(FieldError) -> Int64 {
        var total: Int64 = 0
        for element in self { try total.checkedAdd(value(element)) }
        return total
    }
}

extension Sequence<Int64> {
    /// The sum of the values, checked for overflow.
    public func checkedSum() throws(FieldError) -> Int64 { try checkedSum { $0 } }
}

extension FieldError {
    /// A total that does not fit in 64-bit minor units.
    public static let totalTooLarge = FieldError("total", "is too large to compute (beyond 64-bit minor units)")
}
