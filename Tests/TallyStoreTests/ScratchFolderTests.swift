import Foundation
import Testing

@testable import TallyStore

/// Issue 42, finding 8: the temporary folders of a process killed with kill -9 are removed when
/// a server starts, and those of processes still running are kept (`Tests/faults/
/// test_restore_bombs.py` kills a real server mid-upload and restarts it).
@Suite("Scratch folders")
struct ScratchFolderTests {
    @Test("a folder's owner is read from its name; other names are not ours")
    func owners() {
        let id = UUID().uuidString
        #expect(ScratchFolder.owner(of: "tally-upload-123-\(id)") == .process(123))
        #expect(ScratchFolder.owner(of: "tally-restore-\(id)") == .unknown)
        #expect(ScratchFolder.owner(of: "tally-bomb-123-\(id)") == nil)
        #expect(ScratchFolder.owner(of: "tally-upload-123-notauuid") == nil)
        #expect(ScratchFolder.owner(of: "tally-upload--5-\(id)") == nil)
        #expect(ScratchFolder.owner(of: "something-else") == nil)
    }

    @Test("sweep removes the folders of gone processes and old unnamed ones, and keeps the rest")
    func sweep() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let mine = try ScratchFolder.make("upload", in: base)
        try Data(repeating: 1, count: 100).write(to: mine.appendingPathComponent("backup.zip"))
        let gone = base.appendingPathComponent("tally-restore-4000000-\(UUID().uuidString)")
        let oldUnnamed = base.appendingPathComponent("tally-backup-\(UUID().uuidString)")
        let youngUnnamed = base.appendingPathComponent("tally-export-\(UUID().uuidString)")
        let notOurs = base.appendingPathComponent("tally-bomb-1-\(UUID().uuidString)")
        for folder in [gone, oldUnnamed, youngUnnamed, notOurs] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -2 * 86_400)],
            ofItemAtPath: oldUnnamed.path
        )
        let removed = ScratchFolder.sweep(in: base)
        #expect(Set(removed) == [gone.lastPathComponent, oldUnnamed.lastPathComponent])
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: base.path))
        #expect(left == [mine.lastPathComponent, youngUnnamed.lastPathComponent, notOurs.lastPathComponent])
        let mode = try FileManager.default.attributesOfItem(atPath: mine.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }
}
