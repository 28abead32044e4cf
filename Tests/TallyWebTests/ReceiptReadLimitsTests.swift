import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// Issue 42, finding 5: reading a receipt takes the same image check as attaching one, and
    /// the readings have a bounded line and a time limit counted from arrival.
    @Suite struct ReceiptReadLimits {
        /// A real PNG of `width` × `height` 1-bit grey pixels, all zero, its rows deflated as they
        /// come (30000 × 30000 is 112 MB of rows in 109 KB), with `extra` chunks before IDAT.
        static func png(width: Int, height: Int, extra: [UInt8] = []) throws -> [UInt8] {
            let row = [UInt8](repeating: 0, count: 1 + (width + 7) / 8)
            let rows = try zlib(repeating: row, times: height)
            var ihdr = be32(width) + be32(height)
            ihdr += [1, 0, 0, 0, 0]
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + extra + chunk("IDAT", rows)
                + chunk("IEND", [])
        }

        /// `block` repeated `times`, as one zlib stream, without ever holding it whole.
        static func zlib(repeating block: [UInt8], times: Int) throws -> [UInt8] {
            let compressor = CompressionAlgorithm.zlib(configuration: .init(compressionLevel: 9)).compressor
            try compressor.startStream()
            defer { try? compressor.finishStream() }
            var out = ByteBufferAllocator().buffer(capacity: 8 << 20)
            let batch = max(1, (1 << 20) / block.count)
            // One batch of blocks, copied into each buffer deflated (debug builds are slow at arrays).
            var blocks = ByteBuffer()
            for _ in 0..<batch { blocks.writeBytes(block) }
            var left = times
            while left > 0 {
                let count = min(batch, left)
                left -= count
                var input = blocks.getSlice(at: 0, length: count * block.count) ?? ByteBuffer()
                try compressor.streamDeflate(from: &input, to: &out, flush: left == 0 ? CompressNIOFlush.finish : .no)
            }
            return Array(buffer: out)
        }

        static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }

        static func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
            be32(body.count) + Array(kind.utf8) + body + be32(0)
        }

        /// A stand-in `tesseract` that sleeps `seconds`, leaves a mark in its folder that it ran,
        /// and writes a receipt's text (total, date: one reading, no second look). `hangs`: it only
        /// sleeps, as itself (`exec`), so the kill at the time limit stops the sleep too (a child
        /// left behind holds Foundation's watch on the process until it ends).
        static func slowTesseract(seconds: Double, hangs: Bool = false) throws -> (command: String, ran: URL) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slow-ocr-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let ran = folder.appendingPathComponent("ran")
            let script = folder.appendingPathComponent("tesseract")
            let text = "GREEN GROCER\n03/14/2026 08:31\nTOTAL 12.40"
            try """
            #!/bin/sh
            echo x >> "\(ran.path)"
            \(hangs ? "exec " : "")sleep \(seconds)
            cat > "$2.txt" <<'EOF'
            \(text)
            EOF

            """.write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return (script.path, ran)
        }

        /// The resident memory of this process, in bytes (Linux), or nil elsewhere.
        static var residentBytes: Int? {
            guard let status = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
            let pages = status.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return pages.map { $0 * Int(sysconf(Int32(_SC_PAGESIZE))) }
        }

        @Test("the pixel flood (30000 × 30000 in 109 KB) is a 422 naming the limit; Tesseract never starts")
        func pixelFlood() async throws {
            let flood = try Self.png(width: 30_000, height: 30_000)
            #expect(flood.count < 150_000, "\(flood.count) bytes")
            let fake = try Self.slowTesseract(seconds: 0)
            var configuration = AppConfiguration()
            configuration.receipts = ReceiptOCR(command: fake.command, imageMagick: nil)
            try await withConfiguredApp(configuration) { client, _ in
                let owner = try await makeOwner(client)
                expectProblem(
                    try await API.ReceiptRead.read(client, owner, flood, type: "image/png"),
                    .unprocessableContent,
                    field: "image",
                    detailContains:
                        "is 30000 × 30000 pixels; images are limited to 20000 pixels a side and 64 megapixels"
                )
            }
            // The page's no-JS read step says the same, as a page.
            try await withConfiguredApp(configuration) { client, store in
                let (browser, book) = try await WebPages().signedIn(client, store)
                let page = try await WebPages.postPhoto(client, browser, book: book, photo: flood)
                #expect(page.status == .unprocessableContent)
                #expect(page.text.contains("photo: till.png is 30000 × 30000 pixels"), "\(page.text.prefix(300))")
            }
            #expect(!FileManager.default.fileExists(atPath: fake.ran.path), "the stand-in tesseract never ran")
            // The real reader (tesseract and ImageMagick when installed) refuses it before anything
            // runs: at once, where Tesseract took 15.7 s and 948 MB on it.
            let started = ContinuousClock.now
            await #expect(throws: FieldError.self) { _ = try await ReceiptOCR().text(of: flood) }
            #expect(ContinuousClock.now - started < .seconds(1))
        }

        @Test("a zTXt chunk that inflates past 1 MB is refused, counted without inflating it")
        func zTXtBomb() async throws {
            // 64 MB of text in 64 KB of chunk (the probe's was 1 GB in 1 MB).
            let text = try Self.zlib(repeating: [UInt8](repeating: 0, count: 1 << 20), times: 64)
            #expect(text.count < 100_000)
            let bomb = try Self.png(
                width: 100,
                height: 100,
                extra: Self.chunk("zTXt", Array("Comment".utf8) + [0, 0] + text)
            )
            let before = try #require(Self.residentBytes)
            #expect(throws: FieldError.self) { try ReceiptImageType.checked(bomb, field: "image") }
            let after = try #require(Self.residentBytes)
            #expect(after - before < 16 << 20, "memory grew by \(after - before) bytes")
            let fake = try Self.slowTesseract(seconds: 0)
            var configuration = AppConfiguration()
            configuration.receipts = ReceiptOCR(command: fake.command, imageMagick: nil)
            try await withConfiguredApp(configuration) { client, _ in
                let owner = try await makeOwner(client)
                expectProblem(
                    try await API.ReceiptRead.read(client, owner, bomb, type: "image/png"),
                    .unprocessableContent,
                    field: "image",
                    detailContains: "carries more than 1 MB of metadata"
                )
                // The same PNG without the chunk is read.
                let plain = try await API.ReceiptRead.read(
                    client,
                    owner,
                    try Self.png(width: 100, height: 100),
                    type: "image/png"
                )
                expectStatus(plain, .ok)
            }
            #expect(try String(contentsOf: fake.ran, encoding: .utf8) == "x\n", "only the plain PNG was read")
        }
    }
}
