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
}
