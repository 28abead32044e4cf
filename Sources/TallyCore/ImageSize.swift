/// The width and height an image says it has, read from its header without decoding it.
public struct ImageSize: Sendable, Equatable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// Makes a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// "30000 × 30000".
    public var description: String { "\(width) × \(height)" }
}

extension ReceiptImageType {
    /// The longest side accepted, in pixels. A phone's panorama is about 16,000 pixels wide.
    public static let maxSide = 20_000
    /// The most pixels accepted: 64 megapixels. A 48-megapixel phone photo (8064 × 6048) fits;
    /// a picture that is small as a file but huge once decoded (a "decompression bomb": 30,000 ×
    /// 30,000 pixels in under 1 MB of PNG would take 3.6 GB to show) does not.
    public static let maxPixels = 64_000_000
    /// The most metadata accepted: 1 MB of text, EXIF, XMP, colour profiles and other side chunks
    /// in all, a compressed chunk counted as it inflates. A phone's photo carries tens of
    /// kilobytes; a 1 GB zTXt chunk is 1 MB of PNG, and every decoder reads it before the pixels.
    public static let maxMetadataBytes = 1024 * 1024

    /// Checks an image before anything decodes it: the one check of every path that takes one (a
    /// receipt attached or read, a goal's or a profile's photo, the CLI's `tally receipt read`).
    /// Not empty, at most `maxBytes`, a JPEG, PNG, HEIC or WebP by its bytes, with a header that
    /// gives its size, no larger than `maxSide` pixels a side and `maxPixels` in all, and at most
    /// `maxMetadataBytes` of metadata (`ImageMetadata`). Errors name `field`.
    public static func checked(_ bytes: [UInt8], field: String) throws(FieldError) -> ReceiptImageType {
        guard !bytes.isEmpty else { throw FieldError(field, "is empty") }
        guard bytes.count <= maxBytes else { throw FieldError(field, "is larger than 10 MB") }
        guard let type = ReceiptImageType(sniffing: bytes) else {
            throw FieldError(field, "is not a JPEG, PNG, HEIC or WebP image")
        }
        // An image whose header cannot be read is refused too: a viewer that can show it has
        // read a size from somewhere, and that size could be anything.
        guard let size = type.size(of: bytes), size.width > 0, size.height > 0 else {
            throw FieldError(field, "is not a readable \(type.name) image (its header gives no size)")
        }
        guard fits(size) else {
            throw FieldError(
                field,
                "is \(size) pixels; images are limited to \(maxSide) pixels a side and 64 megapixels"
            )
        }
        let metadata = ImageMetadata.count(bytes, type: type, limit: maxMetadataBytes)
        guard metadata <= maxMetadataBytes else {
            throw FieldError(
                field,
                "carries more than 1 MB of metadata (text, EXIF, XMP, colour profiles; compressed text counted "
                    + "as it inflates); images are limited to 1 MB of it"
            )
        }
        return type
    }

    /// Whether `size` is within `maxSide` and `maxPixels`: also asked of the copies ImageMagick
    /// makes, before Tesseract is given one.
    public static func fits(_ size: ImageSize) -> Bool {
        size.width > 0 && size.height > 0 && size.width <= maxSide && size.height <= maxSide
            && size.width * size.height <= maxPixels
    }

    /// "PNG", "JPEG", …
    var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .heic: "HEIC"
        case .webp: "WebP"
        }
    }

    /// The size the header of `bytes` (an image of this type) gives, or nil when it gives none.
    public func size(of bytes: [UInt8]) -> ImageSize? {
        switch self {
        case .png: ImageHeader.png(bytes)
        case .jpeg: ImageHeader.jpeg(bytes)
        case .webp: ImageHeader.webp(bytes)
        case .heic: ImageHeader.heic(bytes)
        }
    }
}
