import Foundation

/// One page's content stream. Callers use top-down coordinates in points (y grows down the
/// page, like the SVG charts); the canvas flips them into PDF's bottom-up space.
struct PDFCanvas {
    /// A4 in points.
    static let pageWidth = 595.28
    static let pageHeight = 841.89

    private(set) var bytes: [UInt8] = []

    /// Text at a baseline, left-aligned at `x`; `text` is WinAnsi bytes.
    mutating func text(_ text: [UInt8], x: Double, y: Double, size: Double, bold: Bool = false, color: RGB) {
        fill(color)
        emit("BT /\(bold ? "F2" : "F1") \(coordinate(size)) Tf 1 0 0 1 \(coordinate(x)) \(coordinate(flip(y))) Tm ")
        bytes += WinAnsi.literal(text)
        emit(" Tj ET\n")
    }

    /// Text whose right edge sits at `right`, exact thanks to the AFM widths.
    mutating func text(_ text: [UInt8], right: Double, y: Double, size: Double, bold: Bool = false, color: RGB) {
        let width = FontMetrics.width(text, size: size, bold: bold)
        self.text(text, x: right - width, y: y, size: size, bold: bold, color: color)
    }

    /// A filled rectangle with its top-left corner at (x, y).
    mutating func rect(x: Double, y: Double, width: Double, height: Double, color: RGB) {
        fill(color)
        emit("\(coordinate(x)) \(coordinate(flip(y + height))) \(coordinate(width)) \(coordinate(height)) re f\n")
    }

    /// A straight stroked line.
    mutating func line(from start: (Double, Double), to end: (Double, Double), width: Double, color: RGB) {
        emit(
            "\(rgb(color)) RG \(coordinate(width)) w \(coordinate(start.0)) \(coordinate(flip(start.1))) m "
                + "\(coordinate(end.0)) \(coordinate(flip(end.1))) l S\n"
        )
    }

    mutating func move(_ x: Double, _ y: Double) { emit("\(coordinate(x)) \(coordinate(flip(y))) m\n") }
    mutating func lineTo(_ x: Double, _ y: Double) { emit("\(coordinate(x)) \(coordinate(flip(y))) l\n") }

    /// Appends an arc on the circle around (cx, cy) from angle `from` to `to` (radians,
    /// 0 = 12 o'clock, clockwise; `to < from` runs anticlockwise) as cubic Béziers of at most 90°
    /// each, which keeps the radial error below 0.03%. The path must already be at `from`.
    mutating func arc(cx: Double, cy: Double, radius: Double, from: Double, to: Double) {
        // The epsilon stops a quarter turn that is a hair over 90° from costing a second segment.
        let segments = max(1, Int((abs(to - from) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = (to - from) / Double(segments)
        // Handle length along the tangent, signed so the same formula serves both directions.
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = from
        for _ in 0..<segments {
            let next = angle + step
            let p0 = pointOnCircle(cx: cx, cy: cy, radius: radius, angle: angle)
            let p3 = pointOnCircle(cx: cx, cy: cy, radius: radius, angle: next)
            // The tangent of (sin a, -cos a) in y-down space is (cos a, sin a).
            let c1 = (p0.x + k * cos(angle), p0.y + k * sin(angle))
            let c2 = (p3.x - k * cos(next), p3.y - k * sin(next))
            emit(
                "\(coordinate(c1.0)) \(coordinate(flip(c1.1))) \(coordinate(c2.0)) \(coordinate(flip(c2.1))) "
                    + "\(coordinate(p3.x)) \(coordinate(flip(p3.y))) c\n"
            )
            angle = next
        }
    }

    /// Builds a path with `move`, `lineTo` and `arc`, then closes and fills it. The colour is set
    /// first because PDF allows no colour operators inside a path. Even-odd filling leaves the
    /// hole of a full ring empty.
    /// An `outline` strokes the edge too, e.g. white hairlines that keep donut slices apart.
    mutating func fillPath(
        _ color: RGB,
        evenOdd: Bool = false,
        outline: RGB? = nil,
        _ build: (inout PDFCanvas) -> Void
    ) {
        fill(color)
        if let outline { emit("\(rgb(outline)) RG 0.75 w 1 j ") }
        emit("\n")
        build(&self)
        switch (evenOdd, outline != nil) {
        case (false, false): emit("h f\n")
        case (true, false): emit("h f*\n")
        case (false, true): emit("h B\n")
        case (true, true): emit("h B*\n")
        }
    }

    private mutating func fill(_ color: RGB) { emit("\(rgb(color)) rg ") }

    private func rgb(_ color: RGB) -> String {
        [color.red, color.green, color.blue].map { coordinate(Double($0) / 255) }.joined(separator: " ")
    }

    private func flip(_ y: Double) -> Double { Self.pageHeight - y }

    private mutating func emit(_ string: String) { bytes += Array(string.utf8) }
}
