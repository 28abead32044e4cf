/// The line of a receipt that says what was paid.
struct ReceiptTotal {
    /// The line with the label.
    let line: ReceiptLine
    /// The line after it, when the amount was read onto a line of its own (Tesseract splits a
    /// wide receipt's columns this way).
    let next: ReceiptLine?

    /// The amounts of the total: those on its own line, else the next line's when that line is
    /// nothing but an amount.
    func amounts(_ currency: Currency) -> [Money] {
        let own = line.amounts(in: currency)
        if !own.isEmpty { return own }
        guard let next, next.folded.count(where: \.isLetter) <= 3 else { return [] }
        return next.amounts(in: currency)
    }

    /// The surest total line: one with a strong label (`Grand total`, `Amount due`, `Summe`… see
    /// `ReceiptWords.totals`) before one with a plain `Total`, the first of equals; lines that
    /// name another sum (`Subtotal`, `Tax`, `Change`) never, nor a label without an amount.
    static func line(in lines: [ReceiptLine]) -> ReceiptTotal? {
        var best: (rank: Int, total: ReceiptTotal)?
        for (position, line) in lines.enumerated() {
            guard !ReceiptWords.notTotals.contains(where: { ReceiptWords.holds(line.folded, $0) }) else { continue }
            guard
                let rank = ReceiptWords.totals.firstIndex(where: { labels in
                    labels.contains(where: { ReceiptWords.holds(line.folded, $0) })
                })
            else { continue }
            let total = ReceiptTotal(line: line, next: position + 1 < lines.count ? lines[position + 1] : nil)
            guard !total.amounts(.usd).isEmpty || !total.amounts(Currency(code: "JPY") ?? .usd).isEmpty else {
                continue
            }
            if rank < (best?.rank ?? Int.max) { best = (rank, total) }
        }
        return best?.total
    }

    /// The amount of the last subtotal line (`Subtotal`, `Zwischensumme`…), for a receipt where
    /// no line says total.
    static func subtotal(in lines: [ReceiptLine], currency: Currency) -> Money? {
        lines.reversed().lazy.filter { line in
            ReceiptWords.subtotals.contains { ReceiptWords.holds(line.folded, $0) }
        }.compactMap { $0.amounts(in: currency).last }.first
    }
}
