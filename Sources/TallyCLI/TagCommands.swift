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
                    let tags = try await store.withStore { store in
                        try await store.records.tags(in: try await who.resolve(store), prefix: prefix)
                    }
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
                    let tag = try await store.withStore { store in
                        let scope = try await who.resolve(store)
                        let id = try await Tally.tagID(name, store: store, scope: scope)
                        return try await store.records.renameTag(id, to: newName, in: scope)
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
                    try await store.withStore { store in
                        let scope = try await who.resolve(store)
                        try await store.records.deleteTag(
                            try await Tally.tagID(name, store: store, scope: scope),
                            in: scope
                        )
                    }
                    print("Deleted #\(name.hasPrefix("#") ? String(name.dropFirst()) : name).")
                }
            }
        }
    }

    /// The id of the book's tag named `name` (any case, with or without "#").
    static func tagID(_ name: String, store: Store, scope: BookScope) async throws -> TagID {
        let key = Tags.key(name.hasPrefix("#") ? String(name.dropFirst()) : name)
        guard let tag = try await store.records.tags(in: scope).first(where: { Tags.key($0.name) == key }) else {
            throw FieldError("name", "no tag '\(name)' in this book")
        }
        return tag.id
    }
}
