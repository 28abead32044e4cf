import FuzzSupport
import TallyCore
import TallyFiles

// ICalendar's TEXT escaping and line folding, and whole documents built from fuzzed names. Input:
// a byte choosing the event's date, then lines: calendar name, summary, description, uid.
//
// Invariants: an escaped value holds no line break and no unescaped , ; or \, and unescapes to
// the text without its carriage returns; every folded line is at most 75 octets of valid UTF-8,
// continuation lines start with a space, and unfolding gives the line back; a document ends
// every line with CRLF and keeps each value whole.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_icalendar_main")
public func fuzzICalendarMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzICalendar)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let day = LocalDate.supported.lowerBound.adding(
        days: Int(input.int64().magnitude % UInt64(days(in: LocalDate.supported)))
    )
    let parts = input.parts(4)
    for text in parts + [input.text] {
        let escaped = ICalendar.escape(text)
        checkEscaped(escaped, of: text)
        checkFolded("SUMMARY:" + escaped)
    }
    checkDocument(name: parts[0], summary: parts[1], description: parts[2], uid: parts[3], day: day)
    return 0
}

func days(in range: ClosedRange<LocalDate>) -> Int { range.upperBound.dayNumber - range.lowerBound.dayNumber + 1 }

func checkEscaped(_ escaped: String, of text: String) {
    require(!escaped.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "escape(\(shown(text))) keeps a line break")
    require(
        unescape(escaped) == String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" })),
        "escape(\(shown(text))) = \(shown(escaped)) does not unescape to the text"
    )
}

/// RFC 5545 §3.3.11 read back: "\\" "\;" "\," "\n"/"\N"; a backslash before anything else, or a
/// bare , or ;, means the escaping let something through.
func unescape(_ escaped: String) -> String? {
    var out = String.UnicodeScalarView()
    var scalars = escaped.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
        switch scalar {
        case "\\":
            switch scalars.popFirst() {
            case "\\": out.append("\\")
            case ";": out.append(";")
            case ",": out.append(",")
            case "n", "N": out.append("\n")
            default: return nil
            }
        case ",", ";": return nil
        default: out.append(scalar)
        }
    }
    return String(out)
}

func checkFolded(_ line: String) {
    let folded = ICalendar.fold(line)
    let pieces = split(Array(folded.utf8))
    for (index, piece) in pieces.enumerated() {
        require(piece.count <= 75, "fold(\(shown(line))) makes a line of \(piece.count) octets")
        require(String(validating: piece, as: UTF8.self) != nil, "fold(\(shown(line))) splits a UTF-8 sequence")
        require(
            index == 0 || piece.first == UInt8(ascii: " "),
            "fold(\(shown(line))): a continuation line without its space"
        )
        require(index == 0 || piece.count > 1, "fold(\(shown(line))): an empty continuation line")
    }
    require(unfold(folded) == line, "fold(\(shown(line))) does not unfold to the line")
}

/// The lines of a CRLF-separated text, as bytes.
func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    var i = 0
    while i < bytes.count {
        if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
            lines.append(bytes[start..<i])
            i += 2
            start = i
        } else {
            i += 1
        }
    }
    lines.append(bytes[start..<bytes.count])
    return lines
}

/// RFC 5545 §3.1: a CRLF followed by one space or tab is removed.
func unfold(_ text: String) -> String {
    var bytes: [UInt8] = []
    let input = Array(text.utf8)
    var i = 0
    while i < input.count {
        if input[i] == 0x0D, i + 2 < input.count, input[i + 1] == 0x0A, input[i + 2] == 0x20 || input[i + 2] == 0x09 {
            i += 3
        } else {
            bytes.append(input[i])
            i += 1
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

func checkDocument(name: String, summary: String, description: String, uid: String, day: LocalDate) {
    let event = ICalendarEvent(
        uid: uid,
        start: .date(day),
        summary: summary,
        description: description,
        alarmTrigger: ICalendar.trigger(daysBefore: 1)
    )
    let timed = ICalendarEvent(uid: uid + "-t", start: .floating(day, TimeOfDay("09:30")!), summary: summary)
    let document = ICalendar.document(name: name, stamp: "20261122T000000Z", events: [event, timed])
    require(document.hasSuffix("\r\n"), "the document does not end with CRLF")
    let bytes = Array(document.utf8)
    let physical = split(bytes).dropLast()  // after the final CRLF
    require(
        physical.allSatisfy { $0.count <= 75 && !$0.contains(0x0A) && !$0.contains(0x0D) },
        "a document line is too long or holds a line break"
    )
    let lines = split(Array(unfold(document).utf8)).map { String(decoding: $0, as: UTF8.self) }
    // By bytes: a value that starts with a combining mark joins the ':' into one Character,
    // and String.hasPrefix compares Characters.
    func value(_ property: String) -> [String] {
        let prefix = Array((property + ":").utf8)
        return lines.map { Array($0.utf8) }.filter { $0.starts(with: prefix) }.map {
            String(decoding: $0.dropFirst(prefix.count), as: UTF8.self)
        }
    }
    let plain = { (text: String) in String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" })) }
    require(value("X-WR-CALNAME").map(unescape) == [plain(name)], "the calendar name does not read back")
    require(value("SUMMARY").map(unescape) == [plain(summary), plain(summary)], "the summary does not read back")
    require(value("UID").map(unescape) == [plain(uid), plain(uid + "-t")], "the uid does not read back")
    require(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2, "events are lost or added")
}
