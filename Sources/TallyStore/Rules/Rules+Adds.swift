import SQLKit
import TallyCore

extension Rules {
    /// Fills what a new record left empty from the book's rules: its category, account, note, and
    /// its payee when it has none; and adds a rule's tag to its own. An explicit value always wins, and a rule comes before the
    /// payee's remembered category and account (autofill). The rules are read once per batch, and
    /// only when some record leaves something to fill.
    static func fill(
        _ db: any SQLDatabase,
        _ drafts: [TransactionDraft],
        book: BookID,
        accounts: [Account]
    ) async throws -> [TransactionDraft] {
        guard !drafts.isEmpty else { return drafts }
        // A rule may add a tag to any record, so the rules are read even when nothing is empty.
        let rules = try await load(db, book: book)
        guard !rules.isEmpty else { return drafts }
        let engine = RuleBook(rules)
        return drafts.map { draft in
            var explicit: Set<RuleField> = []
            if draft.category != nil { explicit.insert(.category) }
            if draft.account != nil { explicit.insert(.account) }
            if !draft.note.isEmpty { explicit.insert(.note) }
            if !draft.payee.isEmpty { explicit.insert(.payee) }
            let account = draft.account.flatMap { try? Books.resolve($0, in: accounts, field: "account").id.rawValue }
            let signed = draft.kind == .expense ? draft.amount.negated : draft.amount
            let outcome = engine.apply(
                to: RuleCandidate(
                    payee: draft.payee,
                    note: draft.note,
                    amount: signed,
                    accountID: account,
                    kind: draft.kind,
                    explicit: explicit
                )
            )
            var filled = draft
            if filled.category == nil, filled.lines.isEmpty, draft.kind != .transfer, let category = outcome.category {
                filled.category = .id(category)
            }
            if filled.account == nil, let account = outcome.account { filled.account = .id(account) }
            if filled.note.isEmpty, let note = outcome.note { filled.note = note }
            if filled.payee.isEmpty, let payee = outcome.payee { filled.payee = payee }
            if let tag = outcome.tag, filled.tags.count < Tags.maxPerRecord,
                !filled.tags.contains(where: { Tags.key($0) == Tags.key(tag) })
            {
                filled.tags.append(tag)
            }
            return filled
        }
    }
}
