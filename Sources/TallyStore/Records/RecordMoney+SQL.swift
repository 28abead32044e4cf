import SQLKit
import TallyCore

extension RecordMoney {
    /// Records (as `t`) under one of `categories`: by their own category, or, split, by a line's.
    static func inCategories(_ categories: [CategoryID]) -> SQLQueryString {
        guard !categories.isEmpty else { return "1 = 0" }
        return """
            (t.category_id IN (\(binds: categories)) OR (t.line_count > 0 AND EXISTS (SELECT 1 FROM transaction_lines cl \
            WHERE cl.transaction_id = t.id AND cl.category_id IN (\(binds: categories)))))
            """
    }

    /// The money of records (as `t`) line by line: one row per record that is not split, one per
    /// line of a record that is. Read `s.category_id`, `s.amount_minor`, `s.base_minor`,
    /// `s.counted` (1 on the row that counts the record under that category) and `s.leads` (1 on
    /// exactly one row per record) after `FROM transactions t` + this.
    ///
    /// The join's `t.line_count > 0` keeps the lines' index from being probed for the records
    /// that have none, which is nearly all of them.
    static let sharesJoin: SQLQueryString = """
         LEFT JOIN transaction_lines l ON t.line_count > 0 AND l.transaction_id = t.id
        """

    /// The columns of one share, after `sharesJoin`, named as the kept totals name them.
    static let shareColumns: SQLQueryString = """
        COALESCE(l.category_id, t.category_id) AS category_id, COALESCE(l.amount_minor, t.amount_minor) AS amount_minor,
        CASE WHEN l.id IS NULL THEN t.base_minor ELSE l.base_minor END AS base_minor,
        CAST(COALESCE(l.counted, 1) AS BIGINT) AS counted,
        CAST(CASE WHEN l.id IS NULL OR l.position = 0 THEN 1 ELSE 0 END AS BIGINT) AS leads
        """

    /// A share's category, after `sharesJoin` (for conditions).
    static let shareCategory: SQLQueryString = "COALESCE(l.category_id, t.category_id)"
}
