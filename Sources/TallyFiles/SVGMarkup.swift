/// Small helpers for writing SVG by hand: escaping, stable ids, text elements and the frame.
enum SVGMarkup {
    /// Escapes text for element content and attribute values; drops control characters that
    /// XML 1.0 does not allow at all.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The link as an attribute value, or nil for script-running schemes: a chart is data, so a
    /// bad href in stored data must not become an XSS vector when the SVG is inlined in a page.
    static func safeLink(_ link: String?) -> String? {
        guard let link else { return nil }
        let scheme = link.unicodeScalars.filter { $0.value > 0x20 }.prefix(11).map(Character.init)
        let lowered = String(scheme).lowercased()
        for bad in ["javascript:", "vbscript:", "data:"] where lowered.hasPrefix(bad) { return nil }
        return escape(link)
    }

    /// `content` inside a link named `name` when `link` is a safe one, else `content` as it is.
    static func linked(_ content: String, to link: String?, name: String) -> String {
        guard let href = safeLink(link) else { return content }
        return "<a href=\"\(href)\" aria-label=\"\(escape(name))\">\(content)</a>"
    }

    /// A deterministic id for one chart: FNV-1a over its kind and content, so equal input gives
    /// equal output (testable, cacheable) while different charts on one page get different ids.
    static func chartID(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0x1F  // separator, so ["ab", "c"] and ["a", "bc"] differ
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "chart-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Opening tag, accessible title and description, and the visible heading unless the page
    /// shows one (an HTML caption wraps where an SVG text cannot).
    ///
    /// There is no viewBox: user units are CSS pixels, so text keeps its size at any width while
    /// shapes stretch through percentages (a viewBox of 640 shrank 13 px labels to 7 px on a phone).
    /// A chart whose items link somewhere is a group of links, not an image: an image's children
    /// are presentational, so links inside one are unreachable for assistive technology.
    static func open(
        id: String,
        kind: String,
        height: Double,
        title: String,
        desc: String,
        linked: Bool,
        heading: Bool
    ) -> String {
        let role =
            linked
            ? "role=\"group\" aria-labelledby=\"\(id)-title\" aria-describedby=\"\(id)-desc\""
            : "role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\""
        let shown = truncated(title, width: SVGChart.narrowest, advance: { advance($0, size: 16) })
        let headingText =
            heading
            ? "<text class=\"chart-heading\" x=\"0\" y=\"18\" font-size=\"16\" font-weight=\"bold\" "
                + "fill=\"currentColor\" aria-hidden=\"true\">\(escape(shown))</text>\n" : ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="100%" height="\(coordinate(height))" \
            \(role) class="chart" data-chart="\(kind)" font-family="inherit" font-size="13">
            <title id="\(id)-title">\(escape(title))</title>
            <desc id="\(id)-desc">\(escape(desc))</desc>

            """ + headingText
    }

    /// A text element; `content` is escaped here.
    static func text(
        _ content: String,
        x: Double,
        y: Double,
        anchor: String = "start",
        muted: Bool = false,
        extra: String = ""
    ) -> String {
        text(content, at: Across(offset: x), y: y, anchor: anchor, muted: muted, extra: extra)
    }

    /// A text element placed across the chart's width, which only the browser knows.
    static func text(
        _ content: String,
        at x: Across,
        y: Double,
        anchor: String = "start",
        muted: Bool = false,
        extra: String = ""
    ) -> String {
        let opacity = muted ? " fill-opacity=\"0.72\"" : ""
        return "<text \(x.attributes) y=\"\(coordinate(y))\" text-anchor=\"\(anchor)\" "
            + "fill=\"currentColor\"\(opacity)\(extra)>\(escape(content))</text>"
    }

    /// Helvetica widths scaled up a little: the page's font is unknown and common UI fonts
    /// (DejaVu Sans, Roboto, Segoe UI) run up to ~12% wider, so layout errs on the roomy side.
    static let fontAllowance = 1.12

    /// Estimated advance of a character at `size` in the inherited font.
    static func advance(_ character: Character, size: Double = 13) -> Double {
        Double(FontMetrics.estimateUnits(character)) * size / 1000 * fontAllowance
    }

    /// Estimated width of text at `size`.
    static func width(_ text: String, size: Double = 13) -> Double {
        FontMetrics.estimate(text, size: size) * fontAllowance
    }

    /// Text shortened with "…" to fit `width` at `size`.
    static func fit(_ text: String, _ width: Double, size: Double = 13) -> String {
        truncated(text, width: max(0, width), advance: { advance($0, size: size) })
    }
}

/// A horizontal position on a chart drawn without a viewBox: a share of the width the browser
/// gives the chart plus a fixed offset in CSS pixels, written as `x="P%"` and `dx`.
struct Across {
    /// Percent of the chart's width, 0–100.
    var percent = 0.0
    /// CSS pixels added after the percentage.
    var offset = 0.0

    /// The right edge, less `offset` pixels.
    static func right(less offset: Double = 0) -> Across { Across(percent: 100, offset: -offset) }

    /// `x` (and `dx` when there is an offset besides a percentage) for a text element.
    var attributes: String {
        guard percent != 0 else { return "x=\"\(coordinate(offset))\"" }
        let x = "x=\"\(coordinate(percent))%\""
        return offset == 0 ? x : x + " dx=\"\(coordinate(offset))\""
    }
}
