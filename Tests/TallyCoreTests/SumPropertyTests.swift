import PropertyBased
import TallyCore
import Testing

/// Values from anywhere in Int64 (so overflow is common) mixed with amounts inside the bound.
let anyMinorUnits = zip(Gen.bool, Gen<Int64>.value(in: (Int64.min + 1)...Int64.max), boundedAmount).map {
    wide,
    value,
    amount in
    wide ? value : amount
}

/// Checked sums against 128-bit oracles: a sum that fits is exact, and overflow is reported
/// (as `FieldError.totalTooLarge`, never a trap) exactly when the oracle leaves Int64.
@Suite("Checked sums against a 128-bit oracle")
struct SumPropertyTests {
    static let int64Range = Int128(Int64.min)...Int128(Int64.max)

    /// The checked sum, or nil when it reported overflow.
    func checked(_ values: [Int64]) -> Int64? {
        do { return try values.checkedSum() } catch {
            #expect(error == .totalTooLarge)
            return nil
        }
    }

    @Test("checkedSum overflows exactly when a running total leaves Int64, and is exact otherwise")
    func mixedSigns() async {
        await propertyCheck(count: 3_000, input: anyMinorUnits.array(of: 0...12)) { values in
            var total: Int128 = 0
            var leaves = false
            for value in values {
                total += Int128(value)
                if !Self.int64Range.contains(total) { leaves = true }
            }
            let sum = checked(values)
            #expect((sum == nil) == leaves, "\(values)")
            if let sum { #expect(Int128(sum) == total) }
        }
    }

    @Test("with one sign, checkedSum overflows exactly when the oracle's total exceeds Int64")
    func oneSign() async {
        await propertyCheck(count: 3_000, input: Gen.bool, anyMinorUnits.array(of: 1...12)) { negative, raw in
            let values = raw.map { negative ? -$0.magnitude.clamped : $0.magnitude.clamped }
            let total = values.reduce(Int128(0)) { $0 + Int128($1) }
            let sum = checked(values)
            #expect((sum == nil) == !Self.int64Range.contains(total), "\(values)")
            if let sum { #expect(Int128(sum) == total) }
        }
    }

    @Test("adding and subtracting two amounts: nil or a thrown error exactly on overflow")
    func pairs() async {
        await propertyCheck(count: 3_000, input: anyMinorUnits, anyMinorUnits) { a, b in
            let sum = Int128(a) + Int128(b)
            let difference = Int128(a) - Int128(b)
            let added = Money(minorUnits: a, currency: .usd).adding(Money(minorUnits: b, currency: .usd))
            #expect((added == nil) == !Self.int64Range.contains(sum))
            if let added { #expect(Int128(added.minorUnits) == sum) }
            let checkedSum: Int128? = (try? a.checkedAdding(b)).map { Int128($0) }
            let checkedDifference: Int128? = (try? a.checkedSubtracting(b)).map { Int128($0) }
            #expect(checkedSum == (Self.int64Range.contains(sum) ? sum : nil))
            #expect(checkedDifference == (Self.int64Range.contains(difference) ? difference : nil))
        }
    }

    @Test("amounts inside the bound never overflow: nine million at the limit still fit")
    func boundedNeverOverflows() async {
        #expect(Int128(9_000_000) * Int128(Money.maxMinorUnits) <= Int128(Int64.max))
        await propertyCheck(count: 500, input: boundedAmount.array(of: 0...2_000)) { values in
            let total = values.reduce(Int128(0)) { $0 + Int128($1) }
            let sum: Int128? = checked(values).map { Int128($0) }
            #expect(sum == total)
        }
        // A run of nine million amounts at the bound, of either sign, without materialising them.
        for sign: Int64 in [1, -1] {
            #expect(throws: Never.self) { try repeatElement(sign * Money.maxMinorUnits, count: 9_000_000).checkedSum() }
        }
    }
}

extension UInt64 {
    /// The magnitude as a positive Int64 (Int64.max when it does not fit).
    fileprivate var clamped: Int64 { self > UInt64(Int64.max) ? Int64.max : Int64(self) }
}
