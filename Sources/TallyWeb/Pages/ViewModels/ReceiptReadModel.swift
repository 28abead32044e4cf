import Foundation
import TallyCore

/// `receipt_read.mustache`: "Or read a receipt" above a new record's form. Without JavaScript it
/// posts the photo to `…/transactions/new/receipt`, which answers with the record form filled
/// from what the photo proposes and this box marking where each field came from (the two steps);
/// with it, `receipt.js` sends the photo to `POST /api/v1/…/receipts/read`, fills the form on the
/// page, and keeps the photo in the form's Receipt photos so that Save stores it with the record.
struct ReceiptReadForm: ViewModel {
    /// Where the photo is posted without JavaScript.
    let action: String
    /// Why the photo could not be read, "" when it was (or none was sent yet).
    let error: String
    /// The proposed fields, each with its source; unread ones say so.
    let rows: [QuickDraftRow]
    let hasDraft: Bool
    /// The text Tesseract read, for the person to check the proposal against.
    let text: String
    /// The sources in words, by raw value, for `receipt.js` (one list for both paths).
    let words: String

    /// An empty box for the book's add page.
    init(book: BookID) {
        self.init(book: book, proposal: nil, extra: [], error: nil)
    }

    /// The box after a photo was read (`proposal`, with `extra` rows the form filled from the
    /// payee), or refused with `error`.
    init(book: BookID, proposal: ReceiptProposal?, extra: [QuickDraftRow], error: String?) {
        action = "/books/\(book)/transactions/new/receipt"
        self.error = error ?? ""
        rows = proposal.map { Self.rows($0) + extra } ?? []
        hasDraft = proposal != nil
        text = proposal?.text ?? ""
        let named = Dictionary(uniqueKeysWithValues: ReceiptSource.allCases.map { ($0.rawValue, $0.explanation) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        words = String(decoding: (try? encoder.encode(named)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// Amount, currency, date and payee, each with its source; one that could not be read is
    /// shown as such, so the person knows to fill it in.
    static func rows(_ proposal: ReceiptProposal) -> [QuickDraftRow] {
        let fields: [(String, String, String?)] = [
            ("amount", "Amount", proposal.amount?.formatted), ("currency", "Currency", proposal.currency.code),
            ("date", "Date", proposal.date?.description), ("payee", "Payee", proposal.payee),
        ]
        return fields.map { key, label, value in
            guard let value, let source = proposal.sources[key] else {
                return QuickDraftRow(label: label, value: "—", source: "missing", sourceText: "not read: fill it in")
            }
            return QuickDraftRow(label: label, value: value, source: source.rawValue, sourceText: source.explanation)
        }
    }
}
