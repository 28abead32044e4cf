import TallyCore

/// `quick_line.mustache`: the one-line field at the top of Today and the add page. Without
/// JavaScript it is a GET form to the add page, which answers with the record form filled from
/// the draft and this box saying where each field came from (the two steps); with it, `quickadd.js`
/// shows the same box live and fills the form on the page.
struct QuickLineForm: ViewModel {
    /// The add page, which reads `?line=`.
    let action: String
    /// The line as typed ("" for an empty field).
    let line: String
    /// Why the line could not be read (no amount), "" when it was.
    let error: String
    /// The draft's fields, when a line was read.
    let rows: [QuickDraftRow]
    let hasDraft: Bool

    /// An empty field for the book's add page.
    init(book: BookID) {
        self.init(book: book, line: "", draft: nil, error: nil)
    }

    /// The field with `line`, and the draft read from it or the error that refused it.
    init(book: BookID, line: String, draft: QuickAddDraft?, error: FieldError?) {
        action = "/books/\(book)/transactions/new"
        self.line = line
        self.error = error?.message ?? ""
        rows = draft.map(QuickDraftRow.rows) ?? []
        hasDraft = draft != nil
    }
}

/// One field of a quick-add draft as the box shows it: "Payee Starbucks — known payee".
struct QuickDraftRow: ViewModel {
    let label: String
    let value: String
    /// `typed`, `payee`, `rule`, `word` or `default`: the badge's class.
    let source: String
    /// The source in words.
    let sourceText: String

    /// The draft's filled fields, in the form's order.
    static func rows(_ draft: QuickAddDraft) -> [QuickDraftRow] {
        let fields: [(String, String, String?)] = [
            ("kind", "Kind", draft.kind.rawValue.capitalized),
            ("amount", "Amount", draft.amount.map { $0.formatted }),
            ("date", "Date", draft.date.description), ("time", "Time", draft.time?.description),
            ("payee", "Payee", draft.payee.isEmpty ? nil : draft.payee), ("category", "Category", draft.category),
            ("account", "Account", draft.account), ("note", "Note", draft.note.isEmpty ? nil : draft.note),
        ]
        return fields.compactMap { key, label, value in
            guard let value else { return nil }
            let source = draft.sources[key] ?? .default
            return QuickDraftRow(
                label: label,
                value: value,
                source: source.rawValue,
                sourceText: Self.words[source] ?? ""
            )
        }
    }

    /// What each source means to the person checking the draft.
    static let words: [QuickAddSource: String] = [
        .typed: "as typed", .payee: "the payee's usual", .rule: "a rule", .word: "a word in the line",
        .default: "guessed",
    ]
}
