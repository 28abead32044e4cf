import Foundation

/// Which locale a request or a command speaks: the first of the person's setting, the browser's
/// `Accept-Language`, the server's default (`tally serve --locale`, `TALLY_LOCALE`) and US English.
public enum LocaleResolution {
    /// The locale for a request. `setting` is the person's stored tag (nil to follow the
    /// browser); a stored tag that no longer reads (a language dropped) is passed over.
    public static func resolve(setting: String?, acceptLanguage: String?, serverDefault: TallyLocale?) -> TallyLocale {
        if let setting, let locale = try? TallyLocale(setting) { return locale }
        if let acceptLanguage, let locale = preferred(acceptLanguage) { return locale }
        return serverDefault ?? .english
    }

    /// The most preferred of `Accept-Language`'s languages that Tally speaks (RFC 9110: weights
    /// `q`, ties in the order given, `q=0` never), or nil. A header past 1,024 bytes or 32
    /// entries is read that far: a browser sends a few.
    public static func preferred(_ header: String) -> TallyLocale? {
        var choices: [(tag: Substring, weight: Int, order: Int)] = []
        for (order, entry) in header.utf8.prefix(1024).split(separator: UInt8(ascii: ",")).prefix(32).enumerated() {
            let fields = (Substring(entry) ?? "").split(separator: ";")
            guard let tag = fields.first?.trimmingCharacters(in: .whitespaces), !tag.isEmpty, tag != "*" else {
                continue
            }
            var weight = 1000
            for parameter in fields.dropFirst() {
                let pair = parameter.trimmingCharacters(in: .whitespaces)
                guard pair.hasPrefix("q=") || pair.hasPrefix("Q=") else { continue }
                weight = quality(pair.dropFirst(2)) ?? 0
            }
            if weight > 0 { choices.append((Substring(tag), weight, order)) }
        }
        choices.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.order < $1.order }
        for choice in choices {
            if let locale = try? TallyLocale(String(choice.tag)) { return locale }
        }
        return nil
    }

    /// A `q` value ("0.8", "1", "0.125") in thousandths, or nil when malformed.
    private static func quality(_ text: Substring) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy(\.isASCII), fraction.allSatisfy(\.isNumber) else { return nil }
        let thousandths = Int(fraction.padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0
        let value = (whole == "1" ? 1000 : 0) + thousandths
        return value <= 1000 ? value : nil
    }

    /// The CLI's locale from its environment, as POSIX programs choose theirs: `TALLY_LOCALE`,
    /// else the first set of `LC_ALL`, `LC_MESSAGES` and `LANG`. `C` and `POSIX` are US English; a
    /// language Tally is not translated into keeps its region's formats with English text
    /// (`sv_SE.UTF-8` → `en-SE`). Nil when none is set, so a server's setting for the person can
    /// apply.
    public static func fromEnvironment(_ environment: [String: String]) throws(FieldError) -> TallyLocale? {
        if let tag = environment["TALLY_LOCALE"], !tag.isEmpty { return try TallyLocale(tag, field: "TALLY_LOCALE") }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return posix(value)
        }
        return nil
    }

    /// A POSIX locale name (`de_DE.UTF-8`, `pt_BR@euro`, `C.UTF-8`) as a locale; US English for
    /// `C`, `POSIX` and anything unreadable.
    public static func posix(_ value: String) -> TallyLocale {
        let name = value.prefix { $0 != "." && $0 != "@" }
        guard name != "C", name != "POSIX", !name.isEmpty else { return .english }
        if let locale = try? TallyLocale(String(name)) { return locale }
        let parts = name.split(separator: "_")
        if parts.count == 2, let locale = try? TallyLocale("en-\(parts[1])") { return locale }
        return .english
    }
}
