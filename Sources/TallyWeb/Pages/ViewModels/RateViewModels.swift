/// `rates.mustache`: the book's exchange rates, what lacks one, and the forms to add, delete and
/// import rates.
struct RatesPage: ViewModel {
    let base: String
    let missing: [MissingRateRow]
    let hasMissing: Bool
    let latest: [RateRowView]
    let hasLatest: Bool
    let recent: [RateRowView]
    let hasRecent: Bool
    let filter: String
    let currencies: [ValueOption]
    let date: String
    let rate: String
    let notice: String
    let error: String
}

/// A currency whose records no rate converts.
struct MissingRateRow: ViewModel {
    let currency: String
    let count: Int
    let firstDate: String
    let addLink: String
}

/// One stored rate.
struct RateRowView: ViewModel {
    let id: Int64
    let currency: String
    let date: String
    let rate: String
}
