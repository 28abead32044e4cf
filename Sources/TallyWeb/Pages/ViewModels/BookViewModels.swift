import TallyCore

/// `books.mustache`: the switcher. The user's books (open ones, then archived), a form to make
/// one, and the invitations sent to their email.
struct BooksPage: ViewModel {
    let active: [BookItem]
    let archivedBooks: [BookItem]
    let invitations: [InvitationItem]
    let currencies: [CurrencyOption]
    /// Books whose categories a new book may copy.
    let sources: [BookItem]
    let name: String
    let error: String
    /// Stored (the templates read stored properties only): set from the lists.
    var hasInvitations = false
    var hasArchived = false
}

/// One book of the switcher.
struct BookItem: ViewModel {
    let id: BookID
    let name: String
    let currency: String
    let role: String
    let current: Bool

    init(_ book: Book, current: BookID? = nil) {
        id = book.id
        name = book.name
        currency = book.currency.code
        role = book.role.rawValue
        self.current = book.id == current
    }
}

/// An invitation as the pages list it.
struct InvitationItem: ViewModel {
    let id: InvitationID
    let bookName: String
    let role: String
    let email: String
    let invitedBy: String
    let expires: String
    let status: String
    let pending: Bool

    init(_ invitation: Invitation) {
        id = invitation.id
        bookName = invitation.bookName
        role = invitation.role.rawValue
        email = invitation.email ?? ""
        invitedBy = invitation.invitedBy ?? ""
        expires = String(invitation.expiresAt.prefix(10))
        status = invitation.status.rawValue
        pending = invitation.status == .pending
    }
}

/// `book_settings.mustache`: the book's name and state, its members and invitations.
struct BookSettingsPage: ViewModel {
    let bookName: String
    let members: [MemberItem]
    let invitations: [InvitationItem]
    /// A link just made: shown this once.
    let newLink: String
    let error: String
    let notice: String
    var hasInvitations = false
}

/// A member row; `roles` feeds the owner's role `<select>`.
struct MemberItem: ViewModel {
    let userID: UserID
    let email: String
    let displayName: String
    let role: String
    let isMe: Bool
    let roles: [RoleOption]
    /// The member's photo URL, "" when none.
    let photo: String

    init(_ member: Member, me: UserID, book: BookID) {
        photo = member.photoVersion.map { "/api/v1/books/\(book)/members/\(member.userID)/photo?v=\($0)" } ?? ""
        userID = member.userID
        email = member.email
        displayName = member.name
        role = member.role.rawValue
        isMe = member.userID == me
        roles = Role.allCases.map { RoleOption(value: $0.rawValue, selected: $0 == member.role) }
    }
}

/// A choice of role.
struct RoleOption: ViewModel {
    let value: String
    let selected: Bool
}

/// `invitation.mustache`: what a link opens, and how to accept it.
struct InvitationPage: ViewModel {
    let token: String
    let bookName: String
    let role: String
    let invitedBy: String
    let expires: String
    let usable: Bool
    let problem: String
    let signedIn: Bool
}
