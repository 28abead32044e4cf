import Foundation
import TallyCore
import Testing

@Suite("LocalDate")
struct LocalDateTests {
    @Test(
        "parses real dates",
        arguments: ["2026-11-21", "2024-02-29", "2000-02-29", "1900-02-28", "0001-01-01", "9999-12-31", "2026-12-31"]
    )
    func valid(text: String) throws {
        let date = try #require(LocalDate(text))
        #expect(date.description == text)
    }

    @Test(
        "rejects impossible dates and other shapes",
        arguments: [
            "2026-02-30", "2025-02-29", "1900-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
            "2026-01-00",
            "2026-01-32", "0000-01-01", "2026-1-01", "2026-01-1", "26-01-01", "2026/01/01", "20260101",
            "2026-01-01T00:00",
            " 2026-01-01", "2026-01-01 ", "", "abcd-ef-gh", "+026-01-01", "2026-+1-01", "２０２６-01-01", "2026--01-01",
            "-2026-01-01",
        ]
    )
    func invalid(text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test("fields and memberwise init")
    func fields() throws {
        let d = try #require(LocalDate(year: 2026, month: 11, day: 21))
        #expect(d.year == 2026 && d.month == 11 && d.day == 21)
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 10000, month: 1, day: 1) == nil)
        #expect(LocalDate(year: 0, month: 1, day: 1) == nil)
        #expect(LocalDate(year: 999, month: 1, day: 5)?.description == "0999-01-05")
    }

    @Test("leap years and month lengths")
    func leap() {
        #expect(LocalDate.isLeap(2024) && LocalDate.isLeap(2000) && LocalDate.isLeap(1600))
        #expect(!LocalDate.isLeap(2025) && !LocalDate.isLeap(1900) && !LocalDate.isLeap(2100))
        #expect(
            (1...12).map { LocalDate.daysIn(month: $0, year: 2026) } == [
                31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
            ]
        )
        #expect(LocalDate.daysIn(month: 2, year: 2024) == 29)
    }

    @Test(
        "known day numbers",
        arguments: [
            ("1970-01-01", 0), ("1969-12-31", -1), ("2000-01-01", 10957), ("1900-01-01", -25567),
            ("2024-02-29", 19782), ("2026-11-21", 20778), ("2100-12-31", 47846), ("0001-01-01", -719_162),
        ]
    )
    func dayNumbers(text: String, number: Int) {
        #expect(date(text).dayNumber == number)
        #expect(LocalDate(dayNumber: number) == date(text))
    }

    @Test("every day from 1900 to 2100 round trips through its day number, one apart")
    func everyDay() {
        var expected = date("1900-01-01").dayNumber
        var failures: [String] = []
        for year in 1900...2100 {
            for month in 1...12 {
                for day in 1...LocalDate.daysIn(month: month, year: year) {
                    guard let d = LocalDate(year: year, month: month, day: day) else {
                        failures.append("\(year)-\(month)-\(day) missing")
                        continue
                    }
                    if d.dayNumber != expected { failures.append("\(d) number \(d.dayNumber) != \(expected)") }
                    if LocalDate(dayNumber: expected) != d {
                        failures.append("\(expected) -> \(LocalDate(dayNumber: expected))")
                    }
                    if LocalDate(d.description) != d { failures.append("\(d) does not re-parse") }
                    if d.adding(days: 1) <= d { failures.append("\(d) order") }
                    expected += 1
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(expected == date("2101-01-01").dayNumber)
    }

    @Test(
        "ISO weekdays of known dates",
        arguments: [
            ("2026-11-21", 6), ("1970-01-01", 4), ("2000-01-01", 6), ("1900-01-01", 1), ("2024-02-29", 4),
            ("2026-02-01", 7), ("2026-11-01", 7), ("2100-12-31", 5), ("0001-01-01", 1), ("1969-12-29", 1),
        ]
    )
    func weekday(text: String, iso: Int) {
        #expect(date(text).isoWeekday == iso)
    }

    @Test("weekdays cycle 1...7 across the epoch")
    func weekdayCycle() {
        let start = date("1969-12-01")
        for offset in 0..<70 {
            #expect(start.adding(days: offset).isoWeekday == (offset % 7) + 1)  // 1969-12-01 was a Monday
        }
    }

    @Test("long title")
    func longTitle() {
        #expect(date("2026-11-21").longTitle == "Saturday 21 November 2026")
        #expect(date("2024-02-29").longTitle == "Thursday 29 February 2024")
    }

    @Test("adding days across months, years and leap days")
    func addingDays() {
        #expect(date("2024-02-28").adding(days: 1) == date("2024-02-29"))
        #expect(date("2025-02-28").adding(days: 1) == date("2025-03-01"))
        #expect(date("2026-12-31").adding(days: 1) == date("2027-01-01"))
        #expect(date("2026-01-01").adding(days: -1) == date("2025-12-31"))
        #expect(date("2026-01-01").adding(days: 365) == date("2027-01-01"))
        #expect(date("2026-01-01").adding(days: 0) == date("2026-01-01"))
    }

    @Test(
        "adding months keeps the day, clamped to the month's end",
        arguments: [
            ("2026-01-31", 1, "2026-02-28"),
            ("2024-01-31", 1, "2024-02-29"),
            ("2024-03-31", -1, "2024-02-29"),
            ("2026-03-31", 1, "2026-04-30"),
            ("2026-01-15", 1, "2026-02-15"),
            ("2026-12-15", 1, "2027-01-15"),
            ("2026-01-15", -1, "2025-12-15"),
            ("2026-01-31", 13, "2027-02-28"),
            ("2026-01-31", -11, "2025-02-28"),
            ("2026-05-10", -24, "2024-05-10"),
            ("2024-02-29", 12, "2025-02-28"),
            ("2026-05-10", 0, "2026-05-10"),
        ]
    )
    func addingMonths(start: String, months: Int, expected: String) {
        #expect(date(start).adding(months: months) == date(expected))
    }

    @Test("adding months stops at the supported years instead of trapping")
    func addingMonthsAtTheEdges() {
        #expect(date("0001-01-15").adding(months: -1) == date("0001-01-15"))
        #expect(date("9999-12-31").adding(months: 1) == date("9999-12-31"))
        #expect(date("0001-03-31").adding(months: -5) == date("0001-01-31"))
        #expect(date("9999-10-31").adding(months: 5) == date("9999-12-31"))
    }

    @Test("start and end of month")
    func monthEnds() {
        #expect(date("2024-02-10").startOfMonth == date("2024-02-01"))
        #expect(date("2024-02-10").endOfMonth == date("2024-02-29"))
        #expect(date("2026-12-01").endOfMonth == date("2026-12-31"))
    }

    @Test("ordering matches the text")
    func ordering() {
        let texts = ["2026-11-21", "2025-12-31", "2026-01-01", "2026-11-20", "1999-06-15", "2026-02-01"]
        #expect(texts.map(date).sorted().map(\.description) == texts.sorted())
        #expect(date("2026-01-31") < date("2026-02-01"))
        #expect(!(date("2026-02-01") < date("2026-02-01")))
    }

    @Test("Codable as YYYY-MM-DD")
    func codable() throws {
        let data = try JSONEncoder().encode([date("2026-11-21")])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-21"]"#)
        #expect(try JSONDecoder().decode([LocalDate].self, from: data) == [date("2026-11-21")])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDate].self, from: Data(#"["2026-02-30"]"#.utf8))
        }
    }
}

@Suite("YearMonth")
struct YearMonthTests {
    @Test("parse and describe")
    func parse() throws {
        let m = try #require(YearMonth("2026-11"))
        #expect(m.year == 2026 && m.month == 11)
        #expect(m.description == "2026-11")
        #expect(m.title == "November 2026")
        #expect(m.first == date("2026-11-01"))
        #expect(m.last == date("2026-11-30"))
        #expect(YearMonth("2024-02")?.last == date("2024-02-29"))
        #expect(YearMonth(date("2026-11-21")) == m)
        for bad in ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "", "2026/11", "november"] {
            #expect(YearMonth(bad) == nil, "\(bad)")
        }
    }

    @Test("previous and next across year ends")
    func stepping() throws {
        let january = try #require(YearMonth("2026-01"))
        let december = try #require(YearMonth("2025-12"))
        #expect(january.previous == december)
        #expect(december.next == january)
        #expect(YearMonth("2026-11")?.next.description == "2026-12")
        #expect(YearMonth("2026-03")?.previous.description == "2026-02")
        var month = january
        for _ in 0..<24 { month = month.next }
        #expect(month.description == "2028-01")
        for _ in 0..<24 { month = month.previous }
        #expect(month == january)
    }

    @Test("the first and last supported months do not trap")
    func edges() throws {
        let first = try #require(YearMonth("0001-01"))
        let last = try #require(YearMonth("9999-12"))
        #expect(first.previous == first)
        #expect(last.next == last)
        #expect(first.next.description == "0001-02")
        #expect(last.previous.description == "9999-11")
    }

    @Test("ordering")
    func ordering() {
        #expect(YearMonth("2025-12")! < YearMonth("2026-01")!)
        #expect(YearMonth("2026-02")! < YearMonth("2026-10")!)
    }
}

