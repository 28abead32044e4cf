import CFuzzerDriver
import TallyCore

/// Stops the run when an invariant does not hold. libFuzzer sees the trap as a crash, prints the
/// message and saves the input that caused it, so a broken property is reported like a crash.
public func require(
    _ condition: Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line
) {
    if !condition { fatalError(message(), file: file, line: line) }
}

/// A fixed "today" so every run gives the same results for the same input.
public let fuzzToday = LocalDate(year: 2026, month: 11, day: 22)!

/// Text shown in a failure message: short, with control characters visible.
public func shown(_ text: some StringProtocol) -> String {
    String(text.prefix(200)).debugDescription
}

/// Whether `error` is a FieldError naming one of `fields`; a thrown error of any other type
/// (or naming another field) would show as a 500 or a wrong message, so the targets reject it.
public func names(_ error: FieldError, oneOf fields: [String]) -> Bool {
    fields.contains(error.field) && !error.message.isEmpty
}

/// Runs libFuzzer with `argv` (its usual options: corpus folders, -max_total_time=…) over
/// `callback`, the target's LLVMFuzzerTestOneInput. Each target's `<module>_main` calls this.
public func runFuzzer(
    _ argc: CInt,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
