extension PDFReport {
    static let tableSize = 9.5
    static let rowHeight = 18.0
    static let cellPadding = 6.0
    static let amountWidth = 72.0

    /// Draws the summary table, starting a new page (with the header row repeated) whenever the
    /// next row would cross the bottom margin. The last body row is kept with the totals row.
    func drawTable(_ pager: inout PDFPager) {
        let widths = columnWidths(available: PDFPager.width)
        let rowHeight = Self.rowHeight
        var headerDrawn = false
        for (index, row) in rows.enumerated() {
            let isLast = index == rows.count - 1
            var needed = rowHeight + (isLast && footer != nil ? rowHeight + 2 : 0)
            if !headerDrawn { needed += rowHeight }
            if needed > pager.remaining && pager.y > PDFPager.top {
                pager.newPage()
                headerDrawn = false
            }
            if !headerDrawn {
                drawRow(columns, widths: widths, bold: true, fill: PDFStyle.headerFill, on: &pager)
                headerDrawn = true
            }
            drawRow(row, widths: widths, bold: false, fill: index % 2 == 1 ? PDFStyle.stripe : nil, on: &pager)
        }
        if !headerDrawn {  // no body rows: the header still shows what the table would hold
            if 2 * rowHeight + 2 > pager.remaining { pager.newPage() }
            drawRow(columns, widths: widths, bold: true, fill: PDFStyle.headerFill, on: &pager)
        }
        let lineColor = footer == nil ? PDFStyle.rule : PDFStyle.ink
        pager.canvas.line(
            from: (PDFPager.left, pager.y),
            to: (PDFPager.right, pager.y),
            width: footer == nil ? 0.5 : 0.9,
            color: lineColor
        )
        if let footer {
            pager.y += 2
            drawRow(footer, widths: widths, bold: true, fill: nil, on: &pager)
        }
        pager.y += 24
    }

    private func drawRow(_ cells: [String], widths: [Double], bold: Bool, fill: RGB?, on pager: inout PDFPager) {
        let size = Self.tableSize
        let pad = Self.cellPadding
        if let fill {
            pager.canvas.rect(x: PDFPager.left, y: pager.y, width: PDFPager.width, height: Self.rowHeight, color: fill)
        }
        let baseline = pager.y + 12.5
        var x = PDFPager.left
        for (column, width) in widths.enumerated() {
            let cell = column < cells.count ? cells[column] : ""
            let text = PDFText.fit(cell, width: width - 2 * pad, size: size, bold: bold)
            if rightAligned.contains(column) {
                pager.canvas.text(
                    text,
                    right: x + width - pad,
                    y: baseline,
                    size: size,
                    bold: bold,
                    color: PDFStyle.ink
                )
            } else {
                pager.canvas.text(text, x: x + pad, y: baseline, size: size, bold: bold, color: PDFStyle.ink)
            }
            x += width
        }
        pager.y += Self.rowHeight
    }

    /// Column widths that fill `available`: each column as wide as its widest cell, spare room to
    /// the first text column; when too wide, text columns shrink first (their cells get "…"),
    /// so amounts keep every digit as long as there is any way to fit them.
    func columnWidths(available: Double) -> [Double] {
        let size = Self.tableSize
        let pad = Self.cellPadding
        var natural = columns.map { PDFText.width($0, size: size, bold: true) + 2 * pad }
        let measured = rows.map { ($0, false) } + (footer.map { [($0, true)] } ?? [])
        for (row, bold) in measured {
            for (column, cell) in row.prefix(columns.count).enumerated() {
                natural[column] = max(natural[column], PDFText.width(cell, size: size, bold: bold) + 2 * pad)
            }
        }
        let total = natural.reduce(0, +)
        let textColumns = natural.indices.filter { !rightAligned.contains($0) }
        if total <= available {
            // Amount columns get a little air first (so "$0.00" is not squeezed against its
            // neighbour); whatever is left widens the first text column.
            var spare = available - total
            for column in natural.indices where rightAligned.contains(column) && natural[column] < Self.amountWidth {
                let grow = min(spare, Self.amountWidth - natural[column])
                natural[column] += grow
                spare -= grow
            }
            natural[textColumns.first ?? 0] += spare
            return natural
        }
        // Shrink text columns in proportion to how far each sits above a readable minimum.
        var excess = total - available
        let minimum = 60.0
        let slack = textColumns.map { max(0, natural[$0] - minimum) }.reduce(0, +)
        if slack > 0 {
            let ratio = min(1, excess / slack)
            for column in textColumns { natural[column] -= max(0, natural[column] - minimum) * ratio }
            excess -= min(excess, slack)
        }
        if excess > 0.001 {
            let scale = available / natural.reduce(0, +)
            natural = natural.map { $0 * scale }
        }
        return natural
    }
}
