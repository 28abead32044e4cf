import Foundation
import TallyCore
import TallyStore

/// What `tally rules` needs from a book: the store's `Rules` locally, the API's `…/rules` and
/// `…/rule-runs` routes remotely; both answer with the store's types.
protocol RuleBackend: Sendable {
    /// The rules, in order.
    func rules() async throws -> [Rule]
    /// Adds a rule at `position` (1 is first; default: last).
    func addRule(_ input: RuleInput, position: Int?) async throws -> Rule
    /// Deletes a rule.
    func deleteRule(_ id: Int64) async throws
    /// Applies a rule to the records already there, or only says what it would change.
    func applyRule(_ id: Int64, dryRun: Bool) async throws -> RuleRun
    /// Undoes a run of `applyRule`: how many records got their fields back.
    func undoRun(_ run: Int64) async throws -> Int
    /// The wording of rules with the book's names, categories as "Parent:Child".
    func ruleWords() async throws -> RuleWords
}

extension LocalBackend {
    func rules() async throws -> [Rule] { try await store.rules.rules(in: scope) }

    func addRule(_ input: RuleInput, position: Int?) async throws -> Rule {
        try await store.rules.addRule(in: scope, input, position: position)
    }

    func deleteRule(_ id: Int64) async throws { try await store.rules.deleteRule(id, in: scope) }

    func applyRule(_ id: Int64, dryRun: Bool) async throws -> RuleRun {
        try await store.rules.applyRule(id, in: scope, dryRun: dryRun)
    }

    func undoRun(_ run: Int64) async throws -> Int { try await store.rules.undoRun(run, in: scope) }

    func ruleWords() async throws -> RuleWords { try await store.rules.words(in: scope, separator: ":") }
}
