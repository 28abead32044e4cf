import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Where a both-ways test runs its commands: on a local data folder, or against a real
/// `tally serve` on a loopback port, signed in with `tally login`.
enum CLIMode: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case local, server
    var testDescription: String { rawValue }
}

/// A `CLI` that runs the same commands either way: `local` passes `--data` as every CLI test
/// does; `server` creates the user in the server's own data folder, starts `tally serve` on it,
/// logs in with `tally login`, and then runs each command with no `--data`, so it goes to the
/// server through the stored credentials.
final class BothWays {
    let mode: CLIMode
    /// The local data folder, or the server's.
    let cli: CLI
    private(set) var server: TallyServer?

    init(_ mode: CLIMode) throws {
        self.mode = mode
        cli = try CLI()
    }

    /// Creates the user (and, against a server, starts it and logs in).
    func setUp(email: String = "me@example.com", password: String = "password123") throws {
        let created = try cli.run(["user", "create", "--email", email, "--password-stdin"], input: password + "\n")
        #expect(created.status == 0, "\(created.stderr)")
        guard mode == .server else { return }
        let server = try TallyServer(data: cli.dataFolder)
        self.server = server
        let login = try cli.run(
            ["login", "--server", server.url, "--email", email, "--password-stdin"],
            input: password + "\n",
            data: false
        )
        #expect(login.status == 0, "\(login.stderr)")
    }

    /// Runs a command locally or against the server.
    func run(_ arguments: [String], input: String = "") throws -> CLI.Result {
        try cli.run(arguments, input: input, data: mode == .local)
    }

    func cleanUp() {
        server?.stop()
        cli.cleanUp()
    }
}

/// `tally serve` on a free loopback port, for as long as a test needs it.
final class TallyServer {
    let process = Process()
    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    init(data: URL) throws {
        port = try Self.freePort()
        process.executableURL = CLI.binary
        process.arguments = ["serve", "--data", data.path, "--host", "127.0.0.1", "--port", String(port)]
        var env = ProcessInfo.processInfo.environment
        env["TALLY_SERVER"] = nil
        env["TALLY_TOKEN"] = nil
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready when the port takes connections; a debug build needs a second or two.
        let deadline = Date().addingTimeInterval(30)
        while !Self.accepts(port) {
            guard Date() < deadline, process.isRunning else { throw ServerDidNotStart(port: port) }
            usleep(50_000)
        }
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    struct ServerDidNotStart: Error { let port: Int }

    /// A port the kernel says is free now (bound to 0 and released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard bound == 0 else { throw ServerDidNotStart(port: 0) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// True when something listens on the loopback port.
    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
