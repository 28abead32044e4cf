import TallyCore

/// Which of a date's first two numbers is the month, when a QIF file does not make it plain: the
/// core's `DateOrder` (quick add reads slashed dates with the same one), under the name the
/// statement readers' callers know.
public typealias QIFDateOrder = DateOrder

/// A QIF `D` field split into its numbers, before the file's date order is known.
///
/// Forms read: `1/2/26`, `01/02/2026`, `1/ 2'26`, `1/2'2026`, `01-02-2026`, `1.2.26` and
/// `2026-01-02`. Quicken writes the apostrophe for years from 2000, so `'26` is 2026; a two-digit
/// year after any other separator pivots at 70 (`/69` is 2069, `/70` is 1970), because banks
/// write `12/19/18` for 2018 while Quicken's own files before 2000 used `/99`.
struct QIFDateFields: Equatable {
    /// The first of the two day-or-month numbers (the month when `yearFirst`).
    let first: Int
    /// The second of them (the day when `yearFirst`).
    let second: Int
    let year: Int
    /// `2026-01-02`: the order is fixed, and the date tells nothing about the file's order.
    let yearFirst: Bool

    /// The date in `order`, nil when it does not exist (2/30) or is outside `LocalDate.supported`.
    func date(_ order: QIFDateOrder) -> LocalDate? {
        let (month, day) = yearFirst || order == .monthFirst ? (first, second) : (second, first)
        guard let date = LocalDate(year: year, month: month, day: day), LocalDate.supported.contains(date) else {
            return nil
        }
        return date
    }

    /// Which order the numbers force: a number above 12 cannot be a month.
    var forcedOrder: QIFDateOrder? {
        if yearFirst { return nil }
        if first > 12, second <= 12 { return .dayFirst }
        if second > 12, first <= 12 { return .monthFirst }
        return nil
    }

    /// Reads the text; nil when it fits none of the forms.
    init?(_ text: String) {
        var numbers: [(value: Int, digits: Int)] = []
        var separators: [UInt8] = []
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 4 else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: " "):
                // Quicken pads with spaces ("1/ 2'26"); a space may only follow a separator or
                // another space, never split a number.
                guard digits == 0 else { return nil }
            case UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "'"):
                guard digits > 0, numbers.count < 2 else { return nil }
                numbers.append((value, digits))
                separators.append(byte)
                value = 0
                digits = 0
            default:
                return nil
            }
        }
        guard digits > 0, numbers.count == 2 else { return nil }
        numbers.append((value, digits))
        let apostrophe = separators[1] == UInt8(ascii: "'")
        guard separators[0] != UInt8(ascii: "'"), apostrophe || separators[0] == separators[1] else { return nil }
        if numbers[0].digits == 4 {
            guard !apostrophe, numbers[1].digits <= 2, numbers[2].digits <= 2 else { return nil }
            self.init(first: numbers[1].value, second: numbers[2].value, year: numbers[0].value, yearFirst: true)
            return
        }
        guard numbers[0].digits <= 2, numbers[1].digits <= 2 else { return nil }
        let year: Int
        switch (numbers[2].digits, apostrophe) {
        case (4, _): year = numbers[2].value
        case (1...2, true): year = 2000 + numbers[2].value
        case (2, false): year = numbers[2].value < 70 ? 2000 + numbers[2].value : 1900 + numbers[2].value
        default: return nil
        }
        self.init(first: numbers[0].value, second: numbers[1].value, year: year, yearFirst: false)
    }

    init(first: Int, second: Int, year: Int, yearFirst: Bool) {
        self.first = first
        self.second = second
        self.year = year
        self.yearFirst = yearFirst
    }
}

/// What the file's dates say about their order, gathered over the whole file before any date is
/// read, so that `3/4/26` on line 5 is read the same way as `25/4/26` on line 900 says.
struct QIFDateOrderEvidence {
    private var dayFirstLine: Int?
    private var monthFirstLine: Int?

    mutating func note(_ fields: QIFDateFields, line: Int) {
        switch fields.forcedOrder {
        case .dayFirst?: if dayFirstLine == nil { dayFirstLine = line }
        case .monthFirst?: if monthFirstLine == nil { monthFirstLine = line }
        case nil: break
        }
    }

    /// The order to read with: the given one, else what the file shows, else month-first.
    func order(given: QIFDateOrder?) throws(StatementError) -> QIFDateOrder {
        if let given {
            let against = given == .monthFirst ? dayFirstLine : monthFirstLine
            if let against {
                throw StatementError(
                    "line \(against)",
                    "D has the \(Self.name(given == .monthFirst ? .dayFirst : .monthFirst)) first, but the dates were "
                        + "to be read \(Self.name(given)) first (\(given.rawValue))"
                )
            }
            return given
        }
        if let day = dayFirstLine, let month = monthFirstLine {
            let (later, earlier) = day > month ? (day, month) : (month, day)
            throw StatementError(
                "line \(later)",
                "D has the \(Self.name(later == day ? .dayFirst : .monthFirst)) first, but line \(earlier) has the "
                    + "\(Self.name(later == day ? .monthFirst : .dayFirst)) first; a file must write every date "
                    + "the same way"
            )
        }
        return dayFirstLine != nil ? .dayFirst : .monthFirst
    }

    private static func name(_ order: QIFDateOrder) -> String { order == .dayFirst ? "day" : "month" }
}
