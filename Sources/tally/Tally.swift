import ArgumentParser

/// The `tally` command: runs the server and works on the local data directly.
@main
struct Tally: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tally",
        abstract: "Tally, the self-hosted personal expense tracker.",
        version: "0.1.0",
        subcommands: [
            Serve.self, Add.self, List.self, Search.self, Report.self, Import.self, Export.self, Categories.self,
            Accounts.self,
            BookCommand.self, RateCommand.self, BudgetCommand.self, GoalCommand.self, BillCommand.self,
            UserCommand.self,
            TokenCommand.self,
            RulesCommand.self, Check.self, Routes.self, Demo.self, StatementCommand.self,
        ]
    )
}
