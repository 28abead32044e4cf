import TallyCore

/// The bytes of a QIF file as UTF-8 text cut into trimmed lines.
///
/// QIF has no encoding declaration: Quicken writes the Windows code page, newer programs UTF-8.
/// A file that is valid UTF-8 is read as UTF-8 (without its BOM); any other file as Windows-1252,
/// because a stray byte of a code page is almost never valid UTF-8 by accident.
struct QIFText {
    /// The text, UTF-8.
    let bytes: [UInt8]
    /// Non-blank lines, trimmed of spaces and tabs, as ranges of `bytes`.
    private(set) var lines: [QIFLine] = []

    init(_ raw: [UInt8]) {
        var body = raw[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if String(validating: body, as: UTF8.self) != nil {
            bytes = Array(body)
        } else {
            bytes = Self.utf8(fromWindows1252: body)
        }
        lines = Self.cut(bytes)
    }

    /// The text of a line after its first `skip` bytes (the field code), trimmed.
    func text(_ line: QIFLine, skip: Int = 1) -> String {
        var start = min(line.start + skip, line.end)
        var end = line.end
        while start < end, Self.isBlank(bytes[start]) { start += 1 }
        while end > start, Self.isBlank(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The field code: the line's first byte.
    func code(_ line: QIFLine) -> UInt8 { bytes[line.start] }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// LF, CRLF and lone CR all end a line (old Mac Quicken wrote CR).
    private static func cut(_ bytes: [UInt8]) -> [QIFLine] {
        var lines: [QIFLine] = []
        var number = 1
        var start = 0
        var index = 0
        func close(_ end: Int) {
            var s = start
            var e = end
            while s < e, isBlank(bytes[s]) { s += 1 }
            while e > s, isBlank(bytes[e - 1]) { e -= 1 }
            if s < e { lines.append(QIFLine(number: number, start: s, end: e)) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                close(index)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                number += 1
                start = index + 1
            }
            index += 1
        }
        close(bytes.count)
        return lines
    }

    /// Windows-1252: Latin-1 except 0x80–0x9F, which hold €, curly quotes, dashes and a few
    /// letters. The five bytes the code page leaves undefined become U+FFFD.
    private static func utf8(fromWindows1252 raw: ArraySlice<UInt8>) -> [UInt8] {
        var text = String.UnicodeScalarView()
        for byte in raw {
            let value = byte >= 0x80 && byte < 0xA0 ? high[Int(byte - 0x80)] : UInt32(byte)
            text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return Array(String(text).utf8)
    }

    private static let high: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}

/// One non-blank line of a QIF file: its 1-based number and its trimmed bytes.
struct QIFLine {
    let number: Int
    let start: Int
    let end: Int

    var location: String { "line \(number)" }
}
