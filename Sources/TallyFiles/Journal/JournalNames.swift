/// Gives accounts names one tool accepts, never the same name to two different Tally names.
///
/// Names are made one level at a time, so a sub-category always sits under the name its parent
/// got. When a cleaned name is already taken by another account, it gets "-2", "-3", … in the
/// order accounts are first named; `JournalWriter.reserve` names a book's whole catalogue up front
/// so that an export with a filter names every account as the whole book's export does.
struct JournalNames {
    /// One name component as the tool accepts it, never empty.
    let clean: (String) -> String
    private var assigned: [JournalAccount: String] = [:]
    private var taken: Set<String> = []

    init(clean: @escaping (String) -> String) {
        self.clean = clean
    }

    /// Whether the account has been named already.
    func contains(_ account: JournalAccount) -> Bool { assigned[account] != nil }

    /// The account's full name, "Expenses:Food:Groceries", made on first use.
    mutating func name(_ account: JournalAccount) -> String {
        if let known = assigned[account] { return known }
        let parent = account.parent.map { name($0) } ?? account.root.rawValue
        let base = parent + ":" + clean(account.names.last ?? "")
        var candidate = base
        var counter = 2
        while taken.contains(candidate) {
            candidate = base + "-\(counter)"
            counter += 1
        }
        assigned[account] = candidate
        taken.insert(candidate)
        return candidate
    }
}

/// Text clean-up shared by the writers.
enum JournalText {
    /// The text on one line: line breaks, tabs and other spacing become one space, invisible
    /// controls (bidirectional overrides, NUL) are dropped, and the ends are trimmed.
    static func oneLine(_ text: String) -> String {
        // Most names and notes are printable ASCII with single inner spaces: nothing to change,
        // and no Unicode property lookups (a tenth of a million-record journal export).
        if isPlainLine(text) { return text }
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isSpacing(scalar) {
                pendingSpace = !out.isEmpty
                continue
            }
            if isInvisible(scalar) { continue }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// Whether `oneLine` would give `text` back unchanged, told from its bytes: printable ASCII
    /// with single spaces between words.
    static func isPlainLine(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F, byte != 0x20 || previous != 0x20 else { return false }
            previous = byte
        }
        return previous != 0x20 || text.utf8.isEmpty
    }

    /// `text` with every `byte` replaced by `replacement`; `text` itself when it has none (the
    /// common case, without Foundation's search).
    static func replacing(_ byte: UInt8, in text: String, with replacement: String) -> String {
        guard text.utf8.contains(byte) else { return text }
        return text.replacingOccurrences(of: String(UnicodeScalar(byte)), with: replacement)
    }

    /// The text's lines, each made safe by `oneLine`; empty lines are kept so paragraphs survive.
    static func lines(_ text: String) -> [String] {
        // No line break: one line, without the scalar-by-scalar split.
        if !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }) { return [oneLine(text)] }
        var lines: [String] = []
        var current = ""
        var afterReturn = false
        for scalar in text.unicodeScalars {
            let isBreak = scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
            defer { afterReturn = scalar == "\r" }
            if isBreak {
                // "\r\n" is one break.
                if scalar == "\n" && afterReturn { continue }
                lines.append(oneLine(current))
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(oneLine(current))
        return lines
    }

    private static func isSpacing(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    // Format characters (Cf) such as U+202E can reverse how a line reads; the joiner U+200D
    // stays because emoji sequences need it.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format: scalar != "\u{200D}"
        case .surrogate, .unassigned: true
        default: false
        }
    }
}
