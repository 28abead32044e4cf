import TallyCore

/// `transaction_form.mustache`: add or edit a record.
struct TransactionFormPage: ViewModel {
    /// The record being edited, 0 when adding.
    let recordID: TransactionID
    let isEdit: Bool
    let action: String
    let isExpense: Bool
    let isIncome: Bool
    let isTransfer: Bool
    let amount: String
    let currency: String
    let date: String
    let time: String
    let payee: String
    let note: String
    let expenseCategories: [IDOption]
    let incomeCategories: [IDOption]
    let accounts: [AccountOption]
    let toAccounts: [AccountOption]
    let payees: [PayeeOption]
    let receipts: [ReceiptThumb]
    let hasReceipts: Bool
    let error: String
    let errorField: String
}

/// A known payee in the form's `<datalist>`.
struct PayeeOption: ViewModel {
    let name: String
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
    let negative: Bool
    let opening: String
    let archived: Bool
    let kinds: [ValueOption]
}

/// `import.mustache`: the upload form.
struct ImportPage: ViewModel {
    let columns: String
    var error = ""
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
