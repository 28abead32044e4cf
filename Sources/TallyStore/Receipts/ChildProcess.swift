import Foundation
import Synchronization

/// A command run to its end or stopped at a time limit, its output thrown away (the commands
/// receipt reading runs write their results to files).
enum ChildProcess {
    /// The path of `command`: itself when it names a path, else the first match on `PATH`; `nil`
    /// when there is none, which is how a missing `tesseract` is told apart.
    static func find(_ command: String) -> String? {
        let files = FileManager.default
        if command.contains("/") { return files.isExecutableFile(atPath: command) ? command : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where files.isExecutableFile(atPath: "\(folder)/\(command)") {
            return "\(folder)/\(command)"
        }
        return nil
    }

    /// Runs `executable` with `arguments`, its errors written to `errors`; the exit status, or
    /// `nil` when it ran past `limit` and was killed.
    static func run(_ executable: String, _ arguments: [String], errors: URL?, limit: Duration) async throws -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Tesseract's OpenMP threads spin on a small machine: one reading per core (ReadingSlots)
        // with one thread each read a 900 × 1900 scan in 0.6 s instead of 2.4 s.
        process.environment = ProcessInfo.processInfo.environment.merging(["OMP_THREAD_LIMIT": "1"]) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        if let errors, FileManager.default.createFile(atPath: errors.path, contents: nil) {
            process.standardError = try FileHandle(forWritingTo: errors)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        let watched = Watched(process)
        let status: Int32 = try await withCheckedThrowingContinuation { done in
            process.terminationHandler = { done.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                done.resume(throwing: error)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(limit.milliseconds))) {
                watched.stop()
            }
        }
        return watched.wasStopped ? nil : status
    }

    /// The process the timer may stop, and whether it did.
    private final class Watched: @unchecked Sendable {
        // Process is not Sendable; it is touched only under the lock here after it started.
        private let state: Mutex<Bool> = Mutex(false)
        private let process: Process

        init(_ process: Process) { self.process = process }

        var wasStopped: Bool { state.withLock { $0 } }

        func stop() {
            state.withLock { stopped in
                guard process.isRunning else { return }
                stopped = true
                // SIGKILL: a stuck Tesseract need not clean up, and must not linger.
                kill(process.processIdentifier, SIGKILL)
            }
        }
    }
}

extension Duration {
    /// The whole milliseconds of the duration.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
