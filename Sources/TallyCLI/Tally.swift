import ArgumentParser

/// The `tally` command's namespace: every subcommand is nested in it. The executable's root
/// command takes its configuration from `configuration(adding:)`, adding `tally serve` (which
/// needs the web module this one does not depend on).
public enum Tally {
    /// The subcommands this module holds, in the order help lists them.
    public static let commands: [any ParsableCommand.Type] = [
        Add.self, List.self, Search.self, Report.self, Import.self, Export.self, Categories.self, Accounts.self,
        BookCommand.self, RateCommand.self, TagCommand.self, BudgetCommand.self, GoalCommand.self, BillCommand.self,
        UserCommand.self, TokenCommand.self, RulesCommand.self, Check.self, Demo.self, StatementCommand.self,
        Backup.self, Restore.self, Login.self, Logout.self, ReceiptCommand.self,
    ]

    /// The root command's configuration, with `served` (the server's commands) listed first.
    public static func configuration(adding served: [any ParsableCommand.Type]) -> CommandConfiguration {
        CommandConfiguration(
            commandName: "tally",
            abstract: "Tally, the self-hosted personal expense tracker.",
            version: "0.1.0",
            subcommands: served + commands
        )
    }
}
