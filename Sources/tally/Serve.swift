import ArgumentParser
import Hummingbird
import Logging
import TallyStore
import TallyWeb

extension Tally {
    /// `tally serve`: the web app and JSON API.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run the web app and the JSON API.")

        @OptionGroup var store: StoreOptions

        @Option(help: "Address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "Port to listen on.")
        var port = 8080

        @Flag(help: "Let anyone sign up (the first user can always sign up).")
        var allowSignup = false

        @Flag(help: "Mark cookies Secure; use when Tally is served over HTTPS (behind a TLS proxy).")
        var secureCookies = false

        func run() async throws {
            var logger = Logger(label: "tally")
            logger.logLevel = .info
            let location = try store.location()
            // Migrate first (with the PostgreSQL pool running only for that), then open the
            // store the app keeps; its pool runs as a service of the app.
            _ = try await store.withStore { _ in }
            let opened = try await Store.open(location, logger: logger)
            let configuration = AppConfiguration(host: host, port: port, openSignup: allowSignup, secureCookies: secureCookies)
            let app = try await buildApplication(configuration, store: opened, logger: logger)
            print("Tally is listening on http://\(host):\(port)")
            print("Data: \(location.redacted)")
            try await app.runService()
        }
    }
}
