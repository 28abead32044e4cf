/// What a report groups its totals by.
public enum ReportGrouping: String, Sendable, CaseIterable {
    /// Top-level category (sub-categories fold into their parent).
    case category
    /// Category as recorded: "Food:Coffee".
    case subcategory
    /// Payee (merchant or payer).
    case payee
    /// Account paid from or into.
    case account
    /// Tag: a record with several tags is in each one's row; records without a tag are in none.
    case tag
}

/// Which records a report sums. Transfers move money between accounts and are never spending.
public enum ReportKind: String, Sendable, CaseIterable {
    /// Expenses only.
    case expense
    /// Incomes only.
    case income
    /// Both, kept apart in each row.
    case both

    /// The record kinds included.
    public var kinds: [TransactionKind] {
        switch self {
        case .expense: [.expense]
        case .income: [.income]
        case .both: [.expense, .income]
        }
    }
}

/// A range of days, both ends included.
public struct DateRange: Sendable, Hashable {
    /// First day.
    public let from: LocalDate
    /// Last day.
    public let to: LocalDate

    /// A range; `from` must not be after `to`.
    public init(from: LocalDate, to: LocalDate) throws(FieldError) {
        guard from <= to else { throw FieldError("to", "must not be before from (\(from))") }
        self.from = from
        self.to = to
    }

    /// Parses the `from` and `to` fields; a missing one defaults to the given day.
    public static func parse(
        from: String?,
        to: String?,
        defaultFrom: LocalDate,
        defaultTo: LocalDate
    ) throws(FieldError) -> DateRange {
        func date(_ text: String?, _ field: String, _ fallback: LocalDate) throws(FieldError) -> LocalDate {
            guard let text = text?.trimmingSpaces(), !text.isEmpty else { return fallback }
            return try LocalDate.input(text, field: field)
        }
        return try DateRange(from: date(from, "from", defaultFrom), to: date(to, "to", defaultTo))
    }

    /// The whole calendar months inside the range and the days left over at either end, so a
    /// range can be summed from monthly totals plus a few daily ones.
    public var split: (months: ClosedRange<YearMonth>?, days: [ClosedRange<LocalDate>]) {
        let firstFull = from.day == 1 ? YearMonth(from) : YearMonth(from).next
        let lastFull = to == to.endOfMonth ? YearMonth(to) : YearMonth(to).previous
        guard firstFull <= lastFull else { return (nil, [from...to]) }
        var days: [ClosedRange<LocalDate>] = []
        if from < firstFull.first { days.append(from...firstFull.first.adding(days: -1)) }
        if lastFull.last < to { days.append(lastFull.last.adding(days: 1)...to) }
        return (firstFull...lastFull, days)
    }
}

/// A report request: a range, a grouping and the kinds summed.
public struct ReportQuery: Sendable, Hashable {
    /// The days covered.
    public var range: DateRange
    /// The grouping.
    public var by: ReportGrouping
    /// The kinds summed.
    public var kind: ReportKind
    /// Only the records carrying this tag (its name, without "#"); nil for all.
    public var tag: String?

    /// A query.
    public init(range: DateRange, by: ReportGrouping = .category, kind: ReportKind = .expense, tag: String? = nil) {
        self.range = range
        self.by = by
        self.kind = kind
        self.tag = tag
    }

    /// Reads `by`, `kind` and `tag` fields, naming the field on error.
    public static func parse(
        range: DateRange,
        by: String?,
        kind: String?,
        tag: String? = nil
    ) throws(FieldError) -> ReportQuery {
        let grouping = try Validate.option(by, field: "by", default: ReportGrouping.category)
        let kind = try Validate.option(kind, field: "kind", default: ReportKind.expense)
        var name = (tag ?? "").trimmingSpaces()
        if name.hasPrefix("#") { name.removeFirst() }
        if !name.isEmpty { try Tags.check(name, field: "tag") }
        return ReportQuery(range: range, by: grouping, kind: kind, tag: name.isEmpty ? nil : name)
    }
}

extension Validate {
    /// Parses one of an enum's raw values, or the default when empty.
    public static func option<T: RawRepresentable & CaseIterable>(
        _ raw: String?,
        field: String,
        default fallback: T
    ) throws(FieldError) -> T
    where T.RawValue == String {
        guard let raw = raw?.trimmingSpaces().lowercased(), !raw.isEmpty else { return fallback }
        guard let value = T(rawValue: raw) else {
            throw FieldError(field, "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}

extension ReportQuery {
    /// Reads `from`, `to`, `by` and `kind` from named text fields; the range defaults to the
    /// month of `today`.
    public static func parse(_ field: (String) -> String?, today: LocalDate) throws(FieldError) -> ReportQuery {
        let month = YearMonth(today)
        let range = try DateRange.parse(
            from: field("from"),
            to: field("to"),
            defaultFrom: month.first,
            defaultTo: month.last
        )
        return try parse(range: range, by: field("by"), kind: field("kind"), tag: field("tag"))
    }
}

extension ReportInterval {
    /// Reads the `interval` field (default: month).
    public static func parse(_ raw: String?) throws(FieldError) -> ReportInterval {
        try Validate.option(raw, field: "interval", default: .month)
    }
}
