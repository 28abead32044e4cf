import TallyCore

/// Turns a bank file's bytes into UTF-8 text without a byte-order mark, whatever it was written
/// in, so that `CSVReader` (which reads UTF-8) can read every bank's file. Line breaks stay where
/// they were, so line numbers count the file's own lines.
enum BankCSVText {
    /// The encoding the bytes look like: a byte-order mark, else UTF-16 by its NUL bytes (ASCII
    /// text in UTF-16 has a NUL in every other byte), else UTF-8 when it is valid, else Windows-1252.
    static func detectEncoding(_ bytes: [UInt8]) -> CSVEncoding {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8 }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .utf16 }
        if nulPattern(bytes) != nil { return .utf16 }
        if !bytes.contains(where: { $0 >= 0x80 }) { return .utf8 }
        return String(validating: bytes, as: UTF8.self) != nil ? .utf8 : .windows1252
    }

    /// Whether the bytes look like BOM-less UTF-16: true for big-endian, false for little-endian,
    /// nil when NUL bytes do not sit in every other position.
    private static func nulPattern(_ bytes: [UInt8]) -> Bool? {
        let sample = bytes.prefix(4096)
        guard sample.count >= 4 else { return nil }
        var even = 0
        var odd = 0
        for (i, b) in sample.enumerated() where b == 0 {
            if i % 2 == 0 { even += 1 } else { odd += 1 }
        }
        let pairs = sample.count / 2
        if odd * 10 >= pairs * 3, even * 10 < pairs { return false }
        if even * 10 >= pairs * 3, odd * 10 < pairs { return true }
        return nil
    }

    /// The text as UTF-8 bytes, without a byte-order mark. UTF-8 is passed through unchecked
    /// (`CSVReader` refuses invalid bytes with their line); broken UTF-16 becomes U+FFFD.
    static func utf8(_ bytes: [UInt8], _ encoding: CSVEncoding) -> [UInt8] {
        switch encoding {
        case .utf8:
            return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        case .utf16:
            var bigEndian = nulPattern(bytes) ?? false
            var body = bytes[...]
            if bytes.starts(with: [0xFF, 0xFE]) {
                bigEndian = false
                body = body.dropFirst(2)
            } else if bytes.starts(with: [0xFE, 0xFF]) {
                bigEndian = true
                body = body.dropFirst(2)
            }
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            var i = body.startIndex
            while i + 1 < body.endIndex {
                let (a, b) = (UInt16(body[i]), UInt16(body[i + 1]))
                units.append(bigEndian ? a << 8 | b : b << 8 | a)
                i += 2
            }
            var out: [UInt8] = []
            out.reserveCapacity(units.count)
            _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) {
                out.append($0)
            }
            return out
        case .windows1252:
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8)
            for b in bytes {
                if b < 0x80 {
                    out.append(b)
                } else {
                    let scalar = b <= 0x9F ? windows1252High[Int(b - 0x80)] : UInt32(b)
                    out.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
                }
            }
            return out
        }
    }

    /// Windows-1252's 0x80–0x9F (where Latin-1 has control codes); its five unassigned bytes map
    /// to the control code of the same number, as browsers decode them.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The byte offset where physical line `lines + 1` starts (the end when there are fewer).
    static func offset(afterLines lines: Int, in text: [UInt8]) -> Int {
        guard lines > 0 else { return 0 }
        var seen = 0
        for (i, b) in text.enumerated() where b == 0x0A {
            seen += 1
            if seen == lines { return i + 1 }
        }
        return text.count
    }

    /// The physical lines of `text` (without their line ends).
    static func lines(_ text: ArraySlice<UInt8>) -> [String] {
        text.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self)
        }
    }
}

/// Where a bank's table starts and how its fields are separated, found from the first records
/// without parsing them (a preamble may hold stray quotes that `CSVReader` would refuse).
struct BankCSVLayout: Equatable {
    /// The delimiter byte.
    var delimiter: UInt8
    /// Physical lines above the table.
    var skipLines: Int

