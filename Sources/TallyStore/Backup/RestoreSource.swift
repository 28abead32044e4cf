import Foundation
import TallyCore

/// The top of a backup document.
public struct BackupHeader: Sendable, Hashable {
    /// The format's version (`BackupTables.version` when it was written).
    public let version: Int
    /// "server" or "books".
    public let scope: String
    /// When it was taken (the only field that changes between two backups of the same data).
    public let createdAt: String

    /// Makes a header.
    public init(version: Int, scope: String, createdAt: String) {
        self.version = version
        self.scope = scope
        self.createdAt = createdAt
    }
}

/// A backup being restored (TallyJSON's `BackupArchive` reads one from a zip). `scan` may be
/// called more than once: restore checks everything in a first pass and writes in a second.
public protocol BackupSource: Sendable {
    /// The document's header.
    var header: BackupHeader { get }
    /// Calls `body` with every table of `BackupTables.all` in order (a table the document leaves
    /// out with no rows), its rows in batches, each row a value for each column, shaped as the
    /// column's kind says (numbers as `.int`, flags as `.bool`, nested JSON as canonical `.json`).
    func scan(_ body: (BackupTable, [[BackupValue]]) async throws -> Void) async throws
    /// The bytes of a file the document names, or nil when the zip has no such file.
    func file(_ path: String) throws -> Data?
}

/// Where a restore goes.
public enum RestoreTarget: Sendable {
    /// An empty server (no users and no books): everything in the backup.
    case emptyServer
    /// An empty book the caller may change: the backup's book `from` (its number in the
    /// document; may be nil when the backup holds one book), without its members and invitations.
    case book(BookScope, from: Int64?)
}

/// What a restore stored.
public struct RestoreSummary: Sendable, Hashable {
    /// The books written, by their new ids.
    public var books: [BookID] = []
    /// How many rows each table received.
    public var rows: [String: Int] = [:]
}

/// A backup refused by restore: nothing was stored. The CLI exits 65, the API answers 422.
func refused(_ detail: String) -> KnownError { KnownError(.invalid, "backup refused: \(detail)") }
