import ArgumentParser
import TallyCLI

/// `tally`: the commands of TallyCLI, which work on the data directly, plus `tally serve` (and
/// the hidden `tally routes`), the only ones that need the web module.
@main
struct TallyCommand: AsyncParsableCommand {
    static let configuration = Tally.configuration(adding: [Tally.Serve.self, Tally.Routes.self])
}
