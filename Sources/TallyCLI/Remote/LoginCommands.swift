import ArgumentParser
import Foundation
import TallyCore
import TallyStore

extension Tally {
    /// `tally login --server URL`: asks the server for an API token and keeps it, so later
    /// commands work against that server.
    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sign in to a Tally server; later commands then work against it.",
            discussion: """
                Asks for your email and password (or --email and --password-stdin), gets an API token \
                from the server and keeps it with the server's address in $XDG_CONFIG_HOME/tally/credentials.json \
                (else ~/.config/tally/credentials.json), readable by you only. `tally logout` forgets it.
                """
        )

        @Option(help: ArgumentHelp("The server: http://127.0.0.1:8080 or https://tally.example.com.", valueName: "url"))
        var server: String
        @Option(help: "Your email (asked for when left out).") var email: String?
        @Flag(help: "Read the password from standard input instead of prompting.") var passwordStdin = false
        @Option(help: "The code from your authenticator app, when two-step sign-in is on.") var code: String?

        func run() async throws {
            try await reportingErrors {
                let server = try ServerTarget.normalize(self.server)
                guard let email = try email ?? Self.ask("Email: ") else { throw FieldError("email", "is required") }
                let password = try Password.read(fromStdin: passwordStdin)
                let host = ProcessInfo.processInfo.hostName
                var body = ["email": email, "password": password, "name": "tally CLI on \(host)"]
                if let code { body["code"] = code }
                let answer = try await ServerClient(server: server, token: nil).send(
                    .POST,
                    "/api/v1/tokens",
                    json: body
                )
                let made = try RemoteJSON.decode(NewToken.self, answer.body)
                try Credentials(server: server, token: made.token, tokenID: made.id, email: email).save()
                print("Logged in to \(server) as \(email); the token is kept in \(Credentials.path).")
            }
        }

        /// `POST /tokens`'s answer.
        struct NewToken: Decodable {
            let id: Int64, token: String
        }

        /// A line typed at the terminal after `prompt` (on stderr); nil when nothing was typed.
        static func ask(_ prompt: String) throws -> String? {
            FileHandle.standardError.write(Data(prompt.utf8))
            guard let line = readLine() else { throw CLIError("no terminal to ask for the email; use --email") }
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
    }

    /// `tally logout`: revokes the kept token on its server (when it can be reached) and forgets it.
    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Forget the server and token `tally login` kept (and revoke the token on the server)."
        )

        func run() async throws {
            try await reportingErrors {
                guard let credentials = try Credentials.load() else { return print("Not logged in.") }
                var revoked = "the token was revoked"
                if let id = credentials.tokenID {
                    do {
                        let client = ServerClient(server: credentials.server, token: credentials.token)
                        _ = try await client.send(.DELETE, "/api/v1/tokens/\(id)")
                    } catch let error as Unreachable {
                        revoked = "the token could not be revoked: \(error.description)"
                    } catch is TokenRefused {
                        revoked = "the server no longer accepted the token"
                    } catch {
                        revoked = "the token could not be revoked: \(error)"
                    }
                } else {
                    revoked = "revoke its token in the server's settings"
                }
                _ = try Credentials.delete()
                print("Logged out of \(credentials.server); \(revoked).")
            }
        }
    }
}
