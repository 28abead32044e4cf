import Foundation

/// Formats a coordinate for SVG and PDF output: at most two decimals, no exponent, no locale.
///
/// Coordinates are Double because they are pixels and points, not money.
func coordinate(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = Int64((value * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    let whole = magnitude / 100
    let fraction = magnitude % 100
    if fraction == 0 { return sign + "\(whole)" }
    let decimals = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    return sign + "\(whole).\(decimals)"
}

/// The point at `angle` radians (0 = 12 o'clock, clockwise) on a circle, in y-down coordinates.
func pointOnCircle(cx: Double, cy: Double, radius: Double, angle: Double) -> (x: Double, y: Double) {
    (cx + radius * sin(angle), cy - radius * cos(angle))
}

/// Shortens text with a trailing "…" so that it fits in `width`, given each character's advance;
/// the full text stays available to callers for tooltips. Linear, so huge labels stay cheap.
func truncated(_ text: String, width: Double, advance: (Character) -> Double) -> String {
    let characters = Array(text)
    let widths = characters.map(advance)
    // The tolerance absorbs float rounding when `width` was measured from this very text.
    if widths.reduce(0, +) <= width + 0.001 { return text }
    let budget = width - advance("…")
    var used = 0.0
    var kept = 0
    while kept < characters.count, used + widths[kept] <= budget {
        used += widths[kept]
        kept += 1
    }
    return String(characters[..<kept]).trimmingTrailingSpaces() + "…"
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
