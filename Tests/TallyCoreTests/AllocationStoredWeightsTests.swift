import TallyCore
import Testing

/// Issue 42, finding 11: `Allocation.largestRemainder` had `precondition(weights > 0)`, reached
/// from `RecordMoney.rebase` when a rate changed, so a stored split line of zero or a negative
/// amount trapped the process. Each input below trapped; the shares now always add up to the
/// total, deterministically.
@Suite("Allocation of stored weights")
struct AllocationStoredWeightsTests {
    @Test("a zero or negative weight gets no share; the others share the total")
    func zeroAndNegative() {
        #expect(Allocation.largestRemainder(6, over: [3, 0]) == [6, 0])
        #expect(Allocation.largestRemainder(-7, over: [0, 1, 1]) == [0, -4, -3])
        #expect(Allocation.largestRemainder(10, over: [5, -5, 5]) == [5, 0, 5])
        #expect(Allocation.largestRemainder(0, over: [0]) == [0])
    }

    @Test("no positive weight at all: the total is shared equally, the remainder to the earlier lines")
    func noPositiveWeight() {
        #expect(Allocation.largestRemainder(6, over: [0, 0, 0]) == [2, 2, 2])
        #expect(Allocation.largestRemainder(7, over: [-1, 0, -3]) == [3, 2, 2])
        #expect(Allocation.largestRemainder(-1, over: [Int64.min]) == [-1])
    }

    @Test("weights and totals at the ends of Int64 do not overflow (the sum of two Int64.max trapped)")
    func extremes() {
        let shares = Allocation.largestRemainder(Int64.max, over: [Int64.max, Int64.max, Int64.max])
        #expect(
            shares.reduce(0) { $0 &+ $1 } == Int64.max
                && shares == [3_074_457_345_618_258_603, 3_074_457_345_618_258_602, 3_074_457_345_618_258_602]
        )
        #expect(Allocation.largestRemainder(Int64.min, over: [1]) == [Int64.min])
        #expect(
            Allocation.largestRemainder(Int64.min, over: [1, 1]) == [
                -4_611_686_018_427_387_904, -4_611_686_018_427_387_904,
            ]
        )
    }
}
