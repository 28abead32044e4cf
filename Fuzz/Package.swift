// swift-tools-version: 6.1
// libFuzzer targets for Tally's parsers. A package of its own, so that building with
// `-sanitize=fuzzer` (which gives every target libFuzzer's `main`) never touches the normal build
// of the root package. Build and run them with `scripts/fuzz`; see docs/testing.md.
import PackageDescription

// SwiftPM names a path dependency after its folder, and a clone may sit in any folder: read the
// name from this package's own location rather than writing "main" or "tally" here.
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map { String($0).lowercased() } ?? "tally"

/// One executable per fuzz target, all sharing FuzzSupport.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: root) },
        path: "Sources/\(name)"
    )
}

let package = Package(
    name: "TallyFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        // Checks that stop the run with a message (libFuzzer then saves the input as a crash).
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver", .product(name: "TallyCore", package: root)]),
        // The declaration of libFuzzer's LLVMFuzzerRunDriver, which each target's main calls.
        .target(name: "CFuzzerDriver"),
        fuzzTarget("fuzz-money", ["TallyCore"]),
        fuzzTarget("fuzz-csv", ["TallyCore", "TallyFiles"]),
        fuzzTarget("fuzz-dates", ["TallyCore"]),
        fuzzTarget("fuzz-report-query", ["TallyCore"]),
        fuzzTarget("fuzz-icalendar", ["TallyCore", "TallyFiles"]),
        fuzzTarget("fuzz-plan-input", ["TallyCore"]),
        fuzzTarget("fuzz-ofx", ["TallyCore", "TallyFiles"]),
        fuzzTarget("fuzz-qif", ["TallyCore", "TallyFiles"]),
        fuzzTarget("fuzz-camt", ["TallyCore", "TallyFiles"]),
        fuzzTarget("fuzz-bank-csv", ["TallyCore", "TallyFiles"]),
        fuzzTarget("fuzz-quick-add", ["TallyCore"]),
        fuzzTarget("fuzz-receipt-text", ["TallyCore"]),
    ],
    swiftLanguageModes: [.v6]
)
