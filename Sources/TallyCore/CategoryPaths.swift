import Tagged

extension Category {
    /// Each category's names from the top, by id: ["Food"] or ["Food", "Coffee"], which imports,
    /// rules and reviews join into "Food:Coffee". One dictionary lookup per category.
    public static func namePaths(_ all: [Category]) -> [CategoryID: [String]] {
        let names = Dictionary(all.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return Dictionary(
            all.map { c in (c.id, (c.parentID.flatMap { names[$0] }.map { [$0] } ?? []) + [c.name]) },
            uniquingKeysWith: { first, _ in first }
        )
    }
}
