import Foundation
import Testing

@testable import TallyFiles

@Suite("PDF text")
struct PDFTextTests {
    @Test("WinAnsi: Latin-1 as is, typographic marks at their codes, anything else is ?")
    func winAnsi() {
        #expect(
            WinAnsi.encode("Café €5 – “ok” • ‘a’ — …") == [
                0x43, 0x61, 0x66, 0xE9, 0x20, 0x80, 0x35, 0x20, 0x96, 0x20, 0x93, 0x6F, 0x6B, 0x94, 0x20, 0x95, 0x20,
                0x91, 0x61, 0x92, 0x20, 0x97, 0x20, 0x85,
            ]
        )
        #expect(WinAnsi.encode("₹12 日本 👨‍👩‍👧") == Array("?12 ?? ?".utf8))
        #expect(WinAnsi.encode("e\u{301}") == [0xE9])  // decomposed é is composed first
        #expect(WinAnsi.encode("−5\u{202F}000") == [0x2D, 0x35, 0xA0, 0x30, 0x30, 0x30])
        #expect(WinAnsi.literal(Array("a(b)c\\".utf8)) == Array("(a\\(b\\)c\\\\)".utf8))
    }

    @Test("AFM widths: exact Helvetica advances, used for alignment and truncation")
    func widths() {
        #expect(FontMetrics.helvetica.count == 224 && FontMetrics.helveticaBold.count == 224)
        #expect(FontMetrics.width(Array("$1,234.56".utf8), size: 1000, bold: false) == 556 * 7 + 278 * 2)
        #expect(FontMetrics.width([0x57], size: 10, bold: true) == 9.44)  // W
        #expect(FontMetrics.width([0x40], size: 1000, bold: false) == 1015)  // @
        let fitted = PDFText.fit(String(repeating: "Groceries ", count: 20), width: 100, size: 10)
        #expect(fitted.last == 0x85 && FontMetrics.width(fitted, size: 10, bold: false) <= 100)
    }

    @Test("parentheses and backslashes in report text are escaped in the content")
    func escaping() {
        var report = sampleReport()
        report.rows = [["Coffee (work) \\ misc", "1", "$4.50", "$0.00"]]
        #expect(latin1(report.render()).contains("(Coffee \\(work\\) \\\\ misc) Tj"))
    }

    @Test(
        "pdftotext reads the title, a row, the total and the page footer",
        .enabled(if: executable("pdftotext") != nil, "pdftotext (poppler-utils) is not installed")
    )
    func pdftotext() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdfURL = folder.appendingPathComponent("report.pdf")
        try Data(sampleReport(rows: 120).render()).write(to: pdfURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(executable("pdftotext")))
        process.arguments = ["-layout", pdfURL.path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("Spending report"))
        #expect(text.contains("1 Mar 2024 – 31 Mar 2024"))
        #expect(text.contains("Utilities & internet 5"))
        #expect(text.contains("$3,889.16"))
        #expect(text.contains("Travel — Lisbon “weekend” 8"))
        #expect(text.contains("Page 1 of"))
        #expect(text.contains("Share of spending") && text.contains("38.6%"))
    }
}
