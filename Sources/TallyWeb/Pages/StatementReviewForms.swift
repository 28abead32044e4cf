import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// Categories' "Parent: Child" names by id.
struct CategoryNames {
    private var names: [CategoryID: String] = [:]

    /// The names of `all`.
    init(_ all: [TallyCore.Category]) {
        names = TallyCore.Category.namePaths(all).mapValues { $0.joined(separator: ": ") }
    }

    /// A category's name with its parent's, or its id when it is gone.
    func path(_ id: CategoryID) -> String { names[id] ?? "Category \(id)" }

    /// The same for a raw id.
    func path(_ raw: Int64) -> String { path(CategoryID(rawValue: raw)) }
}

/// The review's row changes: one entry per row of the page, in the same order in every list.
struct ImportRowsForm: PageForm {
    var page: String?
    var row: [String]?
    var action: [String]?
    var category: [String]?
    var payee: [String]?
    var note: [String]?
    /// Present when "Import" was pressed rather than "Save changes".
    var commit: String?
}
