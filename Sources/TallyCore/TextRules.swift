/// Which characters a piece of text may hold, so that what is stored reads the same everywhere
/// it is shown: a name cannot carry a line break into a one-line list, and no text can hide a
/// character that reorders or hides what is around it (U+202E turns "gpj.exe" around).
///
/// - One line (names, payees, titles, rule texts, tags): no control characters at all (Unicode
///   category Cc: tab, line feed, carriage return, NUL, …), no line or paragraph separators
///   (U+2028, U+2029) and no invisible format characters (category Cf: U+200B, U+202E, a lone
///   U+FEFF, soft hyphens, bidi marks, …).
/// - Several lines (notes): the same, except line breaks (`\n`, or `\r\n` as a browser's text
///   area sends them) and tabs.
///
/// Two kinds of format character stay where a script or an emoji needs them, and only there: the
/// joiners U+200C and U+200D between two visible characters ("👨‍👩‍👧", Persian "می‌خواهم"), and
/// the tag characters U+E0020–U+E007F after a black flag U+1F3F4 (the flag of Scotland).
public enum TextRules {
    /// Whether text is one line or may hold several.
    public enum Lines: Sendable {
        /// A name or any other one-line value.
        case one
        /// A note: line breaks and tabs are allowed.
        case several
    }

    /// The first scalar `text` may not hold, or nil when it is acceptable.
    public static func refused(in text: String, lines: Lines) -> Unicode.Scalar? {
        // Printable ASCII, the common case, needs no look at the categories.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return nil }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if !allowed(scalar, previous: previous, next: next, lines: lines) { return scalar }
        }
        return nil
    }

    /// "U+202E": how a refused scalar is named in a message.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The message for a refused scalar, reading after the field's name.
    public static func message(_ scalar: Unicode.Scalar, lines: Lines) -> String {
        switch lines {
        case .one: "must be one line without control or invisible characters (it holds \(name(scalar)))"
        case .several: "contains control characters or invisible characters (\(name(scalar)))"
        }
    }

    /// `text` made acceptable instead of refused, for what comes from a bank's file rather than
    /// from a person: control characters and separators become spaces (one line) or line breaks
    /// (several), invisible format characters are dropped, as the journal exports do.
    public static func cleaned(_ text: String, lines: Lines) -> String {
        guard refused(in: text, lines: lines) != nil else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if allowed(scalar, previous: previous, next: next, lines: lines) {
                out.append(scalar)
            } else if isBreak(scalar) {
                // "\r\n" is one break; a lone "\r" or U+2028 is one too.
                if scalar == "\n", previous == "\r" { continue }
                out.append(lines == .several ? "\n" : " ")
            } else if scalar.properties.generalCategory == .control {
                out.append(" ")
            }
        }
        return String(out)
    }

    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private static func allowed(
        _ scalar: Unicode.Scalar,
        previous: Unicode.Scalar?,
        next: Unicode.Scalar?,
        lines: Lines
    ) -> Bool {
        switch scalar.properties.generalCategory {
        case .control:
            guard lines == .several else { return false }
            return scalar == "\n" || scalar == "\t" || (scalar == "\r" && next == "\n")
        case .lineSeparator, .paragraphSeparator:
            return false
        case .format:
            switch scalar.value {
            case 0x200C, 0x200D:
                return isVisible(previous) && isVisible(next)
            case 0xE0020...0xE007F:
                return previous == "\u{1F3F4}" || (previous.map { (0xE0020...0xE007F).contains($0.value) } ?? false)
            default:
                return false
            }
        default:
            return true
        }
    }

    /// A scalar that shows something: not space, not control, not format.
    private static func isVisible(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, !scalar.properties.isWhitespace else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return false
        default: return true
        }
    }
}
