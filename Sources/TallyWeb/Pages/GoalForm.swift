import TallyCore
import TallyStore

/// The goal add/edit form and the goal card: fields from a form post or a goal, and the
/// values the `goal_fields` and `goal_card` partials render.
enum GoalForm {
    /// The fields of a posted form. `plan` chooses between a percentage of income and a target
    /// date; the other one is cleared.
    static func input(_ form: GoalPostForm) throws(FieldError) -> GoalInput {
        let byDate = Self.byDate(form)
        if byDate && (form.targetDate ?? "").trimmingSpaces().isEmpty {
            throw FieldError("target_date", "choose the date to reach the goal by")
        }
        return GoalInput(
            name: form.name,
            price: form.price,
            saved: form.saved,
            income: form.income,
            cycle: form.cycle,
            percent: byDate ? "" : form.percent ?? "",
            targetDate: byDate ? form.targetDate : "",
            account: form.account
        )
    }

    /// The fields as typed, to show the form again after an error (the plan check above runs
    /// before `input` exists).
    static func echo(_ form: GoalPostForm) -> GoalInput {
        GoalInput(
            name: form.name,
            price: form.price,
            saved: form.saved,
            income: form.income,
            cycle: form.cycle,
            percent: form.percent,
            targetDate: byDate(form) ? form.targetDate ?? "" : nil,
            account: form.account
        )
    }

    /// Whether the form chose the target-date plan (or, without the choice, gave only a date).
    static func byDate(_ form: GoalPostForm) -> Bool {
        form.plan == "date" || (form.plan == nil && !(form.targetDate ?? "").trimmingSpaces().isEmpty)
    }

    /// The fields of a stored goal, to fill the edit form.
    static func input(_ goal: Goal) -> GoalInput {
        GoalInput(
            name: goal.name,
            price: goal.price.decimalString,
            saved: goal.saved.decimalString,
            income: goal.income?.decimalString ?? "",
            cycle: goal.cycle.rawValue,
            percent: goal.percent.map(String.init),
            targetDate: goal.targetDate?.description,
            account: goal.accountID.map(String.init) ?? ""
        )
    }

    /// The values of the form's fields. The slider's label is worked out here too, so the page
    /// reads right before (or without) the script.
    static func values(
        _ input: GoalInput,
        currency: Currency,
        accounts: [AccountBalance],
        today: LocalDate
    ) -> GoalFields {
        let cycle = BudgetCycle(rawValue: input.cycle ?? "") ?? .monthly
        let byDate = input.targetDate.map { !$0.isEmpty } ?? false
        let percent = Int(input.percent ?? "").map { min(100, max(1, $0)) } ?? 10
        return GoalFields(
            name: input.name ?? "",
            price: input.price ?? "",
            saved: input.saved ?? "",
            income: input.income ?? "",
            cycles: BudgetCycle.allCases.map {
                ValueOption(value: $0.rawValue, label: $0.title, selected: $0 == cycle)
            },
            byDate: byDate,
            byPercent: !byDate,
            percent: String(percent),
            targetDate: input.targetDate ?? "",
            percentLabel: "\(percent)% of income",
            goalToday: today.description,
            minorDigits: String(currency.minorDigits),
            symbol: currency.symbol,
            currencyCode: currency.code,
            shownDigits: String(Formats.cldrDigits(currency)),
            accountOptions: PlanText.accountOptions(accounts, selected: Set([input.account ?? ""]))
        )
    }

    /// What a goal card shows.
    static func card(_ standing: GoalStanding, book: BookID) -> GoalCard {
        let goal = standing.goal
        let plan = standing.plan
        let (status, statusClass) =
            switch plan.status {
            case .reached: ("Done ✓", "done")
            case .onTrack: ("On track", "on-track")
            case .behind: ("Behind", "behind")
            }
        let link = "/books/\(book)/goals/\(goal.id)"
        var planText = ""
        if plan.status != .reached, let per = plan.perPeriod, per.minorUnits > 0 {
            let share = plan.percent.map { " (\($0)% of income)" } ?? ""
            planText = "\(per.formatted) \(PlanText.per(goal.cycle))\(share)"
        }
        return GoalCard(
            id: goal.id,
            name: goal.name,
            link: link,
            hasPhoto: goal.photoType != nil,
            photo: "\(link)/photo",
            progress: String(plan.progressBasisPoints),
            progressText: Share.percent(plan.progressBasisPoints),
            saved: goal.saved.formatted,
            price: goal.price.formatted,
            remaining: plan.remaining.formatted,
            perPeriod: planText,
            predicted: plan.predictedDate.map { PlanText.date($0) } ?? "",
            isTargetPlan: goal.targetDate != nil,
            status: status,
            statusClass: statusClass,
            message: plan.status == .reached ? "" : plan.message ?? ""
        )
    }
}
