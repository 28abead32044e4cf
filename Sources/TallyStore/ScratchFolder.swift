import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The private temporary folders Tally works in (an uploaded backup, a backup being zipped, an
/// export, a receipt being read), named `tally-<kind>-<pid>-<uuid>` after the process that made
/// it. A process killed with `kill -9` cannot remove its own, so a server starting up removes
/// every one whose process is gone (`sweep`), and keeps those of the processes still running: its
/// own, another node's on the same machine, a `tally backup` at work.
public enum ScratchFolder {
    /// The kinds of folder, as their names say them.
    public static let kinds = ["upload", "backup", "export", "receipt", "restore"]

    /// Makes a new folder of `kind` that only this process's user may read (what goes in it holds
    /// password hashes, finances and photos).
    public static func make(_ kind: String, in directory: URL = FileManager.default.temporaryDirectory) throws -> URL {
        let name = "tally-\(kind)-\(getpid())-\(UUID().uuidString)"
        let folder = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: folder,
            withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700]
        )
        return folder
    }

    /// Removes the folders left by processes that are gone, and returns their names. A folder of
    /// the old form, without a process id (made before this version), is removed once nothing
    /// has changed it for `oldAge`, as no process can be asked about it.
    @discardableResult
    public static func sweep(
        in directory: URL = FileManager.default.temporaryDirectory,
        now: Date = Date(),
        oldAge: TimeInterval = 86_400
    ) -> [String] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let owner = owner(of: name) else { continue }
            let url = directory.appendingPathComponent(name)
            switch owner {
            case .process(let pid):
                guard !isRunning(pid) else { continue }
            case .unknown:
                let changed = (try? manager.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? now
                guard now.timeIntervalSince(changed) >= oldAge else { continue }
            }
            // Only folders this user made: never follow a link someone else put in /tmp.
            guard let attributes = try? manager.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeDirectory,
                (attributes[.ownerAccountID] as? NSNumber)?.uint32Value == getuid()
            else { continue }
            if (try? manager.removeItem(at: url)) != nil { removed.append(name) }
        }
        return removed
    }

    /// Whose a folder is, from its name: nil for a name that is not one of ours.
    enum Owner: Equatable {
        case process(pid_t)
        case unknown
    }

    static func owner(of name: String) -> Owner? {
        let parts = name.split(separator: "-", maxSplits: 2).map(String.init)
        guard parts.count == 3, parts[0] == "tally", kinds.contains(parts[1]) else { return nil }
        let rest = parts[2]
        // tally-<kind>-<pid>-<uuid>, or the old tally-<kind>-<uuid>.
        if let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0,
            UUID(uuidString: String(rest[rest.index(after: dash)...])) != nil
        {
            return .process(pid)
        }
        return UUID(uuidString: rest) != nil ? .unknown : nil
    }

    /// Whether process `pid` exists (a signal 0 reaches it, or it is another user's).
    static func isRunning(_ pid: pid_t) -> Bool {
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
