/// `signup.mustache`: create an account (when sign-up is open).
struct SignupPage: ViewModel {
    let open: Bool
    let email: String
    let currencies: [CurrencyOption]
    let error: String
    /// A pending invitation's token, posted back with the form ("" for none).
    var invite = ""
    /// The book that invitation opens.
    var invitedTo = ""
}

/// A currency of the sign-up form's `<select>`.
struct CurrencyOption: ViewModel {
    let code: String
    let selected: Bool
}

/// `login.mustache`: the sign-in form, with where to go after it.
struct LoginPage: ViewModel {
    var error = ""
    var email = ""
    /// A local path (checked by `AuthPages.safeNext`).
    let next: String
}

/// `settings.mustache`: time zone, the daily reminder and the calendar feed.
struct SettingsPage: ViewModel {
    let timeZone: String
    let zones: [String]
    let dailyReminder: Bool
    let reminderTime: String
    /// The feed's link, only right after it was made ("" otherwise: only its hash is kept).
    let feedURL: String
    let webcalURL: String
    let feedExists: Bool
    let feedCreated: String
    let error: String
    let notice: String
    let backLink: String
    /// The profile and account cards (`ProfilePages`).
    let profile: ProfileSection
}

/// The profile cards of the settings page: name, email, password, two-step sign-in, deleting the
/// account. Messages and one-time values (a new secret, recovery codes) come from the post that
/// rendered the page.
struct ProfileSection: ViewModel {
    let name: String
    let email: String
    /// The photo's URL, "" when there is none.
    let photo: String
    let twoStep: Bool
    let codesLeft: Int
    var error = ""
    var notice = ""
    /// A second factor being set up: the secret to type and its `otpauth://` URI.
    var setupSecret = ""
    var setupURI = ""
    /// Recovery codes just made, shown once.
    var recoveryCodes: [String] = []
    var hasRecoveryCodes = false
}
