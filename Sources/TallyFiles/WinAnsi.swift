import Foundation

/// Maps text to WinAnsiEncoding (Windows-1252), the single-byte encoding the PDF's base-14 fonts
/// use, and escapes it for PDF string literals.
enum WinAnsi {
    /// Byte written for characters the encoding cannot show.
    static let replacement: UInt8 = 0x3F  // "?"

    /// The WinAnsi code of a character, or nil when the encoding has no glyph for it.
    static func code(for character: Character) -> UInt8? {
        // A cluster of several scalars (emoji sequences, flags, stray combining marks) has no
        // single glyph; callers normalise to NFC first so "e + accent" arrives as one scalar.
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let value = scalars.first?.value else { return nil }
        switch value {
        case 0x20...0x7E, 0xA0...0xFF: return UInt8(value)
        // Whitespace people paste or formatters emit: tabs and line breaks, and the thin and
        // narrow no-break spaces some locales put between digit groups.
        case 0x09, 0x0A, 0x0D: return 0x20
        case 0x2007, 0x2009, 0x202F: return 0xA0
        case 0x2212: return 0x2D  // minus sign: show as hyphen-minus rather than "?"
        default: return upper[value]
        }
    }

    /// Encodes text to WinAnsi bytes, one byte per character, "?" for what cannot be shown.
    static func encode(_ text: String) -> [UInt8] {
        text.precomposedStringWithCanonicalMapping.map { code(for: $0) ?? replacement }
    }

    /// A PDF literal string "(...)" with "(", ")" and "\" escaped.
    static func literal(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x28]
        for byte in bytes {
            if byte == 0x28 || byte == 0x29 || byte == 0x5C { out.append(0x5C) }
            out.append(byte)
        }
        out.append(0x29)
        return out
    }

    /// The characters WinAnsi places in 0x80–0x9F, where Latin-1 has control codes.
    private static let upper: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86,
        0x2021: 0x87, 0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C,
        0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95,
        0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]
}
