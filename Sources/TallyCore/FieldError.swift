/// Input that cannot be accepted, with the field it concerns, so every interface can say
/// exactly what to fix ("amount: USD amounts have at most 2 decimals").
public struct FieldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field (or CSV column / command option) at fault.
    public let field: String
    /// What is wrong, as a sentence fragment that reads after the field name.
    public let message: String

    /// Makes an error for a field.
    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    /// "field: message".
    public var description: String { "\(field): \(message)" }
}

/// Shared checks for names, colours and other short text.
public enum Validate {
    /// A trimmed, non-empty name of at most `maxLength` characters on one line, without control
    /// or invisible characters (`TextRules`).
    public static func name(_ raw: String?, field: String, maxLength: Int = 100) throws(FieldError) -> String {
        let name = (raw ?? "").trimmingSpaces()
        guard !name.isEmpty else { throw FieldError(field, "is required") }
        try line(name, field: field, maxLength: maxLength)
        return name
    }

    /// Optional one-line text (a payee, a rule's text): at most `maxLength` characters, no line
    /// breaks, tabs, other control characters or invisible ones (`TextRules`).
    public static func line(_ value: String, field: String, maxLength: Int) throws(FieldError) {
        try check(value, field: field, maxLength: maxLength, lines: .one)
    }

    /// Optional free text (a note): at most `maxLength` characters; line breaks and tabs are
    /// fine, other control characters and invisible ones are not (`TextRules`).
    public static func text(_ value: String, field: String, maxLength: Int) throws(FieldError) {
        try check(value, field: field, maxLength: maxLength, lines: .several)
    }

    private static func check(
        _ value: String,
        field: String,
        maxLength: Int,
        lines: TextRules.Lines
    ) throws(FieldError) {
        // Printable ASCII within the limit in bytes is fine; only other text needs the character count
        // and the Unicode category of each scalar.
        if value.utf8.count <= maxLength, value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return }
        guard value.count <= maxLength else { throw FieldError(field, "is longer than \(maxLength) characters") }
        if let scalar = TextRules.refused(in: value, lines: lines) {
            throw FieldError(field, TextRules.message(scalar, lines: lines))
        }
    }

    /// A colour "#RRGGBB" (upper-cased on the way in).
    public static func color(_ raw: String, field: String = "color") throws(FieldError) -> String {
        let value = raw.trimmingSpaces().uppercased()
        guard value.count == 7, value.first == "#", value.dropFirst().allSatisfy(\.isHexDigit) else {
            throw FieldError(field, "must look like #RRGGBB")
        }
        return value
    }

    /// A short icon: one to four characters (usually an emoji).
    public static func icon(_ raw: String, field: String = "icon") throws(FieldError) -> String {
        let value = raw.trimmingSpaces()
        guard (1...4).contains(value.count) else {
            throw FieldError(field, "must be one emoji or up to 4 characters")
        }
        if let scalar = TextRules.refused(in: value, lines: .one) {
            throw FieldError(field, TextRules.message(scalar, lines: .one))
        }
        return value
    }

    /// An email address: something@something.tld, lower-cased.
    public static func email(_ raw: String?) throws(FieldError) -> String {
        let value = (raw ?? "").trimmingSpaces().lowercased()
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard value.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !value.contains(where: \.isWhitespace)
        else { throw FieldError("email", "is not a valid email address") }
        return value
    }

    /// A password of 8 to 200 characters, counted as Unicode code points: as the API document's
    /// `minLength` and `maxLength` count them, so a client checking against it agrees with the
    /// server (schemathesis found "e\u{301}" four times refused as 4 characters). The store hashes
    /// one longer than bcrypt's 72 bytes through SHA-256 first (`Users.bcryptInput`).
    public static func password(_ raw: String?, field: String = "password") throws(FieldError) -> String {
        let value = raw ?? ""
        let length = value.unicodeScalars.count
        guard length >= 8 else { throw FieldError(field, "must be at least 8 characters") }
        guard length <= 200 else { throw FieldError(field, "must be at most 200 characters") }
        return value
    }

    /// An ISO 4217 currency code.
    public static func currency(_ raw: String?, field: String = "currency") throws(FieldError) -> Currency {
        guard let raw, let currency = Currency(code: raw.trimmingSpaces()) else {
            throw FieldError(field, "'\(raw ?? "")' is not an ISO 4217 currency code")
        }
        return currency
    }
}
