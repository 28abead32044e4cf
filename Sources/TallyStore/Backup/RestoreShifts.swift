/// How one table's row numbers in a backup map to the ids a restore stores them with: from each
/// batch's first number on, id = number + shift. One shift for a restore in one transaction;
/// a batched restore starts a new one when other books' writes took the ids after its last
/// batch, so each row's id is still unique and numbers keep their order.
struct Shifts: Sendable {
    /// (first number, shift), by first number.
    private var parts: [(from: Int, shift: Int64)]

    /// Numbers from 1 on go above `first`, the table's highest id at the start.
    init(first: Int64) { parts = [(1, first)] }

    /// The latest shift: the one the next row gets.
    var last: Int64 { parts[parts.count - 1].shift }

    /// From `number` on, ids go above `top` (the table's highest id now), if the latest shift
    /// would not.
    mutating func start(at number: Int, above top: Int64) {
        let needed = top - Int64(number - 1)
        guard needed > last else { return }
        parts.append((number, needed))
    }

    /// The shift of row `number`; nil for a number below 1.
    func shift(of number: Int) -> Int64? {
        guard number >= 1 else { return nil }
        // The last part that starts at or before the number; parts are few (one per batch at most).
        var low = 0
        var high = parts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if parts[middle].from <= number { low = middle } else { high = middle - 1 }
        }
        return parts[low].shift
    }

    /// The ids rows 1…`count` were stored with, as ranges: one for each shift.
    func ranges(through count: Int) -> [ClosedRange<Int64>] {
        parts.indices.compactMap { i in
            let last = i + 1 < parts.count ? parts[i + 1].from - 1 : count
            guard parts[i].from <= last else { return nil }
            return (parts[i].shift + Int64(parts[i].from))...(parts[i].shift + Int64(last))
        }
    }
}
