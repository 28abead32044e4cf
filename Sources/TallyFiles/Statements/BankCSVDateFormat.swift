import TallyCore

/// A `date_format` such as "DD.MM.YYYY", "M/D/YY" or "YYYYMMDD", and reading dates with it.
///
/// `MM` and `DD` also take one digit when a separator follows ("3/4/2026" fits "MM/DD/YYYY"),
/// since banks drop leading zeros inconsistently; next to another number ("YYYYMMDD") they take
/// exactly two. `MMM` is the month's English name, abbreviated or in full, in any case ("Jan",
/// "SEP", "Sept", "September"): "23-Jan-15" fits "DD-MMM-YY" and "06 May 2020" "DD MMM YYYY".
/// `YY` is 2000–2068 for 00–68 and 1969–1999 for 69–99 (as Python's `%y`). A time after the date,
/// separated by a space, "T" or a comma ("2026-03-01 10:22:13", "29.12.24, 13:56"), is read to the
/// minute when it is "HH:MM…", and otherwise ignored.
public struct BankCSVDateFormat: Sendable, Equatable, CustomStringConvertible {
    /// The format as written ("DD.MM.YYYY").
    public let description: String
    private let parts: [Part]

    private enum Part: Equatable {
        case year4, year2, month, monthName, day
        case literal(UInt8)
    }

    /// The format, or nil when it is not built from `YYYY YY MMM MM M DD D` and separators (each
    /// of year, month and day exactly once).
    public init?(_ text: String) {
        var parts: [Part] = []
        let bytes = Array(text.uppercased().utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            var run = 1
            while i + run < bytes.count, bytes[i + run] == b { run += 1 }
            switch (b, run) {
            case (0x59, 4): parts.append(.year4)
            case (0x59, 2): parts.append(.year2)
            case (0x4D, 1...2): parts.append(.month)
            case (0x4D, 3): parts.append(.monthName)
            case (0x44, 1...2): parts.append(.day)
            case (0x41...0x5A, _), (0x30...0x39, _), (0x80..., _): return nil
            default:
                for _ in 0..<run { parts.append(.literal(b)) }
            }
            i += run
        }
        let years = parts.filter { $0 == .year4 || $0 == .year2 }.count
        guard years == 1, parts.filter({ $0 == .month || $0 == .monthName }).count == 1,
            parts.filter({ $0 == .day }).count == 1
        else { return nil }
        self.description = text
        self.parts = parts
    }

    /// The formats tried when a mapping gives none, in the order they are offered.
    public static let candidates: [BankCSVDateFormat] = [
        "YYYY-MM-DD", "DD.MM.YYYY", "DD/MM/YYYY", "MM/DD/YYYY", "DD-MM-YYYY", "MM-DD-YYYY", "YYYY/MM/DD",
        "YYYY.MM.DD", "YYYYMMDD", "DD.MM.YY", "DD/MM/YY", "MM/DD/YY", "DD-MM-YY", "MM-DD-YY",
        "DD MMM YYYY", "DD-MMM-YYYY", "DD-MMM-YY", "DD MMM YY", "DD/MMM/YYYY", "MMM DD, YYYY", "MMM DD YYYY",
    ].map { BankCSVDateFormat($0)! }

    /// The date (and time of day, when one follows) the text states, or nil when it does not fit.
    public func read(_ text: String) -> (date: LocalDate, time: TimeOfDay?)? {
        var bytes = Substring(text).utf8
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        var year = 0
        var month = 0
        var day = 0
        // One-digit months and days only where separators mark where numbers end.
        let flexible = parts.contains { if case .literal = $0 { true } else { false } }
        for (n, part) in parts.enumerated() {
            let separated = n + 1 == parts.count || { if case .literal = parts[n + 1] { true } else { false } }()
            switch part {
            case .literal(let b):
                guard bytes.first == b else { return nil }
                bytes.removeFirst()
            case .year4:
                guard let value = Self.number(&bytes, 4...4, separated) else { return nil }
                year = value
            case .year2:
                guard let value = Self.number(&bytes, 2...2, separated) else { return nil }
                year = value < 69 ? 2000 + value : 1900 + value
            case .month:
                guard let value = Self.number(&bytes, separated && flexible ? 1...2 : 2...2, separated) else {
                    return nil
                }
                month = value
            case .monthName:
                guard let value = Self.monthName(&bytes) else { return nil }
                month = value
            case .day:
                guard let value = Self.number(&bytes, separated && flexible ? 1...2 : 2...2, separated) else {
                    return nil
                }
                day = value
            }
        }
        guard let date = LocalDate(year: year, month: month, day: day) else { return nil }
        guard let first = bytes.first else { return (date, nil) }
        // What follows must be a time ("10:22:13", "T10:22", ", 13:56"), not more of a longer
        // number.
        guard first == 0x20 || first == 0x54 || first == 0x2C else { return nil }
        var rest = bytes.dropFirst()
        if first == 0x2C { while rest.first == 0x20 { rest.removeFirst() } }
        guard let digit = rest.first, (0x30...0x39).contains(digit) else { return nil }
        let time = TimeOfDay(String(decoding: rest.prefix(5), as: UTF8.self))
        return (date, time)
    }

    /// Leading ASCII digits, as many as `width` allows; when the number is `separated` from the
    /// next one, no digit may follow.
    private static func number(_ bytes: inout Substring.UTF8View, _ width: ClosedRange<Int>, _ separated: Bool) -> Int?
    {
        var value = 0
        var count = 0
        while count < width.upperBound, let b = bytes.first, (0x30...0x39).contains(b) {
            value = value * 10 + Int(b - 0x30)
            count += 1
            bytes.removeFirst()
        }
        if separated, let b = bytes.first, (0x30...0x39).contains(b) { return nil }
        return count >= width.lowerBound ? value : nil
    }

    /// English month names, abbreviated or in full, by their first three letters.
    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// A month's English name ("Jan", "SEPT", "September") as its number; the letters are taken
    /// whole, so "Janx" is no month.
    private static func monthName(_ bytes: inout Substring.UTF8View) -> Int? {
        var word: [UInt8] = []
        while let b = bytes.first, (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b), word.count < 10 {
            word.append(b | 0x20)
            bytes.removeFirst()
        }
        if let b = bytes.first, (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) { return nil }
        let text = String(decoding: word, as: UTF8.self)
        guard text.count >= 3, let index = months.firstIndex(where: { $0.hasPrefix(String(text.prefix(3))) }) else {
            return nil
        }
        let name = months[index]
        guard text.count == 3 || text == name || (index == 8 && text == "sept") else { return nil }
        return index + 1
    }

    /// The candidate formats that fit every non-empty value.
    public static func fitting(_ values: some Sequence<String>) -> [BankCSVDateFormat] {
        var remaining = candidates
        var seen = false
        for value in values where !value.isEmpty {
            seen = true
            remaining.removeAll { $0.read(value) == nil }
            if remaining.isEmpty { break }
        }
        return seen ? remaining : []
    }

    /// "A and B" or "A, B and C".
    static func list(_ formats: [BankCSVDateFormat]) -> String {
        let names = formats.map(\.description)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