@Suite("TimeOfDay")
struct TimeOfDayTests {
    @Test("parses HH:MM", arguments: [("00:00", 0), ("09:30", 570), ("12:00", 720), ("23:59", 1439)])
    func valid(text: String, minutes: Int) throws {
        let time = try #require(TimeOfDay(text))
        #expect(time.minutes == minutes)
        #expect(time.description == text)
    }

    @Test(
        "rejects other shapes",
        arguments: [
            "24:00", "12:60", "9:30", "09:5", "0930", "09:30:00", "", ":", "ab:cd", " 9:30", "09:3 ", "-1:30",
            "+9:30", "09:+5", "-0:30", "00:-0", "٠٩:٣٠", "09.30", "9:30 am",
        ]
    )
    func invalid(text: String) {
        #expect(TimeOfDay(text) == nil)
    }

    @Test("reads a substring as it reads a string")
    func substring() {
        let line = "2026-03-14 08:30"
        #expect(TimeOfDay(line.dropFirst(11))?.minutes == 510)
        #expect(LocalDate(line.prefix(10)) == LocalDate(year: 2026, month: 3, day: 14))
        #expect(LocalDate(line.prefix(9)) == nil)
    }

    @Test("ordering")
    func ordering() {
        #expect(TimeOfDay("08:59")! < TimeOfDay("09:00")!)
        #expect(!(TimeOfDay("09:00")! < TimeOfDay("09:00")!))
    }
}
