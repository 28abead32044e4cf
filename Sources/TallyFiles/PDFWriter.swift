/// Serialises finished page content streams into a PDF 1.4 file: catalog, page tree, the two
/// base-14 fonts, document info, a cross-reference table with exact byte offsets, trailer.
struct PDFWriter {
    private var bytes: [UInt8] = []
    private var offsets: [Int] = [0]  // offsets[n] is where "n 0 obj" starts; 0 is the free head

    /// The whole file for `pages` (content streams, in order) with `title` in the document info.
    static func document(pages: [[UInt8]], title: String) -> [UInt8] {
        var writer = PDFWriter()
        // The comment's high bytes tell transfer tools the file is binary (WinAnsi text is).
        writer.append("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".unicodeScalars.map { UInt8($0.value) })
        let firstPage = 6
        let kids = pages.indices.map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        writer.object("<< /Type /Catalog /Pages 2 0 R >>")
        writer.object("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        writer.object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        writer.object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
        writer.object("<< /Title \(utf16Hex(title)) /Producer (Tally) >>")
        let box = "[0 0 \(coordinate(PDFCanvas.pageWidth)) \(coordinate(PDFCanvas.pageHeight))]"
        for (index, content) in pages.enumerated() {
            writer.object(
                "<< /Type /Page /Parent 2 0 R /MediaBox \(box) "
                    + "/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents \(firstPage + 2 * index + 1) 0 R >>"
            )
            writer.stream(content)
        }
        writer.finish()
        return writer.bytes
    }

    /// A document-info text string: UTF-16BE with a byte-order mark, so any title survives.
    static func utf16Hex(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var hex = "<FEFF"
        for unit in text.utf16 {
            for shift in [12, 8, 4, 0] { hex.append(digits[Int(unit >> UInt16(shift)) & 15]) }
        }
        return hex + ">"
    }

    private mutating func object(_ body: String) {
        begin()
        append(body + "\nendobj\n")
    }

    private mutating func stream(_ content: [UInt8]) {
        begin()
        append("<< /Length \(content.count) >>\nstream\n")
        append(content)
        append("\nendstream\nendobj\n")
    }

    private mutating func begin() {
        offsets.append(bytes.count)
        append("\(offsets.count - 1) 0 obj\n")
    }

    /// The xref table: each entry exactly 20 bytes ("nnnnnnnnnn ggggg n" + space + newline).
    private mutating func finish() {
        let start = bytes.count
        append("xref\n0 \(offsets.count)\n0000000000 65535 f \n")
        for offset in offsets.dropFirst() {
            let digits = String(offset)
            append(String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n")
        }
        append("trailer\n<< /Size \(offsets.count) /Root 1 0 R /Info 5 0 R >>\nstartxref\n\(start)\n%%EOF\n")
    }

    private mutating func append(_ string: String) { bytes += Array(string.utf8) }
    private mutating func append(_ data: [UInt8]) { bytes += data }
}
