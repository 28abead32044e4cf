/// Shares a whole number of minor units out in proportion to some weights, exactly.
///
/// A split record converted to the book's currency is converted once, as a whole, and the
/// converted amount is then shared over its lines. Converting each line on its own and rounding
/// it drifts: three lines of 0.01 EUR at 1.5 make 0.02 + 0.02 + 0.02 = 0.06 USD against a record
/// of 0.05. The largest-remainder method (Hamilton's) gives each line the floor of its exact
/// share and hands the units left over, one each, to the lines that lost the most to the floor.
public enum Allocation {
    /// `total` shared over `weights` (each positive): the shares sum to `total` exactly, and each
    /// differs from its exact proportional share by less than one unit. Ties in the remainder go
    /// to the earlier weight, so the result depends only on the inputs.
    public static func largestRemainder(_ total: Int64, over weights: [Int64]) -> [Int64] {
        guard !weights.isEmpty else { return [] }
        precondition(weights.allSatisfy { $0 > 0 }, "weights must be positive")
        let sum = weights.reduce(UInt64(0)) { $0 + UInt64($1) }
        let magnitude = total.magnitude
        // |total| × weight can pass 64 bits (10¹² × 10¹²), so the product is taken full width and
        // divided back; the quotient fits because weight ≤ sum.
        var shares: [UInt64] = []
        var remainders: [(remainder: UInt64, index: Int)] = []
        shares.reserveCapacity(weights.count)
        for (index, weight) in weights.enumerated() {
            let product = magnitude.multipliedFullWidth(by: UInt64(weight))
            let (quotient, remainder) = sum.dividingFullWidth(product)
            shares.append(quotient)
            remainders.append((remainder, index))
        }
        var left = magnitude - shares.reduce(0, +)
        remainders.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }
        for entry in remainders where left > 0 {
            shares[entry.index] += 1
            left -= 1
        }
        return shares.map { total < 0 ? -Int64($0) : Int64($0) }
    }
}
