import Foundation
import TallyStore

/// Reads one row line of `backup.json` (a flat JSON object) into the table's values, by hand.
///
/// JSONDecoder cost about 20 µs a row through a keyed container, most of restore's time at a
/// million records; rows are flat (numbers, strings, true/false/null, and the odd nested object of
/// a rule or preset, which does go through JSONDecoder), so a small strict reader does the rest.
/// It refuses what JSON refuses and what the table cannot hold: unknown or repeated keys, a
/// number where text belongs, fractions, numbers beyond 64 bits, invalid UTF-8.
struct BackupRowParser {
    let table: BackupTable
    private let keys: [[UInt8]]
    private let index: [String: Int]
    /// How each column's value is read (a plain enum: no column description copied per value).
    private let shapes: [Shape]

    private enum Shape {
        case integer, bool, text, nested
    }

    init(_ table: BackupTable) {
        precondition(table.columns.count < 64, "a backup table has fewer than 64 columns")
        self.table = table
        keys = table.columns.map { Array($0.key.utf8) }
        index = Dictionary(uniqueKeysWithValues: table.columns.enumerated().map { ($1.key, $0) })
        shapes = table.columns.map { column in
            switch column.kind {
            case .id, .ref, .int, .money: .integer
            case .bool: .bool
            case .text, .choice, .date, .time, .timestamp, .currency, .file: .text
            case .rule, .object: .nested
            }
        }
    }

    struct Problem: Error {
        let detail: String
    }

    /// The row's values, one per column (null where the row leaves a column out).
    func parse(_ line: ArraySlice<UInt8>) throws -> [BackupValue] {
        var values = [BackupValue](repeating: .null, count: keys.count)
        // Which columns were given, a bit each (a table has fewer than 64).
        var seen: UInt64 = 0
        var reader = Reader(bytes: line)
        reader.skipSpace()
        try reader.expect(UInt8(ascii: "{"))
        reader.skipSpace()
        var expected = 0
        if reader.peek() == UInt8(ascii: "}") {
            reader.advance()
        } else {
            while true {
                reader.skipSpace()
                let key = try reader.rawString()
                // Keys come in column order: try the next column's before looking the key up.
                let column: Int
                if expected < keys.count, key.elementsEqual(keys[expected]) {
                    column = expected
                } else if let found = index[String(decoding: key, as: UTF8.self)] {
                    column = found
                } else {
                    throw Problem(detail: "it has no column \(String(decoding: key.prefix(40), as: UTF8.self))")
                }
                guard seen & (1 << column) == 0 else {
                    throw Problem(detail: "\(table.columns[column].key) is given twice")
                }
                seen |= 1 << column
                expected = column + 1
                reader.skipSpace()
                try reader.expect(UInt8(ascii: ":"))
                reader.skipSpace()
                values[column] = try value(&reader, column)
                reader.skipSpace()
                guard let next = reader.next() else { throw Problem(detail: "it ends early") }
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ",") else { throw Problem(detail: "a value is followed by junk") }
            }
        }
        reader.skipSpace()
        guard reader.atEnd else { throw Problem(detail: "it goes on after the row") }
        return values
    }

    private func value(_ reader: inout Reader, _ column: Int) throws -> BackupValue {
        func key() -> String { table.columns[column].key }
        guard let first = reader.peek() else { throw Problem(detail: "\(key()) has no value") }
        if first == UInt8(ascii: "n") {
            try reader.literal("null")
            return .null
        }
        func wrong() -> Problem { Problem(detail: "\(key()) has the wrong type") }
        switch shapes[column] {
        case .integer:
            return .int(try reader.integer() ?? { throw wrong() }())
        case .bool:
            if first == UInt8(ascii: "t") {
                try reader.literal("true")
                return .bool(true)
            }
            guard first == UInt8(ascii: "f") else { throw wrong() }
            try reader.literal("false")
            return .bool(false)
        case .text:
            guard first == UInt8(ascii: "\"") else { throw wrong() }
            return .text(try reader.string())
        case .nested:
            guard first == UInt8(ascii: "{") else { throw Problem(detail: "\(key()) must be an object") }
            let raw = try reader.nested()
            let parsed = try JSONDecoder().decode(JSONValue.self, from: Data(raw))
            return .json(try JSONValue.canonical(parsed))
        }
    }
}

/// A cursor over one line's bytes.
private struct Reader {
    let bytes: ArraySlice<UInt8>
    var position: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var atEnd: Bool { position >= bytes.endIndex }
    func peek() -> UInt8? { atEnd ? nil : bytes[position] }
    mutating func advance() { position += 1 }
    mutating func next() -> UInt8? {
        defer { position += 1 }
        return peek()
    }

    mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    mutating func expect(_ byte: UInt8) throws {
        guard next() == byte else { throw BackupRowParser.Problem(detail: "it is not a JSON object") }
    }

    mutating func literal(_ word: StaticString) throws {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in text { try expect(byte) }
    }

    /// A whole number; nil for a fraction, an exponent or anything else.
    mutating func integer() throws -> Int64? {
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            advance()
        }
        var value: Int64 = 0
        var digits = 0
        while let byte = peek(), byte >= 0x30, byte <= 0x39 {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflow, !overflow2 else { return nil }
            value = sum
            digits += 1
            advance()
        }
        guard digits > 0 else { return nil }
        if let byte = peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            return nil
        }
        return negative ? -value : value
    }

    /// The raw bytes of a key (keys hold no escapes in a Tally backup; one with any is unknown).
    mutating func rawString() throws -> ArraySlice<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = position
        while let byte = peek(), byte != UInt8(ascii: "\"") { position += 1 }
        guard !atEnd else { throw BackupRowParser.Problem(detail: "a key is not closed") }
        defer { position += 1 }
        return bytes[start..<position]
    }

    /// A JSON string, its escapes undone, checked to be UTF-8.
    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        var plain = true
        var ascii = true
        while let byte = peek(), byte != UInt8(ascii: "\"") {
            if byte == UInt8(ascii: "\\") {
                plain = false
                position += 1
            } else if byte < 0x20 {
                throw BackupRowParser.Problem(detail: "a string holds a control character")
            } else if byte >= 0x80 {
                ascii = false
            }
            position += 1
        }
        guard !atEnd else { throw BackupRowParser.Problem(detail: "a string is not closed") }
        let raw = bytes[start..<position]
        position += 1
        // ASCII is UTF-8 as it stands (and the generic validation costs more than the copy).
        if plain && ascii { return String(decoding: raw, as: UTF8.self) }
        if plain {
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw BackupRowParser.Problem(detail: "a string is not UTF-8")
            }
            return text
        }
        // Escapes are rare (quotes, newlines in notes): JSONDecoder undoes them exactly.
        guard
            let text = try? JSONDecoder().decode(
                String.self,
                from: Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
            )
        else { throw BackupRowParser.Problem(detail: "a string has a bad escape") }
        return text
    }

    /// The raw bytes of a nested object or array, strings inside it skipped over whole.
    mutating func nested() throws -> ArraySlice<UInt8> {
        let start = position
        var depth = 0
        var inString = false
        while let byte = next() {
            if inString {
                if byte == UInt8(ascii: "\\") {
                    advance()
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return bytes[start..<position] }
            default: break
            }
        }
        throw BackupRowParser.Problem(detail: "an object is not closed")
    }
}
