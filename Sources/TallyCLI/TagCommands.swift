import ArgumentParser
import TallyCore
import TallyStore

extension Tally {
    /// `tally tags [list] | rename OLD NEW | delete NAME`: the book's tags.
    struct TagCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tags",
            abstract: "List the book's tags with their record counts; rename, merge or delete one.",
            subcommands: [ListTags.self, RenameTag.self, DeleteTag.self],
            defaultSubcommand: ListTags.self
        )

        struct ListTags: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list",
                abstract: "The tags, the most used first."
            )
            @Option(help: "Only tags starting with this.") var prefix = ""
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let prefix = prefix
                    let tags = try await store.withBackend(who) { backend in try await backend.tags(prefix: prefix) }
                    guard !tags.isEmpty else { return print("No tags.") }
                    let width = tags.map(\.name.count).max() ?? 0
                    for tag in tags {
                        let name = "#" + tag.name + String(repeating: " ", count: width - tag.name.count)
                        print("\(name)  \(tag.count) record\(tag.count == 1 ? "" : "s")")
                    }
                }
            }
        }

        struct RenameTag: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "rename",
                abstract: "Rename a tag on every record; onto another tag's name, merge the two."
            )
            @Argument(help: "The tag's name now.") var name: String
            @Argument(help: "Its new name.") var newName: String
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let (name, newName) = (name, newName)
                    let tag = try await store.withBackend(who) { backend in
                        try await backend.renameTag(name, to: newName)
                    }
                    print("#\(tag.name) is on \(tag.count) record\(tag.count == 1 ? "" : "s").")
                }
            }
        }

        struct DeleteTag: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "delete",
                abstract: "Take a tag off every record (the records stay)."
            )
            @Argument(help: "The tag's name.") var name: String
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let name = name
                    try await store.withBackend(who) { backend in try await backend.deleteTag(name) }
                    print("Deleted #\(name.hasPrefix("#") ? String(name.dropFirst()) : name).")
                }
            }
        }
    }

    /// The id of the tag named `name` (any case, with or without "#") among a book's `tags`.
    static func tagID(_ name: String, in tags: [Tag]) throws -> TagID {
        let key = Tags.key(name.hasPrefix("#") ? String(name.dropFirst()) : name)
        guard let tag = tags.first(where: { Tags.key($0.name) == key }) else {
            throw FieldError("name", "no tag '\(name)' in this book")
        }
        return tag.id
    }
}
