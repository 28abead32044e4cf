import TallyCore

extension TransactionFilter {
    /// Reads a filter from named text fields (a query string, a form, command-line options);
    /// errors name the field.
    public static func parse(_ field: (String) -> String?) throws(FieldError) -> TransactionFilter {
        func value(_ name: String) -> String? {
            guard let text = field(name)?.trimmingSpaces(), !text.isEmpty else { return nil }
            return text
        }
        func date(_ name: String) throws(FieldError) -> LocalDate? {
            guard let text = value(name) else { return nil }
            return try LocalDate.input(text, field: name)
        }
        var kind: TransactionKind?
        if let text = value("kind") {
            guard let parsed = TransactionKind(rawValue: text.lowercased()) else {
                throw FieldError("kind", "must be expense, income or transfer")
            }
            kind = parsed
        }
        var newestFirst = false
        if let order = value("order") {
            guard order == "newest" || order == "oldest" else {
                throw FieldError("order", "must be newest or oldest")
            }
            newestFirst = order == "newest"
        }
        return TransactionFilter(
            from: try date("from"),
            to: try date("to"),
            category: value("category"),
            account: value("account"),
            payee: value("payee"),
            kind: kind,
            text: value("q"),
            amountMin: value("amount_min"),
            amountMax: value("amount_max"),
            newestFirst: newestFirst,
            tag: value("tag")
        )
    }

    /// The filter as query-string pairs, for links that keep it (next page, export, PDF).
    public var fields: [(String, String)] {
        var out: [(String, String)] = []
        if let from { out.append(("from", from.description)) }
        if let to { out.append(("to", to.description)) }
        for (name, value) in [
            ("category", category), ("account", account), ("payee", payee), ("kind", kind?.rawValue), ("q", text),
            ("amount_min", amountMin), ("amount_max", amountMax), ("tag", tag),
        ] {
            if let value, !value.isEmpty { out.append((name, value)) }
        }
        if newestFirst { out.append(("order", "newest")) }
        return out
    }
}
