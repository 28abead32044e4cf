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

    /// The filter, parsed by the same code as the API's query parameters; `text` is the free-text search.
    func filter(text: String? = nil, newestFirst: Bool = false) throws -> TransactionFilter {
        let values: [String: String?] = [
            "from": from, "to": to, "category": category, "account": account, "payee": payee, "kind": kind,
            "amount_min": amountMin, "amount_max": amountMax, "q": text, "order": newestFirst ? "newest" : nil,
            "tag": tag,
        ]
        return try TransactionFilter.parse { values[$0] ?? nil }
    }
}
