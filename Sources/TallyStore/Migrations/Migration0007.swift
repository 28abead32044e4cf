/// Migration 7: a book's catalogue version. `books.catalog_version` goes up with every change to
/// the book's categories or accounts, by triggers, so no code path (a service, an import, a
/// repair, a later migration) can change them without it. Each request reads the version with
/// its access check, and a server keeps a book's catalogue in memory only for the version it was
/// read at (`CatalogCache`): several processes stay correct, and names are not read again on
/// every request.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0007 {
    static let sqlite: [String] = [
        #"ALTER TABLE "books" ADD COLUMN "catalog_version" BIGINT NOT NULL DEFAULT 0"#,
        """
        CREATE TRIGGER "categories_catalog_insert" AFTER INSERT ON "categories" \
        BEGIN UPDATE "books" SET "catalog_version" = "catalog_version" + 1 WHERE "id" = NEW."book_id"; END
        """,
        """
        CREATE TRIGGER "categories_catalog_update" AFTER UPDATE ON "categories" \
        BEGIN UPDATE "books" SET "catalog_version" = "catalog_version" + 1 WHERE "id" = NEW."book_id"; END
        """,
        """
        CREATE TRIGGER "categories_catalog_delete" AFTER DELETE ON "categories" \
        BEGIN UPDATE "books" SET "catalog_version" = "catalog_version" + 1 WHERE "id" = OLD."book_id"; END
        """,
        """
        CREATE TRIGGER "accounts_catalog_insert" AFTER INSERT ON "accounts" \
        BEGIN UPDATE "books" SET "catalog_version" = "catalog_version" + 1 WHERE "id" = NEW."book_id"; END
        """,
        """
        CREATE TRIGGER "accounts_catalog_update" AFTER UPDATE ON "accounts" \
        BEGIN UPDATE "books" SET "catalog_version" = "catalog_version" + 1 WHERE "id" = NEW."book_id"; END
        """,
        """
        CREATE TRIGGER "accounts_catalog_delete" AFTER DELETE ON "accounts" \
        BEGIN UPDATE "books" SET "catalog_version" = "catalog_version" + 1 WHERE "id" = OLD."book_id"; END
        """,
    ]

    static let postgres: [String] = [
        #"ALTER TABLE "books" ADD COLUMN "catalog_version" BIGINT NOT NULL DEFAULT 0"#,
        """
        CREATE OR REPLACE FUNCTION "tally_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN
            UPDATE "books" SET "catalog_version" = "catalog_version" + 1 WHERE "id" = OLD."book_id";
          ELSE
            UPDATE "books" SET "catalog_version" = "catalog_version" + 1 WHERE "id" = NEW."book_id";
          END IF;
          RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER "categories_catalog" AFTER INSERT OR UPDATE OR DELETE ON "categories" \
        FOR EACH ROW EXECUTE FUNCTION "tally_catalog_changed"()
        """,
        """
        CREATE TRIGGER "accounts_catalog" AFTER INSERT OR UPDATE OR DELETE ON "accounts" \
        FOR EACH ROW EXECUTE FUNCTION "tally_catalog_changed"()
        """,
    ]
}
