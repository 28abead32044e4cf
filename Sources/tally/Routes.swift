import ArgumentParser
import Logging
import TallyCLI
import TallyStore
import TallyWeb

extension Tally {
    /// `tally routes` (hidden): the server's routes as the router itself lists them, one
    /// `METHOD /path/:param` a line, for the whole-surface tests to walk.
    struct Routes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every route of the web app and JSON API, one `METHOD /path` a line.",
            shouldDisplay: false
        )

        func run() async throws {
            // Only the list goes out: the file middleware's start-up note would land in the
            // caller's output otherwise (this process does nothing else, so bootstrapping once
            // here is safe).
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
            let logger = Logger(label: "tally")
            // An empty, migrated in-memory store is enough to build the router (it reads only
            // server settings), and no file of the user's is opened.
            let store = try await Store.open(.sqliteMemory, logger: logger)
            do {
                try await store.migrate()
                let lines = try await routeList(store: store)
                await store.database.close()
                print(lines.joined(separator: "\n"))
            } catch {
                await store.database.close()
                throw error
            }
        }
    }
}
