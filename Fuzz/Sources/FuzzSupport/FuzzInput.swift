import TallyCore

/// The bytes libFuzzer gives a target, read from the front: a few bytes choose options (a
/// currency, a cycle), the rest is text. Running out of bytes yields zeros, never a trap.
public struct FuzzInput {
    /// What is left to read.
    public private(set) var bytes: ArraySlice<UInt8>

    /// Copies libFuzzer's buffer.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = ArraySlice(UnsafeBufferPointer(start: data, count: size))
    }

    /// Reads from `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    /// The next byte, or 0 at the end.
    public mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// One of `choices`, picked by the next byte.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(byte()) % choices.count]
    }

    /// The next eight bytes as a signed integer (little-endian, zero-padded).
    public mutating func int64() -> Int64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
        return Int64(bitPattern: value)
    }

    /// The rest as text (invalid UTF-8 becomes U+FFFD, as it does in a request body).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The rest as text, cut into `count` parts at line feeds (missing parts are empty).
    public func parts(_ count: Int) -> [String] {
        var parts = text.split(separator: "\n", maxSplits: count - 1, omittingEmptySubsequences: false).map(String.init)
        while parts.count < count { parts.append("") }
        return parts
    }
}

extension Currency {
    /// Currencies worth trying more often than the rest: every number of decimals (0, 2, 3, 4)
    /// and symbols of one to three characters.
    public static let fuzzed: [Currency] = ["USD", "JPY", "KWD", "CLF", "EUR", "BRL", "PLN", "INR", "BIF", "OMR"].map {
        Currency(code: $0)!
    }

    /// Every known currency, computed once (`Currency.all` sorts the table on each call).
    public static let everyOne: [Currency] = Currency.all
}
