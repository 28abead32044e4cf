import TallyCore

/// When an event happens: a whole day, or a floating local time (the same wall-clock time in
/// whatever zone the calendar is shown, RFC 5545 §3.3.5 form 1), which suits a daily reminder.
public enum ICalendarTime: Sendable, Hashable {
    /// An all-day event on this date.
    case date(LocalDate)
    /// A floating date and time.
    case floating(LocalDate, TimeOfDay)
}

/// One VEVENT of a feed.
public struct ICalendarEvent: Sendable, Hashable {
    /// Globally unique and stable across downloads, so calendars update the event in place.
    public var uid: String
    /// When it happens.
    public var start: ICalendarTime
    /// Minutes it lasts (timed events only).
    public var durationMinutes: Int
    /// The title.
    public var summary: String
    /// Details.
    public var description: String
    /// A link (the bill's "Pay now" site).
    public var url: String
    /// "FREQ=DAILY" and the like, or "" for a single event.
    public var recurrence: String
    /// The reminder: how long before the start (an RFC 5545 duration such as "-PT15H"), or `nil`.
    public var alarmTrigger: String?

    /// Makes an event.
    public init(
        uid: String,
        start: ICalendarTime,
        durationMinutes: Int = 15,
        summary: String,
        description: String = "",
        url: String = "",
        recurrence: String = "",
        alarmTrigger: String? = nil
    ) {
        self.uid = uid
        self.start = start
        self.durationMinutes = durationMinutes
        self.summary = summary
        self.description = description
        self.url = url
        self.recurrence = recurrence
        self.alarmTrigger = alarmTrigger
    }
}

/// Writes an iCalendar (RFC 5545) document: CRLF line ends, TEXT values escaped, lines folded
/// at 75 octets without splitting a UTF-8 character. Written by hand because no mirrored package
/// writes iCalendar, and the subset a feed needs is small.
public enum ICalendar {
    /// The document for `events`; `stamp` is the time it was made, "YYYYMMDDTHHMMSSZ" (UTC).
    public static func document(name: String, stamp: String, events: [ICalendarEvent]) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tally//Bills and reminders//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:" + escape(name), "REFRESH-INTERVAL;VALUE=DURATION:PT6H", "X-PUBLISHED-TTL:PT6H",
        ]
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:" + escape(event.uid))
            lines.append("DTSTAMP:" + stamp)
            switch event.start {
            case .date(let date):
                lines.append("DTSTART;VALUE=DATE:" + basic(date))
                lines.append("DTEND;VALUE=DATE:" + basic(date.adding(days: 1)))
            case .floating(let date, let time):
                lines.append(
                    "DTSTART:" + basic(date) + "T" + LocalDate.pad(time.minutes / 60, 2)
                        + LocalDate.pad(time.minutes % 60, 2) + "00"
                )
                lines.append("DURATION:PT\(event.durationMinutes)M")
            }
            if !event.recurrence.isEmpty { lines.append("RRULE:" + event.recurrence) }
            lines.append("SUMMARY:" + escape(event.summary))
            if !event.description.isEmpty { lines.append("DESCRIPTION:" + escape(event.description)) }
            if !event.url.isEmpty { lines.append("URL:" + event.url) }
            lines.append("TRANSP:TRANSPARENT")
            if let trigger = event.alarmTrigger {
                lines += [
                    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escape(event.summary), "TRIGGER:" + trigger,
                    "END:VALARM",
                ]
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// The alarm trigger for a reminder `days` before an all-day event, at 09:00 that day
    /// (all-day events start at midnight, so 1 day before at 9:00 is 15 hours earlier).
    public static func trigger(daysBefore days: Int) -> String {
        days == 0 ? "PT9H" : "-PT\(days * 24 - 9)H"
    }

    /// A TEXT value with `\`, `;`, `,` and newlines escaped (RFC 5545 §3.3.11).
    public static func escape(_ text: String) -> String {
        // By scalar, not Character: ";" followed by a combining mark is one Character that a
        // Character match would let through unescaped. CR LF becomes "\n" (the CR is dropped).
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\".unicodeScalars
            case ";": out += "\\;".unicodeScalars
            case ",": out += "\\,".unicodeScalars
            case "\n": out += "\\n".unicodeScalars
            case "\r": continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Splits a content line into lines of at most 75 octets, each continuation starting with a
    /// space, never inside a UTF-8 sequence (RFC 5545 §3.1).
    public static func fold(_ line: String) -> String {
        var out: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            // Continuation lines begin with one space, which counts toward their 75.
            if octets + size > 75 {
                out.append(current)
                current = " "
                octets = 1
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        out.append(current)
        return out.joined(separator: "\r\n")
    }

    private static func basic(_ date: LocalDate) -> String {
        LocalDate.pad(date.year, 4) + LocalDate.pad(date.month, 2) + LocalDate.pad(date.day, 2)
    }
}
