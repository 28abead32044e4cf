import TallyCore

/// `categories.mustache`: the expense and income trees, the add form's parent choices and the
/// last error.
struct CategoriesPage: ViewModel {
    let expense: [CategoryNode]
    let income: [CategoryNode]
    let error: String
    let parents: [IDOption]

    init(_ all: [Category], error: String) {
        expense = CategoryNode.forest(all, kind: .expense)
        income = CategoryNode.forest(all, kind: .income)
        self.error = error
        parents = all.filter { $0.parentID == nil }.map {
            IDOption(id: $0.id, label: "\($0.icon) \($0.name) (\($0.kind.rawValue))")
        }
    }
}

/// One category in `category_item.mustache`, which renders itself again for `children`. Every
/// node has its own `children` (empty for a leaf), so the partial never reads its parent's.
struct CategoryNode: ViewModel {
    /// How deep the tree is drawn. The store allows two levels; this bounds the recursion even if
    /// a row in the database says otherwise (a cycle or a deeper chain).
    static let maxDepth = 4

    let id: CategoryID
    let name: String
    let icon: String
    let color: String
    let children: [CategoryNode]
    let hasChildren: Bool

    /// The top-level categories of `kind`, each with its descendants.
    static func forest(_ all: [Category], kind: CategoryKind) -> [CategoryNode] {
        let byParent = Dictionary(grouping: all.filter { $0.parentID != nil }, by: { $0.parentID! })
        func node(_ category: Category, depth: Int) -> CategoryNode {
            let kids = depth < maxDepth ? (byParent[category.id] ?? []).filter { $0.id != category.id } : []
            let children = kids.map { node($0, depth: depth + 1) }
            return CategoryNode(
                id: category.id,
                name: category.name,
                icon: category.icon,
                color: SafeColor.hex(category.color),
                children: children,
                hasChildren: !children.isEmpty
            )
        }
        return all.filter { $0.kind == kind && $0.parentID == nil }.map { node($0, depth: 1) }
    }
}

/// `category_delete.mustache`: the category and where its records can move.
struct CategoryDeletePage: ViewModel {
    let id: CategoryID
    let name: String
    let icon: String
    let error: String
    let targets: [IDOption]
}
