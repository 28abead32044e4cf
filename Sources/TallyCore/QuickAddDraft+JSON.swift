/// The draft as issue 28's contract writes it, `{kind, amount, currency, date, time, payee,
/// category, account, note, sources}`: the API's answer, the CLI's `--dry-run --format json`, and
/// what the CLI reads back from a server. Every key is written, `null` where the line said nothing
/// and nothing was guessed; the amount is a decimal string in its currency's digits.
extension QuickAddDraft: Codable {
    enum CodingKeys: String, CodingKey {
        case kind, amount, currency, date, time, payee, category, account, note, sources
    }

    /// Writes the contract's fields.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: CodingKeys.self)
        try json.encode(kind.rawValue, forKey: .kind)
        try json.encode(amount?.decimalString, forKey: .amount)
        try json.encode(amount?.currency.code, forKey: .currency)
        try json.encode(date.description, forKey: .date)
        try json.encode(time?.description, forKey: .time)
        try json.encode(payee, forKey: .payee)
        try json.encode(category, forKey: .category)
        try json.encode(account, forKey: .account)
        try json.encode(note, forKey: .note)
        try json.encode(sources.mapValues(\.rawValue), forKey: .sources)
    }

    /// Reads a draft a server answered; a field it cannot read is an error naming it.
    public init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: CodingKeys.self)
        func bad(_ key: CodingKeys, _ text: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: json, debugDescription: "\(key.rawValue): \(text)")
        }
        let kindText = try json.decode(String.self, forKey: .kind)
        guard let kind = TransactionKind(rawValue: kindText) else { throw bad(.kind, "unknown kind \(kindText)") }
        self.kind = kind
        amount = nil
        amountProblem = nil
        if let text = try json.decodeIfPresent(String.self, forKey: .amount) {
            let code = try json.decodeIfPresent(String.self, forKey: .currency) ?? ""
            guard let currency = Currency(code: code) else { throw bad(.currency, "unknown currency \(code)") }
            do {
                amount = try Money.parse(text, currency: currency)
            } catch {
                throw bad(.amount, error.description)
            }
        }
        let dateText = try json.decode(String.self, forKey: .date)
        guard let date = LocalDate(dateText) else { throw bad(.date, "not a date: \(dateText)") }
        self.date = date
        time = nil
        if let text = try json.decodeIfPresent(String.self, forKey: .time) {
            guard let time = TimeOfDay(text) else { throw bad(.time, "not a time: \(text)") }
            self.time = time
        }
        payee = try json.decodeIfPresent(String.self, forKey: .payee) ?? ""
        category = try json.decodeIfPresent(String.self, forKey: .category)
        account = try json.decodeIfPresent(String.self, forKey: .account)
        note = try json.decodeIfPresent(String.self, forKey: .note) ?? ""
        let named = try json.decodeIfPresent([String: String].self, forKey: .sources) ?? [:]
        // A source this client does not know yet (a newer server's) reads as a guess, not an error.
        sources = named.mapValues { QuickAddSource(rawValue: $0) ?? .default }
    }
}
