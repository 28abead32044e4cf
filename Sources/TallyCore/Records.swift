/// What a record does to the user's money.
public enum TransactionKind: String, Sendable, Codable, CaseIterable {
    /// Money spent.
    case expense
    /// Money received.
    case income
    /// Money moved between two of the user's own accounts; neither spending nor income.
    case transfer
}

/// One expense, income or transfer.
public struct Transaction: Sendable, Hashable {
    /// Row id.
    public var id: TransactionID
    /// The book it belongs to.
    public var bookID: BookID
    /// Expense, income or transfer.
    public var kind: TransactionKind
    /// Always positive; the kind says which way it goes.
    public var amount: Money
    /// The calendar day it happened.
    public var date: LocalDate
    /// Optional time of day, which also orders records within the day.
    public var time: TimeOfDay?
    /// Who was paid or who paid (empty for most transfers).
    public var payee: String
    /// Category (or sub-category) id; transfers have none.
    public var categoryID: CategoryID?
    /// The account paid from (expense, transfer) or into (income).
    public var accountID: AccountID?
    /// Destination of a transfer.
    public var toAccountID: AccountID?
    /// Free text.
    public var note: String
    /// Number of receipt images attached.
    public var receiptCount: Int
    /// The amount in the book's currency, in its minor units: the amount itself in that
    /// currency, else converted at the book's rate for the day; nil while no rate applies.
    public var baseMinor: Int64?
    /// A split record's lines (2–100, summing to `amount`); empty when it has one category.
    public var lines: [TransactionLine]
    /// Its tags' names, in the order they were given.
    public var tags: [String]

    /// Makes a transaction value.
    public init(
        id: TransactionID,
        bookID: BookID,
        kind: TransactionKind,
        amount: Money,
        date: LocalDate,
        time: TimeOfDay?,
        payee: String,
        categoryID: CategoryID?,
        accountID: AccountID?,
        toAccountID: AccountID?,
        note: String,
        receiptCount: Int = 0,
        baseMinor: Int64? = nil,
        lines: [TransactionLine] = [],
        tags: [String] = []
    ) {
        self.lines = lines
        self.tags = tags
        self.id = id
        self.bookID = bookID
        self.kind = kind
        self.amount = amount
        self.date = date
        self.time = time
        self.payee = payee
        self.categoryID = categoryID
        self.accountID = accountID
        self.toAccountID = toAccountID
        self.note = note
        self.receiptCount = receiptCount
        self.baseMinor = baseMinor
    }
}

/// Whether a category holds expenses or incomes; the two trees are separate.
public enum CategoryKind: String, Sendable, Codable, CaseIterable {
    /// For expenses.
    case expense
    /// For incomes.
    case income
}

/// A category or, when it has a parent, a sub-category. Two levels at most.
public struct Category: Sendable, Hashable {
    /// Row id.
    public var id: CategoryID
    /// Owning book.
    public var bookID: BookID
    /// The parent category for sub-categories.
    public var parentID: CategoryID?
    /// Expense or income tree.
    public var kind: CategoryKind
    /// Display name, unique among its siblings.
    public var name: String
    /// An emoji shown beside the name.
    public var icon: String
    /// "#RRGGBB".
    public var color: String

    /// Makes a category value.
    public init(
        id: CategoryID,
        bookID: BookID,
        parentID: CategoryID?,
        kind: CategoryKind,
        name: String,
        icon: String,
        color: String
    ) {
        self.id = id
        self.bookID = bookID
        self.parentID = parentID
        self.kind = kind
        self.name = name
        self.icon = icon
        self.color = color
    }
}

/// The kinds of payment source, used for icons and sensible defaults.
public enum AccountKind: String, Sendable, Codable, CaseIterable {
    /// Notes and coins.
    case cash
    /// A checking account and its debit card.
    case checking
    /// A credit card; its balance is usually negative (money owed).
    case credit
    /// Paper checks.
    case check
    /// A store gift card.
    case gift
    /// A savings account.
    case savings
    /// Anything else.
    case other
}

