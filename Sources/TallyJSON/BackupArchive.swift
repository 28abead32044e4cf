import Foundation
import TallyStore
import ZIPFoundation

/// The backup zip (docs/backup.md): `backup.json` and the files it names under `files/`.
public enum BackupArchive {
    /// The document's name in the zip.
    public static let documentName = "backup.json"

    /// Takes a backup of `scope` into a new zip in a private temporary folder and returns its URL
    /// (the caller moves or streams it, then calls `discard`). The document goes to a scratch file
    /// row by row and into the zip at the end, so memory holds one row, not the book.
    public static func write(_ scope: BackupScope, store: Store, createdAt: Date = Date()) async throws -> URL {
        // A folder only this process's user may read: the zip holds password hashes and finances.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder,
            withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700]
        )
        do {
            let url = folder.appendingPathComponent("backup.zip")
            let documentURL = folder.appendingPathComponent(documentName)
            let archive = try Archive(url: url, accessMode: .create)
            let header = BackupHeader(
                version: BackupTables.version,
                scope: scope.name,
                createdAt: createdAt.formatted(.iso8601)
            )
            let writer = try BackupDocumentWriter(document: documentURL, archive: archive, header: header)
            try await store.backups.backup(scope, to: writer)
            try writer.close()
            try archive.addEntry(with: documentName, fileURL: documentURL, compressionMethod: .deflate)
            try FileManager.default.removeItem(at: documentURL)
            return url
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Removes a zip `write` made, with its folder.
    public static func discard(_ url: URL) {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

    /// Opens a backup zip for `Backups.restore`. Refuses (invalid) what is not a Tally backup.
    public static func open(_ url: URL) throws -> BackupZipSource {
        try BackupZipSource(url: url)
    }
}
