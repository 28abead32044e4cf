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

    /// Opening tag, accessible title and description, and the visible heading.
    static func open(id: String, kind: String, width: Int, height: Double, title: String, desc: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(coordinate(height))" \
        width="100%" role="img" aria-labelledby="\(id)-title \(id)-desc" class="chart" \
        data-chart="\(kind)" font-family="inherit" font-size="13">
        <title id="\(id)-title">\(escape(title))</title>
        <desc id="\(id)-desc">\(escape(desc))</desc>
        <text class="chart-heading" x="0" y="18" font-size="16" font-weight="bold" fill="currentColor">\
        \(escape(truncated(title, width: Double(width), advance: { advance($0, size: 16) })))</text>

        """
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
        let opacity = muted ? " fill-opacity=\"0.72\"" : ""
        return "<text x=\"\(coordinate(x))\" y=\"\(coordinate(y))\" text-anchor=\"\(anchor)\" "
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
