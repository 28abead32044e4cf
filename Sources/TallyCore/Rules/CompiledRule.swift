/// A rule ready to run many times: its texts folded once, its other conditions as a `RuleGate`.
struct CompiledRule: Sendable {
    /// A folded text condition.
    struct Text: Sendable {
        let folded: FoldedText
        let mode: TextMatch.Mode
    }

    let gate: RuleGate
    let payee: Text?
    let note: Text?
    let actions: RuleActions
    let source: Int64

    /// Prepares `rule`; `currencies` numbers the currencies of the book's amount conditions.
    init(_ rule: Rule, currencies: [Currency]) {
        let conditions = rule.conditions
        payee = conditions.payee.map { Text(folded: FoldedText($0.text), mode: $0.mode) }
        note = conditions.note.map { Text(folded: FoldedText($0.text), mode: $0.mode) }
        actions = rule.actions
        source = rule.sourceKey
        let sets =
            (actions.category == nil ? 0 : FieldMask.category) | (actions.payee == nil ? 0 : FieldMask.payee)
            | (actions.note == nil ? 0 : FieldMask.note) | (actions.account == nil ? 0 : FieldMask.account)
            | (actions.tag == nil ? 0 : FieldMask.tag)
        let checksAmount = conditions.amountMin != nil || conditions.amountMax != nil
        // A negative maximum admits no amount: the range is left empty.
        let high = conditions.amountMax.map { $0 < 0 ? nil : UInt64($0) } ?? .max
        gate = RuleGate(
            kind: conditions.kind.map { RuleGate.code($0) } ?? 0,
            checksAccount: conditions.account != nil,
            account: conditions.account ?? 0,
            checksAmount: checksAmount,
            low: conditions.amountMin.map { UInt64(max($0, 0)) } ?? (high == nil ? 1 : 0),
            high: high ?? 0,
            currency: conditions.currency.flatMap { currencies.firstIndex(of: $0) }.map { Int32($0) } ?? -1,
            checksText: payee != nil || note != nil,
            sets: sets
        )
    }

    /// Whether the text conditions hold (the gate is checked apart).
    func textsMatch(_ candidate: RuleCandidate) -> Bool {
        if let payee, !candidate.foldedPayee.matches(payee.folded, payee.mode) { return false }
        if let note, !candidate.foldedNote.matches(note.folded, note.mode) { return false }
        return true
    }
}

/// The conditions of a rule that are plain numbers, in a type without references: 500 rules ×
/// 100,000 records is fifty million checks, where copying strings (reference counting) alone
/// would cost seconds.
struct RuleGate: Sendable {
    /// A record's numbers, worked out once per record.
    struct Probe {
        let kind: UInt8
        let account: Int64?
        let magnitude: UInt64
        let currency: Int32

        init(_ candidate: RuleCandidate, currencies: [Currency]) {
            kind = RuleGate.code(candidate.kind)
            account = candidate.accountID
            magnitude = candidate.amount.minorUnits.magnitude
            currency = currencies.firstIndex(of: candidate.amount.currency).map { Int32($0) } ?? -2
        }
    }

    let kind: UInt8  // 0 for any
    let checksAccount: Bool
    let account: Int64
    let checksAmount: Bool
    let low: UInt64
    let high: UInt64
    let currency: Int32  // in the book's currency list; -1 (no currency) matches no record
    let checksText: Bool
    /// The fields the rule's actions set (`FieldMask` bits).
    let sets: UInt8

    static func code(_ kind: TransactionKind) -> UInt8 {
        switch kind {
        case .expense: 1
        case .income: 2
        case .transfer: 3
        }
    }

    @inline(__always)
    func admits(_ probe: Probe) -> Bool {
        if kind != 0 && kind != probe.kind { return false }
        if checksAccount && probe.account != account { return false }
        if checksAmount && (probe.magnitude < low || probe.magnitude > high || probe.currency != currency) {
            return false
        }
        return true
    }
}

/// Bits for `RuleField`, so "which fields are still open" is one byte.
enum FieldMask {
    static let category: UInt8 = 1
    static let payee: UInt8 = 2
    static let note: UInt8 = 4
    static let account: UInt8 = 8
    static let tag: UInt8 = 16
    static let all: UInt8 = 31

    static func bit(_ field: RuleField) -> UInt8 {
        switch field {
        case .category: category
        case .payee: payee
        case .note: note
        case .account: account
        case .tag: tag
        }
    }
}

extension Rule {
    /// Whether every condition of the rule holds for `candidate` (for "apply to existing records"
    /// previews). Matching a whole book against many records is faster through `RuleBook`.
    public func matches(_ candidate: RuleCandidate) -> Bool {
        let currencies = conditions.currency.map { [$0] } ?? []
        let compiled = CompiledRule(self, currencies: currencies)
        return compiled.gate.admits(RuleGate.Probe(candidate, currencies: currencies)) && compiled.textsMatch(candidate)
    }
}
