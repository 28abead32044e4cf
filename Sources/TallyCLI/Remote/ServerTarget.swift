import Foundation

/// The server a command works against, and the token it uses: from `--server`/`--token`, else
/// `TALLY_SERVER`/`TALLY_TOKEN`, else what `tally login` stored (each of the two values on its
/// own, in that order). Nil means local data, as before.
struct ServerTarget: Sendable, Equatable {
    /// Base URL without a trailing slash.
    let server: String
    /// The API token.
    let token: String

    /// The target in effect for these options; nil for local data. `--data`/`--database` given
    /// on the command line always mean local data (and may not be mixed with `--server`).
    static func resolve(
        server flagServer: String?,
        token flagToken: String?,
        local: Bool,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> ServerTarget? {
        if local {
            guard flagServer == nil && flagToken == nil else {
                throw CLIError("give either --server (and --token) or --data/--database, not both")
            }
            return nil
        }
        func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let stored = try Credentials.load()
        guard let chosen = flagServer ?? env("TALLY_SERVER") ?? stored?.server else {
            if flagToken != nil { throw CLIError("--token needs --server URL (or TALLY_SERVER)") }
            return nil
        }
        let server = try normalize(chosen)
        // A stored token goes only to the server it was made by.
        let token = flagToken ?? env("TALLY_TOKEN") ?? (stored?.server == server ? stored?.token : nil)
        guard let token else {
            throw CLIError("no token for \(server): log in with tally login --server \(server), or give --token")
        }
        return ServerTarget(server: server, token: token)
    }

    /// "http://host:port" from what was typed: a scheme is required (http or https), and a
    /// trailing slash or `/api/v1` is dropped.
    static func normalize(_ text: String) throws -> String {
        var url = text.trimmingCharacters(in: .whitespaces)
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", parsed.host != nil
        else {
            throw CLIError("--server: '\(text)' is not a server address such as http://127.0.0.1:8080")
        }
        while url.hasSuffix("/") { url.removeLast() }
        if url.hasSuffix("/api/v1") { url.removeLast("/api/v1".count) }
        return url
    }
}
