/// Which of a date's first two numbers is the month when the text does not make it plain
/// (`3/4/26`): in a bank's QIF file and in a quick-add line alike. Written `MDY` or `DMY` in the
/// API, the command line and the forms.
public enum DateOrder: String, Sendable, CaseIterable {
    /// Month, then day: `3/14` is 14 March (the US habit, and Quicken's default).
    case monthFirst = "MDY"
    /// Day, then month: `14/3` is 14 March.
    case dayFirst = "DMY"
}
