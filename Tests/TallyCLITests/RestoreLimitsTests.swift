import Foundation
import TallyCore
import TallyJSON
import TallyStore
import Testing
import ZIPFoundation

/// Issue 42, findings 1–3: a backup zip is read entry by entry as it inflates, each entry
/// stopped at its limit (counted, never taken from the headers), at a ratio of inflated to
/// compressed bytes, and the archive as a whole; `backup.json` is never inflated to disk, and a
/// line longer than a row can be is refused as soon as it is. Each zip here crossed its limit
/// only after the harm before the fix: the receipt entry was read whole, `backup.json` was
/// inflated to a scratch file, and a long line was searched again for every megabyte.
/// `Tests/faults/test_restore_bombs.py` sends the real-sized bombs to a server and measures its
/// memory and disk.
@Suite("Restore limits", .serialized)
struct RestoreLimitsTests {
    /// Small limits, so that the bombs are small too.
    static let small = RestoreLimits(
        document: 4 << 20,
        file: 256 << 10,
        archive: 6 << 20,
        ratio: 20,
        ratioGrace: 64 << 10,
        entries: 50,
        line: 1 << 20
    )

    @Test("each kind of bomb is refused at its limit, naming it, with nothing stored and nothing on disk")
    func bombs() async throws {
        let good = try await BackupEngine.sqlite.withEmptyStore { store in
            try await BackupFixture.fill(store)
            return try await Snapshot.take(store)
        }
        defer { BackupArchive.discard(good.zip) }
        let (document, files) = try Snapshot.read(good.zip)
        let receipt = files.keys.first { $0.hasPrefix("files/receipts/") }!
        let zeros = Data(count: 2 << 20)
        let size = Int64(document.utf8.count)
        let bomb = files.map { ($0.key, $0.key == receipt ? Data(BackupRoundTripTests.png) + zeros : $0.value) }
        let plain = files.map { ($0.key, $0.value) }
        let cases: [(String, [(String, Data)], RestoreLimits, String)] = [
            (
                "a receipt entry of 2 MB of zeros", bomb, Self.small.with(ratio: 100_000),
                "backup refused: \(receipt) inflates to more than 262144 bytes"
            ),
            (
                "a receipt entry past the ratio", bomb, RestoreLimits.standard.with(ratioGrace: 64 << 10),
                "backup refused: \(receipt) inflates more than 200 times its size in the zip"
            ),
            (
                "a document past the ratio", plain, Self.small.with(ratio: 2, ratioGrace: 1 << 10),
                "backup refused: backup.json inflates more than 2 times its size in the zip"
            ),
            (
                "a document past its size", plain, Self.small.with(document: size / 2, ratio: 100_000),
                "backup refused: backup.json inflates to more than \(size / 2) bytes"
            ),
            (
                "entries past the archive's limit", plain, Self.small.with(archive: size + 100, ratio: 100_000),
                "backup refused: its entries inflate to more than \(size + 100) bytes together"
            ),
            (
                "too many entries", plain + (1...60).map { ("files/extra/\($0).png", Data()) }, Self.small,
                "backup refused: it holds more than 50 entries"
            ),
        ]
        for (what, entries, limits, message) in cases {
            let zip = try Self.zip(entries + [(BackupArchive.documentName, Data(document.utf8))])
            defer { try? FileManager.default.removeItem(at: zip.deletingLastPathComponent()) }
            let before = Self.scratch()
            try await BackupEngine.sqlite.withEmptyStore { store in
                let refusal = await #expect(throws: KnownError.self, "\(what)") {
                    try await store.backups.restore(try BackupArchive.open(zip, limits: limits), into: .emptyServer)
                }
                #expect(refusal?.detail == message, "\(what)")
                let users = try await store.users.all()
                #expect(users.isEmpty, "\(what): nothing stored")
            }
            #expect(Self.scratch() == before, "\(what): no scratch folder left or made")
        }
        // The same zip with the standard limits restores.
        let zip = try Self.zip(plain + [(BackupArchive.documentName, Data(document.utf8))])
        defer { try? FileManager.default.removeItem(at: zip.deletingLastPathComponent()) }
        try await BackupEngine.sqlite.withEmptyStore { store in
            let summary = try await store.backups.restore(try BackupArchive.open(zip), into: .emptyServer)
            #expect(summary.books.count == 3)
        }
    }

    @Test("backup.json on one long line is refused at the line limit, in time linear in what was read")
    func oneLongLine() async throws {
        // 64 MB of one JSON string: deflated to about 64 KB, refused after the first 8 MB.
        let line = "{\"format\": \"" + String(repeating: "a", count: 64 << 20) + "\"}"
        let zip = try Self.zip([(BackupArchive.documentName, Data(line.utf8))])
        defer { try? FileManager.default.removeItem(at: zip.deletingLastPathComponent()) }
        let clock = ContinuousClock()
        let start = clock.now
        let error = #expect(throws: KnownError.self) {
            _ = try BackupArchive.open(zip, limits: RestoreLimits.standard.with(ratio: 100_000))
        }
        #expect(
            error?.detail == "backup refused: backup.json line 1 is longer than 8 MB (a backup holds one row a line)"
        )
        // Generous for a debug build on a busy machine: the quadratic reader took minutes.
        #expect(clock.now - start < .seconds(20))
    }

    /// The names of Tally's scratch folders in the temporary folder now.
    static func scratch() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
        return Set(names.filter { $0.hasPrefix("tally-restore-") })
    }

    /// A zip of `entries`, deflated, in a folder of its own.
    static func zip(_ entries: [(String, Data)]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-bomb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("backup.zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(
                with: path,
                type: .file,
                uncompressedSize: Int64(data.count),
                compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }
}

extension RestoreLimits {
    /// These limits with some changed.
    func with(
        document: Int64? = nil,
        archive: Int64? = nil,
        ratio: Int64? = nil,
        ratioGrace: Int64? = nil
    ) -> RestoreLimits {
        var limits = self
        if let document { limits.document = document }
        if let archive { limits.archive = archive }
        if let ratio { limits.ratio = ratio }
        if let ratioGrace { limits.ratioGrace = ratioGrace }
        return limits
    }
}
