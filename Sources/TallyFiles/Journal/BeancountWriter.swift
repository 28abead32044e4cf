import Foundation
import TallyCore

/// Writes entries as a Beancount file that `bean-check` accepts.
///
/// Every account is opened on the day of the first entry that uses it, just before that entry.
/// Account name components must start with a capital letter or a digit and hold only letters,
/// digits and hyphens, so Tally's names are cleaned word by word ("food & drink" → "Food-Drink");
/// tags keep Beancount's tag characters; payee and narration are quoted with `\"`, `\\` and `\n`
/// escaped. Amounts are the exact decimal form of the minor units: "40.00 USD".
public struct BeancountWriter: JournalWriter {
    private var book: JournalBook
    private var opened: Set<String> = []

    /// A writer for a book with this name and currency (its operating currency).
    public init(book: String, currency: Currency) { self.book = JournalBook(book, currency, clean: Self.component) }

    /// Names these accounts now, in this order, so that later clashes are renamed instead of them.
    public mutating func reserve(_ accounts: [JournalAccount]) { book.reserve(accounts) }

    /// The title and operating-currency options.
    public mutating func header() -> String {
        "option \"title\" \(Self.string(book.title))\noption \"operating_currency\" \"\(book.currency.code)\"\n"
    }

    /// The `open` directives of accounts not used before, then the transaction.
    public mutating func entry(_ entry: JournalEntry) -> String {
        var text = "\n"
        let accounts = entry.postings.map { book.names.name($0.account) }
        for account in accounts where opened.insert(account).inserted {
            text += "\(entry.date) open \(account)\n"
        }
        text += "\(entry.date) *"
        if !entry.payee.isEmpty { text += " " + Self.string(entry.payee) }
        text += " " + Self.string(entry.note)
        var seen: Set<String> = []
        for tag in entry.tags.map(Self.tag) where !tag.isEmpty && seen.insert(tag).inserted {
            text += " #" + tag
        }
        text += "\n"
        let width = accounts.map(\.count).max() ?? 0
        for (posting, account) in zip(entry.postings, accounts) {
            text += "  " + account + String(repeating: " ", count: width - account.count + 2)
            text += "\(posting.amount.decimalString) \(posting.amount.currency.code)"
            if let price = posting.price { text += " @@ \(price.decimalString) \(price.currency.code)" }
            text += "\n"
        }
        return text
    }

    /// A quoted string: backslash, quote and line breaks escaped, other controls as spaces.
    static func string(_ text: String) -> String {
        let lines = JournalText.lines(text).map { line in
            JournalText.replacing(
                UInt8(ascii: "\""),
                in: JournalText.replacing(UInt8(ascii: "\\"), in: line, with: "\\\\"),
                with: "\\\""
            )
        }
        return "\"" + lines.joined(separator: "\\n") + "\""
    }

    /// One account name component: words of letters and digits joined by hyphens, each word
    /// starting with a capital; one that cannot start with a capital or a digit gets "X-" first.
    static func component(_ name: String) -> String {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in name.precomposedStringWithCanonicalMapping.unicodeScalars {
            if isNameScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        let capitalised = words.map { word -> String in
            guard let first = word.first else { return word }
            let upper = String(first).uppercased()
            // Only a capital that is still a name character replaces the letter ("ß" → "SS" does).
            guard upper.unicodeScalars.allSatisfy(isNameScalar) else { return word }
            return upper + word.dropFirst()
        }
        let joined = capitalised.joined(separator: "-")
        if joined.isEmpty { return "Unnamed" }
        if let first = joined.unicodeScalars.first, !startsName(first) { return "X-" + joined }
        return joined
    }

    /// A tag: Beancount allows letters, digits and `-_/.`; anything else becomes "-".
    static func tag(_ tag: String) -> String {
        var out = ""
        for scalar in JournalText.oneLine(tag).unicodeScalars {
            let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            out.unicodeScalars.append(allowed || "-_/.".unicodeScalars.contains(scalar) ? scalar : "-")
        }
        return out
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            true
        default: false
        }
    }

    private static func startsName(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .decimalNumber
    }
}
