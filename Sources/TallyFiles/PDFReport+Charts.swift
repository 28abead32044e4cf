extension PDFReport {
    static let chartTitleHeight = 26.0
    static let barRow = 18.0
    static let chartText = 9.0

    /// Horizontal bars: label, track, bar in the item colour, amount right-aligned. Kept on one
    /// page when it fits on one; a chart longer than a page continues with a "(continued)" title.
    func drawBars(_ pager: inout PDFPager) {
        let size = Self.chartText
        let left = PDFPager.left
        let right = PDFPager.right
        let labelWidth = min(PDFPager.width * 0.3, bars.map { PDFText.width($0.label, size: size) }.max()! + 4)
        let valueWidth = min(PDFPager.width * 0.25, bars.map { PDFText.width($0.valueText, size: size) }.max()! + 4)
        let barLeft = left + labelWidth + 10
        let barSpace = max(0, right - valueWidth - 10 - barLeft)
        let largest = bars.map { max($0.value, 0) }.max()!
        pager.keepTogether(
            Self.chartTitleHeight + Double(bars.count) * Self.barRow,
            lead: Self.chartTitleHeight + Self.barRow
        )
        drawChartTitle(barsTitle, on: &pager)
        for item in bars {
            if Self.barRow > pager.remaining {
                pager.newPage()
                drawChartTitle(barsTitle + " (continued)", on: &pager)
            }
            let baseline = pager.y + 12.5
            pager.canvas.text(
                PDFText.fit(item.label, width: labelWidth, size: size),
                right: left + labelWidth,
                y: baseline,
                size: size,
                color: PDFStyle.ink
            )
            pager.canvas.rect(x: barLeft, y: pager.y + 3, width: barSpace, height: 12, color: PDFStyle.track)
            // Double only for the bar's length in points; the amount itself is the caller's text.
            let length = ChartMath.fraction(item.value, of: largest) * barSpace
            if length > 0 {
                pager.canvas.rect(x: barLeft, y: pager.y + 3, width: length, height: 12, color: RGB.parse(item.color))
            }
            pager.canvas.text(
                PDFText.fit(item.valueText, width: valueWidth, size: size),
                right: right,
                y: baseline,
                size: size,
                color: PDFStyle.ink
            )
            pager.y += Self.barRow
        }
        pager.y += 22
    }

    /// A donut in the item colours with a legend (swatch, label, amount, share) to its right. An
    /// all-zero input draws a grey ring reading "No data"; legends too long for one page end
    /// with "and N more".
    func drawDonut(_ pager: inout PDFPager) {
        let size = Self.chartText
        let line = 15.0
        let diameter = 170.0
        let outer = diameter / 2
        let inner = outer * 0.58
        let maxLines = Int((PDFPager.fullHeight - Self.chartTitleHeight) / line)
        let shown = slices.count <= maxLines ? slices : Array(slices.prefix(maxLines - 1))
        let legendLines = Double(shown.count + (shown.count < slices.count ? 1 : 0))
        let bodyHeight = max(diameter, legendLines * line)
        // The legend is cut to fit a page, so the donut never splits.
        pager.keepTogether(Self.chartTitleHeight + bodyHeight, lead: Self.chartTitleHeight + bodyHeight)
        drawChartTitle(slicesTitle, on: &pager)
        let cx = PDFPager.left + outer
        let cy = pager.y + bodyHeight / 2
        let total = ChartMath.positiveSum(slices.map(\.value))
        drawRing(cx: cx, cy: cy, outer: outer, inner: inner, total: total, on: &pager)

        let legendLeft = PDFPager.left + diameter + 30
        let percentWidth = PDFText.width("100.0%", size: size) + 8
        let valueWidth = min(120, (shown.map { PDFText.width($0.valueText, size: size) }.max() ?? 0) + 2)
        let labelWidth = min(
            PDFPager.right - percentWidth - valueWidth - 12 - (legendLeft + 14),
            max(110, (shown.map { PDFText.width($0.label, size: size) }.max() ?? 0) + 2)
        )
        // The legend is only as wide as its text, so short legends keep amounts near their labels.
        let right = legendLeft + 14 + labelWidth + 12 + valueWidth + percentWidth
        var y = pager.y + (bodyHeight - legendLines * line) / 2
        for item in shown {
            pager.canvas.rect(x: legendLeft, y: y + 3.5, width: 8, height: 8, color: RGB.parse(item.color))
            pager.canvas.text(
                PDFText.fit(item.label, width: labelWidth, size: size),
                x: legendLeft + 14,
                y: y + 11,
                size: size,
                color: PDFStyle.ink
            )
            pager.canvas.text(
                PDFText.fit(item.valueText, width: valueWidth, size: size),
                right: right - percentWidth,
                y: y + 11,
                size: size,
                color: PDFStyle.ink
            )
            pager.canvas.text(
                PDFText.encode(ChartMath.percentText(item.value, of: total)),
                right: right,
                y: y + 11,
                size: size,
                color: PDFStyle.muted
            )
            y += line
        }
        if shown.count < slices.count {
            pager.canvas.text(
                PDFText.encode("and \(slices.count - shown.count) more"),
                x: legendLeft + 14,
                y: y + 11,
                size: size,
                color: PDFStyle.muted
            )
        }
        pager.y += bodyHeight + 22
    }

    /// The ring itself: slices clockwise from 12 o'clock, each edge a run of ≤90° Bézier arcs.
    private func drawRing(cx: Double, cy: Double, outer: Double, inner: Double, total: Int64, on pager: inout PDFPager)
    {
        let drawn = slices.filter { $0.value > 0 }
        if drawn.count <= 1 {
            let color = drawn.first.map { RGB.parse($0.color) } ?? PDFStyle.empty
            pager.canvas.fillPath(color, evenOdd: true) { canvas in
                for radius in [outer, inner] {
                    canvas.move(cx, cy - radius)
                    canvas.arc(cx: cx, cy: cy, radius: radius, from: 0, to: 2 * Double.pi)
                }
            }
            if drawn.isEmpty {
                let text = PDFText.encode("No data")
                let width = FontMetrics.width(text, size: 10, bold: false)
                pager.canvas.text(text, x: cx - width / 2, y: cy + 3.5, size: 10, color: PDFStyle.muted)
            }
            return
        }
        // Angles are Double: they only place ink, while the legend's percentages are integers.
        var start = 0.0
        for item in drawn {
            let end = min(start + ChartMath.fraction(item.value, of: total) * 2 * Double.pi, 2 * Double.pi)
            pager.canvas.fillPath(RGB.parse(item.color), outline: PDFStyle.paper) { canvas in
                let first = pointOnCircle(cx: cx, cy: cy, radius: outer, angle: start)
                canvas.move(first.x, first.y)
                canvas.arc(cx: cx, cy: cy, radius: outer, from: start, to: end)
                let inside = pointOnCircle(cx: cx, cy: cy, radius: inner, angle: end)
                canvas.lineTo(inside.x, inside.y)
                canvas.arc(cx: cx, cy: cy, radius: inner, from: end, to: start)
            }
            start = end
        }
    }

    private func drawChartTitle(_ text: String, on pager: inout PDFPager) {
        pager.canvas.text(
            PDFText.fit(text, width: PDFPager.width, size: 12, bold: true),
            x: PDFPager.left,
            y: pager.y + 14,
            size: 12,
            bold: true,
            color: PDFStyle.ink
        )
        pager.y += Self.chartTitleHeight
    }
}
