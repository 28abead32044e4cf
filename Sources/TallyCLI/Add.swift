import ArgumentParser
import Foundation
import TallyCore
import TallyStore

extension Tally {
    /// `tally add expense|income|transfer AMOUNT ...`, or `tally add "coffee 4.50 starbucks
    /// yesterday"`: a record from its fields, or from one line read into a draft that is shown first.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record an expense, income or transfer, from its fields or from one line.",
            discussion: """
                Example: tally add expense 4.50 --payee Starbucks --category Food:Coffee --account Cash
                A receipt over several categories: tally add expense 52.50 --payee Costco --account Cash \\
                  --split Food:Groceries=40 --split Household=12.50
                One line, read into a draft that is shown before it is saved:
                  tally add "coffee 4.50 starbucks yesterday"          (shows the draft and asks)
                  tally add "coffee 4.50 starbucks yesterday" --yes    (saves without asking)
                  tally add "coffee 4.50" --dry-run --format json      (only shows the draft)
                A receipt photo, read and shown before it is saved with the photo: tally add --receipt photo.jpg
                The options below change the draft's fields: tally add "lunch 12" --account Visa
                """
        )

        @Argument(
            help: ArgumentHelp(
                "KIND AMOUNT (expense 4.50), or one line to read (\"coffee 4.50 starbucks yesterday\").",
                valueName: "kind amount | line"
            )
        )
        var words: [String] = []

        @Flag(name: .shortAndLong, help: "With a line: save the draft without asking.") var yes = false
        @Flag(name: .customLong("dry-run"), help: "With a line: show the draft, save nothing.") var dryRun = false
        @Option(help: "With a line: how the draft is shown, text or json.") var format: DraftFormat = .text
        @Option(
            name: .customLong("date-order"),
            help: "With a line: how 3/4 reads, MDY or DMY (default: month first in a USD book, else day first)."
        )
        var dateOrder: String?

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
        @Option(help: "A receipt photo: read for the amount, date and shop, shown, and saved with the record.")
        var receipt: String?
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
            if let receipt { return try await addReceipt(receipt) }
            guard let (kind, amount) = Self.fields(words) else { return try await addLine() }
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

        /// `KIND AMOUNT` when the words are those two, else nil: the words are a line to read.
        static func fields(_ words: [String]) -> (kind: String, amount: String)? {
            guard words.count == 2, TransactionKind(rawValue: words[0].lowercased()) != nil else { return nil }
            return (words[0], words[1])
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
