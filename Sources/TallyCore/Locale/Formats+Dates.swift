import Foundation

/// How much of a date to write.
public enum DateForm: Sendable, Hashable, CaseIterable {
    /// `12/2/26`, `02.12.26`.
    case short
    /// `Dec 2, 2026`, `02.12.2026`.
    case medium
    /// `December 2, 2026`, `2. Dezember 2026`.
    case long
    /// `Wednesday, December 2, 2026`.
    case full
    /// `December 2026`, `Dezember 2026`: a month's title.
    case monthYear
    /// `Dec 2026`.
    case shortMonthYear
    /// `Dec 2`, `2. Dez.`: a day within a year that goes without saying.
    case dayMonth
}

extension Formats {
    /// A calendar date (a `LocalDate` has no time zone: it is written as the day it names).
    public func date(_ date: LocalDate, _ form: DateForm = .medium) -> String {
        let instant = Self.instant(date)
        return style(form).format(instant)
    }

    /// A range of dates, as the region writes one (`Dec 1 – 7, 2026`, `1.–7. Dez. 2026`).
    public func dateRange(_ first: LocalDate, _ last: LocalDate) -> String {
        guard first != last else { return date(first) }
        var style = Date.IntervalFormatStyle(date: .abbreviated, time: .omitted, locale: icu, calendar: Self.calendar)
        style.timeZone = Self.utc
        return style.format(Self.instant(first)..<Self.instant(last))
    }

    /// A time of day (`8:00 PM`, `20:00`).
    public func time(_ time: TimeOfDay) -> String {
        let instant = Date(timeIntervalSince1970: TimeInterval(time.minutes * 60))
        return Date.FormatStyle(
            date: .omitted,
            time: .shortened,
            locale: icu,
            calendar: Self.calendar,
            timeZone: Self.utc
        )
        .format(instant)
    }

    /// `date` against `today` in words (`3 days ago`, `vor 3 Tagen`, `tomorrow`).
    public func relative(_ date: LocalDate, today: LocalDate) -> String {
        let style = Date.AnchoredRelativeFormatStyle(
            anchor: Self.instant(today),
            presentation: .named,
            unitsStyle: .wide,
            locale: icu,
            calendar: Self.calendar,
            capitalizationContext: .middleOfSentence
        )
        return style.format(Self.instant(date))
    }

    /// The name of an ISO weekday (1 = Monday … 7 = Sunday): `Monday`, `Mo.`, `月`.
    public func weekdayName(_ isoWeekday: Int, short: Bool = false) -> String {
        // 2024-01-01 was a Monday.
        let day = LocalDate(dayNumber: LocalDate(year: 2024, month: 1, day: 1)!.dayNumber + (isoWeekday - 1))
        let style = Date.FormatStyle(locale: icu, calendar: Self.calendar, timeZone: Self.utc)
            .weekday(short ? .abbreviated : .wide)
        return style.format(Self.instant(day))
    }

    /// The name of a month (1 … 12), standing alone as a calendar's title has it (`Dezember`).
    public func monthName(_ month: Int, short: Bool = false) -> String {
        let day = LocalDate(year: 2024, month: min(max(month, 1), 12), day: 1)!
        let style = Date.FormatStyle(locale: icu, calendar: Self.calendar, timeZone: Self.utc)
            .month(short ? .abbreviated : .wide)
        return style.format(Self.instant(day))
    }

    /// The first day of the region's week as an ISO weekday (1 = Monday … 7 = Sunday): Sunday in
    /// the US, Monday in Germany, Saturday in Egypt. A person's own setting goes before it.
    public var regionFirstWeekday: Int {
        // Foundation's weekday counts from Sunday = 1.
        switch icu.firstDayOfWeek {
        case .sunday: 7
        case .monday: 1
        case .tuesday: 2
        case .wednesday: 3
        case .thursday: 4
        case .friday: 5
        case .saturday: 6
        }
    }

    private func style(_ form: DateForm) -> Date.FormatStyle {
        let base = Date.FormatStyle(locale: icu, calendar: Self.calendar, timeZone: Self.utc)
        switch form {
        case .short:
            return Date.FormatStyle(
                date: .numeric,
                time: .omitted,
                locale: icu,
                calendar: Self.calendar,
                timeZone: Self.utc
            )
        case .medium:
            return Date.FormatStyle(
                date: .abbreviated,
                time: .omitted,
                locale: icu,
                calendar: Self.calendar,
                timeZone: Self.utc
            )
        case .long:
            return Date.FormatStyle(
                date: .long,
                time: .omitted,
                locale: icu,
                calendar: Self.calendar,
                timeZone: Self.utc
            )
        case .full:
            return Date.FormatStyle(
                date: .complete,
                time: .omitted,
                locale: icu,
                calendar: Self.calendar,
                timeZone: Self.utc
            )
        case .monthYear: return base.month(.wide).year(.defaultDigits)
        case .shortMonthYear: return base.month(.abbreviated).year(.defaultDigits)
        case .dayMonth: return base.month(.abbreviated).day(.defaultDigits)
        }
    }

    /// Noon UTC of `date`: the instant every date style writes as that day.
    static func instant(_ date: LocalDate) -> Date {
        // 1970-01-01 is day number `epochDay`.
        Date(timeIntervalSince1970: TimeInterval((date.dayNumber - epochDay) * 86_400 + 43_200))
    }

    private static let epochDay = LocalDate(year: 1970, month: 1, day: 1)!.dayNumber
    static let utc = TimeZone(identifier: "UTC")!
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }()
}
