/// Migration 14: the user an email invitation was meant for.
///
/// An invitation by email to an existing user records that user's id when it is made; only they
/// may accept it from their book list, by its id. An email alone proves nothing (Tally sends no
/// mail to check it, so anyone may set any unused address), and an id is easy to guess, so
/// every other invitation is accepted with its link's token only.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0014 {
    static let sqlite: [String] = [
        #"ALTER TABLE "book_invitations" ADD COLUMN "invited_user_id" INTEGER REFERENCES "users" ("id") ON DELETE CASCADE"#
    ]

    static let postgres: [String] = [
        #"ALTER TABLE "book_invitations" ADD COLUMN "invited_user_id" BIGINT REFERENCES "users" ("id") ON DELETE CASCADE"#
    ]
}
