import ArgumentParser
import TallyCore
import TallyStore

extension Tally {
    /// `tally categories`: the category tree.
    struct Categories: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the book's categories.")
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let all = try await store.withBackend(who) { try await $0.categories() }
                var lines: [String] = []
                for kind in CategoryKind.allCases {
                    lines.append(kind == .expense ? "Expense categories" : "Income categories")
                    for category in all where category.kind == kind {
                        lines.append(
                            (category.parentID == nil ? "  " : "      ")
                                + "\(category.icon) \(category.name)  [\(category.id)]"
                        )
                    }
                }
                print(lines.joined(separator: "\n"))
            }
        }
    }

    /// `tally accounts`: accounts with balances.
    struct Accounts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the book's accounts and balances.")
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let accounts = try await store.withBackend(who) { try await $0.accounts() }
                let rows = accounts.map {
                    [
                        $0.account.name + ($0.account.archived ? " (archived)" : ""), $0.account.kind.rawValue,
                        $0.balance.formatted,
                    ]
                }
                print(
                    Listing.table(header: ["Account", "Kind", "Balance"], rows: rows, rightAligned: [2]),
                    terminator: ""
                )
            }
        }
    }
}
