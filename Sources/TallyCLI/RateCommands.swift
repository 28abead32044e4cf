import ArgumentParser
import TallyCore
import TallyFiles
import TallyStore

extension Tally {
    /// `tally rate list|set|delete|import`: the book's exchange rates.
    struct RateCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rate",
            abstract: "List, set, delete and import the book's exchange rates.",
            subcommands: [ListRates.self, SetRate.self, DeleteRate.self, ImportRates.self]
        )

        struct ListRates: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list",
                abstract: "List rates, newest first per currency, and the records no rate converts."
            )
            @Option(help: "Only this currency.") var currency: String?
            @Option(help: "At most this many rates (1–1000).") var limit = 100
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let only = try currency.map { try Validate.currency($0) }
                    let (book, rates, missing) = try await store.withStore { store in
                        let scope = try await who.resolve(store)
                        return (
                            scope.book,
                            try await store.rates.rates(in: scope, currency: only, limit: limit),
                            try await store.rates.unconvertedCounts(in: scope)
                        )
                    }
                    var lines = rates.map { "#\($0.id)  \($0.date)  \($0.currency.code)  \($0.rate)" }
                    if lines.isEmpty { lines = ["No rates."] }
                    for m in missing {
                        lines.append(
                            "\(m.count) \(m.currency.code) record\(m.count == 1 ? "" : "s") not converted: no \(m.currency.code)→\(book.currency.code) rate on or before \(m.firstDate)"
                        )
                    }
                    print(lines.joined(separator: "\n"))
                }
            }
        }

        struct SetRate: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "set",
                abstract: "Set a currency's rate from a day on, and re-convert the records it applies to."
            )
            @Argument(help: "The currency (ISO 4217), such as EUR.") var currency: String
            @Argument(help: "The first day it applies (YYYY-MM-DD).") var date: String
            @Argument(help: "Units of the book's currency for one unit of the currency, such as 1.0856.") var rate:
                String
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let input = try RateInput(date: date, currency: currency, rate: rate)
                    let (book, reconverted) = try await store.withBackend(who) { backend in
                        (try await backend.currentBook(), try await backend.setRate(input))
                    }
                    print(
                        "\(input.currency.code) is \(input.rate) \(book.currency.code) from \(input.date); \(converted(reconverted))."
                    )
                }
            }
        }

        struct DeleteRate: AsyncParsableCommand {
            static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a rate by its id.")
            @Argument(help: "The rate's id (see `tally rate list`).") var id: RateID
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let id = id
                    let reconverted = try await store.withBackend(who) { backend in try await backend.deleteRate(id) }
                    print("Deleted rate #\(id); \(converted(reconverted)).")
                }
            }
        }

        struct ImportRates: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "import",
                abstract: "Import rates from a CSV file: date,currency,rate, or the ECB's eurofxref-hist.csv as it is."
            )
            @Argument(help: "The file, or - for standard input.") var file: String
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let bytes = try readInput(file)
                    let change = try await store.withBackend(who) { backend in try await backend.importRates(bytes) }
                    print(
                        "Imported \(change.written) rates; \(converted(change.reconverted))."
                            + (change.skipped.isEmpty ? "" : "\nLeft out: \(change.skipped.joined(separator: ", ")).")
                    )
                }
            }
        }
    }
}

/// "1 record converted anew", "3 records converted anew".
private func converted(_ n: Int) -> String { "\(n) record\(n == 1 ? "" : "s") converted anew" }
