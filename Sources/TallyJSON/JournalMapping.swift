import TallyCore
import TallyFiles
import TallyStore

/// How a Tally record becomes a journal entry for Ledger, hledger and Beancount: the one place
/// that knows both the store's records and the writers' entries.
///
/// An expense moves its amount from the record's account to `Expenses:<category path>`, an
/// income from `Income:<category path>` into the account, a transfer from one account to the
/// other. Accounts sit under `Assets`, credit cards under `Liabilities`. A record with no category
/// uses `Expenses:Uncategorized` or `Income:Uncategorized`, one with no account `Assets:Unassigned`.
///
/// A record in another currency than the book's keeps its own amount on the account's side, so
/// each account holds what was paid in each currency (as Tally keeps its balances), and that
/// posting carries `@@ <base amount>`, the record's `baseMinor`; the category's side is the base
/// amount, so category totals are in the book's currency as Tally's reports count them. Without a
/// rate (`baseMinor` nil) both sides stay in the record's currency. Transfers carry no price: both
/// accounts hold the record's own currency. A split record has one category posting per line
/// (its converted share when the record is converted); the lines' notes are not written.
public struct JournalMapping: Sendable {
    /// Stand-in for an expense with no category.
    public static let uncategorisedExpense = JournalAccount(.expenses, ["Uncategorized"], placeholder: true)
    /// Stand-in for an income with no category.
    public static let uncategorisedIncome = JournalAccount(.income, ["Uncategorized"], placeholder: true)
    /// Stand-in for a record with no account.
    public static let unassigned = JournalAccount(.assets, ["Unassigned"], placeholder: true)

    /// The book's currency, in which prices are given.
    public let currency: Currency
    /// Every account of the book's catalogue, the stand-ins first, then categories and accounts
    /// oldest first: reserved by the writers so names do not depend on the filter.
    public let catalogue: [JournalAccount]
    private let roots: [AccountID: JournalRoot]

    /// The mapping for a book's currency and catalogue.
    public init(currency: Currency, categories: [Category], accounts: [Account]) {
        self.currency = currency
        roots = Dictionary(accounts.map { ($0.id, Self.root(of: $0.kind)) }, uniquingKeysWith: { first, _ in first })
        let paths = Category.namePaths(categories)
        let categoryAccounts = categories.sorted { $0.id < $1.id }.map { category in
            JournalAccount(category.kind == .income ? .income : .expenses, paths[category.id] ?? [category.name])
        }
        let accountAccounts = accounts.sorted { $0.id < $1.id }.map {
            JournalAccount(Self.root(of: $0.kind), [$0.name])
        }
        catalogue =
            [Self.uncategorisedExpense, Self.uncategorisedIncome, Self.unassigned] + categoryAccounts + accountAccounts
    }

    /// Credit cards are owed money; every other kind of account is owned.
    static func root(of kind: AccountKind) -> JournalRoot {
        kind == .credit ? .liabilities : .assets
    }

    /// The record as an entry, with its tags.
    public func entry(_ record: TransactionRecord) -> JournalEntry {
        let t = record.transaction
        let converted = t.baseMinor.map { Money(minorUnits: $0, currency: currency) }
        let price = t.amount.currency == currency ? nil : converted
        let account = self.account(t.accountID, record.accountName)
        let postings: [JournalPosting]
        switch t.kind {
        case .expense:
            postings =
                categorySides(record, root: .expenses, converted: price != nil) + [
                    JournalPosting(account, t.amount.negated, price: price)
                ]
        case .income:
            postings =
                [JournalPosting(account, t.amount, price: price)]
                + categorySides(record, root: .income, converted: price != nil).map {
                    JournalPosting($0.account, $0.amount.negated)
                }
        case .transfer:
            postings = [
                JournalPosting(self.account(t.toAccountID, record.toAccountName), t.amount),
                JournalPosting(account, t.amount.negated),
            ]
        }
        return JournalEntry(date: t.date, payee: t.payee, note: t.note, tags: t.tags, postings: postings)
    }

    /// The category side of an expense or income, positive: one posting, or one per line of a
    /// split. Converted, each line is its share of the record's converted amount, and the shares
    /// add up to it exactly (largest remainder), so the entry balances at cost.
    private func categorySides(_ record: TransactionRecord, root: JournalRoot, converted: Bool) -> [JournalPosting] {
        let t = record.transaction
        guard !record.lines.isEmpty else {
            let amount = converted ? Money(minorUnits: t.baseMinor ?? 0, currency: currency) : t.amount
            return [JournalPosting(category(record.categoryPath, root: root), amount)]
        }
        return record.lines.map { line in
            let amount =
                converted ? Money(minorUnits: line.line.baseMinor ?? 0, currency: currency) : line.line.amount
            return JournalPosting(category(line.categoryPath, root: root), amount)
        }
    }

    private func account(_ id: AccountID?, _ name: String?) -> JournalAccount {
        guard let id, let name else { return Self.unassigned }
        return JournalAccount(roots[id] ?? .assets, [name])
    }

    // Category names cannot hold ":", so the record's "Food:Coffee" splits back into its names.
    private func category(_ path: String?, root: JournalRoot) -> JournalAccount {
        guard let path else {
            return root == .income ? Self.uncategorisedIncome : Self.uncategorisedExpense
        }
        return JournalAccount(root, path.split(separator: ":", omittingEmptySubsequences: false).map(String.init))
    }
}
