extension RuleInput {
    /// Checks `input` field by field, naming each field as the API and command line do. A rule
    /// needs at least one condition and one action, at most one payee and one note condition,
    /// texts of at most `RuleLimits.maxText` characters, and amounts in `bookCurrency`.
    /// The resolvers turn a category or account reference into its id, or nil when the book has
    /// none by that name or id.
    public static func validate(
        _ input: RuleInput,
        bookCurrency: Currency,
        resolveCategory: (String) throws -> Int64?,
        resolveAccount: (String) throws -> Int64?
    ) throws(FieldError) -> (RuleConditions, RuleActions) {
        var conditions = RuleConditions()
        conditions.payee = try textMatch(
            [
                (.contains, "payee_contains", input.payeeContains), (.equals, "payee_is", input.payeeIs),
                (.startsWith, "payee_starts", input.payeeStarts),
            ])
        conditions.note = try textMatch(
            [
                (.contains, "note_contains", input.noteContains), (.equals, "note_is", input.noteIs),
                (.startsWith, "note_starts", input.noteStarts),
            ])

        let exact = try amount(input.amountIs, field: "amount_is", currency: bookCurrency)
        conditions.amountMin = try amount(input.amountMin, field: "amount_min", currency: bookCurrency)
        conditions.amountMax = try amount(input.amountMax, field: "amount_max", currency: bookCurrency)
        if let exact {
            guard conditions.amountMin == nil, conditions.amountMax == nil else {
                throw FieldError("amount_is", "give either amount_is or amount_min/amount_max")
            }
            conditions.amountMin = exact
            conditions.amountMax = exact
        }
        if let low = conditions.amountMin, let high = conditions.amountMax, high < low {
            throw FieldError("amount_max", "must not be below amount_min")
        }
        if conditions.amountMin != nil || conditions.amountMax != nil { conditions.currency = bookCurrency }

        if let raw = given(input.account) { conditions.account = try reference(raw, "account", resolveAccount) }
        if let raw = given(input.kind) {
            guard let kind = TransactionKind(rawValue: raw.lowercased()) else {
                throw FieldError("kind", "must be expense, income or transfer")
            }
            conditions.kind = kind
        }

        var actions = RuleActions()
        if let raw = given(input.setCategory) {
            guard conditions.kind != .transfer else { throw FieldError("set_category", "a transfer has no category") }
            actions.category = try reference(raw, "set_category", resolveCategory)
        }
        actions.payee = try text(input.setPayee, field: "set_payee")
        actions.note = try text(input.setNote, field: "set_note")
        if let raw = given(input.setAccount) { actions.account = try reference(raw, "set_account", resolveAccount) }
        if var tag = given(input.addTag) {
            if tag.hasPrefix("#") { tag.removeFirst() }
            try Tags.check(tag, field: "add_tag")
            actions.tag = tag
        }

        guard !conditions.isEmpty else { throw FieldError("rule", "needs at least one condition") }
        guard !actions.isEmpty else { throw FieldError("rule", "needs at least one action") }
        return (conditions, actions)
    }

    /// Trimmed text, or nil when blank.
    private static func given(_ raw: String?) -> String? {
        guard let text = raw?.trimmingSpaces(), !text.isEmpty else { return nil }
        return text
    }

    private static func text(_ raw: String?, field: String) throws(FieldError) -> String? {
        guard let text = given(raw) else { return nil }
        try Validate.line(text, field: field, maxLength: RuleLimits.maxText)
        return text
    }

    /// At most one of the three ways to match one field.
    private static func textMatch(_ options: [(TextMatch.Mode, String, String?)]) throws(FieldError) -> TextMatch? {
        var found: TextMatch?
        for (mode, field, raw) in options {
            guard let text = try text(raw, field: field) else { continue }
            guard found == nil else {
                throw FieldError(field, "give only one of \(options.map(\.1).joined(separator: ", "))")
            }
            found = TextMatch(mode, text)
        }
        return found
    }

    /// An amount without sign, in minor units.
    private static func amount(_ raw: String?, field: String, currency: Currency) throws(FieldError) -> Int64? {
        guard let raw = given(raw) else { return nil }
        let money: Money
        do { money = try Money.parse(raw, currency: currency) } catch {
            switch error {
            case .tooManyDecimals, .tooLarge: throw FieldError(field, error.description)
            case .empty, .notANumber, .badGrouping:
                let example = currency.minorDigits == 0 ? "12" : "12." + "50".padding(currency.minorDigits)
                throw FieldError(field, "must be an amount, e.g. \(example)")
            }
        }
        guard money.minorUnits >= 0 else {
            throw FieldError(field, "must not be negative (rules compare amounts without their sign)")
        }
        return money.minorUnits
    }

    private static func reference(
        _ raw: String,
        _ field: String,
        _ resolve: (String) throws -> Int64?
    ) throws(FieldError) -> Int64 {
        let id: Int64?
        do { id = try resolve(raw) } catch let error as FieldError {
            throw FieldError(field, error.message)
        } catch {
            throw FieldError(field, "could not be looked up: \(error)")
        }
        guard let id else {
            let noun = field.hasSuffix("category") ? "category" : "account"
            throw FieldError(field, "'\(raw)' is not \(noun == "account" ? "an" : "a") \(noun) of this book")
        }
        return id
    }
}

extension String {
    /// The text cut or zero-padded on the right to `count` characters ("50" → "500").
    fileprivate func padding(_ count: Int) -> String {
        count <= self.count ? String(prefix(count)) : self + String(repeating: "0", count: count - self.count)
    }
}
