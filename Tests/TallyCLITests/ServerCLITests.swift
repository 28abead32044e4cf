import Foundation
import Testing

/// What only happens against a server: logging in and out, the credentials file, a refused
/// token, an unreachable server, an add sent twice, and the commands that stay local.
@Suite("tally against a server", .serialized)
struct ServerCLITests {
    @Test("login keeps the token in a 0600 file; logout revokes and forgets it")
    func loginLogout() throws {
        let tally = try BothWays(.server)
        defer { tally.cleanUp() }
        try tally.setUp()
        let server = try #require(tally.server)
        let file = tally.cli.configFolder.appendingPathComponent("tally/credentials.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let stored = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        )
        #expect(stored["server"] as? String == server.url)
        #expect(stored["email"] as? String == "me@example.com")
        let token = try #require(stored["token"] as? String)
        #expect(token.hasPrefix("tly_"))

        // The same token given as a flag or in the environment works too, without the file.
        _ = try tally.run(["add", "expense", "5", "--payee", "X", "--category", "Food", "--date", "2026-03-01"])
        #expect(
            try tally.run(["logout"])
                == .init(status: 0, stdout: "Logged out of \(server.url); the token was revoked.\n", stderr: "")
        )
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try tally.run(["logout"]).stdout == "Not logged in.\n")
        // Logged out, commands work on local data again: the server's folder, given with --data.
        #expect(
            try tally.cli.run(["list", "--format", "csv"]).stdout.split(separator: "\n").count == 2
        )
        // The revoked token is refused, clearly, whether given as a flag or in the environment.
        let refused = CLI.Result(
            status: 1,
            stdout: "",
            stderr: "error: the server refused the token: log in again with tally login --server \(server.url)\n"
        )
        #expect(try tally.cli.run(["list", "--server", server.url, "--token", token], data: false) == refused)
        #expect(
            try tally.cli.run(
                ["list"],
                data: false,
                environment: ["TALLY_SERVER": server.url, "TALLY_TOKEN": "tly_wrong"]
            ) == refused
        )
    }

    @Test("a wrong password at login exits 1 with the server's message; --data and --server do not mix")
    func refusedLogin() throws {
        let tally = try BothWays(.server)
        defer { tally.cleanUp() }
        try tally.setUp()
        let url = try #require(tally.server?.url)
        let wrong = try tally.cli.run(
            ["login", "--server", url, "--email", "me@example.com", "--password-stdin"],
            input: "not-the-password\n",
            data: false
        )
        #expect(wrong.status == 1 && wrong.stdout.isEmpty && wrong.stderr.hasPrefix("error: "), "\(wrong)")
        #expect(
            try tally.cli.run(["list", "--server", url])
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: give either --server (and --token) or --data/--database, not both\n"
                )
        )
    }

    @Test("an unreachable server is named; a command that stays local refuses with exit 2")
    func unreachableAndLocalOnly() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let port = try TallyServer.freePort()
        let url = "http://127.0.0.1:\(port)"
        let result = try cli.run(["list", "--server", url, "--token", "tly_x"], data: false)
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: cannot reach the server at \(url)"), "\(result.stderr)")
        #expect(
            try cli.run(["rate", "list", "--server", url, "--token", "tly_x"], data: false)
                == .init(
                    status: 2,
                    stdout: "",
                    stderr:
                        "error: not available against a server yet: tally rate list works on local data only; give --data DIR to use local data (the server is \(url))\n"
                )
        )
    }

    @Test("each command that stays local names itself when a server is in effect")
    func localOnlyNames() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let environment = ["TALLY_SERVER": "http://127.0.0.1:9", "TALLY_TOKEN": "tly_x"]
        for (arguments, name) in [
            (["rate", "list"], "rate list"), (["rate", "list", "--currency", "EUR"], "rate list"),
        ] {
            let result = try cli.run(arguments, data: false, environment: environment)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(
                result.stderr.hasPrefix(
                    "error: not available against a server yet: tally \(name) works on local data only"
                ),
                "\(result.stderr)"
            )
        }
    }

    @Test("an add sent twice with the same Idempotency-Key stores one record")
    func idempotentAdd() throws {
        let tally = try BothWays(.server)
        defer { tally.cleanUp() }
        try tally.setUp()
        let add = [
            "add", "expense", "4.50", "--payee", "Starbucks", "--category", "Food:Coffee", "--date", "2026-03-02",
            "--account", "Cash", "--idempotency-key", "7d4f7c1e-0000-4000-8000-000000000001",
        ]
        let first = try tally.run(add)
        #expect(first.stdout == "Added expense #1: 2026-03-02 Starbucks $4.50 Food:Coffee · Cash\n")
        #expect(try tally.run(add) == first)
        #expect(try tally.run(["list", "--format", "csv"]).stdout.split(separator: "\n").count == 2)
    }

    @Test("add retries once when the answer is lost, with the same key: the record is stored once")
    func retriedAdd() throws {
        let tally = try BothWays(.server)
        defer { tally.cleanUp() }
        try tally.setUp()
        let server = try #require(tally.server)
        let proxy = try FlakyProxy(to: server, log: tally.cli.dataFolder.appendingPathComponent("proxy.log"))
        let file = tally.cli.configFolder.appendingPathComponent("tally/credentials.json")
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let token = try #require(stored?["token"] as? String)
        let added = try tally.cli.run(
            [
                "add", "expense", "4.50", "--payee", "Starbucks", "--category", "Food:Coffee", "--date",
                "2026-03-02", "--account", "Cash", "--server", proxy.url, "--token", token,
            ],
            data: false
        )
        let noted = proxy.stop()
        #expect(
            added
                == .init(
                    status: 0,
                    stdout: "Added expense #1: 2026-03-02 Starbucks $4.50 Food:Coffee · Cash\n",
                    stderr: ""
                )
        )
        let posts = noted.filter { $0.hasPrefix("POST ") }
        #expect(posts.count == 2, "\(noted)")
        let keys = Set(posts.map { $0.split(separator: " ")[2] })
        #expect(keys.count == 1 && !keys.contains("-"), "both tries carry the same key: \(noted)")
        #expect(posts.first?.hasSuffix("dropped") == true)
        #expect(try tally.run(["list", "--format", "csv"]).stdout.split(separator: "\n").count == 2)
    }
}
