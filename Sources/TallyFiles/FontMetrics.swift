/// Glyph advance widths of the PDF base-14 fonts Helvetica and Helvetica-Bold, from Adobe's AFM
/// files, indexed by WinAnsi code 32–255 in units of 1/1000 em.
///
/// The PDF uses them to right-align amounts and truncate labels exactly; the SVG charts use the
/// regular table only as an estimate, since their text inherits the page's font.
enum FontMetrics {
    /// Width of WinAnsi-encoded bytes in points at `size`.
    static func width(_ bytes: [UInt8], size: Double, bold: Bool) -> Double {
        let table = bold ? helveticaBold : helvetica
        var units = 0
        for byte in bytes where byte >= 32 { units += Int(table[Int(byte) - 32]) }
        return Double(units) * size / 1000
    }

    /// Estimated width of arbitrary text in user units at `size`, for SVG layout.
    static func estimate(_ text: String, size: Double) -> Double {
        var units = 0
        for character in text { units += estimateUnits(character) }
        return Double(units) * size / 1000
    }

    /// Estimated advance of one character: exact for WinAnsi text, a full em for wide scripts.
    static func estimateUnits(_ character: Character) -> Int {
        if let code = WinAnsi.code(for: character) { return Int(helvetica[Int(code) - 32]) }
        // CJK, Hangul and emoji are roughly square; other scripts average out near a digit's width.
        let scalar = character.unicodeScalars.first?.value ?? 0
        return scalar >= 0x1100 ? 1000 : 556
    }

    // Codes 127, 129, 141, 143, 144 and 157 are unused in WinAnsi; WinAnsi.encode never emits them.
    static let helvetica: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // 32–47
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 48–63
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // 64–79
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // 80–95
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // 96–111
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 350,  // 112–127
        556, 350, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 350, 611, 350,  // 128–143
        350, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 350, 500, 667,  // 144–159
        278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,  // 160–175
        400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,  // 176–191
        667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,  // 192–207
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,  // 208–223
        556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,  // 224–239
        556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,  // 240–255
    ]

    static let helveticaBold: [UInt16] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,  // 32–47
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,  // 48–63
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,  // 64–79
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,  // 80–95
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,  // 96–111
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 350,  // 112–127
        556, 350, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 350, 611, 350,  // 128–143
        350, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 350, 500, 667,  // 144–159
        278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,  // 160–175
        400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,  // 176–191
        722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,  // 192–207
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,  // 208–223
        556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,  // 224–239
        611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,  // 240–255
    ]
}
