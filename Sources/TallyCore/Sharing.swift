import Foundation

/// A member of a book, as the member list shows them.
public struct Member: Sendable, Hashable {
    /// The member's user id.
    public var userID: UserID
    /// Their sign-in email.
    public var email: String
    /// Their display name ("" when they set none).
    public var name: String
    /// What they may do in the book.
    public var role: Role
    /// Changes with each new profile photo; nil when they have none.
    public var photoVersion: String?

    /// Makes a member value.
    public init(userID: UserID, email: String, name: String, role: Role, photoVersion: String? = nil) {
        self.userID = userID
        self.email = email
        self.name = name
        self.role = role
        self.photoVersion = photoVersion
    }
}

/// An invitation to join a book: a one-time link, optionally meant for one email.
public struct Invitation: Sendable, Hashable {
    /// Where an invitation is in its life.
    public enum Status: String, Sendable {
        /// Can still be accepted.
        case pending
        /// Someone joined with it.
        case accepted
        /// Its owner withdrew it.
        case revoked
        /// Its time ran out.
        case expired
    }

    /// Row id.
    public var id: InvitationID
    /// The book it opens.
    public var bookID: BookID
    /// The book's name.
    public var bookName: String
    /// The role it grants.
    public var role: Role
    /// The one email that may accept it, or nil for anyone holding the link.
    public var email: String?
    /// Who made it (their email), when still known.
    public var invitedBy: String?
    /// When it stops working (ISO 8601).
    public var expiresAt: String
    /// Where it is in its life.
    public var status: Status

    /// Makes an invitation value.
    public init(
        id: InvitationID,
        bookID: BookID,
        bookName: String,
        role: Role,
        email: String?,
        invitedBy: String?,
        expiresAt: String,
        status: Status
    ) {
        self.id = id
        self.bookID = bookID
        self.bookName = bookName
        self.role = role
        self.email = email
        self.invitedBy = invitedBy
        self.expiresAt = expiresAt
        self.status = status
    }
}

/// A new invitation with its token, which is shown once: only its hash is kept.
public struct NewInvitation: Sendable {
    /// The stored invitation.
    public var invitation: Invitation
    /// The secret of the link (`inv_…`).
    public var token: String

    /// Makes the value.
    public init(invitation: Invitation, token: String) {
        self.invitation = invitation
        self.token = token
    }
}
