/// The pseudo-locale's text (`en-XA`): every letter accented, the whole bracketed and made 40 %
/// longer, so that a page in it shows at a glance which text never went through the catalog
/// (plain English) and which layouts break when a translation runs long. Placeholders (`{name}`)
/// are kept as they are, so they are still filled.
public enum Pseudo {
    /// `Save` → `[Šåṽé ~~]`.
    public static func text(_ english: String) -> String {
        var out = "["
        var letters = 0
        var inPlaceholder = false
        for c in english {
            if c == "{" { inPlaceholder = true }
            if inPlaceholder {
                out.append(c)
                if c == "}" { inPlaceholder = false }
                continue
            }
            if c.isLetter { letters += 1 }
            out.append(accents[c] ?? c)
        }
        let padding = (letters * 4 + 9) / 10
        if padding > 0 { out += " " + String(repeating: "~", count: padding) }
        return out + "]"
    }

    /// Whether `text` is pseudo-locale text (what a page walk checks every message against).
    public static func isPseudo(_ text: some StringProtocol) -> Bool {
        text.hasPrefix("[") && text.hasSuffix("]")
    }

    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let marked = Array("åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()
}
