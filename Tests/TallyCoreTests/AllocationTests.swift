import TallyCore
import Testing

/// Largest-remainder sharing, which gives a split record's lines their converted shares.
@Suite("Allocation")
struct AllocationTests {
    @Test("shares add up to the whole, each within one unit of its exact share, ties to the earlier weight")
    func shares() {
        // Three lines of 0.01 EUR in a record converted to 0.05 USD: 2 + 2 + 1, never 2 + 2 + 2.
        #expect(Allocation.largestRemainder(5, over: [1, 1, 1]) == [2, 2, 1])
        #expect(Allocation.largestRemainder(-5, over: [1, 1, 1]) == [-2, -2, -1])
        #expect(Allocation.largestRemainder(10_000, over: [4_000, 1_250]) == [7_619, 2_381])
        #expect(Allocation.largestRemainder(0, over: [3, 9]) == [0, 0])
        // Past 64 bits in the product (10¹² × 10¹²): taken full width.
        let big = Allocation.largestRemainder(999_999_999_999, over: [999_999_999_998, 1])
        #expect(big == [999_999_999_998, 1])
        var seed: UInt64 = 7
        for _ in 0..<2_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let total = Int64(seed >> 24) % 10_000_000_000
            let weights = (0..<Int(1 + (seed >> 8) % 6)).map { Int64(1 + ((seed >> UInt64(10 + $0 * 5)) % 90_000)) }
            let shares = Allocation.largestRemainder(total, over: weights)
            #expect(shares.reduce(0, +) == total)
            let whole = weights.reduce(0, +)
            for (share, weight) in zip(shares, weights) {
                // |share × whole − total × weight| < whole, in exact 128-bit integers.
                let diff = Int128(share) * Int128(whole) - Int128(total) * Int128(weight)
                #expect(diff.magnitude < UInt128(whole))
            }
        }
    }
}
