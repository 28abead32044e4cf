/// Dates counted from today: "2 days ago", "a week ago", and a day of the month alone ("the 15th").
extension QuickAddDates {
    /// The days back that `words[at]` starts to count: a number or a count's word, a unit, "ago".
    func daysAgo(_ words: [QuickAddWord], at index: Int) -> Int? {
        guard index + 2 < words.count, language.ago.contains(words[index + 2].bare),
            let unit = language.agoUnits[words[index + 1].bare]
        else { return nil }
        let word = words[index].bare
        // A few hundred days back at most: a count, not an amount.
        let count = language.counts[word] ?? (word.count <= 3 ? Int(word) : nil)
        guard let count, count >= 0 else { return nil }
        return count * unit
    }

    /// A day of the month written with its ordinal ending ("15th"); a bare number is an amount.
    func ordinalDay(_ word: String) -> Int? {
        guard language.ordinalEndings.contains(where: { word.hasSuffix($0) && word.count > $0.count }) else {
            return nil
        }
        return dayNumber(word)
    }

    /// That day of this month, or of the months before when it is more than a week ahead of today
    /// (as a month's name without a year is read); months too short for it are passed over.
    func dayOfMonth(_ day: Int) -> LocalDate? {
        var (year, month) = (today.year, today.month)
        for _ in 0..<3 {
            if let date = resolve(year: year, month: month, day: day), date <= today.adding(days: 7) { return date }
            (year, month) = month == 1 ? (year - 1, 12) : (year, month - 1)
        }
        return nil
    }
}
