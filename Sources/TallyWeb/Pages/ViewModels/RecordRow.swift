import TallyCore
import TallyStore

/// One record in a list (the day view, search results, latest records, the delete
/// confirmation): who, how much, which category, and when.
struct RecordRow: ViewModel {
    let id: TransactionID
    /// "expense", "income" or "transfer" (a CSS class).
    let kind: String
    /// The payee, or "From → To" for a transfer.
    let title: String
    let amount: String
    /// The amount with − or + by kind.
    let signed: String
    let category: String
    /// "#japan-2026 #reimbursable", "" without tags.
    let tags: String
    let icon: String
    /// The category's "#RRGGBB" (checked), grey without one.
    let color: String
    let account: String
    let time: String
    let note: String
    let receipts: Int
    /// YYYY-MM-DD, for `<time datetime>` and links.
    let date: String
    /// "5 Mar 2026", what a person reads; "" in the day view.
    let dateText: String

    /// `showDate: false` where the page is one day already.
    init(_ record: TransactionRecord, showDate: Bool = true) {
        let t = record.transaction
        id = t.id
        kind = t.kind.rawValue
        title =
            t.kind == .transfer
            ? "\(record.accountName ?? "?") → \(record.toAccountName ?? "?")"
            : (t.payee.isEmpty ? (record.categoryPath ?? "") : t.payee)
        amount = t.amount.formatted
        signed =
            t.kind == .expense
            ? "−" + t.amount.formatted : (t.kind == .income ? "+" + t.amount.formatted : t.amount.formatted)
        tags = t.tags.map { "#" + $0 }.joined(separator: " ")
        if let first = record.lines.first {
            // A split names its categories, the largest share's icon and colour leading.
            let lead = record.lines.max { $0.line.amount.minorUnits < $1.line.amount.minorUnits } ?? first
            category = "Split: " + record.lines.map { $0.categoryPath ?? "Uncategorised" }.joined(separator: " + ")
            icon = lead.categoryIcon ?? "•"
            color = SafeColor.hex(lead.categoryColor)
        } else {
            category = record.categoryPath ?? (t.kind == .transfer ? "Transfer" : "Uncategorised")
            icon = record.categoryIcon ?? (t.kind == .transfer ? "⇄" : "•")
            color = SafeColor.hex(record.categoryColor)
        }
        account = record.accountName ?? ""
        time = t.time?.description ?? ""
        note = t.note
        receipts = t.receiptCount
        date = t.date.description
        dateText = showDate ? PlanText.date(t.date) : ""
    }
}

/// `confirm_delete.mustache`: the record about to be deleted.
struct ConfirmDeletePage: ViewModel {
    let record: RecordRow
}
