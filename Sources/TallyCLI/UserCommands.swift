import ArgumentParser
import Foundation
import TallyCore
import TallyJSON
import TallyLocales
import TallyStore

extension Tally {
    /// `tally user create|list`.
    struct UserCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "user",
            abstract: "Manage users.",
            subcommands: [Create.self, ListUsers.self, ExportData.self, ResetTwoStep.self]
        )

        struct ExportData: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "export",
                abstract: "Write a zip of all of a user's data: every book they own, with receipts and photos."
            )
            @Option(name: .shortAndLong, help: "Where to write the zip.") var output: String
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    var isDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue
                    {
                        throw CLIError("\(output) is a folder; give the zip's file name, such as \(output)/tally.zip")
                    }
                    let (user, temporary) = try await store.withStore { store in
                        let user = try await who.resolveUser(store)
                        return (user, try await AccountExport.write(for: user, store: store))
                    }
                    // The scratch folder goes whatever happens next: it holds someone's whole finances.
                    defer { try? FileManager.default.removeItem(at: temporary.deletingLastPathComponent()) }
                    let target = URL(fileURLWithPath: output)
                    try? FileManager.default.removeItem(at: target)
                    try FileManager.default.moveItem(at: temporary, to: target)
                    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
                    print("Wrote all of \(user.email)'s data to \(output).")
                }
            }
        }

        struct ResetTwoStep: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "reset-two-step",
                abstract: "Turn off a user's two-step sign-in (when they lost their phone and recovery codes)."
            )
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let user = try await store.withStore { store in
                        let user = try await who.resolveUser(store)
                        try await store.users.resetTwoStep(for: user)
                        return user
                    }
                    print("Two-step sign-in is off for \(user.email); they sign in with their password alone.")
                }
            }
        }

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create a user (with a first book) on the local data."
            )
            @Option(help: "Email to sign in with.") var email: String
            @Flag(help: "Read the password from standard input instead of prompting.") var passwordStdin = false
            @Option(help: "Currency of the user's first book.") var currency = "USD"
            @Option(help: "The user's language and formats, a BCP 47 tag such as de-DE (default: follow the browser).")
            var locale: String?
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    // Checked before anything is stored, so a bad tag leaves no user behind.
                    let chosen = try locale.map { try TallyLocale($0, field: "--locale") }
                    let tag = chosen?.tag
                    let password = try Password.read(fromStdin: passwordStdin)
                    let user = try await store.withStore { store in
                        let user = try await store.users.signUp(
                            email: email,
                            password: password,
                            currency: currency,
                            openSignup: true,
                            names: Catalogs.shipped.catalog(chosen?.language ?? .english)
                        )
                        if let tag {
                            _ = try await store.settings.updateSettings(
                                for: user,
                                timeZone: nil,
                                dailyReminder: nil,
                                reminderTime: nil,
                                locale: .some(tag)
                            )
                        }
                        return user
                    }
                    let book = Defaults.firstBookName(in: Catalogs.shipped.catalog(chosen?.language ?? .english))
                    print("Created user \(user.email) (#\(user.id)) with a \(book) book in \(currency.uppercased()).")
                }
            }
        }

        struct ListUsers: AsyncParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List users.")
            @OptionGroup var store: StoreOptions

            func run() async throws {
                let users = try await store.withStore { try await $0.users.all() }
                print(users.isEmpty ? "No users." : users.map { "\($0.id)  \($0.email)" }.joined(separator: "\n"))
            }
        }
    }

    /// `tally token create`.
    struct TokenCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "token",
            abstract: "Manage personal API tokens.",
            subcommands: [Create.self]
        )

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create an API token for a user and print it once."
            )
            @Option(name: .customLong("name"), help: "What the token is for.") var name = "CLI"
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let token = try await store.withStore { store in
                        try await store.users.createToken(for: try await who.resolveUser(store), name: name)
                    }
                    print(token.token)
                }
            }
        }
    }
}

/// Reads a password without echoing it, or from standard input.
enum Password {
    static func read(fromStdin: Bool) throws -> String {
        if fromStdin {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw FieldError("password", "nothing on standard input")
            }
            return line
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIError("no terminal to ask for the password; use --password-stdin")
        }
        FileHandle.standardError.write(Data("Password: ".utf8))
        var settings = termios()
        tcgetattr(STDIN_FILENO, &settings)
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true) ?? ""
    }
}
