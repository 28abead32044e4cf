/// The bytes of an image that are not its picture (text, EXIF, XMP, colour profiles and any other
/// side chunk), counted as a decoder meets them: a compressed chunk by the size it inflates to.
/// A 1 MB zTXt chunk of zeros is 1 GB once read, and ImageMagick, Tesseract and browsers all read
/// it before the pixels. The walk never trusts a declared length past the bytes that are there,
/// and each walk stops as soon as the count passes `limit`.
enum ImageMetadata {
    /// The metadata bytes of `bytes`, an image of `type`; a number over `limit` once past it.
    static func count(_ bytes: [UInt8], type: ReceiptImageType, limit: Int) -> Int {
        switch type {
        case .png: png(bytes, limit: limit)
        case .jpeg: jpeg(bytes, limit: limit)
        case .webp: webp(bytes, limit: limit)
        case .heic: heic(bytes, limit: limit)
        }
    }

    /// PNG: every ancillary chunk (the lower-case first letter: tEXt, zTXt, iTXt, eXIf, iCCP,
    /// and any private one) up to IEND; zTXt, iCCP and compressed iTXt by their inflated size.
    static func png(_ bytes: [UInt8], limit: Int) -> Int {
        var (total, at) = (0, 8)
        while at + 8 <= bytes.count, total <= limit {
            let length = Int(ImageHeader.be32(bytes, at))
            let kind = ImageHeader.ascii(bytes, at + 4, 4)
            let body = (at + 8)..<min(at + 8 + length, bytes.count)
            if kind == "IEND" { break }
            if bytes[at + 4] & 0x20 != 0 { total += pngChunk(kind, bytes[body], limit: limit - total) }
            at = body.upperBound + 4
        }
        return total
    }

    /// What one ancillary chunk costs: its stored bytes, or the text before its compressed part
    /// and what that part inflates to, whichever is more.
    private static func pngChunk(_ kind: String, _ body: ArraySlice<UInt8>, limit: Int) -> Int {
        // zTXt and iCCP: a name, NUL, the method byte, then the zlib stream.
        // iTXt: a keyword, NUL, the compression flag and method, a language, NUL, a translated
        // keyword, NUL, then the text (a zlib stream when the flag is 1).
        var stream: Int?
        switch kind {
        case "zTXt", "iCCP":
            stream = body.firstIndex(of: 0).map { $0 + 2 }
        case "iTXt":
            if let keyword = body.firstIndex(of: 0), keyword + 3 <= body.endIndex, body[keyword + 1] == 1,
                let language = body[(keyword + 3)...].firstIndex(of: 0),
                let translated = body[(language + 1)...].firstIndex(of: 0)
            {
                stream = translated + 1
            }
        default: break
        }
        guard let stream, stream <= body.endIndex else { return body.count }
        let head = stream - body.startIndex
        return max(body.count, head + InflatedSize.zlib(body[stream...], limit: limit - head))
    }

    /// JPEG: the APP0–APP15 and COM segments of the first image, up to its end (EOI), scans
    /// included: a progressive file may carry segments between its scans, and decoders read them.
    static func jpeg(_ bytes: [UInt8], limit: Int) -> Int {
        var (total, at) = (0, 2)
        while at < bytes.count, total <= limit {
            // Outside a segment: the coded data of a scan, skipped up to its next marker.
            guard bytes[at] == 0xFF else {
                at += 1
                continue
            }
            while at < bytes.count, bytes[at] == 0xFF { at += 1 }
            guard at < bytes.count else { break }
            let marker = bytes[at]
            at += 1
            switch marker {
            case 0x00, 0x01, 0xD0...0xD8: continue  // a stuffed 0xFF in a scan, or a marker without a length
            case 0xD9: return total
            default: break
            }
            guard at + 2 <= bytes.count else { break }
            let end = min(at + Int(ImageHeader.be16(bytes, at)), bytes.count)
            if (0xE0...0xEF).contains(marker) || marker == 0xFE { total += end - at }
            at = max(end, at + 2)
        }
        return total
    }

    /// WebP: every RIFF chunk but the picture's own (VP8, VP8L, VP8X, ALPH, ANIM, ANMF): ICCP,
    /// EXIF, XMP and any unknown chunk.
    static func webp(_ bytes: [UInt8], limit: Int) -> Int {
        let picture: Set = ["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF"]
        var (total, at) = (0, 12)
        while at + 8 <= bytes.count, total <= limit {
            let size = Int(ImageHeader.le16(bytes, at + 4)) | Int(ImageHeader.le16(bytes, at + 6)) << 16
            let end = min(at + 8 + size, bytes.count)
            if !picture.contains(ImageHeader.ascii(bytes, at, 4)) { total += end - at - 8 }
            at = end + (size & 1)
        }
        return total
    }

    /// HEIC: the `meta` box (item list, locations and properties, the colour profile among them),
    /// the Exif and XMP items it points to in `mdat`, and every other top-level box but `ftyp`
    /// and `mdat` (the coded picture).
    static func heic(_ bytes: [UInt8], limit: Int) -> Int {
        var (total, at) = (0, 0)
        while at + 8 <= bytes.count, total <= limit {
            var size = Int(ImageHeader.be32(bytes, at))
            var header = 8
            if size == 1, at + 16 <= bytes.count {
                let large = UInt64(ImageHeader.be32(bytes, at + 8)) << 32 | UInt64(ImageHeader.be32(bytes, at + 12))
                size = Int(clamping: large)
                header = 16
            } else if size == 0 {
                size = bytes.count - at
            }
            guard size >= header else { break }
            let end = at + min(size, bytes.count - at)
            switch ImageHeader.ascii(bytes, at + 4, 4) {
            case "ftyp", "mdat": break
            case "meta":
                total += end - at
                total += HEICItems.metadataBytes(bytes, meta: (at + header)..<end)
            default: total += end - at
            }
            at = end
        }
        return total
    }
}
