/// Which of the book's records a statement's rows could match: those of a row's amount (either
/// sign), at most `ImportMatcher.windowDays` from its day. The store reads every
/// record of the file's days and asks this of each before decoding the rest of it, so that a
/// 100,000-row file against a million records only builds the few thousand records that can match.
public struct ImportWindow: Sendable {
    /// The rows' days by amount: few rows share an amount, so each list is short. The currency is
    /// left to the matcher: a record of the same amount in another currency is rare, and only
    /// decoded for nothing.
    private var days: [UInt64: [Int32]] = [:]

    /// The window of the rows these entries become (a row has its entry's amount and day).
    public init(_ entries: [StatementEntry]) {
        self.init(count: entries.count) { (entries[$0].amount.minorUnits, entries[$0].date) }
    }

    private init(count: Int, _ entry: (Int) -> (minorUnits: Int64, date: LocalDate)) {
        days.reserveCapacity(count)
        // By index, reading two fields: a copy of each row would retain a dozen strings.
        for i in 0..<count {
            let (minorUnits, date) = entry(i)
            guard minorUnits != 0 else { continue }
            days[minorUnits.magnitude, default: []].append(Int32(date.dayNumber))
        }
    }

    /// Whether a record of this amount (minor units, either sign) and day number could match a row.
    public func contains(minorUnits: Int64, dayNumber: Int) -> Bool {
        guard let list = days[minorUnits.magnitude] else { return false }
        return list.contains { abs(Int($0) - dayNumber) <= ImportMatcher.windowDays }
    }
}
