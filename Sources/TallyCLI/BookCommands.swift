import ArgumentParser
import TallyCore
import TallyStore

extension Tally {
    /// `tally book list|create|rename|archive`.
    struct BookCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "book",
            abstract: "List, create, rename and archive books.",
            subcommands: [ListBooks.self, Create.self, Rename.self, Archive.self]
        )

        struct ListBooks: AsyncParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the user's books.")
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let books = try await store.withBooks(who) { try await $0.books() }
                    print(books.isEmpty ? "No books." : BookCommand.lines(books).joined(separator: "\n"))
                }
            }
        }

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Create a book owned by the user.")
            @Argument(help: "The book's name, such as Family or \"Trip to Japan\".") var name: String
            @Option(help: "Its currency (ISO 4217).") var currency = "USD"
            @Option(help: "Copy the categories of this book (an id) instead of the defaults.")
            var copyCategoriesFrom: String?
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let (name, currency, copy) = (name, currency, copyCategoriesFrom)
                    let book = try await store.withBooks(who) { books in
                        try await books.createBook(name: name, currency: currency, copyCategoriesFrom: copy)
                    }
                    print("Created book \(book.name) (#\(book.id)) in \(book.currency.code).")
                }
            }
        }

        struct Rename: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Rename the book given by --book.")
            @Argument(help: "The new name.") var name: String
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let (book, name) = (try who.namedBook(), name)
                    let renamed = try await store.withBooks(who) { try await $0.rename(book, to: name) }
                    print("Renamed book #\(renamed.id) to \(renamed.name).")
                }
            }
        }

        struct Archive: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Archive the book given by --book (its records stay), or bring it back with --undo."
            )
            @Flag(help: "Bring an archived book back.") var undo = false
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let (id, archived) = (try who.namedBook(), !undo)
                    let book = try await store.withBooks(who) { try await $0.setArchived(archived, id) }
                    print(
                        undo
                            ? "Book #\(book.id) \(book.name) is open again." : "Archived book #\(book.id) \(book.name)."
                    )
                }
            }
        }

        /// One line per book: id, name, currency, the user's role, and "archived".
        static func lines(_ books: [Book]) -> [String] {
            let width = books.map(\.name.count).max() ?? 0
            return books.map { book in
                let name = book.name.padding(toLength: width, withPad: " ", startingAt: 0)
                return
                    "\(book.id)  \(name)  \(book.currency.code)  \(book.role.rawValue)\(book.archived ? "  archived" : "")"
            }
        }
    }
}
