/// The Exif and XMP items of a HEIC: their types in `iinf`, where their bytes lie in `iloc`.
/// They sit in `mdat` beside the coded picture, so only these boxes tell them apart.
enum HEICItems {
    /// The bytes of the metadata items (`Exif`, and `mime`, which is how XMP is kept) that the
    /// `meta` box's contents (`meta`, after its version and flags) point to; each extent counted
    /// only as far as the file goes.
    static func metadataBytes(_ bytes: [UInt8], meta: Range<Int>) -> Int {
        guard meta.count >= 4 else { return 0 }
        let children = ImageHeader.boxes(bytes, in: (meta.lowerBound + 4)..<meta.upperBound)
        guard let iinf = children.first(where: { $0.type == "iinf" }),
            let iloc = children.first(where: { $0.type == "iloc" })
        else { return 0 }
        let items = metadataItems(bytes, iinf.body)
        return items.isEmpty ? 0 : extents(bytes, iloc.body, of: items)
    }

    /// The ids of the `infe` entries (version 2 or 3) of type `Exif` or `mime`.
    private static func metadataItems(_ bytes: [UInt8], _ body: Range<Int>) -> Set<Int> {
        var cursor = Cursor(bytes: bytes, at: body.lowerBound, end: body.upperBound)
        guard let version = cursor.read(1), cursor.read(3) != nil, cursor.read(version == 0 ? 2 : 4) != nil else {
            return []
        }
        var items: Set<Int> = []
        for entry in ImageHeader.boxes(bytes, in: cursor.at..<body.upperBound) where entry.type == "infe" {
            var infe = Cursor(bytes: bytes, at: entry.body.lowerBound, end: entry.body.upperBound)
            guard let version = infe.read(1), version >= 2, infe.read(3) != nil,
                let id = infe.read(version == 2 ? 2 : 4), infe.read(2) != nil, infe.at + 4 <= entry.body.upperBound
            else { continue }
            if ["Exif", "mime"].contains(ImageHeader.ascii(bytes, infe.at, 4)) { items.insert(id) }
        }
        return items
    }

    /// The summed extents of `items` in the `iloc` box (versions 0 to 2).
    private static func extents(_ bytes: [UInt8], _ body: Range<Int>, of items: Set<Int>) -> Int {
        var cursor = Cursor(bytes: bytes, at: body.lowerBound, end: body.upperBound)
        guard let version = cursor.read(1), version <= 2, cursor.read(3) != nil, let sizes = cursor.read(1),
            let more = cursor.read(1), let count = cursor.read(version < 2 ? 2 : 4)
        else { return 0 }
        let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 15, more >> 4)
        let indexSize = version == 0 ? 0 : more & 15
        // A length of no bytes means "to the end of the file", which the 10 MB limit bounds; it
        // would also let an extent cost nothing to list, so the count stops there.
        guard lengthSize > 0 else { return 0 }
        var total = 0
        for _ in 0..<count {
            guard let id = cursor.read(version < 2 ? 2 : 4),
                version == 0 || cursor.read(2) != nil,
                cursor.read(2) != nil, let base = cursor.read(baseSize), let extentCount = cursor.read(2)
            else { break }
            for _ in 0..<extentCount {
                guard cursor.read(indexSize) != nil, let offset = cursor.read(offsetSize),
                    let length = cursor.read(lengthSize)
                else { return total }
                let start = min(bytes.count, min(base, bytes.count) + min(offset, bytes.count))
                let present = bytes.count - start
                if items.contains(id) { total += min(length, present) }
            }
        }
        return total
    }
}

/// Big-endian fields read one after another within a box; nil past its end.
private struct Cursor {
    let bytes: [UInt8]
    var at: Int
    let end: Int

    /// The next `count` bytes (0 to 8) as a number; a 0-byte field is 0.
    mutating func read(_ count: Int) -> Int? {
        guard count <= 8, at + count <= end else { return nil }
        var value: UInt64 = 0
        for _ in 0..<count {
            value = value << 8 | UInt64(bytes[at])
            at += 1
        }
        return Int(clamping: value)
    }
}
