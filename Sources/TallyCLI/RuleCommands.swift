import ArgumentParser
import Foundation
import TallyCore
import TallyStore

extension Tally {
    /// `tally rules list|add|delete|apply|undo`: the book's rules, which file records for you.
    struct RulesCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rules",
            abstract: "List, add, delete and apply the book's rules (see docs/import.md#rules).",
            subcommands: [ListRules.self, AddRule.self, DeleteRule.self, ApplyRules.self, UndoRun.self]
        )

        struct ListRules: AsyncParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "The rules, in order.")
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let text = try await store.withBackend(who) { backend in
                        let names = try await backend.ruleWords()
                        let rules = try await backend.rules()
                        guard !rules.isEmpty else { return "No rules.\n" }
                        return rules.map { "#\($0.id ?? 0)  \($0.position). \(names.describe($0))\n" }.joined()
                    }
                    print(text, terminator: "")
                }
            }
        }

        struct AddRule: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add",
                abstract: "Add a rule: conditions (all must hold) and what to set.",
                discussion: "Text matches ignore case and accents; amounts compare without their sign."
            )
            @Option(name: .customLong("payee-contains")) var payeeContains: String?
            @Option(name: .customLong("payee-is")) var payeeIs: String?
            @Option(name: .customLong("payee-starts")) var payeeStarts: String?
            @Option(name: .customLong("note-contains")) var noteContains: String?
            @Option(name: .customLong("amount-min")) var amountMin: String?
            @Option(name: .customLong("amount-max")) var amountMax: String?
            @Option(help: "Only records of this account.") var account: String?
            @Option(help: "expense, income or transfer.") var kind: String?
            @Option(name: .customLong("set-category"), help: "Category or Category:Sub.") var setCategory: String?
            @Option(name: .customLong("set-payee")) var setPayee: String?
            @Option(name: .customLong("set-note")) var setNote: String?
            @Option(name: .customLong("set-account")) var setAccount: String?
            @Option(name: .customLong("add-tag"), help: "A tag to add to matching records.") var addTag: String?
            @Option(help: "Where in the order (1 is first; default: last).") var position: Int?
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let input = RuleInput(
                        payeeContains: payeeContains,
                        payeeIs: payeeIs,
                        payeeStarts: payeeStarts,
                        noteContains: noteContains,
                        amountMin: amountMin,
                        amountMax: amountMax,
                        account: account,
                        kind: kind,
                        setCategory: setCategory,
                        setPayee: setPayee,
                        setNote: setNote,
                        setAccount: setAccount,
                        addTag: addTag
                    )
                    let position = position
                    let text = try await store.withBackend(who) { backend in
                        let rule = try await backend.addRule(input, position: position)
                        let names = try await backend.ruleWords()
                        return "Added rule #\(rule.id ?? 0) at \(rule.position): \(names.describe(rule)).\n"
                    }
                    print(text, terminator: "")
                }
            }
        }

        struct DeleteRule: AsyncParsableCommand {
            static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a rule.")
            @Argument(help: "The rule's id (see `tally rules list`).") var id: Int64
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let id = id
                    try await store.withBackend(who) { backend in try await backend.deleteRule(id) }
                    print("Deleted rule #\(id).")
                }
            }
        }

        struct ApplyRules: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "apply",
                abstract: "Apply the rules (or one) to existing records, printing before → after.",
                discussion: "Each rule's changes are one run, undone with `tally rules undo RUN`."
            )
            @Argument(help: "Only this rule (default: every rule, in order).") var id: Int64?
            @Flag(name: .customLong("dry-run"), help: "Only print what would change.") var dryRun = false
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let (id, dryRun) = (id, dryRun)
                    let text = try await store.withBackend(who) { backend in
                        let names = try await backend.ruleWords()
                        let rules = try await backend.rules().filter { id == nil || $0.id == id }
                        if let id, rules.isEmpty { throw CLIError("no rule #\(id)") }
                        var out = rules.isEmpty ? "No rules.\n" : ""
                        for rule in rules {
                            let run = try await backend.applyRule(rule.id!, dryRun: dryRun)
                            out += names.run(rule, run, dryRun: dryRun)
                        }
                        return out
                    }
                    print(text, terminator: "")
                }
            }
        }

        struct UndoRun: AsyncParsableCommand {
            static let configuration = CommandConfiguration(commandName: "undo", abstract: "Undo a run of `apply`.")
            @Argument(help: "The run's id, as `tally rules apply` printed it.") var run: Int64
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let run = run
                    let restored = try await store.withBackend(who) { backend in try await backend.undoRun(run) }
                    print("Undid run \(run): \(restored) record\(restored == 1 ? "" : "s") restored.")
                }
            }
        }
    }
}

extension RuleWords {
    /// "payee contains ‘starbucks’ → category Food:Coffee, payee ‘Starbucks’".
    func describe(_ rule: Rule) -> String {
        conditions(rule).joined(separator: " and ") + " → " + actions(rule).joined(separator: ", ")
    }

    /// A run's (or preview's) lines: the count, then before → after per record.
    func run(_ rule: Rule, _ run: RuleRun, dryRun: Bool) -> String {
        var out =
            "Rule #\(rule.id ?? 0): \(run.count) record\(run.count == 1 ? "" : "s") "
            + (dryRun ? "would change" : "changed") + (run.id.map { " (run \($0))" } ?? "") + ".\n"
        for change in run.changes {
            out +=
                "  #\(change.id.rawValue) \(change.date) \(change.amount.formatted): "
                + "\(fields(change.before).joined(separator: ", ")) → \(fields(change.after).joined(separator: ", "))\n"
        }
        if run.count > run.changes.count { out += "  … and \(run.count - run.changes.count) more.\n" }
        return out
    }
}
