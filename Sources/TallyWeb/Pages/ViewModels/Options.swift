import TallyCore

/// An `<option value="{{id}}">{{label}}</option>` of a category (a parent, a target, a budget's scope).
struct IDOption: ViewModel {
    let id: CategoryID
    let label: String
    var selected = false
}

/// An `<option value="{{value}}">{{label}}</option>` of a fixed choice (kind, cycle, grouping).
struct ValueOption: ViewModel {
    let value: String
    let label: String
    var selected = false
}

/// An account in a `<select>`: `{{id}}`, `{{name}}`, `{{selected}}`.
struct AccountOption: ViewModel {
    let id: AccountID
    let name: String
    let selected: Bool
}
