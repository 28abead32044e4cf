import TallyCore

/// What to list or search: every field optional.
public struct TransactionFilter: Sendable, Equatable {
    /// First day included.
    public var from: LocalDate?
    /// Last day included.
    public var to: LocalDate?
    /// Category (its sub-categories are included) by id, name or path.
    public var category: String?
    /// Account (either side of a transfer) by id or name.
    public var account: String?
    /// Exact payee name, case-insensitive.
    public var payee: String?
    /// Only this kind.
    public var kind: TransactionKind?
    /// Free text: every word must start a word of the payee or note, or be part of the category's name.
    public var text: String?
    /// Smallest amount, decimal text in the book's currency (records in other currencies are left out).
    public var amountMin: String?
    /// Largest amount, likewise.
    public var amountMax: String?
    /// Newest first instead of oldest first.
    public var newestFirst: Bool
    /// Only records carrying this tag (any case, with or without "#").
    public var tag: String?

    /// Makes a filter.
    public init(
        from: LocalDate? = nil,
        to: LocalDate? = nil,
        category: String? = nil,
        account: String? = nil,
        payee: String? = nil,
        kind: TransactionKind? = nil,
        text: String? = nil,
        amountMin: String? = nil,
        amountMax: String? = nil,
        newestFirst: Bool = false,
        tag: String? = nil
    ) {
        self.tag = tag
        self.from = from
        self.to = to
        self.category = category
        self.account = account
        self.payee = payee
        self.kind = kind
        self.text = text
        self.amountMin = amountMin
        self.amountMax = amountMax
        self.newestFirst = newestFirst
    }

    /// The words of the free-text search: letters and digits only, lower-cased.
    var words: [String] {
        (text ?? "").lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init).filter { !$0.isEmpty }
            .prefix(8).map { $0 }
    }

    /// The tag asked for, without a leading "#"; nil when none.
    var tagName: String? {
        var name = (tag ?? "").trimmingSpaces()
        if name.hasPrefix("#") { name.removeFirst() }
        return name.isEmpty ? nil : name
    }

    /// Whether the kept totals can answer the filter's count and sums (no text, no amount range,
    /// no tag: the kept totals have no tag dimension, so a tag is summed from its records).
    var answeredByTotals: Bool {
        words.isEmpty && (amountMin ?? "").isEmpty && (amountMax ?? "").isEmpty && tagName == nil
    }
}

/// How many records match a filter and what they add up to.
public struct FilterSummary: Sendable, Hashable {
    /// Matching records (a transfer counts once).
    public var count: Int
    /// Expense and income totals in the book's currency (records in other currencies at their
    /// converted amounts; those no rate converts are left out and listed in `unconverted`).
    public var totals: [KindTotal]
    /// The book's currency.
    public var currency: Currency
    /// Per kind and other currency, the matching records' amounts as entered.
    public var originals: [KindTotal] = []
    /// The matching expenses and incomes that no rate converts.
    public var unconverted: Unconverted = .none

    /// The sum of one kind in the book's currency.
    public func total(_ kind: TransactionKind) -> Money {
        totals.first { $0.kind == kind && $0.total.currency == currency }?.total ?? .zero(currency)
    }

    /// Income minus expense in the book's currency.
    public var net: Money {
        Money(minorUnits: total(.income).minorUnits - total(.expense).minorUnits, currency: currency)
    }
}

/// One page of a listing, in (date, time, id) order (or the reverse).
public struct TransactionPage: Sendable {
    /// The records.
    public var records: [TransactionRecord]
    /// Pass back as `cursor` for the next page; nil on the last page.
    public let nextCursor: String?
    /// Count and totals of everything that matches, not only this page.
    public var summary: FilterSummary?
}
