/// A record that a total leaves out because no rate converts it to the book's currency: reports
/// list these, so a total is never silently short.
public struct UnconvertedRecord: Sendable, Hashable {
    /// The record.
    public var transactionID: TransactionID
    /// Its day: a rate on or before it would convert it.
    public var date: LocalDate
    /// Its amount as entered.
    public var amount: Money

    /// An unconverted record.
    public init(transactionID: TransactionID, date: LocalDate, amount: Money) {
        self.transactionID = transactionID
        self.date = date
        self.amount = amount
    }

    /// "not converted (no EUR→USD rate on or before 2026-03-02)".
    public func note(base: Currency) -> String {
        "not converted (no \(amount.currency.code)→\(base.code) rate on or before \(date))"
    }
}

/// The records a total could not convert: the first few, to list, and how many in all.
public struct Unconverted: Sendable, Hashable {
    /// Up to `listLimit` of them, oldest first.
    public var records: [UnconvertedRecord]
    /// How many there are in all.
    public var count: Int

    /// The unconverted records of a total.
    public init(records: [UnconvertedRecord] = [], count: Int = 0) {
        self.records = records
        self.count = count
    }

    /// Nothing left out.
    public static let none = Unconverted()

    /// How many are listed at most; the count says how many more there are.
    public static let listLimit = 50

    /// True when a total leaves records out and is only part of the truth.
    public var isPartial: Bool { count > 0 }
}
