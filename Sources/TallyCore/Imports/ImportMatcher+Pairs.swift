extension ImportMatcher {
    /// Pairs the two sides of a transfer that one file holds: a file of two of the book's accounts
    /// (checking and savings in one OFX) shows money leaving one and the same amount reaching the
    /// other within `windowDays`. Each pair is proposed as one transfer; either row's action
    /// undoes the pairing for both. Only rows still `new` are paired (what is already imported, a
    /// possible duplicate or a transfer with a record in the book keeps what the review found),
    /// each row at most once, the nearest days first.
    static func pairWithinFile(_ rows: inout [ImportRow], accounts: [AccountID?]) {
        guard let first = rows.first?.account, rows.contains(where: { $0.account != first }) else { return }
        var incoming: [AmountKey: [Int]] = [:]
        for i in rows.indices where rows[i].status == .new && rows[i].amount.minorUnits > 0 && rows[i].lines.isEmpty {
            incoming[AmountKey(rows[i].amount.minorUnits.magnitude, rows[i].amount.currency), default: []].append(i)
        }
        var paired: Set<Int> = []
        for i in rows.indices where rows[i].status == .new && rows[i].amount.minorUnits < 0 && rows[i].lines.isEmpty {
            let out = rows[i]
            let near = incoming[AmountKey(out.amount.minorUnits.magnitude, out.amount.currency), default: []].filter {
                let other = rows[$0]
                return !paired.contains($0) && other.account != out.account
                    && (accounts[other.account] == nil || accounts[other.account] != accounts[out.account])
                    && abs(other.date.dayNumber - out.date.dayNumber) <= windowDays
            }
            guard
                let j = near.min(by: {
                    abs(rows[$0].date.dayNumber - out.date.dayNumber)
                        < abs(rows[$1].date.dayNumber - out.date.dayNumber)
                })
            else { continue }
            paired.insert(j)
            let apart = days(rows[j].date, out.date)
            rows[i].status = .transfer
            rows[i].action = .transfer
            rows[i].pairRow = rows[j].row
            rows[i].reason =
                "transfer to row \(rows[j].row) of this file (another account): the same amount in, \(apart)"
            rows[j].status = .transfer
            rows[j].action = .transfer
            rows[j].pairRow = out.row
            rows[j].reason =
                "transfer from row \(out.row) of this file (another account): the same amount out, \(apart)"
        }
    }
}
