import Foundation

/// The words receipts print around their total, in the languages Tally reads (English, German,
/// French, Spanish, Italian, Dutch), folded as `ReceiptLine.folded` is (lower case, no accents).
/// Kept as data so another language is a few more strings.
enum ReceiptWords {
    /// Labels that name the sum paid, the surest first: a line holding one of the first list wins
    /// over a line holding only one of the second.
    static let totals: [[String]] = [
        [
            "grand total", "amount due", "balance due", "total due", "total to pay", "amount to pay",
            "total ttc", "net a payer", "a payer", "zu zahlen", "gesamtbetrag", "endbetrag", "total a pagar",
            "importe total", "totale complessivo", "te betalen", "total eur", "total usd", "total gbp",
        ],
        ["total", "summe", "gesamt", "montant", "betrag", "totale", "importe", "totaal", "amount"],
    ]

    /// Labels of a line that holds some other sum, even when it says "total" too: before tax,
    /// the tax itself, what was handed over and given back, what was saved, how many items.
    static let notTotals: [String] = [
        "subtotal", "sub total", "sub-total", "zwischensumme", "sous-total", "sous total", "total ht",
        "net total", "tax", "vat", "mwst", "ust", "tva", "iva", "change", "cash", "tendered", "rendu",
        "ruckgeld", "wechselgeld", "gegeben", "saved", "savings", "discount", "rabatt", "remise",
        "items", "articles", "artikel", "qty", "tip", "pourboire", "points", "punkte",
    ]

    /// Labels of the sum before tax: when no line says total (Tesseract lost it, or the receipt
    /// has none, as `Zwischensumme` receipts without a `Summe`), the last of these is a closer
    /// guess than the largest amount, which is often the cash handed over.
    static let subtotals: [String] = [
        "subtotal", "sub total", "sub-total", "zwischensumme", "sous-total", "sous total",
    ]

    /// The legal forms after a company's name (`Kaiser's Tengelmann GmbH`), which a payee's name
    /// leaves out.
    static let legalForms: Set<String> = [
        "gmbh", "ag", "kg", "ohg", "ug", "e.k.", "inc", "inc.", "llc", "ltd", "ltd.", "plc", "sarl", "sas", "s.a.",
        "co.", "corp", "corp.", "bv", "nv", "s.r.l.", "spa",
    ]

    /// Lines at a receipt's top that are no shop's name.
    static let notNames: [String] = [
        "receipt", "welcome", "bienvenue", "willkommen", "tax invoice", "invoice", "facture", "rechnung",
        "quittung", "beleg", "ticket", "kassenbon", "tel", "phone", "www", "http", "store #", "street", "avenue",
    ]

    /// Month names and their usual abbreviations, by month number.
    static let months: [(String, Int)] = [
        ("january", 1), ("janvier", 1), ("januar", 1), ("jan", 1), ("janv", 1), ("enero", 1), ("janner", 1),
        ("february", 2), ("fevrier", 2), ("februar", 2), ("feb", 2), ("fevr", 2), ("fev", 2), ("febrero", 2),
        ("march", 3), ("mars", 3), ("marz", 3), ("maerz", 3), ("mar", 3), ("marzo", 3), ("mrz", 3),
        ("april", 4), ("avril", 4), ("apr", 4), ("avr", 4), ("abril", 4),
        ("may", 5), ("mai", 5), ("mayo", 5),
        ("june", 6), ("juin", 6), ("juni", 6), ("jun", 6), ("junio", 6),
        ("july", 7), ("juillet", 7), ("juli", 7), ("jul", 7), ("juil", 7), ("julio", 7),
        ("august", 8), ("aout", 8), ("aug", 8), ("agosto", 8),
        ("september", 9), ("septembre", 9), ("sep", 9), ("sept", 9), ("septiembre", 9),
        ("october", 10), ("octobre", 10), ("oktober", 10), ("oct", 10), ("okt", 10), ("octubre", 10),
        ("november", 11), ("novembre", 11), ("nov", 11), ("noviembre", 11),
        ("december", 12), ("decembre", 12), ("dezember", 12), ("dec", 12), ("dez", 12), ("diciembre", 12),
    ]

    /// Whether `phrase` stands in `line` as whole words (`total` in `total:`, not in `subtotal`).
    static func holds(_ line: String, _ phrase: String) -> Bool {
        var start = line.startIndex
        while let range = line.range(of: phrase, range: start..<line.endIndex) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            if !(before?.isLetter ?? false), !(after?.isLetter ?? false) { return true }
            start = range.upperBound
        }
        return false
    }
}
