import TallyCore

/// The top of a plain-text accounting account tree; the five roots Ledger, hledger and Beancount share.
public enum JournalRoot: String, Sendable, Hashable, CaseIterable {
    /// What the user owns: cash, bank accounts, savings, gift cards.
    case assets = "Assets"
    /// What the user owes: credit cards.
    case liabilities = "Liabilities"
    /// Where opening balances come from.
    case equity = "Equity"
    /// Money received, by category.
    case income = "Income"
    /// Money spent, by category.
    case expenses = "Expenses"
}

/// An account as Tally names it (a category path or an account name) under one root. The writers
/// turn it into a name their tool accepts; Tally's names are kept here so that two different
/// Tally names that clean up alike can still be told apart and given distinct names.
public struct JournalAccount: Sendable, Hashable {
    /// The root it hangs under.
    public var root: JournalRoot
    /// The names below the root, as people typed them: ["Food", "Groceries"], ["Checking"].
    public var names: [String]
    /// True for Tally's stand-ins for "none" (no category, no account). A stand-in keeps its
    /// name even when a real category or account is called the same: the real one is renamed.
    public var isPlaceholder: Bool

    /// Makes an account.
    public init(_ root: JournalRoot, _ names: [String], placeholder: Bool = false) {
        self.root = root
        self.names = names
        self.isPlaceholder = placeholder
    }

    /// The account one level up, or nil at the top.
    var parent: JournalAccount? {
        names.count > 1 ? JournalAccount(root, Array(names.dropLast()), placeholder: isPlaceholder) : nil
    }
}

/// One leg of an entry: an amount into (positive) or out of (negative) an account.
public struct JournalPosting: Sendable, Hashable {
    /// The account it moves.
    public var account: JournalAccount
    /// The signed amount, in the currency it was paid in.
    public var amount: Money
    /// The whole leg's value in another currency (`@@`), positive; nil when none applies.
    public var price: Money?

    /// Makes a posting.
    public init(_ account: JournalAccount, _ amount: Money, price: Money? = nil) {
        self.account = account
        self.amount = amount
        self.price = price
    }
}

/// One record as a dated, balanced entry of a journal: what both the Ledger and the Beancount
/// writer take, so a change in how records map (such as splits) never touches the writers.
public struct JournalEntry: Sendable, Hashable {
    /// The day it happened.
    public var date: LocalDate
    /// Who was paid or who paid; may be empty.
    public var payee: String
    /// Free text; may hold several lines.
    public var note: String
    /// Labels, written in each tool's tag syntax.
    public var tags: [String]
    /// The legs; they balance, directly or through their prices.
    public var postings: [JournalPosting]

    /// Makes an entry.
    public init(date: LocalDate, payee: String, note: String, tags: [String] = [], postings: [JournalPosting]) {
        self.date = date
        self.payee = payee
        self.note = note
        self.tags = tags
        self.postings = postings
    }
}

/// A writer of one plain-text accounting format, fed entries in date order, returning text to append.
public protocol JournalWriter {
    /// Names these accounts now, in this order, so that a later account whose name would clash
    /// with one of them is the one renamed.
    mutating func reserve(_ accounts: [JournalAccount])
    /// Lines before the first entry.
    mutating func header() -> String
    /// One entry's text, with any declarations it needs first (Beancount's `open`).
    mutating func entry(_ entry: JournalEntry) -> String
}

/// What both writers keep of the book: its one-line title, its currency, and the account names
/// given so far (each writer cleans names its own way).
struct JournalBook {
    let title: String
    let currency: Currency
    var names: JournalNames

    init(_ book: String, _ currency: Currency, clean: @escaping (String) -> String) {
        title = JournalText.oneLine(book)
        self.currency = currency
        names = JournalNames(clean: clean)
    }

    /// Names these accounts now, in this order, so that later clashes are renamed instead of them.
    mutating func reserve(_ accounts: [JournalAccount]) {
        for account in accounts { _ = names.name(account) }
    }
}
