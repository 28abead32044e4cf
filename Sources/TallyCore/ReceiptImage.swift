/// Image formats accepted as receipts, recognised by their first bytes — never by the name or
/// the content type the client claims.
public enum ReceiptImageType: String, Sendable, CaseIterable {
    /// JPEG (FF D8 FF).
    case jpeg = "image/jpeg"
    /// PNG (89 'PNG' 0D 0A 1A 0A).
    case png = "image/png"
    /// HEIC/HEIF from iPhone cameras ('ftyp' box with a HEIF brand).
    case heic = "image/heic"
    /// WebP ('RIFF' .... 'WEBP').
    case webp = "image/webp"

    /// The largest receipt accepted: 10 MB.
    public static let maxBytes = 10 * 1024 * 1024

    /// The type of `bytes`, or `nil` when they are not one of the accepted images.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(16))
        func ascii(_ range: Range<Int>) -> String { String(decoding: head[range], as: UTF8.self) }
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            self = .jpeg
        } else if head.count >= 8, head[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            self = .png
        } else if head.count >= 12, ascii(0..<4) == "RIFF", ascii(8..<12) == "WEBP" {
            self = .webp
        } else if head.count >= 12, ascii(4..<8) == "ftyp",
            ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(ascii(8..<12))
        {
            self = .heic
        } else {
            return nil
        }
    }
}
