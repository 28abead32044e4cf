/// `rules.mustache`: the book's rules in order, and the form to add one.
struct RulesPage: ViewModel {
    let rules: [RuleRowView]
    let hasRules: Bool
    let conditionFields: [RuleFieldView]
    let actionFields: [RuleFieldView]
    let position: String
    let positionMax: Int
    let notice: String
    let error: String
    /// After "Apply": the run to undo.
    let runID: Int64
    let hasRun: Bool
    /// The form was asked for on its own ("Make a rule from this"): it comes first.
    let formFirst: Bool
    let fromRecord: String
}

/// A rule as the list shows it.
struct RuleRowView: ViewModel {
    let id: Int64
    let position: Int
    let conditions: String
    let actions: String
}

/// One field of the rule form.
struct RuleFieldView: ViewModel {
    let key: String
    let label: String
    let value: String
    let isSelect: Bool
    let options: [ValueOption]
    let fieldError: String
    let inputMode: String
}

/// `rules-apply.mustache`: what applying a rule to the existing records would change.
struct RuleApplyPage: ViewModel {
    let id: Int64
    let conditions: String
    let actions: String
    let count: Int
    let shown: Int
    let changes: [RuleChangeView]
    let hasChanges: Bool
}

/// A record a rule would change: before → after.
struct RuleChangeView: ViewModel {
    let link: String
    let date: String
    let amount: String
    let before: String
    let after: String
}

/// `rules-delete.mustache`: "Delete this rule?".
struct RuleDeletePage: ViewModel {
    let id: Int64
    let conditions: String
    let actions: String
}
