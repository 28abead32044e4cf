/// Reads the date or time that starts at one word of a quick-add line, and says how many words
/// it took. Each reader answers nil when the words there are not one.
struct QuickAddDates {
    let language: QuickAddLanguage
    let order: QuickAddDateOrder
    let today: LocalDate

    /// A date starting at `words[at]`: numeric (`2026-03-14`, `3/14`, `14.3.`), a word (`today`,
    /// `friday`, `last friday`) or a day and a month's name (`14 mar`, `march 14th 2025`).
    func date(_ words: [QuickAddWord], at index: Int) -> (date: LocalDate, count: Int)? {
        if let date = numeric(words[index].folded) { return (date, 1) }
        // Past the numeric forms, whose dots are their own, a full stop or comma after a word goes.
        let word = words[index].bare
        let next = index + 1 < words.count ? words[index + 1].bare : nil
        if let next, let date = named(word + " " + next) { return (date, 2) }
        if let date = named(word) { return (date, 1) }
        if let weekday = language.weekday(word) { return (last(weekday, strictly: false), 1) }
        if language.last.contains(word), let next, let weekday = language.weekday(next) {
            return (last(weekday, strictly: true), 2)
        }
        if let back = daysAgo(words, at: index) { return (today.adding(days: -back), 3) }
        // "14 mar", "14th march 2025"
        if let day = dayNumber(word), let next, let month = language.month(next) {
            let year = index + 2 < words.count ? fullYear(words[index + 2].bare) : nil
            guard let date = resolve(year: year, month: month, day: day) else { return nil }
            return (date, year == nil ? 2 : 3)
        }
        // "mar 14", "march 14th, 2025"
        if let month = language.month(word), let next, let day = dayNumber(next) {
            let year = index + 2 < words.count ? fullYear(words[index + 2].bare) : nil
            guard let date = resolve(year: year, month: month, day: day) else { return nil }
            return (date, year == nil ? 2 : 3)
        }
        // "the 15th": a day of this month, or of the last when that is more than a week ahead.
        if let day = ordinalDay(word) { return dayOfMonth(day).map { ($0, 1) } }
        return nil
    }

    /// The day a word or a two-word phrase names: today, yesterday ("last night") or tomorrow.
    private func named(_ phrase: String) -> LocalDate? {
        if language.today.contains(phrase) { return today }
        if language.yesterday.contains(phrase) { return today.adding(days: -1) }
        if language.tomorrow.contains(phrase) { return today.adding(days: 1) }
        return nil
    }

    /// A time starting at `words[at]`: `8:30`, `20:30`, `8:30pm`, `8pm`, `8 pm`, `8:30 am`.
    func time(_ words: [QuickAddWord], at index: Int) -> (time: TimeOfDay, count: Int)? {
        // "8pm," at the end of a clause; the dots of "a.m." are the word's own.
        var word = String(words[index].folded.trimmingSuffix { ",;!?".contains($0) })
        var meridiem: Bool?  // true: pm
        for (isPM, endings) in [(false, language.meridiem.am), (true, language.meridiem.pm)] {
            for ending in endings where word.hasSuffix(ending) && word.count > ending.count {
                word = String(word.dropLast(ending.count))
                meridiem = isPM
            }
        }
        var count = 1
        if meridiem == nil, index + 1 < words.count {
            let next = words[index + 1].folded
            if language.meridiem.am.contains(next) { meridiem = false }
            if language.meridiem.pm.contains(next) { meridiem = true }
            if meridiem != nil { count = 2 }
        }
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 1 && meridiem != nil),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIINumber) }),
            var hour = Int(parts[0])
        else { return nil }
        guard parts.count == 1 || parts[1].count == 2 else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) ?? 60 : 0
        if let isPM = meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (isPM ? 12 : 0)
        }
        guard let time = TimeOfDay(LocalDate.pad(hour, 2) + ":" + LocalDate.pad(minute, 2)) else { return nil }
        return (time, count)
    }

    /// `2026-03-14`; `14.3.`, `14.03.2026`, `14.3.26` (day first); `3/14`, `3/14/2026` in `order`,
    /// or in the other order when only that one is a date (`14/3` read month first).
    private func numeric(_ word: String) -> LocalDate? {
        if word.count == 10, let date = LocalDate(word), LocalDate.supported.contains(date) { return date }
        if word.contains(".") {
            var parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            // "14.3" without its last dot is an amount, not a date.
            guard parts.count == 3, let last = parts.last else { return nil }
            if last.isEmpty { parts.removeLast() }
            return numbers(parts, dayFirst: true)
        }
        if word.contains("/") {
            let parts = word.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let dayFirst = order == .dayFirst
            return numbers(parts, dayFirst: dayFirst) ?? numbers(parts, dayFirst: !dayFirst)
        }
        return nil
    }

    /// Day, month and maybe a year from 2 or 3 all-digit parts.
    private func numbers(_ parts: [String], dayFirst: Bool) -> LocalDate? {
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIINumber) }),
            parts[0].count <= 2, parts[1].count <= 2
        else { return nil }
        guard let first = Int(parts[0]), let second = Int(parts[1]) else { return nil }
        let year = parts.count == 3 ? fullYear(parts[2]) : nil
        if parts.count == 3, year == nil { return nil }
        return dayFirst
            ? resolve(year: year, month: second, day: first) : resolve(year: year, month: first, day: second)
    }

    /// A year written with 4 digits, or 2 (this century).
    private func fullYear(_ word: String) -> Int? {
        guard word.allSatisfy(\.isASCIINumber), let value = Int(word) else { return nil }
        switch word.count {
        case 2: return 2000 + value
        case 4: return value
        default: return nil
        }
    }

    /// A day of the month, with or without its ordinal ending or a comma ("14", "14th", "14,").
    func dayNumber(_ word: String) -> Int? {
        var text = Substring(word)
        if text.hasSuffix(",") { text = text.dropLast() }
        for ending in language.ordinalEndings where text.hasSuffix(ending) {
            text = text.dropLast(ending.count)
            break
        }
        guard (1...2).contains(text.count), text.allSatisfy(\.isASCIINumber), let day = Int(text),
            (1...31).contains(day)
        else { return nil }
        return day
    }

    /// The date of `month` and `day` in `year`; without a year, the last one that is not more
    /// than a week after today (so "dec 31" typed on 1 January is the day before).
    func resolve(year: Int?, month: Int, day: Int) -> LocalDate? {
        if let year {
            guard let date = LocalDate(year: year, month: month, day: day), LocalDate.supported.contains(date) else {
                return nil
            }
            return date
        }
        let latest = today.adding(days: 7)
        // A 29 February goes back to the last leap year.
        for year in stride(from: latest.year, through: latest.year - 8, by: -1) {
            if let date = LocalDate(year: year, month: month, day: day), date <= latest { return date }
        }
        return nil
    }

    /// The last `weekday` on or before today (strictly before with "last").
    private func last(_ weekday: Int, strictly: Bool) -> LocalDate {
        var back = (today.isoWeekday - weekday + 7) % 7
        if strictly && back == 0 { back = 7 }
        return today.adding(days: -back)
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0-9.
    var isASCIINumber: Bool { isASCII && isNumber }
}
