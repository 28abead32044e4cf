/// A printable report: heading, a summary table with an optional bold totals row, a bar chart
/// and a donut chart, rendered to an A4 PDF by hand (no dependencies, vector only).
///
/// Like the charts, every amount arrives pre-formatted; the PDF only places and measures text.
public struct PDFReport: Sendable {
    /// Report name, e.g. "Spending report".
    public var title: String
    /// Usually the period, e.g. "1 Mar 2024 – 31 Mar 2024".
    public var subtitle: String
    /// e.g. "Generated 2026-11-21".
    public var generated: String
    /// Table header cells.
    public var columns: [String]
    /// Indexes of columns whose cells are right-aligned (amounts).
    public var rightAligned: Set<Int>
    /// Table body; each row has one cell per column (missing cells are blank, extras ignored).
    public var rows: [[String]]
    /// A bold totals row under the table, or nil for none.
    public var footer: [String]?
    /// Items for the horizontal bar chart; empty for no bar chart.
    public var bars: [ChartItem]
    /// Items for the donut chart; empty for no donut chart.
    public var slices: [ChartItem]
    /// Heading above the bar chart.
    public var barsTitle: String
    /// Heading above the donut chart.
    public var slicesTitle: String

    /// Creates a report; the table, footer and charts are optional.
    public init(
        title: String,
        subtitle: String,
        generated: String,
        columns: [String] = [],
        rightAligned: Set<Int> = [],
        rows: [[String]] = [],
        footer: [String]? = nil,
        bars: [ChartItem] = [],
        slices: [ChartItem] = [],
        barsTitle: String = "",
        slicesTitle: String = ""
    ) {
        self.title = title
        self.subtitle = subtitle
        self.generated = generated
        self.columns = columns
        self.rightAligned = rightAligned
        self.rows = rows
        self.footer = footer
        self.bars = bars
        self.slices = slices
        self.barsTitle = barsTitle
        self.slicesTitle = slicesTitle
    }

    /// Renders A4 pages: page 1 has the title, subtitle and generated line, then the summary
    /// table (split across pages as needed, header row repeated), then the bar chart and the
    /// donut chart (vector paths in the item colours, with a legend), each on the page where it
    /// fits or a new page; every page has "Page i of n" in the footer. Returns the PDF bytes.
    public func render() -> [UInt8] {
        var pager = PDFPager()
        drawHeading(&pager)
        if !columns.isEmpty { drawTable(&pager) }
        if !bars.isEmpty { drawBars(&pager) }
        if !slices.isEmpty { drawDonut(&pager) }
        pager.addFooters(name: subtitle.isEmpty ? title : "\(title) · \(subtitle)")
        return PDFWriter.document(pages: pager.pages.map(\.bytes), title: title)
    }

    private func drawHeading(_ pager: inout PDFPager) {
        let left = PDFPager.left
        let width = PDFPager.width
        pager.canvas.text(
            PDFText.fit(title, width: width, size: 20, bold: true),
            x: left,
            y: pager.y + 18,
            size: 20,
            bold: true,
            color: PDFStyle.ink
        )
        pager.y += 26
        if !subtitle.isEmpty {
            pager.canvas.text(
                PDFText.fit(subtitle, width: width, size: 11),
                x: left,
                y: pager.y + 12,
                size: 11,
                color: PDFStyle.ink
            )
            pager.y += 17
        }
        if !generated.isEmpty {
            pager.canvas.text(
                PDFText.fit(generated, width: width, size: 8.5),
                x: left,
                y: pager.y + 10,
                size: 8.5,
                color: PDFStyle.muted
            )
            pager.y += 14
        }
        pager.y += 8
        pager.canvas.line(from: (left, pager.y), to: (PDFPager.right, pager.y), width: 0.75, color: PDFStyle.rule)
        pager.y += 18
    }
}
