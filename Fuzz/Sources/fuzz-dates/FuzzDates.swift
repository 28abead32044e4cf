import FuzzSupport
import TallyCore

// Dates, months, times and ranges as they arrive in forms, query strings and files, plus the
// periods built on them. Input: up to three lines — two dates (or any text) and a line whose
// bytes choose a budget schedule.
//
// Invariants: whatever parses prints back as it was typed and round-trips through its day
// number; `input` accepts exactly the well-formed values inside LocalDate.supported and names
// the field otherwise; a parsed range lies inside the supported dates; its periods of every
// interval, its month/day split and a budget's periods tile it exactly, and every loop ends.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_dates_main")
public func fuzzDatesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzDates)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let parts = input.parts(3)
    for text in parts.prefix(2) {
        checkDate(text)
        checkMonth(text)
        checkTime(text)
    }
    checkRange(parts[0], parts[1], schedule: FuzzInput(bytes: Array(parts[2].utf8)))
    return 0
}

func checkDate(_ text: String) {
    if let date = LocalDate(text) {
        require(date.description == text, "\(shown(text)) parses as \(date)")
        require(
            LocalDate(dayNumber: date.dayNumber) == date,
            "\(date) does not survive its day number \(date.dayNumber)"
        )
        require((1...7).contains(date.isoWeekday), "\(date) has weekday \(date.isoWeekday)")
        require(date.startOfMonth <= date && date <= date.endOfMonth, "\(date) is outside its own month")
    }
    let trimmed = text.trimmingSpaces()
    do {
        let date = try LocalDate.input(text, field: "date")
        require(LocalDate.supported.contains(date), "LocalDate.input accepted \(date)")
        require(LocalDate(trimmed) == date, "LocalDate.input read \(shown(text)) as \(date)")
        for span in DashboardSpan.allCases {
            let range = span.range(containing: date)
            require(range.from <= date && date <= range.to, "the \(span) around \(date) is \(range)")
            _ = span.step(date, by: 1)
            _ = span.step(date, by: -1)
        }
    } catch {
        require(names(error, oneOf: ["date"]), "LocalDate.input: \(error)")
        if let date = LocalDate(trimmed) {
            require(!LocalDate.supported.contains(date), "LocalDate.input refused \(date): \(error)")
        }
    }
}

func checkMonth(_ text: String) {
    if let month = YearMonth(text) {
        require(month.description == text, "\(shown(text)) parses as month \(month)")
        require(
            month.first <= month.last && YearMonth(month.last) == month,
            "\(month) has days \(month.first)...\(month.last)"
        )
    }
    do {
        let month = try YearMonth.input(text, field: "month")
        require(LocalDate.supported.contains(month.first), "YearMonth.input accepted \(month)")
        require(
            month.next.previous == month && month.previous.next == month,
            "\(month) has neighbours \(month.previous), \(month.next)"
        )
    } catch {
        require(names(error, oneOf: ["month"]), "YearMonth.input: \(error)")
    }
}

func checkTime(_ text: String) {
    guard let time = TimeOfDay(text) else { return }
    require((0..<1440).contains(time.minutes), "\(shown(text)) is \(time.minutes) minutes")
    require(time.description == text, "\(shown(text)) parses as \(time)")
}

/// A range read the way the report and trend routes read one, and everything built on it.
func checkRange(_ from: String, _ to: String, schedule bytes: FuzzInput) {
    let range: DateRange
    do {
        range = try DateRange.parse(
            from: from,
            to: to,
            defaultFrom: fuzzToday.startOfMonth,
            defaultTo: fuzzToday.endOfMonth
        )
    } catch {
        require(names(error, oneOf: ["from", "to"]), "DateRange.parse: \(error)")
        return
    }
    require(range.from <= range.to, "DateRange.parse gave \(range)")
    require(
        LocalDate.supported.contains(range.from) && LocalDate.supported.contains(range.to),
        "DateRange.parse accepted \(range.from)...\(range.to), outside \(LocalDate.supported)"
    )
    checkPeriods(range)
    checkSplit(range)
    var bytes = bytes
    checkSchedule(bytes.schedule(start: range.from), range)
}

