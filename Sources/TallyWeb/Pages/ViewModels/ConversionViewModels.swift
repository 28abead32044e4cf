import TallyCore

/// The records a page's totals leave out for want of a rate (`unconverted.mustache`): each with
/// its amount, day and reason, a link to the record and one to the rate form, filled in.
struct UnconvertedNote: ViewModel {
    let partial: Bool
    let count: Int
    /// Exactly one record: the sentence is singular.
    let one: Bool
    let items: [UnconvertedItem]
    let more: Int
    let ratesLink: String

    init(_ unconverted: Unconverted, base: Currency, book: BookID) {
        partial = unconverted.isPartial
        count = unconverted.count
        one = unconverted.count == 1
        ratesLink = "/books/\(book)/rates"
        items = unconverted.records.map { r in
            UnconvertedItem(
                amount: r.amount.formatted,
                note: r.note(base: base),
                recordLink: "/books/\(book)/transactions/\(r.transactionID)/edit",
                rateLink: "/books/\(book)/rates?currency=\(r.amount.currency.code)&date=\(r.date)#rate-form"
            )
        }
        more = max(0, unconverted.count - unconverted.records.count)
    }
}

/// One record left out of a total.
struct UnconvertedItem: ViewModel {
    let amount: String
    let note: String
    let recordLink: String
    let rateLink: String
}
