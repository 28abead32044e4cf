/// Where a field of a quick-add draft came from, so the person can see what was read and what
/// was guessed before saving.
public enum QuickAddSource: String, Sendable, Codable, CaseIterable {
    /// Written in the line.
    case typed
    /// The payee's usual value (what it was last recorded with).
    case payee
    /// Set by one of the book's rules.
    case rule
    /// A word of the line that names it (a category's or an account's name, "card").
    case word
    /// Nothing said it: the default (today, the book's currency, an expense).
    case `default`
}

/// What a book knows that a quick-add line is matched against. Read by the store; the parsing
/// itself does no I/O.
public struct QuickAddBook: Sendable {
    /// The book's currency.
    public var currency: Currency
    /// Every category of the book.
    public var categories: [Category]
    /// Every account of the book (archived ones are not proposed).
    public var accounts: [Account]
    /// The payees recorded before, with what they were last recorded with.
    public var payees: [Payee]
    /// The book's rules, which fill a category or account the line left out.
    public var rules: RuleBook?

    /// Makes a book's context.
    public init(currency: Currency, categories: [Category], accounts: [Account], payees: [Payee], rules: RuleBook?) {
        self.currency = currency
        self.categories = categories
        self.accounts = accounts
        self.payees = payees
        self.rules = rules
    }
}

/// A record read from one line of text ("coffee 4.50 starbucks yesterday"): shown to the person,
/// who can change any field, and saved only then. Each field says where it came from.
public struct QuickAddDraft: Equatable, Sendable {
    /// Expense, or income when the amount was written with `+` or the category is an income one.
    public var kind: TransactionKind
    /// The amount; nil when the line holds none (then nothing can be saved).
    public var amount: Money?
    /// Why the number that looked like the amount is not one.
    public var amountProblem: MoneyParseError?
    /// The date: typed, or today.
    public var date: LocalDate
    /// The time of day, when typed.
    public var time: TimeOfDay?
    /// The payee: a known one matched, or the words that name it.
    public var payee: String
    /// The category, written `Food:Coffee`.
    public var category: String?
    /// The account's name.
    public var account: String?
    /// The words left over.
    public var note: String
    /// Where each field came from, by the contract's field names (`amount`, `payee`, …).
    public var sources: [String: QuickAddSource]

    /// Reads `text` against `book`. `today` is the person's today; `order` reads slashed dates.
    public init(
        _ text: String,
        book: QuickAddBook,
        today: LocalDate,
        order: QuickAddDateOrder = .monthFirst,
        language: QuickAddLanguage = .english
    ) {
        let scan = QuickAddScan(text, book: book.currency, today: today, order: order, language: language)
        var line = QuickAddLine(scan.words.map(QuickAddWord.init), afterRead: scan.afterRead, language: language)
        kind = scan.plus ? .income : .expense
        amount = scan.amount
        amountProblem = scan.amountProblem
        date = scan.date ?? today
        time = scan.time
        sources = [
            "kind": scan.plus ? .typed : .default,
            "amount": .typed,
            "currency": scan.currencyTyped ? .typed : .default,
            "date": scan.date == nil ? .default : .typed,
            "time": scan.time == nil ? .default : .typed,
            "account": .default,
            "category": .default,
        ]
        if let account = line.account(in: book.accounts) {
            self.account = account.name
            sources["account"] = .word
        }
        let payees = QuickAddMatch.PayeeIndex(book.payees, fuzzy: QuickAddLine.fuzzyPayees)
        // A payee's whole name first ("café luna"), then a category's ("groceries"), which is what
        // the person means over the payee's usual one: "cafe" names Café, not Café Luna.
        var known = line.knownPayee(payees, exactly: true)
        let first = line.categoryWord(book.categories, income: kind == .income)
        let named = first.flatMap { $0.match.named ? $0 : nil }
        if let named { line.use(named.words) }
        if known == nil { known = line.knownPayee(payees, exactly: false, after: first?.words ?? []) }
        payee = known?.name ?? line.introducedPayee() ?? ""
        // A weaker word ("gas" for Gas & Fuel), kept aside until it is known whether it is the category.
        let word = named == nil ? line.categoryWord(book.categories, income: kind == .income) : nil
        if known == nil, payee.isEmpty { payee = line.leadingPayee(skipping: word?.words ?? []) }
        sources["payee"] = known != nil ? .payee : payee.isEmpty ? .default : .typed

        var categoryID: CategoryID?
        let usual = known?.lastCategoryID.flatMap { id in book.categories.contains { $0.id == id } ? id : nil }
        if let named {
            categoryID = named.category.id
            // "starbucks coffee": the payee's usual category, which the word confirms.
            sources["category"] = named.category.id == usual ? .payee : .word
        } else if let usual {
            categoryID = usual
            sources["category"] = .payee
        } else if let id = Self.ruled(book, payee: payee, note: line.rest(skipping: word?.words ?? []), amount, kind),
            book.categories.contains(where: { $0.id == id })
        {
            categoryID = id
            sources["category"] = .rule
        } else if let word {
            categoryID = word.category.id
            sources["category"] = .word
        }
        // An income category makes the record an income, wherever the category came from.
        if !scan.plus, let id = categoryID, book.categories.first(where: { $0.id == id })?.kind == .income {
            kind = .income
            sources["kind"] = sources["category"]
        }
        if let word, word.category.id == categoryID { line.use(word.words) }
        category = categoryID.flatMap { Category.namePaths(book.categories)[$0]?.joined(separator: ":") }
        if self.account == nil, let known, let id = known.lastAccountID,
            let account = book.accounts.first(where: { $0.id == id && !$0.archived })
        {
            self.account = account.name
            sources["account"] = .payee
        }
        note = line.rest(skipping: [])
        sources["note"] = note.isEmpty ? .default : .typed
    }

    /// Characters a line may have: a sentence, not a page.
    public static let maxLength = 500
    /// The payees a line is compared with, the most used first.
    public static let payeesCompared = 5_000

    /// The draft's amount, or the error that names the line's want of one (422 over the API).
    public func requireAmount() throws(FieldError) -> Money {
        if let amount { return amount }
        switch amountProblem {
        case nil: break
        // The scanner reads only digits, so an amount that is not a number is a zero.
        case .notANumber: throw FieldError("text", "the amount must be greater than zero")
        case let problem?:
            let text = problem.description
            throw FieldError("text", text.hasPrefix("is ") ? "the amount \(text)" : text)
        }
        throw FieldError("text", "holds no amount: write one, as in \"coffee 4.50\"")
    }

    /// The category the book's rules give a record with this payee and note, if any.
    private static func ruled(
        _ book: QuickAddBook,
        payee: String,
        note: String,
        _ amount: Money?,
        _ kind: TransactionKind
    ) -> CategoryID? {
        guard let rules = book.rules, let amount else { return nil }
        let candidate = RuleCandidate(payee: payee, note: note, amount: amount, kind: kind)
        return rules.apply(to: candidate).category.map { CategoryID(rawValue: $0) }
    }
}
