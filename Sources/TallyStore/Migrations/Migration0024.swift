/// Migration 24: PostgreSQL's word search folds accents, as SQLite's does.
///
/// The search index was `to_tsvector('simple', payee || ' ' || note)`, which keeps "café" and
/// "cafe" apart, where SQLite's full-text index (`unicode61 remove_diacritics 2`) folds them. It
/// becomes the same over `tally_fold(...)`: lower case without accents, through the `unaccent`
/// extension (trusted since PostgreSQL 13, so the database's owner may create it). A server
/// where the extension cannot be created still migrates: `tally_fold` then only lowers the case,
/// and the search works as before, without folding accents (docs/deployment.md says so).
/// SQLite has nothing to change.
///
/// Frozen: the SQL it sent on the day it shipped, per engine. Never edit it; change the schema
/// with a new migration.
enum Migration0024 {
    static let sqlite: [String] = []

    static let postgres: [String] = [
        """
        DO $do$ BEGIN
          CREATE EXTENSION IF NOT EXISTS unaccent;
        EXCEPTION WHEN OTHERS THEN
          RAISE NOTICE 'unaccent is not available (%): word search will not fold accents', SQLERRM;
        END $do$
        """,
        """
        DO $do$ DECLARE s text; BEGIN
          SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
            WHERE e.extname = 'unaccent';
          IF s IS NULL THEN
            EXECUTE 'CREATE OR REPLACE FUNCTION tally_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE '
              || 'AS $f$ SELECT lower($1) $f$';
          ELSE
            EXECUTE format('CREATE OR REPLACE FUNCTION tally_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT '
              || 'PARALLEL SAFE AS $f$ SELECT lower(%I.unaccent(%L::regdictionary, $1)) $f$', s, s || '.unaccent');
          END IF;
        END $do$
        """,
        #"DROP INDEX "transactions_search""#,
        """
        CREATE INDEX "transactions_search" ON "transactions" USING GIN (to_tsvector('simple', tally_fold("payee" || ' ' || "note")))
        """,
    ]
}