    /// The delimiters banks use, in the order they win a tie.
    static let delimiters: [UInt8] = [0x2C, 0x3B, 0x09, 0x7C]

    /// Finds what is not given. The delimiter is the one that splits the most sampled records into
    /// the same number (>1) of fields (quotes respected); the table starts at the first record whose
    /// field count is within one of that number (a header may lack a trailing empty field) and so is
    /// the next one's. Records above it are the preamble.
    static func detect(_ text: [UInt8], delimiter: UInt8?, skipLines: Int?) -> BankCSVLayout {
        let start = BankCSVText.offset(afterLines: skipLines ?? 0, in: text)
        let records = sample(text[start...], firstLine: (skipLines ?? 0) + 1)
        var best: (delimiter: UInt8, score: Int, width: Int) = (delimiter ?? 0x2C, -1, 0)
        for (d, candidate) in delimiters.enumerated() where delimiter == nil || delimiter == candidate {
            var tally: [Int: Int] = [:]
            for record in records { tally[record.counts[d], default: 0] += 1 }
            let (width, score) = tally.max { ($0.value, $0.key) < ($1.value, $1.key) } ?? (1, 0)
            let usable = width > 1 || delimiter != nil
            if usable, score > best.score || (score == best.score && width > best.width) {
                best = (candidate, score, width)
            }
        }
        guard skipLines == nil, best.width > 1, let d = delimiters.firstIndex(of: best.delimiter) else {
            return BankCSVLayout(delimiter: best.delimiter, skipLines: skipLines ?? 0)
        }
        let fits = { (r: Record) in abs(r.counts[d] - best.width) <= 1 }
        for (i, record) in records.enumerated() where fits(record) {
            if i + 1 == records.count || fits(records[i + 1]) {
                return BankCSVLayout(delimiter: best.delimiter, skipLines: record.line - 1)
            }
        }
        return BankCSVLayout(delimiter: best.delimiter, skipLines: 0)
    }

    /// How many physical lines precede the first of `lines` that has a cell `name` (trimmed,
    /// unquoted, case-insensitive); nil when none has. Finds a header the field counts cannot, such
    /// as one narrower than its rows.
    static func line(naming name: String, in text: [UInt8], _ delimiter: UInt8, _ lines: Range<Int>) -> Int? {
        let wanted = name.trimmingSpaces().lowercased()
        var start = BankCSVText.offset(afterLines: lines.lowerBound, in: text)
        for n in lines {
            guard start < text.count else { return nil }
            let end = text[start...].firstIndex(of: 0x0A) ?? text.count
            for cell in text[start..<end].split(separator: delimiter, omittingEmptySubsequences: false) {
                var value = String(decoding: cell, as: UTF8.self).trimmingSpaces()
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = String(value.dropFirst().dropLast())
                }
                if value.lowercased() == wanted { return n }
            }
            start = end + 1
        }
        return nil
    }

    struct Record {
        /// Physical line the record starts on.
        var line: Int
        /// Field counts for each of `delimiters`.
        var counts: [Int]
    }

    /// Up to 60 non-blank records from the first 64 KiB, with their field counts per delimiter.
    static func sample(_ text: ArraySlice<UInt8>, firstLine: Int) -> [Record] {
        var records: [Record] = []
        var line = firstLine
        var start = line
        var counts = [1, 1, 1, 1]
        var quoted = false
        var empty = true
        for b in text.prefix(65_536) {
            if b == 0x22 {
                quoted.toggle()
                empty = false
            } else if b == 0x0A {
                line += 1
                if quoted { continue }
                if !empty { records.append(Record(line: start, counts: counts)) }
                if records.count == 60 { return records }
                (start, counts, empty) = (line, [1, 1, 1, 1], true)
            } else if !quoted, let d = delimiters.firstIndex(of: b) {
                counts[d] += 1
                empty = false
            } else if b != 0x0D {
                empty = false
            }
        }
        if !empty { records.append(Record(line: start, counts: counts)) }
        return records
    }
}
