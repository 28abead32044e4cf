import ArgumentParser
import Foundation
import TallyCore
import TallyStore

extension Tally.Add {
    /// How `tally add "…"` shows its draft: a table for people, or the API's JSON for scripts.
    enum DraftFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    mutating func validate() throws {
        // With --receipt the photo gives the fields (a word, if any, is the amount it missed).
        guard !words.isEmpty || receipt != nil else {
            throw ValidationError("give KIND AMOUNT (expense 4.50) or a line (\"coffee 4.50 starbucks yesterday\")")
        }
        if receipt == nil, Self.fields(words) != nil, yes || dryRun || format != .text || dateOrder != nil {
            throw ValidationError("--yes, --dry-run, --format and --date-order are for a line, not KIND AMOUNT")
        }
        if yes && dryRun { throw ValidationError("--yes saves and --dry-run saves nothing: give one of them") }
    }

    /// `tally add "coffee 4.50 starbucks yesterday"`: reads the line against the book (locally or
    /// on the server, the same reader), changes the fields the options name, shows the draft and
    /// saves it only once it has been shown: with `--yes`, or when the person answers yes.
    func addLine() async throws {
        let line = words.joined(separator: " ")
        let key = idempotencyKey ?? UUID().uuidString
        try await reportingErrors {
            var order: QuickAddDateOrder?
            if let dateOrder {
                guard let parsed = QuickAddDateOrder(rawValue: dateOrder.uppercased()) else {
                    throw CLIError("--date-order must be MDY or DMY, not '\(dateOrder)'")
                }
                order = parsed
            } else {
                // The order of the person's own locale, as POSIX ranks its variables.
                let env = ProcessInfo.processInfo.environment
                let locale = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { env[$0] }.first { !$0.isEmpty }
                order = locale.flatMap(DateOrder.init(locales:))
            }
            let lines = try split.map(Self.line)
            try await store.withBackend(who) { [self, order] backend in
                let draft = try self.changed(try await backend.quickAddDraft(line, order: order))
                if dryRun {
                    Self.say(
                        format == .json ? try Self.json(draft) : Self.table(draft, heading: "Draft (nothing saved):")
                    )
                    return
                }
                if format == .json {
                    Self.say(try Self.json(draft))
                } else if !yes {
                    Self.say(Self.table(draft, heading: "Draft:"))
                }
                if !yes, !(try Self.confirmed("Save it? [y/N] ")) { return }
                var input = draft.transactionInput
                input.toAccount = toAccount
                if toAccount != nil { input.kind = TransactionKind.transfer.rawValue }
                if !lines.isEmpty { input.lines = lines }
                if !tag.isEmpty { input.tags = tag }
                let record = try await backend.add(input, key: key)
                Self.say(
                    "Added \(record.transaction.kind.rawValue) #\(record.transaction.id): " + Listing.summary(record)
                )
            }
        }
    }

    /// Asks `question`; true on y or yes. Any other answer says "Not saved." and is false; no
    /// answer at all (standard input closed) is an error, so a script learns that nothing was saved.
    static func confirmed(_ question: String) throws -> Bool {
        say(question, end: "")
        guard let answer = readLine() else {
            say("")
            throw CLIError("not saved: no answer (add --yes to save without asking)")
        }
        guard ["y", "yes"].contains(answer.trimmingSpaces().lowercased()) else {
            say("Not saved.")
            return false
        }
        return true
    }

    /// Writes to standard output unbuffered, so the question is on the screen, after the draft,
    /// before the answer is read (`print` buffers when the output is a pipe).
    static func say(_ text: String, end: String = "\n") {
        FileHandle.standardOutput.write(Data((text + end).utf8))
    }

    /// The draft with the fields given as options put in, each then `typed`.
    func changed(_ draft: QuickAddDraft) throws -> QuickAddDraft {
        var draft = draft
        func put(_ value: String?, _ field: String, _ set: (inout QuickAddDraft, String) -> Void) {
            guard let value else { return }
            set(&draft, value)
            draft.sources[field] = .typed
        }
        put(payee, "payee") { $0.payee = $1 }
        put(category, "category") { $0.category = $1 }
        put(account, "account") { $0.account = $1 }
        put(note, "note") { $0.note = $1 }
        if let date {
            draft.date = try LocalDate.input(date, field: "date")
            draft.sources["date"] = .typed
        }
        if let time {
            guard let at = TimeOfDay(time) else { throw FieldError("time", "must be HH:MM, as in 08:30") }
            draft.time = at
            draft.sources["time"] = .typed
        }
        return draft
    }

    /// The draft as `POST …/transactions/parse` answers it.
    static func json(_ draft: QuickAddDraft) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(draft), as: UTF8.self)
    }

    /// The draft as a table: each field, its value and where it came from.
    static func table(_ draft: QuickAddDraft, heading: String) -> String {
        let rows: [(String, String?)] = [
            ("kind", draft.kind.rawValue),
            ("amount", draft.amount.map { "\($0.decimalString) \($0.currency.code)" }),
            ("date", draft.date.description), ("time", draft.time?.description),
            ("payee", draft.payee.isEmpty ? nil : draft.payee), ("category", draft.category),
            ("account", draft.account), ("note", draft.note.isEmpty ? nil : draft.note),
        ]
        let width = rows.compactMap { $0.1?.count }.max() ?? 0
        var out = [heading]
        for (field, value) in rows {
            let shown = value ?? "-"
            let source = value == nil ? "" : "  (\((draft.sources[field] ?? .default).rawValue))"
            out.append(
                "  " + field.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + shown.padding(toLength: max(width, shown.count), withPad: " ", startingAt: 0) + source
            )
        }
        return out.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n")
    }
}
