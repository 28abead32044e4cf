/// An sRGB colour parsed from the "#rrggbb" strings callers pass in.
struct RGB: Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    /// Used for anything that is not a valid hex colour, so bad input can never inject markup.
    static let fallback = RGB(red: 0x88, green: 0x88, blue: 0x88)

    /// Parses "#rrggbb" or "#rgb" (case-insensitive); `nil` for anything else.
    init?(hex: String) {
        var digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#") else { return nil }
        digits.removeFirst()
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 else { return nil }
        var values: [UInt8] = []
        for index in stride(from: 0, to: 6, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            values.append(high << 4 | low)
        }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `hex`, falling back to neutral grey.
    static func parse(_ hex: String) -> RGB { RGB(hex: hex) ?? fallback }

    /// Canonical "#rrggbb" form, safe to put in an attribute.
    var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }

    private static func nibble(_ ascii: UInt8) -> UInt8? {
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): ascii - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): ascii - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): ascii - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
