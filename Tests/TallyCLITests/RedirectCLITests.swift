import Foundation
import Testing

/// Issue 42, finding 4: a server's redirect never carries a password, a token or a body to
/// another origin. `tally login` and `tally add` against a `RedirectStub` that redirects to a
/// second stub on another port: the second gets no request at all, and the command stops with
/// exit 1 naming the Location. A GET is followed on the same origin only; http to https stops.
@Suite("tally against a server that redirects", .serialized)
struct RedirectCLITests {
    static let password = "hunter2-secret-password"
    static let token = "tly_redirect-test-token"
    static let books = #"[{"id": 1, "name": "Home", "currency": "USD", "role": "owner", "archived": false}]"#

    /// `tally login --server URL` with the password on standard input.
    static func login(_ cli: CLI, _ url: String) throws -> CLI.Result {
        try cli.run(
            ["login", "--server", url, "--email", "me@example.com", "--password-stdin"],
            input: password + "\n",
            data: false
        )
    }

    /// What `tally login` would have stored for `url`, so later commands go there.
    static func loggedIn(_ cli: CLI, to url: String) throws {
        let folder = cli.configFolder.appendingPathComponent("tally")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stored: [String: Any] = ["server": url, "token": token, "token_id": 1, "email": "me@example.com"]
        try JSONSerialization.data(withJSONObject: stored).write(to: folder.appendingPathComponent("credentials.json"))
    }

    static let add = ["add", "expense", "4.50", "--payee", "Starbucks", "--category", "Food", "--account", "Cash"]

    /// The one line a cross-origin redirect prints.
    static func elsewhere(
        _ from: RedirectStub,
        _ status: Int,
        _ method: String,
        _ path: String,
        to: RedirectStub
    )
        -> String
    {
        "error: the server at \(from.url) answered \(status) to \(method) \(path), redirecting to \(to.url)\(path): "
            + "Tally sends no password, token or data to another address, so nothing was sent there; "
            + "if that is your server, use its address: tally login --server \(to.url)\n"
    }

