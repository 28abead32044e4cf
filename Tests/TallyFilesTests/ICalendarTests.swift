import TallyCore
import TallyFiles
import Testing

/// A small RFC 5545 reader for the tests. It works on bytes, not Characters: a fold may fall
/// between a letter and its combining mark, and String would glue the continuation's space to it.
enum ICSReader {
    struct Property { let name: String, params: [String], value: String }
    struct Component {
        let name: String
        var properties: [Property] = []
        var children: [Component] = []
    }

    /// Physical lines, or `nil` when a CR or LF stands alone or the last line lacks its CRLF.
    static func physicalLines(_ document: String) -> [[UInt8]]? {
        let bytes = Array(document.utf8)
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0D:
                guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else { return nil }
                lines.append(current)
                current = []
                index += 2
            case 0x0A: return nil
            default:
                current.append(bytes[index])
                index += 1
            }
        }
        return current.isEmpty ? lines : nil
    }

    /// Unfolds (a line starting with a space or tab continues the one before) and splits each
    /// content line into name, parameters and value.
    static func properties(_ lines: [[UInt8]]) -> [Property] {
        var logical: [[UInt8]] = []
        for line in lines {
            if let first = line.first, first == 0x20 || first == 0x09, !logical.isEmpty {
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        return logical.map { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let colon = text.firstIndex(of: ":") ?? text.endIndex
            let head = text[..<colon].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            return Property(
                name: head[0],
                params: Array(head.dropFirst()),
                value: colon == text.endIndex ? "" : String(text[text.index(after: colon)...])
            )
        }
    }

    /// The component tree; `nil` when BEGIN and END do not pair up.
    static func components(_ properties: [Property]) -> [Component]? {
        var stack = [Component(name: "")]
        for property in properties {
            switch property.name {
            case "BEGIN": stack.append(Component(name: property.value))
            case "END":
                guard stack.count > 1, stack.last!.name == property.value else { return nil }
                let done = stack.removeLast()
                stack[stack.count - 1].children.append(done)
            default: stack[stack.count - 1].properties.append(property)
            }
        }
        return stack.count == 1 && stack[0].properties.isEmpty ? stack[0].children : nil
    }

    /// A TEXT value with its escapes undone.
    static func unescape(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        var escaped = false
        for scalar in value.unicodeScalars {
            if escaped {
                out.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

extension ICSReader.Component {
    func values(_ name: String) -> [String] { properties.filter { $0.name == name }.map(\.value) }
    func value(_ name: String) -> String? { values(name).first }
}

/// Parses `document` and checks everything every feed must satisfy; returns the calendar.
private func parsedCalendar(
    _ document: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ICSReader.Component {
    let lines = try #require(
        ICSReader.physicalLines(document),
        "lines must end with CRLF",
        sourceLocation: sourceLocation
    )
    for line in lines {
        #expect(
            line.count <= 75,
            "\(line.count) octets: \(String(decoding: line, as: UTF8.self))",
            sourceLocation: sourceLocation
        )
        #expect(
            String(validating: line, as: UTF8.self) != nil,
            "a fold split a UTF-8 sequence",
            sourceLocation: sourceLocation
        )
    }
    let tree = try #require(
        ICSReader.components(ICSReader.properties(lines)),
        "BEGIN/END must pair up",
        sourceLocation: sourceLocation
    )
    #expect(tree.count == 1 && tree[0].name == "VCALENDAR", sourceLocation: sourceLocation)
    let calendar = tree[0]
    #expect(
        calendar.values("VERSION") == ["2.0"] && calendar.values("PRODID").count == 1,
        sourceLocation: sourceLocation
    )
    for event in calendar.children {
        #expect(event.name == "VEVENT", sourceLocation: sourceLocation)
        for name in ["UID", "DTSTAMP", "DTSTART"] {
            #expect(event.values(name).count == 1, "\(name)", sourceLocation: sourceLocation)
        }
    }
    return calendar
}

private func date(_ text: String) -> LocalDate { LocalDate(text)! }

/// SplitMix64, as in TallyCoreTests: seeded, so a failing line is the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What a TEXT value should read as after the round trip: line ends become LF, lone CRs go.
private func normalized(_ text: String) -> [UInt8] {
    Array(text.utf8).filter { $0 != 0x0D }
}

/// Text that stresses escaping and folding: long runs, multi-byte scalars, grapheme clusters
/// (ZWJ emoji, combining marks, a flag), and every character TEXT must escape.
private let hardTexts: [String] = [
    String(repeating: "Monthly rent for the flat on Long Street, due before noon. ", count: 6),
    "Crème brûlée à Zürich – Smørrebrød, Ærøskøbing; naïve façade, “quotes” and 中文字符",
    String(repeating: "🧾💸👨‍👩‍👧‍👦🇳🇿", count: 12),
    String(repeating: "e\u{301}", count: 60) + String(repeating: "a", count: 73) + "😀" + "é",
    #"semi;colon, comma\ backslash\n not-a-newline \\ double"# + "\nreal newline\r\nCRLF\rlone CR",
    ";,\\\n" + String(repeating: ";", count: 80) + String(repeating: "\\", count: 80),
    ";\u{301},\u{301}\\\u{301}",  // specials carrying combining marks: still escaped
    "",
]

@Suite("iCalendar writer")
struct ICalendarTests {
    @Test("a feed parses back: every VEVENT has UID, DTSTAMP and DTSTART; all-day, timed and recurring events; alarms")
    func feed() throws {
        let events = [
            ICalendarEvent(
                uid: "bill-7-20240229@tally",
                start: .date(date("2024-02-29")),
                summary: "Rent",
                description: "Flat 3",
                url: "https://bank.example/pay?a=1,b=2;c",
                alarmTrigger: ICalendar.trigger(daysBefore: 3)
            ),
            ICalendarEvent(uid: "bill-8-20241231@tally", start: .date(date("2024-12-31")), summary: "Insurance"),
            ICalendarEvent(
                uid: "reminder@tally",
                start: .floating(date("2024-03-01"), TimeOfDay("09:05")!),
                durationMinutes: 20,
                summary: "Log today's spending",
                recurrence: "FREQ=DAILY",
                alarmTrigger: "PT0M"
            ),
        ]
        let document = ICalendar.document(name: "Tally, bills", stamp: "20240301T120000Z", events: events)
        let calendar = try parsedCalendar(document)
        #expect(calendar.values("X-WR-CALNAME").map(ICSReader.unescape) == ["Tally, bills"])
        #expect(calendar.children.count == 3)
        let (rent, insurance, reminder) = (calendar.children[0], calendar.children[1], calendar.children[2])
        #expect(rent.value("UID") == "bill-7-20240229@tally" && rent.value("DTSTAMP") == "20240301T120000Z")
        #expect(rent.properties.first { $0.name == "DTSTART" }?.params == ["VALUE=DATE"])
        #expect(rent.value("DTSTART") == "20240229" && rent.value("DTEND") == "20240301")
        #expect(rent.value("URL") == "https://bank.example/pay?a=1,b=2;c" && rent.value("DESCRIPTION") == "Flat 3")
        #expect(rent.value("RRULE") == nil && rent.value("TRANSP") == "TRANSPARENT")
        let alarm = try #require(rent.children.first)
        #expect(rent.children.count == 1 && alarm.name == "VALARM")
        #expect(
            alarm.value("ACTION") == "DISPLAY" && alarm.value("TRIGGER") == "-PT63H"
                && alarm.value("DESCRIPTION") == "Rent"
        )
        #expect(insurance.value("DTSTART") == "20241231" && insurance.value("DTEND") == "20250101")
        #expect(insurance.children.isEmpty && insurance.value("DESCRIPTION") == nil && insurance.value("URL") == nil)
        #expect(
            reminder.value("DTSTART") == "20240301T090500" && reminder.value("DURATION") == "PT20M"
                && reminder.value("DTEND") == nil
        )
        #expect(reminder.value("RRULE") == "FREQ=DAILY" && reminder.children.first?.value("TRIGGER") == "PT0M")
    }

    @Test("a feed with no events is still a calendar")
    func empty() throws {
        let document = ICalendar.document(name: "", stamp: "20240301T120000Z", events: [])
        #expect(document.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && document.hasSuffix("END:VCALENDAR\r\n"))
        #expect(try parsedCalendar(document).children.isEmpty)
    }

    @Test("long, non-ASCII and special-character text round trips through escaping and folding", arguments: hardTexts)
    func roundTrip(text: String) throws {
        let event = ICalendarEvent(
            uid: "uid-" + text,
            start: .date(date("2024-01-01")),
            summary: text,
            description: text,
            alarmTrigger: "PT9H"
        )
        let calendar = try parsedCalendar(ICalendar.document(name: text, stamp: "20240101T000000Z", events: [event]))
        let parsed = try #require(calendar.children.first)
        let texts = [
            calendar.value("X-WR-CALNAME"), parsed.value("SUMMARY"), parsed.children.first?.value("DESCRIPTION"),
        ]
        for value in texts {
            #expect(normalized(ICSReader.unescape(value ?? "?")) == normalized(text))
        }
        #expect(
            parsed.value("UID").map(ICSReader.unescape) == "uid-" + String(decoding: normalized(text), as: UTF8.self)
        )
        // DESCRIPTION is left out when empty.
        #expect(
            parsed.value("DESCRIPTION").map { normalized(ICSReader.unescape($0)) }
                == (text.isEmpty ? nil : normalized(text))
        )
    }

    @Test(
        "TEXT escaping",
        arguments: [
            ("a;b,c\\d\ne", #"a\;b\,c\\d\ne"#), ("line\r\nbreak", #"line\nbreak"#), ("lone\rCR", "loneCR"),
            ("plain", "plain"),
            (";\u{301}", "\\;\u{301}"), ("\\\u{308}", "\\\\\u{308}"), ("emoji 👍🏽, ok", #"emoji 👍🏽\, ok"#), ("", ""),
        ]
    )
    func escape(raw: String, escaped: String) {
        #expect(Array(ICalendar.escape(raw).utf8) == Array(escaped.utf8))
    }

    @Test("folding at exactly 75 octets, never inside a UTF-8 sequence")
    func foldBoundaries() {
        let a = { (n: Int) in String(repeating: "a", count: n) }
        #expect(ICalendar.fold(a(75)) == a(75))
        #expect(ICalendar.fold(a(76)) == a(75) + "\r\n a")
        #expect(ICalendar.fold(a(75 + 74)) == a(75) + "\r\n " + a(74))
        #expect(ICalendar.fold(a(75 + 75)) == a(75) + "\r\n " + a(74) + "\r\n a")
        #expect(ICalendar.fold(a(74) + "é") == a(74) + "\r\n é")  // é is 2 octets: 76 would split it
        #expect(ICalendar.fold(a(73) + "é") == a(73) + "é")
        #expect(ICalendar.fold(a(72) + "€") == a(72) + "€")  // 3 octets, exactly 75
        #expect(ICalendar.fold(a(73) + "😀") == a(73) + "\r\n 😀")
        #expect(ICalendar.fold(a(75) + a(73) + "😀") == a(75) + "\r\n " + a(73) + "\r\n 😀")
        #expect(ICalendar.fold("") == "")
    }

    @Test("random lines fold into full lines of at most 75 octets that unfold to the original")
    func foldProperty() {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "7", " ", ";", "\\", "é", "ß", "€", "中", "✓", "😀", "🧾", "𝄞", "\u{301}", "\u{200D}", "\u{FE0F}",
        ]
        var rng = SplitMix64(seed: 0x1C5)
        var failures: [String] = []
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 400) { scalars.append(pool[Int(rng.next() % UInt64(pool.count))]) }
            let line = String(scalars)
            let bytes = Array(line.utf8)
            let folded = Array(ICalendar.fold(line).utf8)
            let pieces = ICSReader.physicalLines(String(decoding: folded + [0x0D, 0x0A], as: UTF8.self)) ?? [[0xFF]]
            var unfolded = pieces[0]
            for (index, piece) in pieces.enumerated() {
                if piece.count > 75 || String(validating: piece, as: UTF8.self) == nil {
                    failures.append("bad piece in \(line)")
                }
                if index > 0 {
                    if piece.first != 0x20 || piece.count < 2 {
                        failures.append("continuation without its space or empty: \(line)")
                    }
                    unfolded += piece.dropFirst()
                    // Greedy: the piece before was folded only because this scalar did not fit.
                    let next =
                        String(decoding: piece.dropFirst(), as: UTF8.self).unicodeScalars.first.map {
                            String($0).utf8.count
                        } ?? 0
                    if pieces[index - 1].count + next <= 75 { failures.append("folded early: \(line)") }
                }
            }
            if unfolded != bytes { failures.append("round trip lost text: \(line)") }
        }
        #expect(failures.count == 0, "first: \(failures.prefix(3))")
    }

    @Test(
        "reminder triggers: 09:00 on the day, or that many days before at 09:00",
        arguments: [
            (0, "PT9H"), (1, "-PT15H"), (3, "-PT63H"), (7, "-PT159H"), (60, "-PT1431H"),
        ]
    )
    func trigger(days: Int, trigger: String) {
        #expect(ICalendar.trigger(daysBefore: days) == trigger)
    }
}
