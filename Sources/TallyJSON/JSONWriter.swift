/// An answer that writes its own JSON, byte for byte what `ReportJSON.encode` would make with
/// `JSONEncoder` (sorted keys, slashes left alone).
///
/// Written by hand, and only for the answers clients ask for over and over: `JSONEncoder` walks
/// every row through generic containers and sorts each object's keys, which cost a tenth of a
/// month summary's time under load (docs/benchmarks.md). A type that adopts this also stays
/// `Encodable`, and `JSONWriterTests` compares the two encodings over hostile text, so the
/// answers cannot drift apart.
public protocol JSONWritable: Encodable {
    /// Writes the value as one JSON value, its object keys in `JSONEncoder`'s sorted order.
    func write(to json: inout JSONWriter)
}

extension JSONWritable {
    /// The value's JSON.
    public var jsonBytes: [UInt8] {
        var json = JSONWriter()
        write(to: &json)
        return json.bytes
    }
}

/// Appends JSON tokens to a byte array; commas come by themselves.
public struct JSONWriter {
    /// What has been written.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next key or array element needs a comma before it.
    private var needsComma = false

    public init() { bytes.reserveCapacity(1024) }

    /// `{`, then `body`'s fields, then `}`.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        element()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// `[`, one element per item, `]`.
    public mutating func array<S: Sequence>(_ items: S, _ each: (inout JSONWriter, S.Element) -> Void) {
        element()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for item in items { each(&self, item) }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// An object's key; the value written next belongs to it. Keys are the API's own ASCII names.
    public mutating func key(_ name: StaticString) {
        element()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// A string, escaped as `JSONEncoder` escapes it.
    public mutating func string(_ text: String) {
        element()
        Self.appendString(text, to: &bytes)
        needsComma = true
    }

    /// Appends `text` as a quoted JSON string, escaped as `JSONEncoder` escapes it.
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A whole number.
    public mutating func int<N: BinaryInteger>(_ number: N) {
        element()
        bytes.append(contentsOf: String(number).utf8)
        needsComma = true
    }

    /// `null`.
    public mutating func null() {
        element()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        element()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// A key and its string, or nothing when the value is nil: synthesized `Encodable` leaves
    /// nil optionals out (`encodeIfPresent`).
    public mutating func field(_ name: StaticString, _ text: String?) {
        guard let text else { return }
        key(name)
        string(text)
    }

    /// A key and its number, or nothing when the value is nil.
    public mutating func field<N: BinaryInteger>(_ name: StaticString, _ number: N?) {
        guard let number else { return }
        key(name)
        int(number)
    }

    /// Lower case, as `JSONEncoder` writes `\u001f`.
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The comma between two keys or elements.
    private mutating func element() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }
}