    @Test("login redirected to another port: the password goes nowhere else", arguments: [307, 308, 301, 302, 303])
    func loginElsewhere(status: Int) throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let other = try RedirectStub(folder: cli.dataFolder)
        defer { other.stop() }
        let stub = try RedirectStub(redirect: (status, other.url + "{path}"), folder: cli.dataFolder)
        defer { stub.stop() }
        let result = try Self.login(cli, stub.url)
        #expect(
            result
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: Self.elsewhere(stub, status, "POST", "/api/v1/tokens", to: other)
                )
        )
        let elsewhere = try other.requests()
        #expect(elsewhere.isEmpty, "the other listener got: \(elsewhere)")
        // The first server did get the password (that is where the person sent it), once.
        let asked = try stub.requests()
        #expect(asked.map { "\($0.method) \($0.path)" } == ["POST /api/v1/tokens"])
        #expect(asked.first?.body.contains(Self.password) == true)
        #expect(!FileManager.default.fileExists(atPath: cli.configFolder.appendingPathComponent("tally").path))
    }

    @Test(
        "add redirected to another port: its body and token go nowhere else, and it is not retried",
        arguments: [307, 308]
    )
    func addElsewhere(status: Int) throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let other = try RedirectStub(folder: cli.dataFolder)
        defer { other.stop() }
        let stub = try RedirectStub(
            redirect: (status, other.url + "{path}"),
            methods: ["POST"],
            answers: ["GET /api/v1/books": (200, Self.books)],
            folder: cli.dataFolder
        )
        defer { stub.stop() }
        try Self.loggedIn(cli, to: stub.url)
        let result = try cli.run(Self.add, data: false)
        let path = "/api/v1/books/1/transactions"
        #expect(result == .init(status: 1, stdout: "", stderr: Self.elsewhere(stub, status, "POST", path, to: other)))
        let elsewhere = try other.requests()
        #expect(elsewhere.isEmpty, "the other listener got: \(elsewhere)")
        let posts = try stub.requests().filter { $0.method == "POST" }
        #expect(posts.map(\.path) == [path])
        #expect(posts.first?.headers["authorization"] == "Bearer \(Self.token)")
        #expect(posts.first?.body.contains("Starbucks") == true)
    }

    @Test("a GET redirected to another port is not followed either: the token stays home", arguments: [302, 307])
    func getElsewhere(status: Int) throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let other = try RedirectStub(answers: ["GET /api/v1/books": (200, Self.books)], folder: cli.dataFolder)
        defer { other.stop() }
        let stub = try RedirectStub(redirect: (status, other.url + "{path}"), folder: cli.dataFolder)
        defer { stub.stop() }
        try Self.loggedIn(cli, to: stub.url)
        let result = try cli.run(["book", "list"], data: false)
        #expect(
            result
                == .init(status: 1, stdout: "", stderr: Self.elsewhere(stub, status, "GET", "/api/v1/books", to: other))
        )
        #expect(try other.requests().isEmpty)
    }

    @Test("backup's download and restore's upload redirected to another port: nothing goes there, no file is written")
    func streamsElsewhere() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let other = try RedirectStub(folder: cli.dataFolder)
        defer { other.stop() }
        let stub = try RedirectStub(redirect: (307, other.url + "{path}"), folder: cli.dataFolder)
        defer { stub.stop() }
        try Self.loggedIn(cli, to: stub.url)
        let zip = cli.dataFolder.appendingPathComponent("out.zip")
        let backup = try cli.run(["backup", "-o", zip.path], data: false)
        let path = "/api/v1/backup"
        #expect(backup == .init(status: 1, stdout: "", stderr: Self.elsewhere(stub, 307, "GET", path, to: other)))
        #expect(!FileManager.default.fileExists(atPath: zip.path))
        #expect(!FileManager.default.fileExists(atPath: cli.dataFolder.appendingPathComponent(".out.zip.part").path))

        try Data("PK not really a zip, but private".utf8).write(to: zip)
        let restore = try cli.run(["restore", zip.path, "--book", "1"], data: false)
        let expected = Self.elsewhere(stub, 307, "POST", "/api/v1/restore", to: other)
            .replacingOccurrences(of: "/api/v1/restore: Tally", with: "/api/v1/restore?book=1: Tally")
        #expect(restore == .init(status: 1, stdout: "", stderr: expected))
        let elsewhere = try other.requests()
        #expect(elsewhere.isEmpty, "the other listener got: \(elsewhere)")
        #expect(try stub.requests().last?.body == "PK not really a zip, but private")
    }

    @Test("a GET redirected on the same server is followed, with its token, at most 5 times in a row")
    func getSameOrigin() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let stub = try RedirectStub(
            redirect: (302, "/moved{path}"),
            answers: ["GET /moved/api/v1/books": (200, Self.books)],
            folder: cli.dataFolder
        )
        defer { stub.stop() }
        try Self.loggedIn(cli, to: stub.url)
        let result = try cli.run(["book", "list"], data: false)
        #expect(result.status == 0 && result.stdout.contains("Home") && result.stderr.isEmpty, "\(result)")
        let asked = try stub.requests()
        #expect(asked.map(\.path) == ["/api/v1/books", "/moved/api/v1/books"])
        #expect(asked.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })

        // A loop on the same server: the first request and 5 redirects, then a clear stop.
        let port = try TallyServer.freePort()
        let loop = try RedirectStub(
            port: port,
            redirect: (307, "http://127.0.0.1:\(port){path}"),
            folder: cli.dataFolder
        )
        defer { loop.stop() }
        try Self.loggedIn(cli, to: loop.url)
        let looped = try cli.run(["book", "list"], data: false)
        #expect(
            looped
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: the server at \(loop.url) answered 307 to GET /api/v1/books, redirecting to "
                        + "\(loop.url)/api/v1/books: more than 5 redirects in a row, so Tally stopped\n"
                )
        )
        #expect(try loop.requests().count == 6)
    }

    @Test("a POST redirected on the same server is not sent again", arguments: [307, 308])
    func postSameOrigin(status: Int) throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let stub = try RedirectStub(redirect: (status, "/moved{path}"), folder: cli.dataFolder)
        defer { stub.stop() }
        let result = try Self.login(cli, stub.url)
        #expect(
            result
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: the server at \(stub.url) answered \(status) to POST /api/v1/tokens, redirecting "
                        + "to \(stub.url)/moved/api/v1/tokens: Tally follows a redirect only for a GET to the same "
                        + "server, so nothing was sent again; check the address given to --server\n"
                )
        )
        #expect(try stub.requests().map(\.path) == ["/api/v1/tokens"])
    }

    @Test("http redirected to https on the same host stops and names the https address")
    func upgrade() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let port = try TallyServer.freePort()
        let stub = try RedirectStub(
            port: port,
            redirect: (308, "https://127.0.0.1:\(port){path}"),
            folder: cli.dataFolder
        )
        defer { stub.stop() }
        let result = try Self.login(cli, stub.url)
        let https = "https://127.0.0.1:\(port)"
        #expect(
            result
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: the server at \(stub.url) answered 308 to POST /api/v1/tokens, redirecting to "
                        + "\(https)/api/v1/tokens: Tally sends no password, token or data on after a redirect, so "
                        + "nothing was sent there; use the https address: tally login --server \(https)\n"
                )
        )
        // One request, in clear text as the person asked; no TLS hello came after it.
        #expect(try stub.requests().map(\.path) == ["/api/v1/tokens"])
    }

    @Test("a redirect with no Location, or one to a file, stops")
    func noLocation() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let stub = try RedirectStub(
            answers: ["POST /api/v1/tokens": (302, "{}")],
            folder: cli.dataFolder
        )
        defer { stub.stop() }
        #expect(
            try Self.login(cli, stub.url)
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: the server at \(stub.url) answered 302 to POST /api/v1/tokens with no Location "
                        + "to go to\n"
                )
        )
        let file = try RedirectStub(redirect: (301, "file:///etc/passwd"), folder: cli.dataFolder)
        defer { file.stop() }
        try Self.loggedIn(cli, to: file.url)
        #expect(
            try cli.run(["book", "list"], data: false)
                == .init(
                    status: 1,
                    stdout: "",
                    stderr: "error: the server at \(file.url) answered 301 to GET /api/v1/books, redirecting to "
                        + "file:///etc/passwd: Tally sends no password, token or data to another address, so nothing "
                        + "was sent there\n"
                )
        )
    }
}
