import Foundation

/// A person's locale: the language Tally writes to them in, and the region whose formats it uses
/// for amounts, dates and the first day of the week. Made from a BCP 47 tag (`de-DE`, `pt-BR`,
/// `en-IN`, `ar-EG-u-nu-latn`); any region may go with any of Tally's languages (`en-SE`: English
/// text, Swedish formats).
public struct TallyLocale: Sendable, Hashable, CustomStringConvertible {
    /// The canonical tag: `de-DE`, `ar-EG-u-nu-latn`.
    public let tag: String
    /// The language of the text.
    public let language: Language
    /// The tag's own language subtag (`pt` of `pt-PT`), for the region's formats.
    public let languageSubtag: String
    /// The ISO 3166 region (or UN M.49 area) whose formats apply: the tag's, else the language's
    /// likely one.
    public let region: String
    /// The digits to write numbers in when the tag asks for them (`-u-nu-latn`, `-u-nu-arab`);
    /// nil for the region's own.
    public let numbering: String?

    /// US English, the last step of every resolution.
    public static let english = TallyLocale(checked: "en-US")

    /// The pseudo-locale (`en-XA`).
    public static let pseudo = TallyLocale(checked: "en-XA")

    /// Reads a BCP 47 tag (case-insensitive; `_` is taken for `-`, as POSIX writes `de_DE`).
    /// Refused, naming `field`, when it is not a well-formed tag, when its region is not a known
    /// one, or when Tally has no catalog for its language.
    public init(_ raw: String, field: String = "locale") throws(FieldError) {
        let text = raw
        guard (2...64).contains(text.utf8.count), text.utf8.allSatisfy({ Self.tagBytes.contains($0) }) else {
            throw FieldError(field, "'\(raw.prefix(64))' is not a language tag such as de-DE or pt-BR")
        }
        var parts = text.replacingOccurrences(of: "_", with: "-").lowercased().split(
            separator: "-",
            omittingEmptySubsequences: false
        )
        .map(String.init)
        let malformed = FieldError(field, "'\(text)' is not a language tag such as de-DE or pt-BR")
        let subtag = parts.removeFirst()
        guard (2...3).contains(subtag.count), subtag.allSatisfy(\.isLetter) else { throw malformed }
        var canonical = [subtag]
        if let script = parts.first, script.count == 4, script.allSatisfy(\.isLetter) {
            canonical.append(script.prefix(1).uppercased() + script.dropFirst())
            parts.removeFirst()
        }
        var region: String?
        if let next = parts.first,
            (next.count == 2 && next.allSatisfy(\.isLetter)) || (next.count == 3 && next.allSatisfy(\.isNumber))
        {
            region = next.uppercased()
            canonical.append(next.uppercased())
            parts.removeFirst()
        }
        // What may follow: `-u-` keywords (only the numbering system `nu` is kept). A POSIX
        // suffix (`.UTF-8`, `@euro`) is the caller's to strip (`POSIXLocale`).
        var numbering: String?
        if !parts.isEmpty {
            guard parts.removeFirst() == "u", !parts.isEmpty else { throw malformed }
            while !parts.isEmpty {
                let key = parts.removeFirst()
                guard key.count == 2, key.allSatisfy({ $0.isLetter || $0.isNumber }) else { throw malformed }
                var values: [String] = []
                while let value = parts.first, (3...8).contains(value.count),
                    value.allSatisfy({ $0.isLetter || $0.isNumber })
                {
                    values.append(value)
                    parts.removeFirst()
                }
                if key == "nu" {
                    guard values.count == 1, Self.numberingSystems.contains(values[0]) else { throw malformed }
                    numbering = values[0]
                }
            }
        }
        if let numbering { canonical += ["u", "nu", numbering] }
        guard let language = Language(subtag: subtag, region: region) else {
            let offered = Language.offered.map(\.tag).joined(separator: ", ")
            throw FieldError(field, "Tally is not translated into '\(subtag)'; choose one of \(offered)")
        }
        if let region, language != .pseudo, !Self.knownRegion(region) {
            throw FieldError(field, "'\(region)' in '\(text)' is not a known region")
        }
        self.tag = canonical.joined(separator: "-")
        self.language = language
        self.languageSubtag = subtag == "in" ? "id" : subtag
        self.region = region ?? language.likelyRegion
        self.numbering = numbering
    }

    /// For tags known to be valid (the constants above).
    private init(checked tag: String) {
        // swift-format-ignore: NeverForceUnwrap
        self = try! TallyLocale(tag)
    }

    /// The tag.
    public var description: String { tag }

    /// Which way the text runs.
    public var direction: TextDirection { language.direction }

    /// The Foundation (ICU) locale that writes this locale's formats: the pseudo-locale formats
    /// as US English.
    public var formats: Locale {
        if language == .pseudo { return Locale(identifier: "en_US") }
        var identifier = "\(languageSubtag)_\(region)"
        if let numbering { identifier += "@numbers=\(numbering)" }
        return Locale(identifier: identifier)
    }

    private static let tagBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".utf8)
    private static let numberingSystems: Set<String> = ["latn", "arab", "arabext", "deva", "beng", "thai"]

    /// ISO 3166 regions from ICU, and UN M.49 areas (`419`, Latin America) as three digits.
    private static func knownRegion(_ region: String) -> Bool {
        region.count == 3 || isoRegions.contains(region)
    }

    private static let isoRegions: Set<String> = Set(Locale.Region.isoRegions.map(\.identifier))
}
