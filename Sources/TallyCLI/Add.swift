import ArgumentParser
import TallyCore
import TallyStore

extension Tally {
    /// `tally add expense|income|transfer AMOUNT ...`: a quick record.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record an expense, income or transfer.",
            discussion: "Example: tally add expense 4.50 --payee Starbucks --category Food:Coffee --account Cash"
        )

        @Argument(help: "expense, income or transfer.")
        var kind: String

        @Argument(help: "The amount, always positive: 4.50")
        var amount: String

        @Option(help: "Merchant or payer.") var payee: String?
        @Option(help: "Category name or Parent:Child.") var category: String?
        @Option(help: "Account paid from or into.") var account: String?
        @Option(name: .customLong("to-account"), help: "Destination account of a transfer.") var toAccount: String?
        @Option(help: "Date, YYYY-MM-DD (default: today).") var date: String?
        @Option(help: "Time, HH:MM.") var time: String?
        @Option(help: "ISO currency (default: the book's).") var currency: String?
        @Option(help: "A note.") var note: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let input = TransactionInput(
                kind: kind,
                amount: amount,
                currency: currency,
                date: date,
                time: time,
                payee: payee,
                category: category,
                account: account,
                toAccount: toAccount,
                note: note
            )
            try await reportingErrors {
                let line = try await store.withStore { store in
                    let scope = try await who.resolve(store)
                    let record = try await store.records.addTransaction(to: scope, input)
                    return "Added \(record.transaction.kind.rawValue) #\(record.transaction.id): "
                        + Listing.summary(record)
                }
                print(line)
            }
        }
    }
}
