import Foundation
import TallyStore

/// The backup zip (docs/backup.md): `backup.json` and the files it names under `files/`.
public enum BackupArchive {
    /// The document's name in the zip.
    public static let documentName = "backup.json"

    /// Takes a backup of `scope` into a new zip in a private temporary folder and returns its URL
    /// (the caller moves or streams it, then calls `discard`). The document is deflated on
    /// another thread as the rows are read, into a scratch file copied into the zip at the end,
    /// so memory holds a few megabytes of it, not the book.
    public static func write(_ scope: BackupScope, store: Store, createdAt: Date = Date()) async throws -> URL {
        // A folder only this process's user may read: the zip holds password hashes and finances.
        let folder = try ScratchFolder.make("backup")
        do {
            let url = folder.appendingPathComponent("backup.zip")
            let zip = try BackupZipWriter(url: url, date: createdAt)
            let stream = try DeflateStream(to: folder.appendingPathComponent("\(documentName).deflated"))
            let header = BackupHeader(
                version: BackupTables.version,
                scope: scope.name,
                createdAt: createdAt.formatted(.iso8601)
            )
            let writer = BackupDocumentWriter(stream: stream, zip: zip, header: header)
            do {
                try await store.backups.backup(scope, to: writer)
                writer.close()
            } catch {
                // Let the deflating thread finish what it holds before the folder goes.
                _ = try? stream.finish()
                throw error
            }
            let document = try stream.finish()
            try zip.addDeflated(documentName, document)
            try zip.close()
            try FileManager.default.removeItem(at: document.file)
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

    /// Opens a backup zip for `Backups.restore`. Refuses (invalid) what is not a Tally backup, and
    /// a zip that crosses one of `limits` as it inflates, when it does.
    public static func open(_ url: URL, limits: RestoreLimits = .fromEnvironment()) throws -> BackupZipSource {
        try BackupZipSource(url: url, limits: limits)
    }
}
