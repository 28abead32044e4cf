import TallyCore

/// `transaction_form.mustache` and the quick-add form on Today (`record_form.mustache`): add or
/// edit a record. Amount first, then a grid of category tiles (most used first), then save; the
/// date, account, currency, note and photos wait under "More", filled with the usual values.
struct TransactionFormPage: ViewModel {
    /// The record being edited, 0 when adding.
    let recordID: TransactionID
    let isEdit: Bool
    /// A new record's form id (`client_id`), "" when editing.
    let clientID: String
    let action: String
    let isExpense: Bool
    let isIncome: Bool
    let isTransfer: Bool
    let amount: String
    let currency: String
    let date: String
    /// "Today", or the date when it is another day (the "More" summary).
    let dateLabel: String
    let time: String
    let payee: String
    let note: String
    /// Top-level tiles of each kind, each with its sub-categories.
    let expenseTiles: [CategoryTile]
    let incomeTiles: [CategoryTile]
    /// No category chosen (or the record has none).
    let noCategory: Bool
    let accounts: [AccountOption]
    let toAccounts: [AccountOption]
    /// The chosen account's name for the "More" summary, "" for none.
    let accountName: String
    let payees: [PayeeOption]
    let receipts: [ReceiptThumb]
    let hasReceipts: Bool
    /// "More" starts open when editing or when a field inside it is at fault.
    let moreOpen: Bool
    let error: String
    let errorField: String
    /// The record is split: the lines count, the category tiles do not.
    let isSplit: Bool
    /// The split's rows: the record's lines, then blank ones (at least two, one spare).
    let lines: [SplitLineRow]
    /// The record's tags as typed, and the book's tags for autocompletion (most used first).
    let tags: String
    let tagOptions: [String]
    /// The one-line field above a new record's form; nil when editing.
    let quick: QuickLineForm?
    /// "Or read a receipt photo" above a new record's form on the add page; nil elsewhere.
    let receiptRead: ReceiptReadForm?
}

/// One row of the split editor.
struct SplitLineRow: ViewModel {
    /// 1-based, for the labels.
    let number: Int
    let expenseOptions: [CategoryOption]
    let incomeOptions: [CategoryOption]
    let amount: String
    let note: String
}

/// A category in a split row's list.
struct CategoryOption: ViewModel {
    let id: CategoryID
    let path: String
    let selected: Bool
}

/// A category as a tile of the quick-add grid: a radio button with its icon and name.
struct CategoryTile: ViewModel {
    let id: CategoryID
    let icon: String
    let name: String
    /// "Food:Coffee": how a quick-add draft names it (`quickadd.js` chooses the tile by it).
    let path: String
    let selected: Bool
    /// Its sub-categories (none for a sub-category), shown one tap deeper.
    let children: [CategoryTile]
    let hasChildren: Bool
    /// A sub-category's tile, or the parent's own open (a child of it is chosen).
    let open: Bool
}

/// A known payee in the form's `<datalist>`, with the category and account it usually has, so
/// the form can fill them in with no request (also offline).
struct PayeeOption: ViewModel {
    let name: String
    let categoryID: String
    let accountID: String
}

/// A receipt photo of the record being edited.
struct ReceiptThumb: ViewModel {
    let id: ReceiptID
    let url: String
}

/// `accounts.mustache`: the accounts with balances, their edit forms, and the add form.
struct AccountsPage: ViewModel {
    let accounts: [AccountRow]
    let kinds: [ValueOption]
    let error: String
}

/// An account with its balance and edit form.
struct AccountRow: ViewModel {
    let id: AccountID
    let name: String
    let kind: String
    let balance: String
    /// The balance in the book's currency for an account in another ("≈ $91.19"), or "".
    let converted: String
    let negative: Bool
    let opening: String
    let archived: Bool
    let kinds: [ValueOption]
}

/// `import_preview.mustache`: the first rows of a staged import.
struct ImportPreviewPage: ViewModel {
    let fileName: String
    let count: Int
    let token: String
    let more: Int
    let rows: [ImportPreviewRow]
}

/// A row of the import preview.
struct ImportPreviewRow: ViewModel {
    let line: Int
    let date: String
    let kind: String
    let amount: String
    let payee: String
    let category: String
    let account: String
    let note: String
}

/// `error.mustache`.
struct ErrorPage: ViewModel {
    let status: Int
    let message: String
}
