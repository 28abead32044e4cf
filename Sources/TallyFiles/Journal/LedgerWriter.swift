import Foundation
import TallyCore

/// Writes entries as a Ledger journal that both Ledger 3 and hledger read.
///
/// What the two tools read as structure is kept out of Tally's text: a `;` ends an hledger
/// description, `(…)` right after the status is a code, and in a comment `[date]` moves the
/// entry's date and `key:: value` is evaluated as an expression. Amounts are the exact decimal
/// form of the minor units with the ISO code after them: "40.00 USD", "1500 JPY".
public struct LedgerWriter: JournalWriter {
    private var book: JournalBook

    /// A writer for a book with this name and currency.
    public init(book: String, currency: Currency) { self.book = JournalBook(book, currency, clean: Self.component) }

    /// Names these accounts now, in this order, so that later clashes are renamed instead of them.
    public mutating func reserve(_ accounts: [JournalAccount]) { book.reserve(accounts) }

    /// A comment naming the book and its currency.
    public mutating func header() -> String {
        "; Tally export of the book \"\(book.title)\", kept in \(book.currency.code)\n"
    }

    /// The entry: header line, note and tag comments, then one line per posting.
    public mutating func entry(_ entry: JournalEntry) -> String {
        var text = "\n\(entry.date) *"
        let payee = Self.payee(entry.payee)
        // An opening "(" would be read as a code: an empty code first keeps the payee whole.
        if payee.hasPrefix("(") { text += " ()" }
        if !payee.isEmpty { text += " " + payee }
        text += "\n"
        if !entry.note.isEmpty {
            for line in JournalText.lines(entry.note) {
                text += line.isEmpty ? "    ;\n" : "    ; \(Self.comment(line))\n"
            }
        }
        let tags = entry.tags.map(Self.tag).filter { !$0.isEmpty }
        if !tags.isEmpty { text += "    ; :" + tags.joined(separator: ":") + ":\n" }
        let accounts = entry.postings.map { book.names.name($0.account) }
        let width = accounts.map(\.count).max() ?? 0
        for (posting, account) in zip(entry.postings, accounts) {
            text += "    " + account + String(repeating: " ", count: width - account.count + 4)
            text += Self.amount(posting.amount)
            if let price = posting.price { text += " @@ " + Self.amount(price) }
            text += "\n"
        }
        return text
    }

    static func amount(_ money: Money) -> String { "\(money.decimalString) \(money.currency.code)" }

    /// One account name component: ":" separates components and spacing ends a name, so
    /// neither may be in one.
    static func component(_ name: String) -> String {
        let cleaned = JournalText.replacing(UInt8(ascii: ":"), in: JournalText.oneLine(name), with: "-")
        return cleaned.isEmpty ? "Unnamed" : cleaned
    }

    static func payee(_ text: String) -> String {
        JournalText.replacing(UInt8(ascii: ";"), in: JournalText.oneLine(text), with: ",")
    }

    static func comment(_ line: String) -> String {
        var text = JournalText.replacing(
            UInt8(ascii: "]"),
            in: JournalText.replacing(UInt8(ascii: "["), in: line, with: "("),
            with: ")"
        )
        while text.contains("::") { text = text.replacingOccurrences(of: "::", with: ": :") }
        return text
    }

    static func tag(_ tag: String) -> String {
        JournalText.replacing(
            UInt8(ascii: ":"),
            in: JournalText.replacing(UInt8(ascii: " "), in: JournalText.oneLine(tag), with: "-"),
            with: "-"
        )
    }
}
