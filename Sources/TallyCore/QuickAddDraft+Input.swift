extension QuickAddDraft {
    /// The draft as the add reads a record's fields: the amount in its currency's digits (so
    /// nothing is rounded on the way), the category by its `Parent:Child` path and the account by
    /// its name. The CLI saves this; the add page fills its form with it.
    public var transactionInput: TransactionInput {
        TransactionInput(
            kind: kind.rawValue,
            amount: amount?.decimalString,
            currency: amount?.currency.code,
            date: date.description,
            time: time?.description,
            payee: payee.isEmpty ? nil : payee,
            category: category,
            account: account,
            note: note.isEmpty ? nil : note
        )
    }
}
