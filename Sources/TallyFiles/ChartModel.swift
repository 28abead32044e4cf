/// One labelled amount in a bar or donut chart, e.g. a category and what was spent on it.
///
/// Money arrives twice on purpose: `value` (exact minor units) sizes the bar or slice, and
/// `valueText` (already formatted by the caller, e.g. "$1,234.00") is what people read. This
/// module never formats money itself.
public struct ChartItem: Sendable, Equatable {
    /// What the item is, e.g. the category name.
    public var label: String
    /// The amount in minor units; negative amounts are drawn as zero.
    public var value: Int64
    /// The amount as shown to people, formatted by the caller.
    public var valueText: String
    /// Fill colour as "#rrggbb" (or "#rgb"); anything else falls back to a neutral grey.
    public var color: String
    /// Optional link for the bar or slice (SVG only), e.g. the filtered transaction list.
    public var link: String?

    /// Creates an item; `value` is in minor units and `valueText` is its formatted display.
    public init(label: String, value: Int64, valueText: String, color: String, link: String? = nil) {
        self.label = label
        self.value = value
        self.valueText = valueText
        self.color = color
        self.link = link
    }
}

/// One line (or one colour of columns) in a trend chart: a value per period.
public struct ChartSeries: Sendable, Equatable {
    /// Legend name, e.g. "Spending" or "Income".
    public var name: String
    /// Stroke or fill colour as "#rrggbb".
    public var color: String
    /// One amount per period in minor units; may be negative (e.g. net cash flow).
    public var values: [Int64]
    /// The caller-formatted display of each value, index-aligned with `values`.
    public var valueTexts: [String]

    /// Creates a series; `valueTexts[i]` is the formatted display of `values[i]`.
    public init(name: String, color: String, values: [Int64], valueTexts: [String]) {
        self.name = name
        self.color = color
        self.values = values
        self.valueTexts = valueTexts
    }
}

/// How a trend chart draws its series.
public enum TrendStyle: Sendable {
    /// Grouped columns: one column per series in each period.
    case columns
    /// One polyline per series with a dot on each period.
    case line
}
