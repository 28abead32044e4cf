/// Checks that bytes are exactly one JSON text by RFC 8259, with no key twice in an object.
///
/// Foundation's decoders are lenient where the API must not be: a duplicate key is read as its
/// last value (`{"amount":"1","amount":"1000"}` stores 1000 while a proxy or a log that reads
/// the first sees 1), and some versions take a trailing comma (`{"a":1,}`) or other JSON5-isms.
/// So every JSON body is held to the grammar here first, and only then decoded.
public enum StrictJSON {
    /// Why bytes are not strict JSON, and where.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The byte offset (from 0) where reading stopped.
        public let offset: Int
        /// What was wrong there.
        public let reason: String

        /// Makes a problem.
        public init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }

        /// "a trailing comma at byte 12".
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Objects and arrays nest at most this deep (Tally's bodies nest two or three levels), so a
    /// body of a million "[" cannot exhaust the stack.
    public static let maxDepth = 64

    /// Throws unless `bytes` are one strict JSON value, with white space only around it.
    public static func check(_ bytes: [UInt8]) throws(Problem) {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == bytes.count else { throw reader.problem("more after the JSON value") }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        func problem(_ reason: String) -> Problem { Problem(offset: at, reason: reason) }

        var next: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func skipSpace() {
            while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { at += 1 }
        }

        mutating func value(depth: Int) throws(Problem) {
            guard let byte = next else { throw problem("a value is missing") }
            switch byte {
            case UInt8(ascii: "{"): try object(depth: depth + 1)
            case UInt8(ascii: "["): try array(depth: depth + 1)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw problem("an unexpected character")
            }
        }

        mutating func object(depth: Int) throws(Problem) {
            guard depth <= StrictJSON.maxDepth else {
                throw problem("nested deeper than \(StrictJSON.maxDepth) levels")
            }
            at += 1
            skipSpace()
            if next == UInt8(ascii: "}") {
                at += 1
                return
            }
            var keys = Set<String>()
            while true {
                skipSpace()
                guard next == UInt8(ascii: "\"") else {
                    throw problem(next == UInt8(ascii: "}") ? "a trailing comma" : "a key (a string) is missing")
                }
                let start = at
                let key = try string()
                guard keys.insert(key).inserted else {
                    throw Problem(offset: start, reason: "the key \"\(key.prefix(40))\" a second time")
                }
                skipSpace()
                guard next == UInt8(ascii: ":") else { throw problem("a ':' is missing") }
                at += 1
                skipSpace()
                try value(depth: depth)
                skipSpace()
                switch next {
                case UInt8(ascii: ","): at += 1
                case UInt8(ascii: "}"):
                    at += 1
                    return
                default: throw problem("a ',' or '}' is missing")
                }
            }
        }

        mutating func array(depth: Int) throws(Problem) {
            guard depth <= StrictJSON.maxDepth else {
                throw problem("nested deeper than \(StrictJSON.maxDepth) levels")
            }
            at += 1
            skipSpace()
            if next == UInt8(ascii: "]") {
                at += 1
                return
            }
            while true {
                skipSpace()
                if next == UInt8(ascii: "]") { throw problem("a trailing comma") }
                try value(depth: depth)
                skipSpace()
                switch next {
                case UInt8(ascii: ","): at += 1
                case UInt8(ascii: "]"):
                    at += 1
                    return
                default: throw problem("a ',' or ']' is missing")
                }
            }
        }

        mutating func literal(_ word: StaticString) throws(Problem) {
            let count = word.utf8CodeUnitCount
            guard at + count <= bytes.count else { throw problem("an unexpected character") }
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
            guard bytes[at..<(at + count)].elementsEqual(expected) else { throw problem("an unexpected character") }
            at += count
        }

        mutating func number() throws(Problem) {
            if next == UInt8(ascii: "-") { at += 1 }
            guard let first = next, isDigit(first) else { throw problem("a number without digits") }
            at += 1
            if first == UInt8(ascii: "0"), let byte = next, isDigit(byte) {
                throw problem("a number with a leading zero")
            }
            while let byte = next, isDigit(byte) { at += 1 }
            if next == UInt8(ascii: ".") {
                at += 1
                guard let byte = next, isDigit(byte) else { throw problem("a number without digits after '.'") }
                while let byte = next, isDigit(byte) { at += 1 }
            }
            if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                at += 1
                if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { at += 1 }
                guard let byte = next, isDigit(byte) else { throw problem("a number without digits in its exponent") }
                while let byte = next, isDigit(byte) { at += 1 }
            }
        }

        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        /// Reads a string and returns its value (escapes resolved), to compare keys by.
        mutating func string() throws(Problem) -> String {
            at += 1
            var scalars = String.UnicodeScalarView()
            var run = at
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
            }
            while true {
                guard let byte = next else { throw problem("a string is not closed") }
                switch byte {
                case UInt8(ascii: "\""):
                    flush(at)
                    at += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(at)
                    at += 1
                    try escape(into: &scalars)
                    run = at
                case 0x00..<0x20:
                    throw problem("a control character inside a string")
                default:
                    at += 1
                }
            }
        }

        mutating func escape(into scalars: inout String.UnicodeScalarView) throws(Problem) {
            guard let byte = next else { throw problem("a string is not closed") }
            let start = at
            at += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let unit = try hex4()
                if (0xD800..<0xDC00).contains(unit) {
                    // A high surrogate must be followed by "\u" and a low one.
                    guard next == UInt8(ascii: "\\"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "u") else {
                        throw problem("a lone surrogate in a \\u escape")
                    }
                    at += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw problem("a lone surrogate in a \\u escape") }
                    scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                } else if let scalar = Unicode.Scalar(unit) {
                    scalars.append(scalar)
                } else {
                    throw problem("a lone surrogate in a \\u escape")
                }
            default:
                throw Problem(offset: start, reason: "an unknown escape")
            }
        }

        mutating func hex4() throws(Problem) -> UInt32 {
            guard at + 4 <= bytes.count else { throw problem("a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for byte in bytes[at..<(at + 4)] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                    throw problem("a \\u escape needs four hex digits")
                }
                value = value << 4 | UInt32(digit)
            }
            at += 4
            return value
        }
    }
}
