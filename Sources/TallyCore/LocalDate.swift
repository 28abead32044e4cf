/// A calendar date with no time zone: what a person means by "the 3rd of March".
///
/// Stored and sent as "YYYY-MM-DD", which sorts the same as the dates do. Arithmetic uses the
/// proleptic Gregorian calendar through a day number, so no time zone can shift a date.
public struct LocalDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Four-digit year.
    public let year: Int
    /// Month, 1–12.
    public let month: Int
    /// Day of the month, 1–31.
    public let day: Int

    /// Makes a date; `nil` when it does not exist (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= LocalDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly "YYYY-MM-DD"; `nil` for other shapes or impossible dates.
    public init?(_ text: some StringProtocol) {
        // Through `String`'s contiguous bytes: this initializer is generic, and its unspecialized
        // form stepped an iterator through witness tables (a tenth of a PostgreSQL export's CPU
        // went to dates and times). A date is 10 bytes, a small string, so the copy allocates
        // nothing.
        var string = String(text)
        guard let date = string.withUTF8({ LocalDate(utf8: $0) }) else { return nil }
        self = date
    }

    /// Parses exactly "YYYY-MM-DD" from UTF-8 bytes.
    private init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        // Read as bytes: imports parse a date for every one of a million lines.
        var fields = (0, 0, 0)
        var count = 0
        for byte in text {
            count += 1
            if count == 5 || count == 8 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard count <= 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch count {
            case ...4: fields.0 = fields.0 * 10 + digit
            case ...7: fields.1 = fields.1 * 10 + digit
            default: fields.2 = fields.2 * 10 + digit
            }
        }
        guard count == 10 else { return nil }
        self.init(year: fields.0, month: fields.1, day: fields.2)
    }

    /// Number of days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Gregorian leap-year rule.
    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// "YYYY-MM-DD".
    public var description: String {
        "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    /// Days since 1970-01-01 (negative before). Algorithm from H. Hinnant's `days_from_civil`.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Day numbers of 0001-01-01 and 9999-12-31, the dates a `LocalDate` can hold.
    static let dayNumbers = -719_162...2_932_896

    /// The date of a day number (inverse of `dayNumber`), clamped to 0001-01-01...9999-12-31 so
    /// that every `LocalDate` is a real date and month arithmetic on it cannot trap.
    public init(dayNumber: Int) {
        let z = min(max(dayNumber, Self.dayNumbers.lowerBound), Self.dayNumbers.upperBound) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        let (sum, overflow) = dayNumber.addingReportingOverflow(days)
        return LocalDate(dayNumber: overflow ? (days < 0 ? Int.min : Int.max) : sum)
    }

    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public var isoWeekday: Int {
        let n = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday (ISO 4)
        return (n < 0 ? n + 7 : n) + 1
    }

    /// The first day of this date's month.
    public var startOfMonth: LocalDate { LocalDate(year: year, month: month, day: 1)! }

    /// The last day of this date's month.
    public var endOfMonth: LocalDate {
        LocalDate(year: year, month: month, day: Self.daysIn(month: month, year: year))!
    }

    /// The same day-of-month `months` later, clamped to the month's last day and to the
    /// supported years 1–9999 (so `YearMonth("0001-01")!.previous` does not trap).
    public func adding(months: Int) -> LocalDate {
        let total = min(max(year * 12 + (month - 1) + months, 1 * 12), 9999 * 12 + 11)
        let y = total / 12
        let m = total % 12 + 1
        return LocalDate(year: y, month: m, day: min(day, Self.daysIn(month: m, year: y)))!
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)")
            )
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Zero-padded decimal: pad(7, 2) = "07".
    public static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// A month of a year, "YYYY-MM".
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Four-digit year.
    public let year: Int
    /// Month, 1–12.
    public let month: Int

    /// The month a date falls in.
    public init(_ date: LocalDate) {
        year = date.year
        month = date.month
    }

    /// Parses "YYYY-MM".
    public init?(_ text: some StringProtocol) {
        guard let date = LocalDate("\(text)-01") else { return nil }
        self.init(date)
    }

    /// First day of the month.
    public var first: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    /// Last day of the month.
    public var last: LocalDate { first.endOfMonth }
    /// The month before.
    public var previous: YearMonth { YearMonth(first.adding(months: -1)) }
    /// The month after.
    public var next: YearMonth { YearMonth(first.adding(months: 1)) }
    /// "YYYY-MM".
    public var description: String { "\(LocalDate.pad(year, 4))-\(LocalDate.pad(month, 2))" }
    /// "March 2026".
    public var title: String { "\(LocalDate.monthNames[month - 1]) \(year)" }

    public static func < (a: YearMonth, b: YearMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }

    /// Parses a month that comes from outside: "YYYY-MM" within `LocalDate.supported`.
    public static func input(_ raw: some StringProtocol, field: String) throws(FieldError) -> YearMonth {
        guard let month = YearMonth(raw.trimmingSpaces()) else {
            throw FieldError(field, "'\(raw.prefix(40))' is not a valid month (YYYY-MM)")
        }
        guard LocalDate.supported.contains(month.first) else {
            throw FieldError(
                field,
                "must be between \(YearMonth(LocalDate.supported.lowerBound)) and \(YearMonth(LocalDate.supported.upperBound))"
            )
        }
        return month
    }
}

extension LocalDate {
    /// The dates Tally accepts from outside (forms, the API, query strings, imports, the CLI):
    /// 1900-01-01 through 2199-12-31. Every date that enters is checked against this range, so
    /// that periods, weeks and months around any stored date stay far from the edges of the
    /// calendar arithmetic (years 1–9999), and no range a request names can ask for unbounded
    /// work.
    public static let supported = LocalDate(year: 1900, month: 1, day: 1)!...LocalDate(year: 2199, month: 12, day: 31)!

    /// Parses a date that comes from outside: "YYYY-MM-DD" within `supported`. The error names
    /// `field` and says what is accepted.
    public static func input(_ raw: some StringProtocol, field: String) throws(FieldError) -> LocalDate {
        guard let date = LocalDate(raw.trimmingSpaces()) else {
            throw FieldError(field, "'\(raw.prefix(40))' is not a valid date (YYYY-MM-DD)")
        }
        guard supported.contains(date) else {
            throw FieldError(field, "must be between \(supported.lowerBound) and \(supported.upperBound)")
        }
        return date
    }

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
    /// English weekday names, Monday first.
    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "Saturday 21 November 2026".
    public var longTitle: String {
        "\(Self.weekdayNames[isoWeekday - 1]) \(day) \(Self.monthNames[month - 1]) \(year)"
    }
}

/// A time of day to the minute, "HH:MM", used to order records within a day.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0–1439.
    public let minutes: Int

    /// Parses "HH:MM" (24-hour); `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        // As bytes, like `LocalDate`'s: splitting the text allocated for every record read.
        var string = String(text)
        let parsed: Int? = string.withUTF8 { bytes in
            guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
            func digit(_ at: Int) -> Int? {
                let byte = bytes[at]
                return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
            }
            guard let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4) else { return nil }
            let (h, m) = (h1 * 10 + h2, m1 * 10 + m2)
            return h < 24 && m < 60 ? h * 60 + m : nil
        }
        guard let parsed else { return nil }
        minutes = parsed
    }

    /// "HH:MM".
    public var description: String { "\(LocalDate.pad(minutes / 60, 2)):\(LocalDate.pad(minutes % 60, 2))" }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }
}
