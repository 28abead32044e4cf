/// Shares a whole number of minor units out in proportion to some weights, exactly.
///
/// A split record converted to the book's currency is converted once, as a whole, and the
/// converted amount is then shared over its lines. Converting each line on its own and rounding
/// it drifts: three lines of 0.01 EUR at 1.5 make 0.02 + 0.02 + 0.02 = 0.06 USD against a record
/// of 0.05. The largest-remainder method (Hamilton's) gives each line the floor of its exact
/// share and hands the units left over, one each, to the lines that lost the most to the floor.
public enum Allocation {
    /// `total` shared over `weights`: the shares sum to `total` exactly, and each differs from
    /// its exact proportional share by less than one unit. Ties in the remainder go to the
    /// earlier weight, so the result depends only on the inputs.
    ///
    /// The weights are split lines' amounts, which Tally keeps positive; but they come from
    /// stored rows (a restored or hand-edited database), and a rate change shares a record out
    /// again long after, so no weight may stop the process (it used to be a precondition).
    /// Whatever they are, the shares still add up to `total`, so every kept total stays exact:
    /// a weight of zero or less gets no share (a negative part of a converted amount means
    /// nothing), and when no weight is positive the total is shared equally. Restore refuses
    /// such lines; this keeps the server up should one be stored anyway.
    public static func largestRemainder(_ total: Int64, over weights: [Int64]) -> [Int64] {
        guard !weights.isEmpty else { return [] }
        var used = weights.map { UInt128(max($0, 0)) }
        if !used.contains(where: { $0 > 0 }) { used = used.map { _ in 1 } }
        // 128 bits hold the sum of any count of 63-bit weights and |total| × weight, so neither
        // can overflow; each quotient is at most |total|, as weight ≤ sum.
        let sum = used.reduce(0, +)
        let magnitude = UInt128(total.magnitude)
        var shares: [UInt128] = []
        var remainders: [(remainder: UInt128, index: Int)] = []
        shares.reserveCapacity(used.count)
        for (index, weight) in used.enumerated() {
            let (quotient, remainder) = (magnitude * weight).quotientAndRemainder(dividingBy: sum)
            shares.append(quotient)
            remainders.append((remainder, index))
        }
        var left = magnitude - shares.reduce(0, +)
        remainders.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }
        for entry in remainders where left > 0 {
            shares[entry.index] += 1
            left -= 1
        }
        // Each share is at most |total|, which fits: `Int64(exactly:)` of Int64.min's magnitude
        // alone does not, hence the negation of the share's 64-bit pattern.
        return shares.map { share in
            let bits = UInt64(share)
            return total < 0 ? Int64(bitPattern: 0 &- bits) : Int64(bitPattern: bits)
        }
    }
}
