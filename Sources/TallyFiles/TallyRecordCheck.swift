import TallyCore

extension TallyCSVImport {
    /// One record's fields checked as a Tally file states them (`field` gives a column's text, nil
    /// when absent; `tags`, when given, replaces the `tags` column; `lines` are a split's, checked
    /// with the record and left in its draft for the caller to name); errors start with `place`
    /// ("line 4", "record 3") and name the field. Shared by Tally's CSV and JSON imports.
    static func checked(
        place: String,
        line: Int,
        field: (String) -> String?,
        tags: [String]?,
        lines: [LineInput]? = nil,
        bookCurrency: Currency,
        today: LocalDate
    ) throws(FieldError) -> (record: ImportRecord, split: String, lineNote: String) {
        var input = TransactionInput(
            kind: field("kind"),
            amount: field("amount"),
            currency: field("currency"),
            date: field("date") ?? "",
            time: field("time"),
            payee: field("payee"),
            category: nil,
            account: nil,
            toAccount: nil,
            note: field("note"),
            lines: lines,
            tags: tags ?? field("tags").map { [$0] }
        )
        let toAccount = (field("to_account") ?? "").trimmingSpaces()
        if input.kind?.trimmingSpaces().lowercased() == "transfer" {
            input.account = field("account")
            input.toAccount = toAccount
        } else if !toAccount.isEmpty {
            throw FieldError("\(place), to_account", "only transfers have a destination account")
        }
        if let amount = input.amount, amount.trimmingSpaces().hasPrefix("-") {
            throw FieldError("\(place), amount", "must be positive; the kind column gives the direction")
        }
        let category = (field("category") ?? "").trimmingSpaces()
        let subcategory = (field("subcategory") ?? "").trimmingSpaces()
        let split = (field("split") ?? "").trimmingSpaces()
        // A record with a category needs no payee, nor does a split's row (the record has lines):
        // the draft is checked as such, and the category is then taken by name below.
        if input.kind?.trimmingSpaces().lowercased() != "transfer", lines == nil, !category.isEmpty || !split.isEmpty {
            input.category = "0"
        }
        var draft: TransactionDraft
        do {
            draft = try TransactionDraft.validate(input, base: nil, bookCurrency: bookCurrency, today: today)
        } catch {
            throw FieldError("\(place), \(error.field)", error.message)
        }
        draft.category = nil
        if draft.kind == .transfer, !category.isEmpty || !subcategory.isEmpty {
            throw FieldError("\(place), category", "a transfer has no category")
        }
        if category.isEmpty, !subcategory.isEmpty {
            throw FieldError("\(place), subcategory", "needs a category")
        }
        for (name, value) in [
            ("category", category), ("subcategory", subcategory), ("account", field("account") ?? ""),
        ] {
            do { try Validate.line(value, field: name, maxLength: 100) } catch {
                throw FieldError("\(place), \(name)", error.message)
            }
            if name != "account", value.utf8.contains(UInt8(ascii: ":")) {
                throw FieldError(
                    "\(place), \(name)",
                    "cannot contain ':' (it separates a category from its sub-category)"
                )
            }
        }
        draft.account = nil
        draft.toAccount = nil
        let lineNote = (field("line_note") ?? "").trimmingSpaces()
        do { try Validate.text(lineNote, field: "line_note", maxLength: 2000) } catch {
            throw FieldError("\(place), line_note", error.message)
        }
        if split.isEmpty, !lineNote.isEmpty {
            throw FieldError("\(place), line_note", "is only for the rows of a split")
        }
        return (
            record: ImportRecord(
                line: line,
                draft: draft,
                category: category,
                subcategory: subcategory,
                account: (field("account") ?? "").trimmingSpaces(),
                toAccount: toAccount
            ),
            split: split,
            lineNote: lineNote
        )
    }
}
