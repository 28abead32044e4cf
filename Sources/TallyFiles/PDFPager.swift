import Foundation

/// Flows content down A4 pages: tracks the cursor, starts new pages and stamps the footers.
struct PDFPager {
    static let left = 48.0
    static let right = PDFCanvas.pageWidth - 48
    static let top = 54.0
    /// Content stops here; below it sit the footer rule and "Page i of n".
    static let bottom = PDFCanvas.pageHeight - 64
    static let width = right - left
    /// Height of an empty page's content area.
    static let fullHeight = bottom - top

    private(set) var pages: [PDFCanvas] = [PDFCanvas()]
    /// Top of the next block, in top-down points.
    var y = top

    /// Room left on the current page.
    var remaining: Double { Self.bottom - y }

    /// The page being drawn on.
    var canvas: PDFCanvas {
        get { pages[pages.count - 1] }
        set { pages[pages.count - 1] = newValue }
    }

    mutating func newPage() {
        pages.append(PDFCanvas())
        y = Self.top
    }

    /// Puts a block of `height` on a fresh page when it does not fit here but would fit there.
    /// A block taller than a page starts where it is and splits itself, once its first `lead`
    /// points (a title and a first row) fit here; otherwise it too starts on a fresh page.
    mutating func keepTogether(_ height: Double, lead: Double) {
        guard y > Self.top else { return }
        if height <= Self.fullHeight ? height > remaining : lead > remaining { newPage() }
    }

    /// Stamps every page with a rule, the report name and "Page i of n", now that n is known.
    mutating func addFooters(name: String) {
        let count = pages.count
        let baseline = PDFCanvas.pageHeight - 40
        for index in pages.indices {
            let label = PDFText.encode("Page \(index + 1) of \(count)")
            let labelWidth = FontMetrics.width(label, size: 8, bold: false)
            pages[index].line(
                from: (Self.left, baseline - 12),
                to: (Self.right, baseline - 12),
                width: 0.5,
                color: PDFStyle.rule
            )
            pages[index].text(
                PDFText.fit(name, width: Self.width - labelWidth - 24, size: 8),
                x: Self.left,
                y: baseline,
                size: 8,
                color: PDFStyle.muted
            )
            pages[index].text(label, right: Self.right, y: baseline, size: 8, color: PDFStyle.muted)
        }
    }
}

/// The report's colours, shared by the table and the charts.
enum PDFStyle {
    static let paper = RGB(red: 0xFF, green: 0xFF, blue: 0xFF)
    static let ink = RGB(red: 0x1F, green: 0x23, blue: 0x28)
    static let muted = RGB(red: 0x59, green: 0x63, blue: 0x6E)
    static let rule = RGB(red: 0xD0, green: 0xD7, blue: 0xDE)
    static let headerFill = RGB(red: 0xEA, green: 0xEE, blue: 0xF2)
    static let stripe = RGB(red: 0xF6, green: 0xF8, blue: 0xFA)
    static let track = RGB(red: 0xEF, green: 0xF2, blue: 0xF5)
    static let empty = RGB(red: 0xD8, green: 0xDC, blue: 0xE0)
}

/// Text for the PDF: WinAnsi bytes, measured with the AFM widths and truncated with "…".
enum PDFText {
    static func encode(_ text: String) -> [UInt8] { WinAnsi.encode(text) }

    /// Width in points of `text` as it will be drawn.
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        FontMetrics.width(WinAnsi.encode(text), size: size, bold: bold)
    }

    /// `text` shortened with "…" until it fits `width`, as WinAnsi bytes.
    static func fit(_ text: String, width: Double, size: Double, bold: Bool = false) -> [UInt8] {
        let table = bold ? FontMetrics.helveticaBold : FontMetrics.helvetica
        let normal = text.precomposedStringWithCanonicalMapping
        let fitted = truncated(normal, width: max(0, width)) { character in
            let code = WinAnsi.code(for: character) ?? WinAnsi.replacement
            return Double(table[Int(code) - 32]) * size / 1000
        }
        return WinAnsi.encode(fitted)
    }
}
