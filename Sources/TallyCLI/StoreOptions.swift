import ArgumentParser
import Foundation
import Logging
import TallyCore
import TallyStore

/// Where the data is: shared by every command (and `tally serve`, in the executable).
public struct StoreOptions: ParsableArguments, Sendable {
    @Option(help: "Folder holding the SQLite data file (default: $TALLY_DATA, else ~/.local/share/tally).")
    var data: String?

    @Option(
        help: "A database URL instead of the folder: postgres://user:password@host:5432/db, or an SQLite file path."
    )
    var database: String?

    @Option(
        help: ArgumentHelp(
            "Work against this Tally server instead of local data (default: $TALLY_SERVER, else the one of `tally login`).",
            valueName: "url"
        )
    )
    var server: String?

    @Option(help: "The server's API token (default: $TALLY_TOKEN, else the one `tally login` stored).")
    var token: String?

    /// Options from the command line.
    public init() {}

    /// The data folder in effect.
    var dataDirectory: String {
        if let data { return data }
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["TALLY_DATA"], !folder.isEmpty { return folder }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/tally" }
        return FileManager.default.homeDirectoryForCurrentUser.path + "/.local/share/tally"
    }

    /// The database location, creating the data folder when needed.
    public func location() throws -> DatabaseLocation {
        if let database { return DatabaseLocation(database) }
        let folder = dataDirectory
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return .sqliteFile(folder + "/tally.sqlite")
    }

    /// The server these options (or the environment, or `tally login`) name; nil for local data.
    func serverTarget() throws -> ServerTarget? {
        try ServerTarget.resolve(server: server, token: token, local: data != nil || database != nil)
    }

    /// Opens and migrates the store, runs `body`, and closes it — with the PostgreSQL pool
    /// running beside it for as long as it takes. When a server is in effect (`--server`,
    /// `TALLY_SERVER` or `tally login`) it refuses with `LocalOnly` instead of quietly working
    /// on local data: the commands that work against a server go through `withBackend`.
    /// `ignoringServer` is for `tally serve`, which is the server.
    public func withStore<T: Sendable>(
        ignoringServer: Bool = false,
        _ body: @Sendable (Store) async throws -> T
    ) async throws -> T {
        if !ignoringServer, let target = try serverTarget() { throw LocalOnly(server: target.server) }
        var logger = Logger(label: "tally")
        logger.logLevel = .warning
        let store = try await Store.open(try location(), logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.database.run() }
            defer { group.cancelAll() }
            do {
                try await store.migrate()
                let result = try await body(store)
                await store.database.close()
                return result
            } catch {
                // SQLite connections must be closed on every path, failures included.
                await store.database.close()
                throw error
            }
        }
    }
}

/// Which user and book a command acts for.
struct UserOptions: ParsableArguments {
    @Option(help: "The user's email (needed when the data has several users).")
    var user: String?

    @Option(help: "The book id (default: the user's first book).")
    var book: BookID?

    /// The user named, or the only one.
    func resolveUser(_ store: Store) async throws -> User { try await findUser(store, email: user) }

    /// The id `--book` gives: required by commands that change a book itself, which never guess it.
    func namedBook() throws -> BookID {
        guard let book else { throw CLIError("say which book with --book ID (see `tally book list`)") }
        return book
    }

    /// The user's book in effect, let in once (`Store.scope(_:book:)`) like every web request.
    func resolve(_ store: Store) async throws -> BookScope {
        let user = try await resolveUser(store)
        if let book { return try await store.scope(user, book: book) }
        guard let first = try await store.books.all(for: user).first else {
            throw CLIError("\(user.email) has no book")
        }
        return try await store.scope(user, book: first.id)
    }
}

/// The user with `email`, or the only one when no email is given.
func findUser(_ store: Store, email: String?) async throws -> User {
    if let email {
        guard let found = try await store.users.user(email: email) else {
            throw CLIError("no user with email \(email)")
        }
        return found
    }
    let users = try await store.users.all()
    guard !users.isEmpty else {
        throw CLIError(
            "there are no users yet; run `tally user create --email you@example.com` or sign up in the browser"
        )
    }
    guard users.count == 1 else { throw CLIError("there are \(users.count) users; choose one with --user EMAIL") }
    return users[0]
}

/// A message for the person at the terminal; exits with status 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs a command body, turning known errors into one clear line on stderr and the exit status
/// the store's `KnownError` gives them (the same classification the API and the pages use).
func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as CLIFailure {
        FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
        throw ExitCode(error.exitCode)
    } catch {
        guard let known = KnownError(error) else { throw error }
        FileHandle.standardError.write(Data("error: \(known.detail)\n".utf8))
        throw ExitCode(known.exitCode)
    }
}

/// An error the CLI itself raises: one line on stderr and its exit status.
protocol CLIFailure: Error, CustomStringConvertible {
    /// 1 for a plain failure, 2 for a command not available here, 65 for a bad file.
    var exitCode: Int32 { get }
}

extension CLIError: CLIFailure { var exitCode: Int32 { 1 } }
extension LocalOnly: CLIFailure { var exitCode: Int32 { 2 } }
extension Unreachable: CLIFailure { var exitCode: Int32 { 1 } }
extension TokenRefused: CLIFailure { var exitCode: Int32 { 1 } }
extension CLIBadFile: CLIFailure { var exitCode: Int32 { 65 } }

/// A command that works on local data only, run with a server in effect: it stops (exit 2)
/// rather than act on the local file the person did not mean.
struct LocalOnly: Error, CustomStringConvertible {
    let server: String

    var description: String {
        "not available against a server yet: tally \(Self.commandName) works on local data only; "
            + "give --data DIR to use local data (the server is \(server))"
    }

    /// "budget add": the command's words as typed (lower-case names, before any option or value).
    static var commandName: String {
        CommandLine.arguments.dropFirst()
            .prefix { !$0.isEmpty && $0.allSatisfy { ("a"..."z").contains($0) || $0 == "-" } && !$0.hasPrefix("-") }
            .prefix(2).joined(separator: " ")
    }
}
