import TallyCore
import Testing

@Suite("ReceiptImageType sniffing")
struct ReceiptImageTests {
    static let padding = [UInt8](repeating: 0, count: 32)

    static func ftyp(_ brand: String) -> [UInt8] {
        [0x00, 0x00, 0x00, 0x18] + Array("ftyp".utf8) + Array(brand.utf8) + [0x00, 0x00, 0x00, 0x00]
            + Array("mif1heic".utf8)
    }

    @Test("JPEG")
    func jpeg() {
        #expect(
            ReceiptImageType(sniffing: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + Self.padding)
                == .jpeg
        )
        #expect(ReceiptImageType(sniffing: [0xFF, 0xD8, 0xFF, 0xE1] + Self.padding) == .jpeg)
        #expect(ReceiptImageType(sniffing: [0xFF, 0xD8, 0xFF] as [UInt8]) == .jpeg)
        #expect(ReceiptImageType(sniffing: [0xFF, 0xD8] as [UInt8]) == nil)
        #expect(ReceiptImageType(sniffing: [0xFF, 0xD8, 0x00, 0xE0] as [UInt8]) == nil)
    }

    @Test("PNG")
    func png() {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(ReceiptImageType(sniffing: signature + [0x00, 0x00, 0x00, 0x0D] + Array("IHDR".utf8)) == .png)
        #expect(ReceiptImageType(sniffing: signature) == .png)
        #expect(ReceiptImageType(sniffing: Array(signature.prefix(7))) == nil)
        var broken = signature
        broken[4] = 0x0A  // line endings mangled by a text transfer
        #expect(ReceiptImageType(sniffing: broken + Self.padding) == nil)
    }

    @Test("WebP")
    func webp() {
        let header = Array("RIFF".utf8) + [0x24, 0x00, 0x00, 0x00] + Array("WEBPVP8 ".utf8)
        #expect(ReceiptImageType(sniffing: header + Self.padding) == .webp)
        #expect(ReceiptImageType(sniffing: Array(header.prefix(12))) == .webp)
        let wave = Array("RIFF".utf8) + [0x24, 0x00, 0x00, 0x00] + Array("WAVEfmt ".utf8)
        #expect(ReceiptImageType(sniffing: wave + Self.padding) == nil)
    }

    @Test("HEIC / HEIF brands", arguments: ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"])
    func heic(brand: String) {
        #expect(ReceiptImageType(sniffing: Self.ftyp(brand)) == .heic)
    }

    @Test("other ISO media files are not receipts", arguments: ["isom", "mp42", "qt  ", "avif", "M4A "])
    func otherFtyp(brand: String) {
        #expect(ReceiptImageType(sniffing: Self.ftyp(brand)) == nil)
    }

    @Test("text, empty, GIF and other files are rejected")
    func rejected() {
        #expect(ReceiptImageType(sniffing: [UInt8]()) == nil)
        #expect(ReceiptImageType(sniffing: Array("hello, this is not an image at all".utf8)) == nil)
        #expect(ReceiptImageType(sniffing: Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00] + Self.padding) == nil)
        #expect(ReceiptImageType(sniffing: Array("GIF87a".utf8) + Self.padding) == nil)
        #expect(ReceiptImageType(sniffing: Array("%PDF-1.7\n".utf8) + Self.padding) == nil)
        #expect(ReceiptImageType(sniffing: Array("<svg xmlns=\"http://www.w3.org/2000/svg\">".utf8)) == nil)
        #expect(ReceiptImageType(sniffing: Array("BM".utf8) + Self.padding) == nil)
        #expect(ReceiptImageType(sniffing: [0x00]) == nil)
        #expect(ReceiptImageType(sniffing: Self.padding) == nil)
        #expect(ReceiptImageType(sniffing: [UInt8](repeating: 0xFF, count: 64)) == nil)
    }

    @Test("only the first bytes matter, and any byte collection works")
    func collections() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB] + [UInt8](repeating: 0x42, count: 100_000)
        #expect(ReceiptImageType(sniffing: jpeg) == .jpeg)
        #expect(ReceiptImageType(sniffing: jpeg[...]) == .jpeg)
        #expect(ReceiptImageType(sniffing: jpeg.dropFirst()) == nil)
        #expect(ReceiptImageType(sniffing: ContiguousArray(jpeg)) == .jpeg)
    }

    @Test("content types and limit")
    func contentTypes() {
        #expect(ReceiptImageType.jpeg.rawValue == "image/jpeg")
        #expect(ReceiptImageType.png.rawValue == "image/png")
        #expect(ReceiptImageType.heic.rawValue == "image/heic")
        #expect(ReceiptImageType.webp.rawValue == "image/webp")
        #expect(ReceiptImageType.allCases.count == 4)
        #expect(ReceiptImageType.maxBytes == 10_485_760)
    }
}
