/// A free label on records ("japan-2026", "reimbursable"), across categories.
public struct Tag: Sendable, Hashable {
    /// Row id.
    public var id: TagID
    /// As first typed; matched without regard to case.
    public var name: String
    /// How many records carry it.
    public var count: Int

    /// Makes a tag value.
    public init(id: TagID, name: String, count: Int) {
        self.id = id
        self.name = name
        self.count = count
    }
}

/// The rules a tag's name follows, and the checks that hold them.
///
/// A tag is one word: letters, digits and `-`, `_`, `.`, `/`, at most 40 characters. That is what
/// the journal formats can carry as a tag (`:japan-2026:` in Ledger, `#japan-2026` in Beancount)
/// and what a list of tags typed as "japan-2026, reimbursable" can be split on.
public enum Tags {
    /// At most this many tags on one record.
    public static let maxPerRecord = 20
    /// At most this many characters in a tag.
    public static let maxLength = 40

    /// The key tags are matched and kept unique by: lower-cased.
    public static func key(_ name: String) -> String { name.lowercased() }

    /// Reads typed tags: a list whose items may themselves hold several, split on commas and
    /// spaces, each without a leading "#". Repeats (in any case) count once, the first spelling
    /// kept; empty items are dropped. Errors name `field`.
    public static func parse(_ raw: [String], field: String = "tags") throws(FieldError) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        for item in raw {
            for piece in item.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
                var name = String(piece)
                if name.hasPrefix("#") { name.removeFirst() }
                guard !name.isEmpty else { continue }
                try check(name, field: field)
                if seen.insert(key(name)).inserted { out.append(name) }
            }
        }
        guard out.count <= maxPerRecord else {
            throw FieldError(field, "a record has at most \(maxPerRecord) tags, not \(out.count)")
        }
        return out
    }

    /// Throws unless `name` is one valid tag.
    public static func check(_ name: String, field: String = "tag") throws(FieldError) {
        guard !name.isEmpty else { throw FieldError(field, "a tag cannot be empty") }
        guard name.count <= maxLength else {
            throw FieldError(field, "'\(name.prefix(maxLength))…' is longer than \(maxLength) characters")
        }
        let allowed = name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./".unicodeScalars.contains($0)
                || $0.properties.generalCategory == .decimalNumber
        }
        guard allowed else {
            throw FieldError(field, "'\(name)' is not a tag: use letters, digits and - _ . / only")
        }
    }
}
