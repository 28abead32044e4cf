import Foundation
import Testing

@testable import TallyFiles

@Suite("PDF structure")
struct PDFStructureTests {
    @Test("header, trailer and %%EOF")
    func envelope() {
        let pdf = latin1(sampleReport().render())
        #expect(pdf.hasPrefix("%PDF-1.4\n"))
        #expect(pdf.hasSuffix("%%EOF\n"))
        #expect(
            pdf.contains("/Type /Catalog") && pdf.contains("/BaseFont /Helvetica ")
                && pdf.contains("/BaseFont /Helvetica-Bold")
        )
        #expect(occurrences(of: "/Encoding /WinAnsiEncoding", in: pdf) == 2)
        #expect(pdf.contains("/Producer (Tally)") && pdf.contains("/Title <FEFF0053"))
        #expect(pdf.contains("/MediaBox [0 0 595.28 841.89]"))
    }

    @Test("every xref entry points at its \"N 0 obj\" and startxref at the table")
    func xref() throws {
        let bytes = sampleReport(rows: 60).render()
        let pdf = latin1(bytes)
        let start = try #require(pdf.firstMatch(of: /startxref\n(\d+)\n%%EOF\n$/).flatMap { Int($0.1) })
        let table = Array(bytes[start...])
        let head = latin1(Array(table.prefix(40)))
        let header = try #require(head.firstMatch(of: /^xref\n0 (\d+)\n/))
        let count = try #require(Int(header.1))
        var position = header.0.utf8.count
        #expect(latin1(Array(table[position..<position + 20])) == "0000000000 65535 f \n")
        for number in 1..<count {
            position += 20
            let entry = latin1(Array(table[position..<position + 20]))
            #expect(entry.hasSuffix(" 00000 n \n") && entry.count == 20)
            let offset = try #require(Int(entry.prefix(10)))
            let target = latin1(Array(bytes[offset..<min(offset + 20, bytes.count)]))
            #expect(target.hasPrefix("\(number) 0 obj\n"), "object \(number) at \(offset): \(target)")
        }
        #expect(pdf.contains("trailer\n<< /Size \(count) /Root 1 0 R /Info 5 0 R >>"))
    }

    @Test("stream lengths match their content")
    func streamLengths() throws {
        let bytes = sampleReport(rows: 30).render()
        let pdf = latin1(bytes)
        for match in pdf.matches(of: /<< \/Length (\d+) >>\nstream\n/) {
            let length = try #require(Int(match.1))
            // One scalar per byte, so scalar distance is the byte offset.
            let bodyStart = pdf.unicodeScalars.distance(from: pdf.startIndex, to: match.range.upperBound)
            let tail = latin1(Array(bytes[(bodyStart + length)..<(bodyStart + length + 10)]))
            #expect(tail == "\nendstream")
        }
    }

    @Test("table text, totals and chart labels are in the content")
    func content() {
        let pdf = latin1(sampleReport().render())
        for text in [
            "(Spending report) Tj", "(Category) Tj", "(Groceries) Tj", "(Total) Tj", "($3,889.16) Tj",
            "($1,296.38) Tj", "(Spending by category) Tj", "(Share of spending) Tj", "(38.6%) Tj",
            "(Generated 2026-11-21) Tj", "(Page 1 of 1) Tj",
        ] {
            #expect(pdf.contains(text), "missing \(text)")
        }
        // WinAnsi: en dash 0x96, curly quotes 0x93/0x94, em dash 0x97.
        #expect(pdf.contains("(1 Mar 2024 \u{96} 31 Mar 2024) Tj"))
        #expect(pdf.contains("Travel \u{97} Lisbon \u{93}weekend\u{94}"))
        // Bold totals row uses the bold font.
        #expect(pdf.contains("/F2 9.5 Tf") && pdf.contains(" c\n") && pdf.contains("h B\n"))
    }

    @Test("a 120-row table spans several pages, each with the header row and Page i of n")
    func pagination() throws {
        let pdf = latin1(sampleReport(rows: 120).render())
        let pages = try #require(
            pdf.firstMatch(of: /\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/).flatMap { Int($0.1) }
        )
        #expect(pages >= 3)
        for page in 1...pages { #expect(pdf.contains("(Page \(page) of \(pages)) Tj")) }
        #expect(!pdf.contains("(Page \(pages + 1) of"))
        let contents = contentStreams(pdf)
        #expect(contents.count == pages)
        let tablePages = contents.filter { $0.contains("(Groceries") }
        #expect(tablePages.count >= 2)
        for content in tablePages { #expect(occurrences(of: "(Category) Tj", in: content) == 1) }
        #expect(pdf.contains("(Travel \u{97} Lisbon \u{93}weekend\u{94} 120) Tj"))
    }

    @Test("empty report, all-zero slices and huge values still render")
    func edges() {
        let empty = PDFReport(title: "Empty", subtitle: "", generated: "").render()
        #expect(latin1(empty).contains("(Page 1 of 1) Tj"))
        var zero = sampleReport()
        zero.slices = [item("Gifts", 0)]
        zero.columns = ["Category", "Spent"]
        zero.rows = []
        #expect(latin1(zero.render()).contains("(No data) Tj"))
        var huge = sampleReport()
        huge.bars = [item("A", Int64.max), item("B", 1_000_000_000_000_000, 1), item("C", -4, 2)]
        huge.slices = huge.bars
        let text = latin1(huge.render())
        #expect(!text.contains("nan") && !text.contains("inf") && text.hasSuffix("%%EOF\n"))
    }
}
