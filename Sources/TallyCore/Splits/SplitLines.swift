/// One line of a split record as it is stored: a share of the record's amount under a category.
public struct TransactionLine: Sendable, Hashable {
    /// Category (or sub-category) id; nil leaves the line uncategorised.
    public var categoryID: CategoryID?
    /// The line's amount, positive, in the record's currency.
    public var amount: Money
    /// The line's share of the record's converted amount (largest remainder), nil while no rate applies.
    public var baseMinor: Int64?
    /// Free text for this line.
    public var note: String

    /// Makes a line value.
    public init(categoryID: CategoryID?, amount: Money, baseMinor: Int64?, note: String) {
        self.categoryID = categoryID
        self.amount = amount
        self.baseMinor = baseMinor
        self.note = note
    }
}

/// The raw fields of one split line as typed in a form, sent in JSON or given on the command line.
public struct LineInput: Sendable, Equatable {
    /// Category id, name or "Parent:Child".
    public var category: String?
    /// A sub-category name under `category`, when the two are given apart (the API, CSV).
    public var subcategory: String?
    /// Decimal text, positive: "40.00".
    public var amount: String?
    /// Free text.
    public var note: String?

    /// Makes a line input; every field optional.
    public init(category: String? = nil, subcategory: String? = nil, amount: String? = nil, note: String? = nil) {
        self.category = category
        self.subcategory = subcategory
        self.amount = amount
        self.note = note
    }
}

/// A split line whose fields have been checked; its category still to be looked up in the book.
public struct DraftLine: Sendable, Equatable {
    /// Category reference; nil leaves the line uncategorised.
    public var category: Reference?
    /// Positive amount in the record's currency.
    public var amount: Money
    /// Free text.
    public var note: String

    /// Makes a draft line.
    public init(category: Reference?, amount: Money, note: String) {
        self.category = category
        self.amount = amount
        self.note = note
    }
}

/// The limits on a split and the checks that hold them.
public enum Split {
    /// A split has at least two lines: one line is a record with a category.
    public static let minLines = 2
    /// At most this many lines per record: a long receipt, not a ledger.
    public static let maxLines = 100

    /// Checks `inputs` against the record's `amount`: 2–100 lines, each positive, summing to it
    /// exactly. The error names the line and field ("lines[2].amount") or the difference.
    public static func validate(_ inputs: [LineInput], amount: Money) throws(FieldError) -> [DraftLine] {
        guard inputs.count >= minLines else {
            throw FieldError("lines", "a split needs at least \(minLines) lines, not \(inputs.count)")
        }
        guard inputs.count <= maxLines else {
            throw FieldError("lines", "a split has at most \(maxLines) lines, not \(inputs.count)")
        }
        var lines: [DraftLine] = []
        for (index, input) in inputs.enumerated() {
            let field = "lines[\(index + 1)]"
            guard let raw = input.amount, !raw.trimmingSpaces().isEmpty else {
                throw FieldError("\(field).amount", "is required")
            }
            let money: Money
            do {
                money = try Money.parse(raw, currency: amount.currency)
            } catch {
                throw FieldError("\(field).amount", error.description)
            }
            guard money.minorUnits > 0 else { throw FieldError("\(field).amount", "must be greater than zero") }
            let note = (input.note ?? "").trimmingSpaces()
            try Validate.text(note, field: "\(field).note", maxLength: 2000)
            let sub = (input.subcategory ?? "").trimmingSpaces()
            var category = Reference(input.category)
            if !sub.isEmpty {
                guard case .name(let parent)? = category else {
                    throw FieldError("\(field).subcategory", "needs a category name beside it")
                }
                category = .name("\(parent):\(sub)")
            }
            lines.append(DraftLine(category: category, amount: money, note: note))
        }
        try requireSum(lines, amount: amount)
        return lines
    }

    /// Throws unless the lines add up to `amount`, naming the difference.
    public static func requireSum(_ lines: [DraftLine], amount: Money) throws(FieldError) {
        let sum = try lines.checkedSum { $0.amount.minorUnits }
        guard sum != amount.minorUnits else { return }
        let difference = Money(minorUnits: (sum - amount.minorUnits).magnitude.clamped, currency: amount.currency)
        let direction = sum < amount.minorUnits ? "short of" : "over"
        throw FieldError(
            "lines",
            "add up to \(Money(minorUnits: sum, currency: amount.currency).decimalString), \(difference.decimalString) \(direction) the amount \(amount.decimalString)"
        )
    }
}

extension UInt64 {
    /// The value as an `Int64`, or `Int64.max` past it (a difference of two bounded sums never is).
    fileprivate var clamped: Int64 { self > UInt64(Int64.max) ? .max : Int64(self) }
}
