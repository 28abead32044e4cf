import TallyCore

/// The header in front of an OFX body, which says how the body is written: OFX 1.x puts
/// `KEY:VALUE` lines before `<OFX>` (SGML), OFX 2.x an `<?xml …?>` declaration and `<?OFX …?>`.
/// Only where the body starts and its character set matter: both bodies go through the same
/// tolerant tokenizer (see `OFXTree`), because banks put SGML bodies behind XML headers too.
struct OFXHeader {
    /// The file's text as UTF-8, header included so that offsets give line numbers.
    var text: [UInt8]
    /// Where the body starts in `text`.
    var bodyStart: Int

    /// Reads the header and decodes the file to UTF-8. Bytes that are valid UTF-8 are read as
    /// UTF-8 whatever the header says: exporters copy the usual `CHARSET:1252` header onto UTF-8
    /// text, while Windows-1252 text with accents is almost never valid UTF-8 (é is the lone byte
    /// 0xE9). Other bytes are Windows-1252 (a superset of ISO-8859-1), which is what
    /// `CHARSET:1252`, `CHARSET:NONE` and `ENCODING:USASCII` files hold in practice, unless the
    /// header declares UTF-8, when invalid sequences become U+FFFD.
    static func read(_ bytes: [UInt8]) throws(StatementError) -> OFXHeader {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, isSpace(bytes[start]) { start += 1 }
        let rest = bytes[start...]
        let declared: [UInt8]
        if startsCaseless(rest, "OFXHEADER") {
            let end = rest.firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
            declared = sgmlEncoding(bytes[start..<end])
            start = end
        } else if startsCaseless(rest, "<?XML") {
            let end = rest.firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
            declared = xmlEncoding(bytes[start..<end])
        } else if startsCaseless(rest, "<OFX") || startsCaseless(rest, "<?OFX") {
            declared = []
        } else {
            throw StatementError(
                "file",
                "is not an OFX or QFX file: it starts with neither an OFX header "
                    + "(OFXHEADER:100 or <?xml …?>) nor <OFX>"
            )
        }
        if String(validating: bytes, as: UTF8.self) != nil {
            return OFXHeader(text: bytes, bodyStart: start)
        }
        if ["UTF-8", "UTF8"].contains(where: { Array($0.utf8) == declared }) {
            let body = String(decoding: bytes[start...], as: UTF8.self)
            return OFXHeader(text: Array(bytes[..<start]) + Array(body.utf8), bodyStart: start)
        }
        // Only the body is transcoded, so `start` stays where it is; the header is never read
        // again except to count lines.
        var text = Array(bytes[..<start])
        text.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes[start...] { appendWindows1252(byte, to: &text) }
        return OFXHeader(text: text, bodyStart: start)
    }

    /// The upper-cased value of `ENCODING:` in an SGML header ("USASCII", "UTF-8").
    private static func sgmlEncoding(_ header: ArraySlice<UInt8>) -> [UInt8] {
        for line in header.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let key = upper(trim(line[..<colon]))
            if key == Array("ENCODING".utf8) { return upper(trim(line[(colon + 1)...])) }
        }
        return []
    }

    /// The upper-cased `encoding` of an XML declaration.
    private static func xmlEncoding(_ declaration: ArraySlice<UInt8>) -> [UInt8] {
        let folded = upper(declaration)
        guard let at = folded.firstRange(of: Array("ENCODING".utf8)) else { return [] }
        let value = folded[at.upperBound...].drop { $0 == UInt8(ascii: "=") || isSpace($0) }
        guard let quote = value.first, quote == 0x22 || quote == 0x27 else { return [] }
        return Array(value.dropFirst().prefix { $0 != quote })
    }

    private static func startsCaseless(_ bytes: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        upper(bytes.prefix(prefix.utf8.count)) == Array(prefix.utf8)
    }

    private static func upper(_ bytes: some Collection<UInt8>) -> [UInt8] {
        bytes.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
    }

    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
        return bytes[start..<max(start, end)]
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Windows-1252 as UTF-8: 0x80–0x9F hold typographic characters (€, ’, “), the rest of the
    /// upper half is Latin-1. The five unassigned bytes become U+FFFD.
    static func appendWindows1252(_ byte: UInt8, to text: inout [UInt8]) {
        if byte < 0x80 {
            text.append(byte)
            return
        }
        let scalar: UInt32 = byte >= 0xA0 ? UInt32(byte) : windows1252High[Int(byte - 0x80)]
        if scalar < 0x800 {
            text.append(UInt8(0xC0 | (scalar >> 6)))
            text.append(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            text.append(UInt8(0xE0 | (scalar >> 12)))
            text.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            text.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    private static let windows1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}
