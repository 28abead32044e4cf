import TallyCore
import Testing

@Suite("Image sizes read from headers")
struct ImageSizeTests {
    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
    static func be16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8((value >> $0) & 0xFF) } }

    /// A PNG's signature and IHDR chunk, as a real file starts (CRC not checked, zeros here).
    static func png(_ width: Int, _ height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width)
            + be32(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0] + be32(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }

    /// A JPEG: SOI, an APP0 and an EXIF-sized APP1, a quantisation table, then the frame `sof`.
    static func jpeg(_ width: Int, _ height: Int, sof: UInt8 = 0xC0) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0] + be16(16) + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let app1: [UInt8] = [0xFF, 0xE1] + be16(2 + 300) + [UInt8](repeating: 0xFF, count: 300)
        let dqt: [UInt8] = [0xFF, 0xDB] + be16(67) + [0] + [UInt8](repeating: 1, count: 64)
        let frame: [UInt8] =
            [0xFF, sof] + be16(17) + [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return [0xFF, 0xD8] + app0 + app1 + dqt + [0xFF, 0xFF] + frame + [
            0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0xFF, 0xD9,
        ]
    }

    static func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + [0x40, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [UInt8(payload.count), 0, 0, 0]
            + payload + [UInt8](repeating: 0, count: 16)
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }

    /// A HEIC: ftyp, then meta → iprp → ipco with one `ispe` per size given (a grid and its tiles).
    static func heic(_ sizes: [(Int, Int)]) -> [UInt8] {
        let ispes = sizes.flatMap { box("ispe", [0, 0, 0, 0] + be32($0.0) + be32($0.1)) }
        let meta = box(
            "meta",
            [0, 0, 0, 0] + box("hdlr", [UInt8](repeating: 0, count: 25)) + box("iprp", box("ipco", ispes))
        )
        return box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + meta + box("mdat", [1, 2, 3])
    }

    @Test("PNG: the IHDR's width and height")
    func png() throws {
        #expect(ReceiptImageType.png.size(of: Self.png(1, 1)) == ImageSize(width: 1, height: 1))
        #expect(ReceiptImageType.png.size(of: Self.png(30_000, 30_000)) == ImageSize(width: 30_000, height: 30_000))
        #expect(ReceiptImageType.png.size(of: Array(Self.png(4032, 3024).prefix(20))) == nil)
        var noIHDR = Self.png(10, 10)
        noIHDR.replaceSubrange(12..<16, with: Array("IDAT".utf8))
        #expect(ReceiptImageType.png.size(of: noIHDR) == nil)
    }

    @Test("JPEG: the first frame, baseline or progressive, after any other segments")
    func jpeg() {
        #expect(ReceiptImageType.jpeg.size(of: Self.jpeg(4032, 3024)) == ImageSize(width: 4032, height: 3024))
        #expect(ReceiptImageType.jpeg.size(of: Self.jpeg(640, 480, sof: 0xC2)) == ImageSize(width: 640, height: 480))
        #expect(
            ReceiptImageType.jpeg.size(of: Self.jpeg(65_535, 65_535, sof: 0xC1))
                == ImageSize(width: 65_535, height: 65_535)
        )
        // DHT (C4) shares the SOF range but is no frame.
        let dht = Self.jpeg(100, 100, sof: 0xC4)
        #expect(ReceiptImageType.jpeg.size(of: dht) == nil)
        // Cut short anywhere, or garbage where a marker belongs: no size.
        let full = Self.jpeg(800, 600)
        for cut in [2, 3, 5, 20, 340, full.count - 25] {
            #expect(ReceiptImageType.jpeg.size(of: Array(full.prefix(cut))) == nil, "cut at \(cut)")
        }
        #expect(
            ReceiptImageType.jpeg.size(of: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00] + [UInt8](repeating: 0, count: 40))
                == nil
        )
        #expect(ReceiptImageType.jpeg.size(of: [0xFF, 0xD8, 0x42, 0x42]) == nil)
        #expect(ReceiptImageType.jpeg.size(of: [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 1000)) == nil)
    }

    @Test("WebP: VP8, VP8L and VP8X headers")
    func webp() {
        let lossy = Self.riff("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + [0x80, 0x07, 0x38, 0x04])
        #expect(ReceiptImageType.webp.size(of: lossy) == ImageSize(width: 1920, height: 1080))
        // 14 bits of width − 1, then 14 of height − 1: 400 × 300.
        let bits = UInt32(399) | UInt32(299) << 14
        let lossless = Self.riff("VP8L", [0x2F] + [0, 8, 16, 24].map { UInt8((bits >> $0) & 0xFF) })
        #expect(ReceiptImageType.webp.size(of: lossless) == ImageSize(width: 400, height: 300))
        let extended = Self.riff("VP8X", [0x10, 0, 0, 0] + [0x2F, 0x75, 0x00] + [0x2F, 0x75, 0x00])
        #expect(ReceiptImageType.webp.size(of: extended) == ImageSize(width: 30_000, height: 30_000))
        #expect(ReceiptImageType.webp.size(of: Self.riff("VP8 ", [0, 0, 0, 1, 2, 3, 4, 5, 6, 7])) == nil)
        #expect(ReceiptImageType.webp.size(of: Array(lossy.prefix(24))) == nil)
    }

    @Test("HEIC: the largest ispe of the item properties")
    func heic() {
        let grid = Self.heic([(512, 512), (4032, 3024), (512, 512)])
        #expect(ReceiptImageType.heic.size(of: grid) == ImageSize(width: 4032, height: 3024))
        #expect(ReceiptImageType.heic.size(of: Self.heic([])) == nil)
        #expect(ReceiptImageType.heic.size(of: Array(grid.prefix(60))) == nil)
        // A box claiming more bytes than there are ends the walk instead of reading past the end.
        var lying = grid
        lying.replaceSubrange(24..<28, with: Self.be32(1 << 30))
        #expect(ReceiptImageType.heic.size(of: lying) == nil)
    }

    @Test("the upload check: readable, at most 20,000 pixels a side and 64 megapixels")
    func checked() throws {
        #expect(try ReceiptImageType.checked(Self.png(4032, 3024), field: "receipt") == .png)
        #expect(try ReceiptImageType.checked(Self.jpeg(8064, 6048), field: "photo") == .jpeg)
        #expect(try ReceiptImageType.checked(Self.heic([(16_000, 4_000)]), field: "photo") == .heic)
        let huge = FieldError(
            "photo",
            "is 30000 × 30000 pixels; images are limited to 20000 pixels a side and 64 megapixels"
        )
        #expect(throws: huge) { try ReceiptImageType.checked(Self.png(30_000, 30_000), field: "photo") }
        #expect(throws: FieldError.self) { try ReceiptImageType.checked(Self.png(20_001, 10), field: "photo") }
        #expect(throws: FieldError.self) { try ReceiptImageType.checked(Self.jpeg(9000, 9000), field: "photo") }
        #expect(throws: FieldError.self) { try ReceiptImageType.checked(Self.png(0, 10), field: "photo") }
        #expect(throws: FieldError.self) {
            try ReceiptImageType.checked(Self.png(0xFFFF_FFFF, 0xFFFF_FFFF), field: "photo")
        }
        #expect(throws: FieldError("receipt", "is not a readable JPEG image (its header gives no size)")) {
            try ReceiptImageType.checked([0xFF, 0xD8, 0xFF, 0xD9], field: "receipt")
        }
        #expect(throws: FieldError("receipt", "is empty")) { try ReceiptImageType.checked([], field: "receipt") }
    }
}