/// The days a range spans.
func days(_ from: LocalDate, _ to: LocalDate) -> Int { to.dayNumber - from.dayNumber + 1 }

/// Every interval's labels: as many as counted independently, increasing, first and last
/// holding the range's ends. Daily and weekly labels of long ranges are left to the property
/// tests, to keep the executions fast.
func checkPeriods(_ range: DateRange) {
    let monday = { (date: LocalDate) in date.adding(days: 1 - date.isoWeekday) }
    for interval in ReportInterval.allCases {
        let expected =
            switch interval {
            case .day: days(range.from, range.to)
            case .week: (monday(range.to).dayNumber - monday(range.from).dayNumber) / 7 + 1
            case .month: (range.to.year - range.from.year) * 12 + range.to.month - range.from.month + 1
            case .year: range.to.year - range.from.year + 1
            }
        // The default limit stops at maxPeriods + 1, which is all a request needs to refuse a range.
        let limited = interval.periods(in: range)
        require(
            limited.count == min(expected, ReportInterval.maxPeriods + 1),
            "\(interval) over \(range.from)...\(range.to): \(limited.count) periods by default"
        )
        guard expected <= 4_000 else { continue }
        let labels = interval.periods(in: range, limit: .max)
        require(
            labels.count == expected,
            "\(interval) over \(range.from)...\(range.to): \(labels.count) periods, expected \(expected)"
        )
        require(
            zip(labels, labels.dropFirst()).allSatisfy { $0 < $1 },
            "\(interval) labels out of order over \(range.from)...\(range.to)"
        )
        require(
            labels.first == interval.period(of: range.from) && labels.last == interval.period(of: range.to),
            "\(interval) labels over \(range.from)...\(range.to) run \(labels.first ?? "")...\(labels.last ?? "")"
        )
    }
}

/// Whole months plus the days at either end cover the range once, in order.
func checkSplit(_ range: DateRange) {
    let (months, edges) = range.split
    var pieces = edges.map { ($0.lowerBound, $0.upperBound) }
    if let months { pieces.append((months.lowerBound.first, months.upperBound.last)) }
    pieces.sort { $0.0 < $1.0 }
    var next = range.from
    for (first, last) in pieces {
        require(first == next && first <= last, "split of \(range.from)...\(range.to) has a gap or overlap at \(first)")
        next = last.adding(days: 1)
    }
    require(next == range.to.adding(days: 1), "split of \(range.from)...\(range.to) stops before \(next)")
}

/// A budget's periods over the range (up to two years of it): contiguous, in order, holding both ends.
func checkSchedule(_ schedule: BudgetSchedule, _ range: DateRange) {
    let through = days(range.from, range.to) > 750 ? range.from.adding(days: 749) : range.to
    let periods = schedule.periods(from: range.from, through: through)
    require(
        !periods.isEmpty && periods[0].from <= range.from && periods[periods.count - 1].to >= through,
        "\(schedule) periods do not hold \(range.from)...\(through)"
    )
    for (a, b) in zip(periods, periods.dropFirst()) {
        require(a.to.adding(days: 1) == b.from, "\(schedule) periods \(a) and \(b) are not contiguous")
    }
}

extension FuzzInput {
    /// A budget schedule whose cycle, week start and day of month come from the next bytes;
    /// its start is `start` moved by up to ±127 days.
    mutating func schedule(start: LocalDate) -> BudgetSchedule {
        BudgetSchedule(
            cycle: pick(BudgetCycle.allCases),
            weekStart: pick(Weekday.allCases),
            start: start.adding(days: Int(Int8(bitPattern: byte()))),
            dayOfMonth: 1 + Int(byte()) % 31
        )
    }
}
