import ArgumentParser
import Tagged

// Ids on the command line are typed like everywhere else: `tally bill pay 3` reads a `BillID`.
extension Tagged: @retroactive ExpressibleByArgument where RawValue == Int64 {
    /// A positive integer; anything else is refused by the parser with the option's name.
    public init?(argument: String) {
        guard let raw = Int64(argument), raw > 0 else { return nil }
        self.init(rawValue: raw)
    }
}
