/// Reads an image's width and height from the few bytes of its header that give them, for each
/// accepted format; nil when the header is cut short or does not say. Nothing is decoded.
enum ImageHeader {
    /// PNG: the IHDR chunk, which the format puts first, holds the width and height.
    static func png(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 24, ascii(bytes, 12, 4) == "IHDR" else { return nil }
        return ImageSize(width: Int(be32(bytes, 16)), height: Int(be32(bytes, 20)))
    }

    /// JPEG: the first start-of-frame segment (baseline, progressive, lossless, arithmetic: SOF0
    /// to SOF15 but DHT, JPG and DAC, which share the range), found by walking the segments
    /// from the start; a scan before any frame means there is no size to read.
    static func jpeg(_ bytes: [UInt8]) -> ImageSize? {
        var i = 2
        while i < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            // Any number of 0xFF may pad before a marker.
            while i < bytes.count, bytes[i] == 0xFF { i += 1 }
            guard i < bytes.count else { return nil }
            let marker = bytes[i]
            i += 1
            switch marker {
            case 0xD0...0xD7, 0x01, 0xD8: continue  // markers without a length
            case 0xD9, 0xDA: return nil  // the end, or a scan, before any frame
            default: break
            }
            guard i + 2 <= bytes.count else { return nil }
            let length = Int(be16(bytes, i))
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                // length (2), precision (1), height (2), width (2)
                guard i + 7 <= bytes.count else { return nil }
                return ImageSize(width: Int(be16(bytes, i + 5)), height: Int(be16(bytes, i + 3)))
            }
            i += length
        }
        return nil
    }

    /// WebP: the first chunk after "WEBP" is VP8 (lossy: 14-bit sizes after a start code), VP8L
    /// (lossless: 14-bit sizes less one) or VP8X (extended: the canvas, 24-bit sizes less one).
    static func webp(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 30 else { return nil }
        switch ascii(bytes, 12, 4) {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return ImageSize(width: Int(le16(bytes, 26) & 0x3FFF), height: Int(le16(bytes, 28) & 0x3FFF))
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = UInt32(le16(bytes, 21)) | UInt32(le16(bytes, 23)) << 16
            return ImageSize(width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return ImageSize(width: le24(bytes, 24) + 1, height: le24(bytes, 27) + 1)
        default:
            return nil
        }
    }

    /// HEIC/HEIF: the `ispe` (image spatial extents) properties in meta → iprp → ipco; every
    /// image item has one. The largest width and height among them bound the picture (a grid
    /// image's own extent is the whole photo, its tiles are smaller).
    static func heic(_ bytes: [UInt8]) -> ImageSize? {
        guard let meta = boxes(bytes, in: 0..<bytes.count).first(where: { $0.type == "meta" }),
            meta.body.count >= 4,
            let iprp = boxes(bytes, in: meta.body.dropFirst(4)).first(where: { $0.type == "iprp" }),
            let ipco = boxes(bytes, in: iprp.body).first(where: { $0.type == "ipco" })
        else { return nil }
        var size: ImageSize?
        for box in boxes(bytes, in: ipco.body) where box.type == "ispe" && box.body.count >= 12 {
            let width = Int(be32(bytes, box.body.lowerBound + 4))
            let height = Int(be32(bytes, box.body.lowerBound + 8))
            size = ImageSize(width: max(width, size?.width ?? 0), height: max(height, size?.height ?? 0))
        }
        return size
    }

    /// The ISO base media boxes within `range`: each type and the range of its contents. A box
    /// whose size runs past the range ends the list.
    static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [(type: String, body: Range<Int>)] {
        var out: [(type: String, body: Range<Int>)] = []
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            var size = Int(be32(bytes, i))
            var header = 8
            if size == 1 {
                guard i + 16 <= range.upperBound else { break }
                let large = UInt64(be32(bytes, i + 8)) << 32 | UInt64(be32(bytes, i + 12))
                guard large <= UInt64(range.upperBound - i) else { break }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = range.upperBound - i
            }
            guard size >= header, i + size <= range.upperBound else { break }
            out.append((ascii(bytes, i + 4, 4), (i + header)..<(i + size)))
            i += size
        }
        return out
    }

    static func ascii(_ bytes: [UInt8], _ at: Int, _ count: Int) -> String {
        String(decoding: bytes[at..<(at + count)], as: UTF8.self)
    }

    static func be16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(be16(bytes, at)) << 16 | UInt32(be16(bytes, at + 2))
    }

    static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func le24(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
    }
}
