import Foundation
import Testing
import ZIPFoundation

@testable import TallyJSON

/// The backup's own zip writer: what it writes, ZIPFoundation (which restore reads with) reads
/// back byte for byte, with the document deflated on its own thread, and with Zip64 fields (made
/// to appear on a small zip by lowering the size they start at).
@Suite("Backup zip writer")
struct BackupZipWriterTests {
    @Test("stored files and a deflated document read back the same", arguments: [UInt64(0xFFFF_FFFF), 100, 6_000])
    func readsBack(_ zip64From: UInt64) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("test.zip")
        let zip = try BackupZipWriter(url: url, date: Date(), zip64From: zip64From)
        let photo = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try zip.addStored("files/receipts/1.png", photo)
        try zip.addStored("files/receipts/2.bin", Data())
        let stream = try DeflateStream(to: folder.appendingPathComponent("document.deflated"))
        var document = Data()
        for chunk in 0..<40 {
            let line = Array("{\"id\":\(chunk),\"payee\":\"Café \(chunk % 7)\",\"note\":\"\"}\n".utf8)
            let bytes = Array(repeating: line, count: 1_000 + chunk).flatMap { $0 }
            document.append(contentsOf: bytes)
            stream.write(bytes)
        }
        let deflated = try stream.finish()
        #expect(deflated.size == UInt64(document.count))
        #expect(deflated.compressed < deflated.size / 10)
        try zip.addDeflated("backup.json", deflated)
        try zip.close()

        let archive = try Archive(url: url, accessMode: .read)
        var read: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            read[entry.path] = data
            #expect(entry.type == .file)
        }
        #expect(read == ["files/receipts/1.png": photo, "files/receipts/2.bin": Data(), "backup.json": document])
        #expect(archive["backup.json"]?.uncompressedSize == UInt64(document.count))
        #expect(archive["backup.json"]?.compressedSize == deflated.compressed)
        // A second reader, where there is one: Info-ZIP's unzip tests every entry.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") {
            let unzip = Process()
            unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
            unzip.arguments = ["-tqq", url.path]
            try unzip.run()
            unzip.waitUntilExit()
            #expect(unzip.terminationStatus == 0)
        }
    }
}
