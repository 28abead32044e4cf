/// What a receipt's text proposes for a new record (issue 28's contract, `{amount, currency, date,
/// payee, text, sources}`): each field `nil` when it could not be read, never guessed silently —
/// `sources` says where every proposed field came from, so the form can mark it for checking.
public struct ReceiptProposal: Sendable, Equatable {
    /// The total, exact in the currency's minor units.
    public var amount: Money?
    /// The currency written on the receipt, else the book's.
    public var currency: Currency
    /// The day of the purchase.
    public var date: LocalDate?
    /// The shop: a known payee's name, else the receipt's first meaningful line.
    public var payee: String?
    /// The text read from the image, as the person can check it.
    public var text: String
    /// Where each proposed field came from, by field name.
    public var sources: [String: ReceiptSource]

    /// Makes a proposal value.
    public init(
        amount: Money?,
        currency: Currency,
        date: LocalDate?,
        payee: String?,
        text: String,
        sources: [String: ReceiptSource]
    ) {
        self.amount = amount
        self.currency = currency
        self.date = date
        self.payee = payee
        self.text = text
        self.sources = sources
    }
}

/// Where a proposed field came from, written as its raw value in the JSON.
public enum ReceiptSource: String, Sendable, Codable, CaseIterable {
    /// The amount of the line that says total (or a synonym: Amount due, Summe, À payer, …).
    case total
    /// No line says total: the last subtotal (`Subtotal`, `Zwischensumme`), a guess to be checked.
    case subtotal
    /// No line says total or subtotal: the largest amount on the receipt, a guess to be checked.
    case largest
    /// Written on the receipt (a date, a currency sign or code).
    case read
    /// A payee the book already knows, found in the receipt's first lines.
    case payee
    /// The receipt's first meaningful line, when no known payee is found.
    case firstLine = "first_line"
    /// Nothing on the receipt said it: the book's own (the currency).
    case `default`
}

extension ReceiptProposal: Codable {
    enum CodingKeys: String, CodingKey {
        case amount, currency, date, payee, text, sources
    }

    /// Writes every contract key, `null` for a field that could not be read; the amount is a
    /// decimal string in its currency's digits, as everywhere in the API.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: CodingKeys.self)
        try json.encode(amount?.decimalString, forKey: .amount)
        try json.encode(currency.code, forKey: .currency)
        try json.encode(date?.description, forKey: .date)
        try json.encode(payee, forKey: .payee)
        try json.encode(text, forKey: .text)
        try json.encode(sources.mapValues(\.rawValue), forKey: .sources)
    }

    /// Reads a proposal a server answered; a field it cannot read is an error naming it.
    public init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: CodingKeys.self)
        func bad(_ key: CodingKeys, _ text: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: json, debugDescription: "\(key.rawValue): \(text)")
        }
        let code = try json.decode(String.self, forKey: .currency)
        guard let currency = Currency(code: code) else { throw bad(.currency, "unknown currency \(code)") }
        self.currency = currency
        amount = nil
        if let text = try json.decodeIfPresent(String.self, forKey: .amount) {
            do {
                amount = try Money.parse(text, currency: currency)
            } catch {
                throw bad(.amount, error.description)
            }
        }
        date = nil
        if let text = try json.decodeIfPresent(String.self, forKey: .date) {
            guard let date = LocalDate(text) else { throw bad(.date, "not a date: \(text)") }
            self.date = date
        }
        payee = try json.decodeIfPresent(String.self, forKey: .payee)
        text = try json.decodeIfPresent(String.self, forKey: .text) ?? ""
        let named = try json.decodeIfPresent([String: String].self, forKey: .sources) ?? [:]
        // A source this client does not know yet (a newer server's) reads as a guess, not an error.
        sources = named.mapValues { ReceiptSource(rawValue: $0) ?? .largest }
    }
}

extension ReceiptSource {
    /// The source in words, as the add page marks a proposed field for the person to check.
    public var explanation: String {
        switch self {
        case .total: "the line that says total"
        case .subtotal: "the subtotal: check it"
        case .largest: "the largest amount: check it"
        case .read: "read on the receipt"
        case .payee: "a payee you know"
        case .firstLine: "the receipt's first line"
        case .default: "the book's own"
        }
    }
}
