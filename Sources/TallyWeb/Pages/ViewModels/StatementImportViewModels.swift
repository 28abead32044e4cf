/// `import.mustache`: the one upload form for every kind of file, with the target account.
struct ImportUploadPage: ViewModel {
    let columns: String
    var error = ""
    /// The book's accounts, for "which account is this statement for".
    var accounts: [ValueOption] = []
    /// The "new account named…" text, as typed.
    var newAccount = ""
    /// QIF date orders (auto, MDY, DMY).
    var dateOrders: [ValueOption] = []
    /// The latest statement imports, linked, so a staged one can be found again.
    var recent: [ImportHistoryRow] = []
    var hasRecent = false
}

/// `import-mapping.mustache`: how a bank CSV's columns map to a record, with the file's first
/// rows and, once asked for, the rows as read through the mapping.
struct ImportMappingPage: ViewModel {
    let fileName: String
    let token: String
    let account: String
    let dateOrder: String
    /// The detected layout, carried in hidden fields so the mapping keeps it.
    let delimiter: String
    let encoding: String
    let skipLines: String
    let detected: String
    /// The file's header cells (or "Column N") and first rows, as read.
    let headerCells: [String]
    let previewRows: [ImportMappingRow]
    /// One select per column key.
    let fields: [ImportMappingField]
    /// Date formats fitting the chosen date column; `askDate` when the choice is the person's.
    let dateFormats: [ValueOption]
    let askDate: Bool
    let dateHint: String
    let dateError: String
    let amountModes: [ValueOption]
    let decimalSeparators: [ValueOption]
    let directionOut: String
    let directionIn: String
    let negate: Bool
    let presets: [ValueOption]
    let hasPresets: Bool
    let presetNotice: String
    let savePreset: String
    let savePresetError: String
    let error: String
    /// The rows read through the mapping ("Preview").
    let readRows: [ImportReadRow]
    let hasRead: Bool
    let readCount: Int
}

/// A row of the file as the sniff read it.
struct ImportMappingRow: ViewModel {
    let cells: [String]
}

/// A select of a mapping key: which column holds it.
struct ImportMappingField: ViewModel {
    let key: String
    let label: String
    let options: [ValueOption]
    let required: Bool
    let fieldError: String
    /// Shown only for one way of giving the amount (`amount`, `debit_credit`, `direction`).
    let group: String
}

/// An entry read through the chosen mapping.
struct ImportReadRow: ViewModel {
    let location: String
    let date: String
    let amount: String
    let negative: Bool
    let payee: String
    let note: String
    let category: String
}

/// `import-review.mustache`: a staged (or committed) statement import.
struct ImportReviewPage: ViewModel {
    let id: Int64
    let fileName: String
    let format: String
    let status: String
    let isStaged: Bool
    let isCommitted: Bool
    let isUndone: Bool
    let created: String
    let expires: String
    let accountRows: [ImportAccountRow]
    let counts: [ImportCountRow]
    let rows: [ImportReviewRow]
    let total: Int
    let importCount: Int
    let pageText: String
    let previousLink: String
    let nextLink: String
    let page: Int
    let notice: String
    let error: String
    let recordsLink: String
}

/// An account of an import beside its balance comparison.
struct ImportAccountRow: ViewModel {
    let name: String
    let last4: String
    /// Whether "••1234" adds anything to the name (a name Tally made already ends with it).
    let showLast4: Bool
    let isNew: Bool
    let hasBalance: Bool
    let statementBalance: String
    let bookBalance: String
    let difference: String
    let balanced: Bool
    let balanceDate: String
}

/// How many rows have one status.
struct ImportCountRow: ViewModel {
    let label: String
    let count: Int
    let status: String
}

/// A row of the review table (a card on a phone).
struct ImportReviewRow: ViewModel {
    let row: Int
    let location: String
    let date: String
    let payee: String
    let note: String
    let amount: String
    let negative: Bool
    let categoryLabel: String
    let status: String
    let statusLabel: String
    let reason: String
    let matchLink: String
    let recordLink: String
    let actions: [ValueOption]
    let categoryOptions: [ValueOption]
    /// A split transaction's lines, one "Food:Groceries 40.00 (Bread)" each; its category is then fixed.
    let splitLines: [String]
    let isSplit: Bool
    /// "#japan-2026": the tags a rule gives it; "" for none.
    let tagsLabel: String
    let skipped: Bool
    let proposedNote: String
}

/// `import-history.mustache`: past statement imports.
struct ImportHistoryPage: ViewModel {
    let imports: [ImportHistoryRow]
    let hasImports: Bool
    let notice: String
    let error: String
    let keptLinks: [ImportKeptLink]
    let hasKept: Bool
}

/// A past import.
struct ImportHistoryRow: ViewModel {
    let id: Int64
    let fileName: String
    let format: String
    let created: String
    let status: String
    let statusLabel: String
    let accountsText: String
    /// How many rows had each status: "120 new, 3 already imported".
    let rowsText: String
    let canUndo: Bool
    let isStaged: Bool
    let link: String
}

/// A record an undo kept because it was edited after the import.
struct ImportKeptLink: ViewModel {
    let link: String
    let label: String
}

/// `import-undo.mustache`: "Undo this import?".
struct ImportUndoPage: ViewModel {
    let id: Int64
    let fileName: String
    let created: String
    let count: Int
}
