/// A book's rules, prepared once to run over many records.
///
/// Rules run in `position` order. Every matching rule applies its actions, but only to fields
/// still open: a field the record gave explicitly is never changed, and a field set by an earlier
/// rule is not changed by a later one (the first rule to set a field wins, as in a list read top
/// down; later rules still set other fields). Conditions look at the record as it came in, never
/// at what an earlier rule renamed the payee to, so the order of rules only decides who wins, not
/// which rules match. A transfer gets no category (transfers have none).
public struct RuleBook: Sendable {
    /// The rules, in the order they run.
    public let rules: [Rule]
    private let compiled: [CompiledRule]
    private let gates: [RuleGate]
    /// The currencies of amount conditions (usually just the book's), numbered for the gates.
    private let currencies: [Currency]
    // Rules with a text condition of three bytes or more run only for records containing one
    // chosen trigram of that text (looked up in a small hash table); the rest run for every
    // record. Cheap checks then settle each candidate rule, so 500 rules cost a few lookups per
    // record instead of 500 substring searches.
    private let always: [Int32]
    private let payeeIndex: TrigramIndex
    private let noteIndex: TrigramIndex

    /// Prepares `rules`, sorting them by position (then id).
    public init(_ rules: [Rule]) {
        let sorted = rules.sorted { ($0.position, $0.id ?? .max) < ($1.position, $1.id ?? .max) }
        self.rules = sorted
        var currencies: [Currency] = []
        for case let currency? in sorted.map(\.conditions.currency) where !currencies.contains(currency) {
            currencies.append(currency)
        }
        self.currencies = currencies
        let compiled = sorted.map { CompiledRule($0, currencies: currencies) }
        self.compiled = compiled
        gates = compiled.map(\.gate)
        // A rule with texts on both fields is filed under the rarer trigram of the two.
        let payeeShared = TrigramIndex.sharing(compiled.compactMap { $0.payee?.folded.bytes })
        let noteShared = TrigramIndex.sharing(compiled.compactMap { $0.note?.folded.bytes })
        var always: [Int32] = []
        var payeeKeys: [(rule: Int32, gram: UInt32)] = []
        var noteKeys: [(rule: Int32, gram: UInt32)] = []
        for (index, rule) in compiled.enumerated() {
            let onPayee = rule.payee.flatMap { TrigramIndex.rarest($0.folded.bytes, payeeShared) }
            let onNote = rule.note.flatMap { TrigramIndex.rarest($0.folded.bytes, noteShared) }
            if let onPayee, onNote.map({ onPayee.shared <= $0.shared }) ?? true {
                payeeKeys.append((Int32(index), onPayee.gram))
            } else if let onNote {
                noteKeys.append((Int32(index), onNote.gram))
            } else {
                always.append(Int32(index))
            }
        }
        self.always = always
        payeeIndex = TrigramIndex(payeeKeys)
        noteIndex = TrigramIndex(noteKeys)
    }

    /// What the rules propose for `candidate`: values for the fields it left open, and which
    /// rule set each.
    public func apply(to candidate: RuleCandidate) -> RuleOutcome {
        var outcome = RuleOutcome()
        var open = FieldMask.all
        for field in candidate.explicit { open &= ~FieldMask.bit(field) }
        if candidate.kind == .transfer { open &= ~FieldMask.category }
        guard open != 0, !compiled.isEmpty else { return outcome }

        var candidates = always
        payeeIndex.collect(candidate.foldedPayee.bytes, into: &candidates)
        noteIndex.collect(candidate.foldedNote.bytes, into: &candidates)
        if candidates.count > always.count { candidates.sort() }

        let probe = RuleGate.Probe(candidate, currencies: currencies)
        gates.withUnsafeBufferPointer { gates in
            var previous: Int32 = -1
            for index in candidates where index != previous {
                previous = index
                let gate = gates[Int(index)]
                let setting = gate.sets & open
                guard setting != 0, gate.admits(probe) else { continue }
                guard !gate.checksText || compiled[Int(index)].textsMatch(candidate) else { continue }
                outcome.take(setting, from: compiled[Int(index)])
                open &= ~setting
                if open == 0 { break }
            }
        }
        return outcome
    }
}

extension RuleOutcome {
    /// Takes the `fields` (`FieldMask` bits) from `rule`'s actions.
    fileprivate mutating func take(_ fields: UInt8, from rule: CompiledRule) {
        if fields & FieldMask.category != 0 {
            category = rule.actions.category
            sources[.category] = rule.source
        }
        if fields & FieldMask.payee != 0 {
            payee = rule.actions.payee
            sources[.payee] = rule.source
        }
        if fields & FieldMask.note != 0 {
            note = rule.actions.note
            sources[.note] = rule.source
        }
        if fields & FieldMask.account != 0 {
            account = rule.actions.account
            sources[.account] = rule.source
        }
        if fields & FieldMask.tag != 0 {
            tag = rule.actions.tag
            sources[.tag] = rule.source
        }
    }
}

/// Rule numbers bucketed by a hash of one trigram of their text. Collisions only add candidates,
/// which the full check then turns away, so the table can stay small.
private struct TrigramIndex: Sendable {
    private static let bits: UInt32 = 12
    private let starts: [Int32]
    private let entries: [Int32]

    /// How many of `texts` contain each trigram.
    static func sharing(_ texts: [[UInt8]]) -> [UInt32: Int] {
        var shared: [UInt32: Int] = [:]
        for text in texts where text.count >= 3 {
            for gram in Set(trigrams(text)) { shared[gram, default: 0] += 1 }
        }
        return shared
    }

    /// The trigram of `text` that the fewest texts share, so that one common word ("the", "pos")
    /// does not send every record through every rule; nil for texts under three bytes.
    static func rarest(_ text: [UInt8], _ shared: [UInt32: Int]) -> (gram: UInt32, shared: Int)? {
        guard text.count >= 3 else { return nil }
        return trigrams(text).map { ($0, shared[$0] ?? 0) }.min { ($0.1, $0.0) < ($1.1, $1.0) }
    }

    /// Files each rule under its trigram.
    init(_ keys: [(rule: Int32, gram: UInt32)]) {
        var buckets = [[Int32]](repeating: [], count: 1 << Self.bits)
        for key in keys { buckets[Int(Self.hash(key.gram))].append(key.rule) }
        var starts: [Int32] = [0]
        starts.reserveCapacity(buckets.count + 1)
        var entries: [Int32] = []
        for bucket in buckets {
            entries += bucket
            starts.append(Int32(entries.count))
        }
        self.starts = starts
        self.entries = entries
    }

    /// Adds the rules filed under each trigram of `text` (duplicates included).
    func collect(_ text: [UInt8], into result: inout [Int32]) {
        guard !entries.isEmpty, text.count >= 3 else { return }
        text.withUnsafeBufferPointer { bytes in
            var gram = UInt32(bytes[0]) << 8 | UInt32(bytes[1])
            for position in 2..<bytes.count {
                gram = (gram << 8 | UInt32(bytes[position])) & 0xFF_FFFF
                let bucket = Int(Self.hash(gram))
                let start = Int(starts[bucket])
                let end = Int(starts[bucket + 1])
                if start < end { result.append(contentsOf: entries[start..<end]) }
            }
        }
    }

    static func trigrams(_ text: [UInt8]) -> [UInt32] {
        (0..<(text.count - 2)).map { UInt32(text[$0]) << 16 | UInt32(text[$0 + 1]) << 8 | UInt32(text[$0 + 2]) }
    }

    private static func hash(_ gram: UInt32) -> UInt32 { (gram &* 0x9E37_79B1) >> (32 - bits) }
}
