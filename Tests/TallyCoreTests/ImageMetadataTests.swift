import Testing

@testable import TallyCore

/// Issue 42, finding 5: the metadata of an image is bounded before anything decodes it, a
/// compressed chunk counted as it inflates, and no declared length trusted past the bytes there.
@Suite("Image metadata bounded")
struct ImageMetadataTests {
    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
    static func be16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8((value >> $0) & 0xFF) } }
    static func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8((value >> $0) & 0xFF) } }

    /// zlib's level-9 stream of 2,000,000 zero bytes (1,960 bytes: Python's zlib.compress).
    static let twoMillionZeros: [UInt8] =
        [0x78, 0xDA, 0xED, 0xC1, 0x01, 0x01, 0x00, 0x00, 0x00, 0x82, 0x20, 0xFF, 0xAF, 0x6E, 0x48, 0x40, 0x01]
        + [UInt8](repeating: 0, count: 1937) + [0x6F, 0x06, 0x86, 0x42, 0x00, 0x01]

    /// A zlib stream of stored (uncompressed) blocks holding `data`.
    static func stored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var rest = data[...]
        repeat {
            let block = rest.prefix(65_535)
            rest = rest.dropFirst(block.count)
            let n = block.count
            out += [rest.isEmpty ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += block
        } while !rest.isEmpty
        return out + [0, 0, 0, 0]
    }

    static func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
        be32(body.count) + Array(kind.utf8) + body + be32(0)
    }

    /// A 10 × 10 PNG with `extra` chunks between IHDR and IDAT.
    static func png(_ extra: [UInt8] = []) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(10) + be32(10) + [8, 0, 0, 0, 0]) + extra
            + chunk("IDAT", stored([UInt8](repeating: 0, count: 110))) + chunk("IEND", [])
    }

    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ReceiptImageType.checked(bytes, field: "image")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("the inflated size is counted exactly, and the count stops once past the limit")
    func inflatedSize() {
        #expect(InflatedSize.zlib(Self.twoMillionZeros[...], limit: 10_000_000) == 2_000_000)
        let stopped = InflatedSize.zlib(Self.twoMillionZeros[...], limit: 1_000_000)
        #expect(stopped > 1_000_000 && stopped < 1_001_000)
        let text = Array(String(repeating: "TOTAL 12.40 SUBTOTAL 11.90 ", count: 50).utf8)
        #expect(InflatedSize.zlib(Self.stored(text)[...], limit: 10_000) == text.count)
        #expect(InflatedSize.zlib(Self.stored([UInt8](repeating: 1, count: 200_000))[...], limit: .max) == 200_000)
        // Cut short: what came before the cut, as a decoder that stops there has made.
        #expect(InflatedSize.zlib(Self.stored(text).prefix(100), limit: 10_000) == 100 - 7)
        #expect(InflatedSize.zlib(Self.twoMillionZeros.prefix(500), limit: .max) < 2_000_000)
        // Fixed Huffman codes: "abcabcabcabc hello hello" (zlib level 9).
        let fixed: [UInt8] = [
            0x78, 0xDA, 0x4B, 0x4C, 0x4A, 0x4E, 0x84, 0x21, 0x85, 0x8C, 0xD4, 0x9C, 0x9C, 0x7C, 0x08, 0x09, 0x00, 0x70,
            0x12, 0x09, 0x01,
        ]
        #expect(InflatedSize.zlib(fixed[...], limit: 100) == 24)
        #expect(InflatedSize.zlib([0x78, 0xDA, 0xFF, 0xFF, 0xFF][...], limit: 100) == 0, "garbage counts nothing")
    }

    @Test("PNG: a zTXt chunk is counted as it inflates (2 KB that is 2 MB), so it is refused")
    func zTXt() throws {
        let bomb = Self.png(Self.chunk("zTXt", Array("Comment".utf8) + [0, 0] + Self.twoMillionZeros))
        #expect(bomb.count < 3_000)
        let why = try #require(Self.refusal(bomb))
        #expect(why.hasPrefix("image: carries more than 1 MB of metadata"), "\(why)")
        #expect(why.contains("limited to 1 MB"))
        // The same in an iCCP profile and a compressed iTXt.
        #expect(Self.refusal(Self.png(Self.chunk("iCCP", Array("icc".utf8) + [0, 0] + Self.twoMillionZeros))) != nil)
        let iTXt = Array("XML:com.adobe.xmp".utf8) + [0, 1, 0] + Array("en".utf8) + [0, 0] + Self.twoMillionZeros
        #expect(Self.refusal(Self.png(Self.chunk("iTXt", iTXt))) != nil)
        // Small text is fine, compressed or not.
        let small =
            Self.chunk("zTXt", Array("Comment".utf8) + [0, 0] + Self.stored(Array("hello".utf8)))
            + Self.chunk("tEXt", Array("Title\u{0}Till".utf8)) + Self.chunk("iTXt", Array("k".utf8) + [0, 0, 0, 0, 0])
        #expect(Self.refusal(Self.png(small)) == nil)
        #expect(ImageMetadata.png(Self.png(small), limit: .max) > 0)
    }

    @Test("PNG: stored metadata over 1 MB in all is refused; the picture's own chunks do not count")
    func pngStored() {
        let half = Self.chunk("tEXt", Array("A".utf8) + [0] + [UInt8](repeating: 0x41, count: 600_000))
        #expect(Self.refusal(Self.png(half)) == nil)
        #expect(Self.refusal(Self.png(half + half)) != nil, "two under the limit are over it together")
        #expect(Self.refusal(Self.png(Self.chunk("eXIf", [UInt8](repeating: 0, count: 1_100_000)))) != nil)
        #expect(Self.refusal(Self.png(Self.chunk("prVt", [UInt8](repeating: 0, count: 1_100_000)))) != nil)
        let bigPicture = Self.png(Self.chunk("IDAT", [UInt8](repeating: 0, count: 2_000_000)))
        #expect(Self.refusal(bigPicture) == nil)
    }

    @Test("PNG: a declared length past the end counts only the bytes there")
    func pngDeclaredLength() {
        // A zTXt that says 2 GB and holds 100 bytes: 100 bytes of metadata, not 2 GB.
        var cut = Self.png()
        cut.removeLast(12)  // IEND
        cut += Self.be32(2_000_000_000) + Array("tEXt".utf8) + [UInt8](repeating: 0x41, count: 100)
        #expect(ImageMetadata.png(cut, limit: .max) == 100)
        #expect(Self.refusal(cut) == nil)
    }

    /// A JPEG: SOI, `segments`, a 10 × 10 frame, a scan (with `inScan` after its coded data), EOI.
    static func jpeg(_ segments: [UInt8], inScan: [UInt8] = []) -> [UInt8] {
        let frame: [UInt8] = [0xFF, 0xC2] + be16(11) + [8] + be16(10) + be16(10) + [1, 1, 0x11, 0]
        let scan: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
        return [0xFF, 0xD8] + segments + frame + scan + inScan + [0xFF, 0xD9]
    }

    static func segment(_ marker: UInt8, _ count: Int) -> [UInt8] {
        [0xFF, marker] + be16(count + 2) + [UInt8](repeating: 0x45, count: count)
    }

    @Test("JPEG: APPn and COM segments count, those between progressive scans too, up to EOI")
    func jpeg() {
        let exif = Self.segment(0xE1, 65_000)
        #expect(Self.refusal(Self.jpeg(exif + Self.segment(0xE2, 3_000) + Self.segment(0xFE, 100))) == nil)
        let many = (0..<17).flatMap { _ in exif }
        #expect(Self.refusal(Self.jpeg(many)) != nil)
        let between = (0..<17).flatMap { _ in Self.segment(0xFE, 65_000) }
        #expect(ImageMetadata.jpeg(Self.jpeg([], inScan: between), limit: .max) == 17 * 65_002)
        #expect(Self.refusal(Self.jpeg([], inScan: between)) != nil)
        // After EOI (a phone's second image, a trailer) nothing is read by a decoder.
        #expect(Self.refusal(Self.jpeg(exif) + many) == nil)
        // A segment that says more than is there counts what is there.
        #expect(ImageMetadata.jpeg([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 1, 2, 3], limit: .max) == 5)
    }

    @Test("WebP: EXIF, XMP, ICCP and unknown chunks count; the picture's do not")
    func webp() {
        func chunk(_ kind: String, _ count: Int) -> [UInt8] {
            Array(kind.utf8) + Self.le32(count) + [UInt8](repeating: 0, count: count + count % 2)
        }
        let vp8x = Array("VP8X".utf8) + Self.le32(10) + [0x0C, 0, 0, 0, 9, 0, 0, 9, 0, 0]
        func webp(_ chunks: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + Self.le32(4 + vp8x.count + chunks.count) + Array("WEBP".utf8) + vp8x + chunks
        }
        #expect(Self.refusal(webp(chunk("EXIF", 30_001) + chunk("VP8L", 2_000_000))) == nil)
        #expect(ImageMetadata.webp(webp(chunk("EXIF", 30_001) + chunk("XMP ", 99)), limit: .max) == 30_100)
        #expect(Self.refusal(webp(chunk("EXIF", 1_100_000))) != nil)
        #expect(Self.refusal(webp(chunk("ICCP", 600_000) + chunk("ABCD", 600_000))) != nil)
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }

    /// A HEIC whose meta box lists a picture item and an Exif item of `exif` bytes in mdat.
    static func heic(exif: Int) -> [UInt8] {
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let infe = { (id: Int, type: String) in box("infe", [2, 0, 0, 0] + be16(id) + [0, 0] + Array(type.utf8) + [0]) }
        let iinf = box("iinf", [0, 0, 0, 0] + be16(2) + infe(1, "hvc1") + infe(2, "Exif"))
        let ispe = box("ispe", [0, 0, 0, 0] + be32(100) + be32(100))
        let iprp = box("iprp", box("ipco", ispe))
        // iloc version 1: offsets and lengths of 4 bytes, no base offset, no index.
        func iloc(mdatStart: Int) -> [UInt8] {
            box(
                "iloc",
                [1, 0, 0, 0, 0x44, 0x00] + be16(2)
                    + be16(1) + be16(0) + be16(0) + be16(1) + be32(mdatStart) + be32(1000)
                    + be16(2) + be16(0) + be16(0) + be16(1) + be32(mdatStart + 1000) + be32(exif)
            )
        }
        let metaLength = box("meta", [0, 0, 0, 0] + iinf + iloc(mdatStart: 0) + iprp).count
        let mdatStart = ftyp.count + metaLength + 8
        let meta = box("meta", [0, 0, 0, 0] + iinf + iloc(mdatStart: mdatStart) + iprp)
        return ftyp + meta + box("mdat", [UInt8](repeating: 0, count: 1000 + exif))
    }

    @Test("HEIC: the Exif item iloc points to counts, with the meta box and unknown boxes")
    func heic() throws {
        let photo = Self.heic(exif: 60_000)
        #expect(ReceiptImageType(sniffing: photo) == .heic)
        let meta = try #require(ImageHeader.boxes(photo, in: 0..<photo.count).first { $0.type == "meta" })
        #expect(ImageMetadata.heic(photo, limit: .max) == 60_000 + meta.body.count + 8)
        #expect(Self.refusal(photo) == nil)
        #expect(Self.refusal(Self.heic(exif: 1_100_000)) != nil)
        #expect(Self.refusal(Self.heic(exif: 1000) + Self.box("uuid", [UInt8](repeating: 0, count: 1_100_000))) != nil)
    }

    @Test("the pixel flood is refused by its header, naming the limit")
    func pixelFlood() throws {
        var flood = Self.png()
        flood.replaceSubrange(16..<24, with: Self.be32(30_000) + Self.be32(30_000))
        let why = try #require(Self.refusal(flood))
        #expect(why == "image: is 30000 × 30000 pixels; images are limited to 20000 pixels a side and 64 megapixels")
        #expect(ReceiptImageType.fits(ImageSize(width: 8064, height: 6048)))
        #expect(!ReceiptImageType.fits(ImageSize(width: 20_001, height: 10)))
        #expect(!ReceiptImageType.fits(ImageSize(width: 10_000, height: 6_401)))
    }
}
