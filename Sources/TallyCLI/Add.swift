import ArgumentParser
import Foundation
import TallyCore
import TallyStore

extension Tally {
    /// `tally add expense|income|transfer AMOUNT ...`: a quick record.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record an expense, income or transfer.",
            discussion: """
                Example: tally add expense 4.50 --payee Starbucks --category Food:Coffee --account Cash
                A receipt over several categories: tally add expense 52.50 --payee Costco --account Cash \\
                  --split Food:Groceries=40 --split Household=12.50
                """
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
        @Option(
            help: ArgumentHelp(
                "A split line, CATEGORY=AMOUNT (Food:Groceries=40); give one per line, 2 to 100, adding up to the amount.",
                valueName: "category=amount"
            )
        )
        var split: [String] = []
        @Option(help: "A tag (japan-2026); repeat for several, up to 20.") var tag: [String] = []
        @Option(
            name: .customLong("idempotency-key"),
            help: ArgumentHelp(
                "Against a server: the key that makes sending this add again store it once (default: a new one).",
                visibility: .hidden
            )
        )
        var idempotencyKey: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            var input = TransactionInput(
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
                if !split.isEmpty { input.lines = try split.map(Self.line) }
                if !tag.isEmpty { input.tags = tag }
                let input = input
                // One key per invocation: the retry after a broken connection sends the same one,
                // so a server stores the record once (or `--idempotency-key`, for a script's retries).
                let key = idempotencyKey ?? UUID().uuidString
                let line = try await store.withBackend(who) { backend in
                    let record = try await backend.add(input, key: key)
                    return "Added \(record.transaction.kind.rawValue) #\(record.transaction.id): "
                        + Listing.summary(record)
                }
                print(line)
            }
        }

        /// "Food:Groceries=40" as a line; the last "=" divides, so a category may hold one.
        static func line(_ text: String) throws -> LineInput {
            guard let equals = text.lastIndex(of: "=") else {
                throw FieldError("split", "'\(text)' is not CATEGORY=AMOUNT, such as Food:Groceries=40")
            }
            let category = String(text[..<equals]).trimmingSpaces()
            return LineInput(
                category: category.isEmpty ? nil : category,
                amount: String(text[text.index(after: equals)...])
            )
        }
    }
}
