import ArgumentParser
import TallyCore
import TallyStore

/// The record filter shared by `list`, `search` and `export`.
struct FilterOptions: ParsableArguments {
    @Option(help: "First day, YYYY-MM-DD.") var from: String?
    @Option(help: "Last day, YYYY-MM-DD.") var to: String?
    @Option(help: "Only this category (and its sub-categories).") var category: String?
    @Option(help: "Only this account.") var account: String?
    @Option(help: "Only this payee.") var payee: String?
    @Option(help: "expense, income or transfer.") var kind: String?
    @Option(name: .customLong("amount-min"), help: "Smallest amount.") var amountMin: String?
    @Option(name: .customLong("amount-max"), help: "Largest amount.") var amountMax: String?
    @Option(help: "Only records with this tag.") var tag: String?

    /// The filter as the API's query parameters, which the local store parses with the same code
    /// (`RecordQuery.filter()`); `text` is the free-text search.
    func query(text: String? = nil, newestFirst: Bool = false) throws -> RecordQuery {
        let values: [(String, String?)] = [
            ("from", from), ("to", to), ("category", category), ("account", account), ("payee", payee),
            ("kind", kind), ("amount_min", amountMin), ("amount_max", amountMax), ("q", text),
            ("order", newestFirst ? "newest" : nil), ("tag", tag),
        ]
        let query = RecordQuery(parameters: values.compactMap { name, value in value.map { (name, $0) } })
        // Checked here too, so that a bad filter is refused the same way before anything is asked.
        _ = try query.filter()
        return query
    }
}