/// A payment source: where money is paid from or received into.
public struct Account: Sendable, Hashable {
    /// Row id.
    public var id: AccountID
    /// Owning book.
    public var bookID: BookID
    /// Display name, unique in the book.
    public var name: String
    /// What sort of account it is.
    public var kind: AccountKind
    /// The account's currency.
    public var currency: Currency
    /// Balance before the first record.
    public var openingBalance: Money
    /// Archived accounts are hidden from forms but keep their records.
    public var archived: Bool

    /// Makes an account value.
    public init(id: AccountID, bookID: BookID, name: String, kind: AccountKind, openingBalance: Money, archived: Bool) {
        self.id = id
        self.bookID = bookID
        self.name = name
        self.kind = kind
        self.currency = openingBalance.currency
        self.openingBalance = openingBalance
        self.archived = archived
    }
}

/// A merchant or payer remembered for autofill.
public struct Payee: Sendable, Hashable {
    /// Display name as last typed.
    public var name: String
    /// Category used last time.
    public var lastCategoryID: CategoryID?
    /// Account used last time.
    public var lastAccountID: AccountID?
    /// Amount used last time.
    public var lastAmount: Money?

    /// Makes a payee value.
    public init(name: String, lastCategoryID: CategoryID?, lastAccountID: AccountID?, lastAmount: Money?) {
        self.name = name
        self.lastCategoryID = lastCategoryID
        self.lastAccountID = lastAccountID
        self.lastAmount = lastAmount
    }
}

/// A set of records kept together in one currency (personal, family).
public struct Book: Sendable, Hashable {
    /// Row id.
    public var id: BookID
    /// Display name.
    public var name: String
    /// The currency reports are shown in.
    public var currency: Currency
    /// The caller's role in this book.
    public var role: Role
    /// Archived books leave the switcher and `/today`; their data stays.
    public var archived: Bool

    /// Makes a book value.
    public init(id: BookID, name: String, currency: Currency, role: Role, archived: Bool = false) {
        self.id = id
        self.name = name
        self.currency = currency
        self.role = role
        self.archived = archived
    }
}

/// What a member may do in a book.
public enum Role: String, Sendable, Codable, CaseIterable {
    /// Everything, including sharing and deleting the book.
    case owner
    /// Add, change and delete records, categories and accounts.
    case editor
    /// Read only.
    case viewer

    /// Whether this role may change the book's contents.
    public var canWrite: Bool { self != .viewer }

    /// A role as a request names it: exactly `owner`, `editor` or `viewer`. "ADMIN", "Editor"
    /// or " viewer" are refused rather than guessed at, so what is granted is what was written.
    public static func input(_ raw: String?, field: String = "role") throws(FieldError) -> Role {
        guard let raw, let role = Role(rawValue: raw) else {
            throw FieldError(field, "must be owner, editor or viewer (lower case)")
        }
        return role
    }

    /// Whether this role may do what `needed` may: owner ⊇ editor ⊇ viewer.
    public func includes(_ needed: Role) -> Bool { rank >= needed.rank }

    private var rank: Int {
        switch self {
        case .owner: 2
        case .editor: 1
        case .viewer: 0
        }
    }

    /// "an owner", "an editor", "a viewer": for messages.
    public var withArticle: String { self == .viewer ? "a viewer" : "an \(rawValue)" }
}

/// A person who signs in.
public struct User: Sendable, Hashable {
    /// Row id.
    public var id: UserID
    /// Sign-in email, stored lower-cased.
    public var email: String
    /// Display name ("" when they set none).
    public var name: String
    /// Changes with each new profile photo; nil when they have none.
    public var photoVersion: String?
    /// Their locale setting (a canonical BCP 47 tag), read with them; nil follows the browser.
    public var locale: String?
    /// Their first day of the week (1 = Monday … 7 = Sunday), read with them; nil takes the region's.
    public var firstWeekday: Int?

    /// Makes a user value.
    public init(
        id: UserID,
        email: String,
        name: String = "",
        photoVersion: String? = nil,
        locale: String? = nil,
        firstWeekday: Int? = nil
    ) {
        self.id = id
        self.email = email
        self.name = name
        self.photoVersion = photoVersion
        self.locale = locale
        self.firstWeekday = firstWeekday
    }

    /// The name when set, else the email: how member lists and the header call them.
    public var shownName: String { name.isEmpty ? email : name }
}
