import Foundation

/// Runs the real `tally` binary (built next to the test bundle) on a private data folder.
struct CLI {
    struct Result: Equatable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let dataFolder: URL

    init() throws {
        dataFolder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true)
    }

    /// The binary: TALLY_BIN, or `tally` beside the test bundle in the build folder.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["TALLY_BIN"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("tally").path) && folder.path != "/"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("tally")
    }

    /// Where `tally login` keeps its credentials for this runner (`XDG_CONFIG_HOME`), so no test
    /// reads or writes the real ~/.config.
    var configFolder: URL { dataFolder.appendingPathComponent("config") }

    /// Runs `tally ARGS --data FOLDER` with `input` on standard input (without `--data` for
    /// commands that touch no data, with `data: false`). The process gets `environment` on top
    /// of the test's own, without `TALLY_SERVER`/`TALLY_TOKEN` and with a private config folder.
    func run(
        _ arguments: [String],
        input: String = "",
        data: Bool = true,
        environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments + (data ? ["--data", dataFolder.path] : [])
        var env = ProcessInfo.processInfo.environment
        env["TALLY_SERVER"] = nil
        env["TALLY_TOKEN"] = nil
        env["XDG_CONFIG_HOME"] = configFolder.path
        // The outputs compared are US English unless a test asks for a locale.
        for name in ["TALLY_LOCALE", "LC_ALL", "LC_MESSAGES"] { env[name] = nil }
        env["LANG"] = "C.UTF-8"
        process.environment = env.merging(environment) { $1 }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self)
        )
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: dataFolder)
    }
}
