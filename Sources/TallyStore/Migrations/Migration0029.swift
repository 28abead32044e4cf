/// Migration 29: a person's locale and first day of the week, in `user_settings`.
///
/// `locale` is a BCP 47 tag (`de-DE`, `ar-EG-u-nu-latn`): the language Tally writes to them in
/// and the region whose formats it uses; NULL follows the browser's `Accept-Language`.
/// `first_weekday` is an ISO weekday (1 = Monday … 7 = Sunday); NULL takes the region's. Both are
/// read with the time zone, in the one read that lets a request into a book.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema with
/// a new migration.
enum Migration0029 {
    static let sqlite: [String] = [
        #"ALTER TABLE "user_settings" ADD COLUMN "locale" TEXT"#,
        #"ALTER TABLE "user_settings" ADD COLUMN "first_weekday" INTEGER"#,
    ]

    static let postgres: [String] = [
        #"ALTER TABLE "user_settings" ADD COLUMN "locale" TEXT"#,
        #"ALTER TABLE "user_settings" ADD COLUMN "first_weekday" INTEGER"#,
    ]
}
