import ArgumentParser
import Foundation
import TallyCLI
import TallyCore

/// `tally`: the commands of TallyCLI, which work on the data directly, plus `tally serve` (and
/// the hidden `tally routes`), the only ones that need the web module.
@main
struct TallyCommand: AsyncParsableCommand {
    static let configuration = Tally.configuration(adding: [Tally.Serve.self, Tally.Routes.self])

    /// Runs the command with the formats its environment asks for (`TALLY_LOCALE`, else `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`): the argument parser's own `main`, inside them.
    static func main() async {
        let formats: Formats
        do {
            formats =
                try LocaleResolution.fromEnvironment(ProcessInfo.processInfo.environment).map { Formats($0) }
                ?? .english
        } catch {
            exit(withError: ValidationError(error.description))
        }
        await Formats.$current.withValue(formats) {
            do {
                var command = try parseAsRoot()
                if var command = command as? any AsyncParsableCommand {
                    try await command.run()
                } else {
                    try command.run()
                }
            } catch {
                exit(withError: error)
            }
        }
    }
}
