/*
 * test_engine.c — unit tests of the proposal engine (included by
 * test_core.c): feature extraction, lenses, the selector (dedupe by item,
 * dismissals, stale deferred items, P0 rule), deferred items closed by a
 * later release under the same id, and test-code detection for probes.
 */
#if defined(__has_include) && __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND 0
#endif
#include "../../src/core/feature.h"
#include "../../src/core/lens.h"
#include "../../src/core/propose.h"
#include "../../src/core/listed.h"
#include "../../src/core/docslist.h"
#include "../../src/core/propose_int.h"

static const ReKindDef engine_kinds[] = {
	{"function", NULL, "function", false, false},
	{"guc", NULL, "guc", false, false},
	{"catalog", "schema change|add [^.]{0,60}column", NULL, false, false},
	{"wait", "waits? for|\\bdrain\\b", NULL, false, false},
	{"docs", "\\btutorial\\b", NULL, true, false},
};

/* A title drops a word that repeats the one right before it, outside code spans only. */
static void
test_cap_title_repeats(void)
{
	ReArena    *a = re_arena_new();

	CHECK_STR(re_cap_title(a, "Property test: A1-3 MERGE rewrite rewrite matches the result"),
			  "Property test: A1-3 MERGE rewrite matches the result");
	CHECK_STR(re_cap_title(a, "Keep rewrite, rewrite later"), "Keep rewrite, rewrite later");
	CHECK_STR(re_cap_title(a, "Check `x_x x_x` and `ab ab`"), "Check `x_x x_x` and `ab ab`");
	CHECK_STR(re_cap_title(a, "Bound the the cache"), "Bound the cache");
	CHECK_STR(re_cap_title(a, "Go go"), "Go go");
	CHECK_STR(re_cap_title(a, "A2-ENR ENR-based tables"), "A2-ENR ENR-based tables");
	re_arena_free(a);
}

static void
test_feature_extract(void)
{
	ReArena    *a = re_arena_new();
	ReFeature	f;
	char		err[256];
	char	   *norm;
	const ReIdent *id;

	CHECK_STR(re_bold_lead(a, "**Materialized view sources in IMMEDIATE mode (EC-09).** Stream tables that use a view."),
			  "Materialized view sources in IMMEDIATE mode");
	CHECK_STR(re_bold_lead(a, "Failure mode: WAL recycled \xE2\x80\x94 fall back"), "Failure mode: WAL recycled");

	CHECK(re_classify_ident(a, "pgtrickle.drain(timeout_s INT DEFAULT 60)", "Add ", " that", &norm) == IK_FUNCTION);
	CHECK_STR(norm, "pgtrickle.drain()");
	CHECK(re_classify_ident(a, "units().find()", "", "", &norm) != IK_FUNCTION);
	CHECK(re_classify_ident(a, "unwrap()", "Harden ", "", &norm) != IK_FUNCTION);
	CHECK(re_classify_ident(a, "pg_trickle.log_format = text|json", "Add a ", " GUC", &norm) == IK_GUC_ENUM);
	CHECK_STR(norm, "pg_trickle.log_format");
	CHECK(re_classify_ident(a, "storage_backend", "add ", " column to", &norm) == IK_COLUMN);
	CHECK(re_classify_ident(a, "pgtrickle.pgt_stream_tables", "column to ", " and route", &norm) == IK_TABLE);
	CHECK(re_classify_ident(a, "src/shmem.rs:680-710", "", " wires", &norm) == IK_PATH);
	CHECK_STR(norm, "src/shmem.rs");
	CHECK(re_classify_ident(a, "--dry-run", "", "", &norm) == IK_FLAG);
	CHECK(re_classify_ident(a, "CREATE STREAM TABLE x AS SELECT …", "", " SQL syntax", &norm) == IK_SYNTAX);
	CHECK_STR(norm, "CREATE STREAM TABLE");
	CHECK(re_classify_ident(a, "RowIdSchema", "", "", &norm) == IK_TYPE);
	CHECK(re_classify_ident(a, "ENFORCE_BACKPRESSURE", "", "", &norm) == IK_CONST);
	/* a dotted name nothing calls a setting is not claimed as one */
	CHECK(re_classify_ident(a, "foo.bar", "see ", " here", &norm) == IK_NAME);

	CHECK(re_feature_extract(a, "A35", "Drain mode: graceful scheduler quiesce before maintenance",
							 "Add `pgtrickle.drain(timeout_s INT DEFAULT 60)` that waits for all in-flight refreshes "
							 "and confirms via `pgtrickle.is_drained() BOOLEAN`. Unlike `pg_sleep()` it returns.",
							 "P1", engine_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK_STR(f.short_name, "drain mode");
	id = re_feature_primary(&f);
	CHECK_STR(id ? id->text : NULL, "pgtrickle.drain()");
	CHECK(RE_KIND_HAS(&f, 0));	/* function */
	CHECK(RE_KIND_HAS(&f, 3));	/* wait */
	CHECK(!RE_KIND_HAS(&f, 1));	/* no setting */
	/* a function the text only mentions is not the feature's */
	CHECK(re_feature_extract(a, "SEC-1", "Add ownership checks", "Any role with EXECUTE on `pgtrickle.drop_it()` can drop.",
							 "P0", engine_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(!RE_KIND_HAS(&f, 0));
	CHECK(re_feature_ident(&f, IK_FUNCTION) == NULL);
	/* an exclusive kind stated by the title is all the feature is */
	CHECK(re_feature_extract(a, "UX-5", "Temporal tutorial", "Add a column `x_y` walkthrough.", "P1",
							 engine_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(f.kinds[0] == (1u << 4) && f.kinds[1] == 0);
	/* more than 64 kinds: the 70th is held and checked like the first */
	{
		ReKindDef	many[70];
		int			k;

		for (k = 0; k < 70; k++)
		{
			many[k].kind = "k";
			many[k].pattern = k == 69 ? "\\bquiesce\\b" : "\\bnever-said\\b";
			many[k].ident_kind = NULL;
			many[k].exclusive = false;
		}
		CHECK(re_feature_extract(a, "A35", "Drain mode: graceful scheduler quiesce", "", "P1", many, 70, &f, err,
								 sizeof(err)) == 0);
		CHECK(RE_KIND_HAS(&f, 69));
		CHECK(!RE_KIND_HAS(&f, 5));
		CHECK(f.kinds[0] == 0);
	}
	/* a bad pattern is an error, not a crash */
	{
		ReKindDef	bad = {"bad", "(unclosed", NULL, false, false};

		CHECK(re_feature_extract(a, "X", "t", "d", NULL, &bad, 1, &f, err, sizeof(err)) == -1);
		CHECK(strstr(err, "bad") != NULL);
	}
	re_arena_free(a);
}

/*
 * Notes of every item from one pass over its section: the block a bold lead
 * opens, the rest of a table row's cell, bullets naming the id (a whole
 * token: not CDC-1 inside CDC-10), no checklist entries, no code fences, and
 * two items with one id both get theirs.
 */
static void
test_feature_notes(void)
{
	static const char section[] =
		"## v1.0.0\n\n"
		"| ID | Title |\n|---|---|\n"
		"| CDC-1 | Capture deletes. The trigger also records the old key of every deleted row. |\n"
		"| CDC-10 | Capture updates |\n\n"
		"**A-1** \xE2\x80\x94 Today the worker polls every second and wastes a core.\n"
		"It keeps polling when nothing changed at all.\n\n"
		"```\nA-1 inside a code fence is not a note\n```\n\n"
		"**B-2** \xE2\x80\x94 Block of another item entirely.\n\n"
		"- CDC-1 must not lose a delete during a restart of the server.\n"
		"- [ ] CDC-1 checklist entries are the plan's own check.\n"
		"- CDC-10 bullets belong to the other item only.\n";
	const char *ids[] = {"CDC-1", "CDC-10", "A-1", "A-1", "Z-9"};
	const char *titles[] = {"Capture deletes", "Capture updates", "Worker polling", "Worker polling", "Absent"};
	const char *descs[] = {"Deletes.", "Updates.", "Polling.", NULL, "Absent item."};
	char	   *out[5];
	ReArena    *a = re_arena_new();

	re_feature_notes_all(a, section, 5, ids, titles, descs, out);
	CHECK(strncmp(out[0], "Deletes.", 8) == 0);
	CHECK(strstr(out[0], "records the old key of every deleted row") != NULL);
	CHECK(strstr(out[0], "must not lose a delete") != NULL);
	CHECK(strstr(out[0], "checklist entries") == NULL);
	CHECK(strstr(out[0], "bullets belong to the other item") == NULL);
	CHECK(strstr(out[1], "bullets belong to the other item") != NULL);
	CHECK(strstr(out[1], "must not lose a delete") == NULL);
	CHECK(strstr(out[2], "wastes a core") != NULL && strstr(out[2], "keeps polling when nothing changed") != NULL);
	CHECK(strstr(out[2], "code fence") == NULL && strstr(out[2], "another item entirely") == NULL);
	CHECK(strstr(out[3], "wastes a core") != NULL);
	CHECK(strcmp(out[4], "Absent item.") == 0);
	/* no section: the descriptions as they are */
	re_feature_notes_all(a, NULL, 5, ids, titles, descs, out);
	CHECK(strcmp(out[0], "Deletes.") == 0 && strcmp(out[3], "") == 0);
	re_arena_free(a);
}

/*
 * The kinds' pattern memo: with it on (patterns interpreted or compiled to
 * machine code), every feature gets the kinds and match offsets it gets
 * without it, also for a pattern buffer reused with
 * another pattern at the same address, and a bad pattern is still an error.
 */
static void
test_feature_memo(void)
{
	static const char *const items[][2] = {
		{"Drain mode: graceful scheduler quiesce", "Add `x.drain()` that waits for refreshes."},
		{"Temporal tutorial", "Add a column `x_y` walkthrough."},
		{"Schema change for `x.t`", "Add a new column to the catalog and wait for readers."},
	};
	ReArena    *a = re_arena_new();
	ReFeature	plain[3],
				f;
	ReKindDef	kinds[5];
	char		pattern[64],
				err[256];
	int			i,
				k,
				same = 1;

	memcpy(kinds, engine_kinds, sizeof(kinds));
	strcpy(pattern, "schema change|add [^.]{0,60}column");
	kinds[2].pattern = pattern;
	for (i = 0; i < 3; i++)
		CHECK(re_feature_extract(a, "M-1", items[i][0], items[i][1], "P1", kinds, 5, &plain[i], err, sizeof(err)) == 0);
	for (k = 0; k < 4; k++)
	{
		/*
		 * interpreted, then compiled to machine code (not under valgrind:
		 * PCRE2's machine code reads memory in ways valgrind reports as
		 * uninitialised unless PCRE2 was built for it)
		 */
		if (k % 2 == 0)
			re_feature_memo_begin(k == 2 && !RUNNING_ON_VALGRIND);
		for (i = 0; i < 3; i++)
		{
			CHECK(re_feature_extract(a, "M-1", items[i][0], items[i][1], "P1", kinds, 5, &f, err, sizeof(err)) == 0);
			same &= memcmp(f.kinds, plain[i].kinds, sizeof(f.kinds)) == 0 && memcmp(f.kind_at, plain[i].kind_at, sizeof(f.kind_at)) == 0;
		}
	}
	CHECK(same);
	/* the same address with another pattern: recognised by its bytes */
	strcpy(pattern, "\\bquiesce\\b");
	CHECK(re_feature_extract(a, "M-1", items[0][0], items[0][1], "P1", kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(RE_KIND_HAS(&f, 2));
	CHECK(re_feature_extract(a, "M-1", items[2][0], items[2][1], "P1", kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(!RE_KIND_HAS(&f, 2));
	strcpy(pattern, "(unclosed");
	CHECK(re_feature_extract(a, "M-1", items[0][0], items[0][1], "P1", kinds, 5, &f, err, sizeof(err)) == -1);
	re_feature_memo_end();
	re_feature_memo_end();		/* ending twice is harmless */
	re_arena_free(a);
}

/* The object's kind: a relation is never a function, a setting's value type decides what can be asked of it. */
static void
test_object_kinds(void)
{
	ReArena    *a = re_arena_new();
	char	   *norm;

	/* column definitions in the parentheses, or the text calls it a table: a table, not a function */
	CHECK(re_classify_ident(a, "pgt_schema_version(version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ)", "Add a ",
							" table seeded with the current version", &norm) == IK_TABLE);
	CHECK_STR(norm, "pgt_schema_version");
	CHECK(re_classify_ident(a, "x.history(id BIGINT)", "Add a ", " view over it", &norm) == IK_TABLE);
	CHECK(re_classify_ident(a, "pgt_dependencies(pgt_id)", "Add catalog indexes on `pgt_relid` and ", "", &norm) == IK_TABLE);
	/* a function returning TABLE(...) stays a function */
	CHECK(re_classify_ident(a, "pgtrickle.stream_table_lineage(name TEXT)", "Expose via ",
							" returning `TABLE(output_col, source_col)`", &norm) == IK_FUNCTION);
	CHECK_STR(norm, "pgtrickle.stream_table_lineage()");
	/* a method is not a SQL function */
	CHECK(re_classify_ident(a, ".unwrap()", "Harden guarded ", " calls", &norm) != IK_FUNCTION);
	CHECK(re_classify_ident(a, "ctx.name.as_deref().unwrap()", "", "", &norm) != IK_FUNCTION);

	/* settings by value type: listed values and modes are enums, on/off a switch, sizes numbers, TEXT free-form */
	CHECK(re_classify_ident(a, "x.log_format = text|json", "Add a ", " GUC", &norm) == IK_GUC_ENUM);
	CHECK(re_classify_ident(a, "x.pooler_mode = 'transaction'", "set ", "", &norm) == IK_GUC_ENUM);
	CHECK(re_classify_ident(a, "x.merge_strategy = 'delete_insert'", "set via ", "", &norm) == IK_GUC_ENUM);
	CHECK(re_classify_ident(a, "x.online_evolution = on", "Gate behind ", " GUC (default `off`)", &norm) == IK_GUC_BOOL);
	CHECK(re_classify_ident(a, "x.wal_enabled = true", "(", ")", &norm) == IK_GUC_BOOL);
	CHECK(re_classify_ident(a, "x.database_list TEXT", "adds only the ", " GUC declaration", &norm) == IK_GUC_STRING);
	CHECK(re_classify_ident(a, "x.name_pattern = 'a*'", "set ", "", &norm) == IK_GUC_STRING);
	CHECK(re_classify_ident(a, "x.history_retention_days", "", " GUC + daily cleanup", &norm) == IK_GUC_INT);
	CHECK(re_classify_ident(a, "x.batch = 500", "", "", &norm) == IK_GUC_INT);
	CHECK(re_classify_ident(a, "x.switch", "the ", " setting (default `off`)", &norm) == IK_GUC_BOOL);
	CHECK(re_classify_ident(a, "x.thing", "the ", " setting", &norm) == IK_GUC);
	/* "guc" takes every kind of setting, a specific kind only its own */
	CHECK(re_ident_kind_matches(IK_GUC_ENUM, IK_GUC));
	CHECK(!re_ident_kind_matches(IK_GUC_ENUM, IK_GUC_STRING));
	CHECK(!re_ident_kind_matches(IK_GUC, IK_GUC_STRING));
	CHECK(re_ident_kind_from_name("guc_string") == IK_GUC_STRING);
	/* "`Sink` trait": one capitalised word the text calls a type */
	CHECK(re_classify_ident(a, "Sink", "Define a stable ", " trait + dynamic loading", &norm) == IK_TYPE);
	CHECK(re_classify_ident(a, "Sink", "the ", " of it", &norm) == IK_OTHER);
	CHECK(re_classify_ident(a, "codec", "add ", " column to `kv.tables`", &norm) == IK_COLUMN);
	/* "column" must follow the name closely: "`t` mapping each output column" is no column */
	CHECK(re_classify_ident(a, "pgt_stream_tables", "graph in ", " mapping each ST output column", &norm) == IK_NAME);
	re_arena_free(a);
}

/* Patterns of roadmap.feature_kind (sql/roadmap_enrich--0.1.0--0.2.0.sql) that the tests below rely on. */
static const ReKindDef object_kinds[] = {
	{"function", NULL, "function", false, false},
	{"table", NULL, "table", false, false},
	{"guc_free", NULL, "guc_string", false, false},
	{"wait", "\\bwaits? (for|until)\\b|\\bdrain\\b|quiesce|\\bpoll(s|ing)? (every|for|until)\\b|"
	"\\bretr(y|ies) (every|until|up to)\\b|\\bsleeps? (for|between)\\b", NULL, false, false},
	{"startup_check", "\\bat (worker |server |backend )?start(up)?\\b[^.]{0,80}\\b(exits?|skips?|refuses?|aborts?)\\b|"
	"\\brefuses? to start\\b|\\b(exits?|skips?)\\b[^.]{0,40}\\b(at|on) (worker |server )?start(up)?\\b", NULL, false, false},
};

static void
test_feature_objects(void)
{
	ReArena    *a = re_arena_new();
	ReFeature	f;
	char		err[256];
	const ReIdent *id;
	int			i;

	/* a version table named in the title and defined in the text is a table: no function kind, no function ident */
	CHECK(re_feature_extract(a, "DB-3", "Add `pgtrickle.pgt_schema_version` version tracking table",
							 "Add a `pgt_schema_version(version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ)` table seeded "
							 "with the current version.", "P0", object_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(!RE_KIND_HAS(&f, 0));
	CHECK(RE_KIND_HAS(&f, 1));
	CHECK(re_feature_ident(&f, IK_FUNCTION) == NULL);
	id = re_feature_ident(&f, IK_TABLE);
	CHECK_STR(id ? id->text : NULL, "pgtrickle.pgt_schema_version");
	for (i = 0; i < f.nids; i++)
		CHECK(f.ids[i].kind != IK_FUNCTION);
	/* a name used both as a table and as a "call" is the table */
	CHECK(re_feature_extract(a, "X-1", "Add the `app.versions` table", "Scripts read `app.versions()` first.", "P1",
							 object_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(!RE_KIND_HAS(&f, 0));
	/* a title's short function name stands for the full name the text adds */
	CHECK(re_feature_extract(a, "A25", "Bulk `alter_things()` APIs", "Add `app.bulk_alter_things(names TEXT[])`.", "P2",
							 object_kinds, 5, &f, err, sizeof(err)) == 0);
	id = re_feature_primary(&f);
	CHECK_STR(id ? id->text : NULL, "app.bulk_alter_things()");
	/* PostgreSQL's own pg_* function is used, not added */
	CHECK(re_feature_extract(a, "A17", "Typed DDL payload", "Add an enum populated via `pg_event_trigger_ddl_commands()`.",
							 "P1", object_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(!RE_KIND_HAS(&f, 0));
	/* a free-form setting is guc_free; an enum setting is not */
	CHECK(re_feature_extract(a, "S-2", "Multi-database stub (`x.database_list`)", "Adds only the `x.database_list TEXT` GUC.",
							 "P2", object_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(RE_KIND_HAS(&f, 2));
	CHECK(re_feature_extract(a, "A20", "Logging: `x.log_format = text|json` GUC", NULL, "P1", object_kinds, 5, &f, err,
							 sizeof(err)) == 0);
	CHECK(!RE_KIND_HAS(&f, 2));
	/* a setting a fix only mentions is not the feature's */
	CHECK(re_feature_extract(a, "P-1", "Fix decoder", "In WAL mode (`x.wal_list = 'a'`) old values are NULL.", "P1",
							 object_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(!RE_KIND_HAS(&f, 2));

	/* an unqualified call in an item about SPI queries or source files is internal code, not SQL API */
	CHECK(re_feature_extract(a, "PERF-6", "Batch `has_source_changes()` into single query",
							 "`has_source_changes()` executes N separate SPI queries per tick.", "P2", object_kinds, 5, &f,
							 err, sizeof(err)) == 0);
	CHECK(!RE_KIND_HAS(&f, 0));
	CHECK(re_feature_extract(a, "PERF-3", "Plans in `explain_st()`", "`app.explain_st(name)` in `src/api.rs` returns text.",
							 "P2", object_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(RE_KIND_HAS(&f, 0));

	/* a startup check is not a background wait; a drain is */
	CHECK(re_feature_extract(a, "STAB-2", "Read-replica / hot-standby safety guard",
							 "If the background worker starts on a standby it crash-loops. Fix: detect `pg_is_in_recovery()` "
							 "at worker startup and exit gracefully with a LOG line.", "P1", object_kinds, 5, &f, err,
							 sizeof(err)) == 0);
	CHECK(RE_KIND_HAS(&f, 4));
	CHECK(!RE_KIND_HAS(&f, 3));
	/* the sentence that made it a startup check, without its "Fix:" label */
	CHECK_STR(re_feature_sentence(a, &f, f.kind_at[4], 140),
			  "detect `pg_is_in_recovery()` at worker startup and exit gracefully with a LOG line");
	CHECK(re_feature_extract(a, "A35", "Drain mode", "Add `x.drain(timeout_s INT)` that waits for all in-flight refreshes.",
							 "P1", object_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(RE_KIND_HAS(&f, 3));
	CHECK(!RE_KIND_HAS(&f, 4));
	/* a loop the item only fixes is not a wait it adds */
	CHECK(re_feature_extract(a, "STAB-5", "Harden `unwrap()` in scheduler hot path",
							 "The scheduler dispatch loop uses `units().find().unwrap()` in the background worker.", "P2",
							 object_kinds, 5, &f, err, sizeof(err)) == 0);
	CHECK(!RE_KIND_HAS(&f, 3));
	/* long sentences are cut at a clause boundary, never inside code, never mid-clause ("names…") */
	{
		char	   *q;

		CHECK(re_feature_extract(a, "L-1", "Long", "This sentence names `a_very_long_identifier_name` and goes on and on "
								 "past the cap. Second.", "P1", object_kinds, 5, &f, err, sizeof(err)) == 0);
		q = re_feature_sentence(a, &f, -1, 30);
		CHECK(q == NULL);
		q = re_feature_sentence(a, &f, -1, 60);
		CHECK_STR(q, "This sentence names `a_very_long_identifier_name`\xE2\x80\xA6");
		/* the clause where the kind matched, not the sentence's start; "(default: 30 days)" is no label */
		CHECK(re_feature_extract(a, "L-2", "Long", "Verify that the differential MERGE is compatible with append-only "
								 "semantics via `delete_insert` strategy; add `storage_backend` column to `x.tables` and "
								 "route merge codegen accordingly. Add a GUC (default: 30 days) and a daily cleanup.",
								 "P1", object_kinds, 5, &f, err, sizeof(err)) == 0);
		q = re_feature_sentence(a, &f, (int) (strstr(f.text, "storage_backend") - f.text), 120);
		CHECK_STR(q, "\xE2\x80\xA6" "add `storage_backend` column to `x.tables` and route merge codegen accordingly");
		q = re_feature_sentence(a, &f, (int) (strstr(f.text, "daily") - f.text), 120);
		CHECK_STR(q, "Add a GUC (default: 30 days) and a daily cleanup");
	}
	re_arena_free(a);
}

/* The settings and functions a release introduces that no doc mentions (docs/proposals.md "One docs item per release"). */
static void
test_docs_missing(void)
{
	ReArena    *a = re_arena_new();
	ReFeature	f[4];
	ReDocsName *names;
	char		err[256];
	int			n;

	CHECK(re_feature_extract(a, "P1", "Forecast", "Fit over `m_x.window` minutes; if `cost > last × m_x.ratio` (default 1.5), "
							 "switch. In WAL mode (`m_x.wal = true`), read the log.", "P2", NULL, 0, &f[0], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "P2", "Knobs", "Fold two GUCs into a single `eager_plan` boolean; `m_x.known` stays.", "P1",
							 NULL, 0, &f[1], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "F1", "Inspect", "Add `m.inspect(name TEXT)` and `explain_m(query TEXT)`; replace "
							 "`compute_ms()`; call `pg_sleep()`; speed up `m.reset(name TEXT)`.", "P1", NULL, 0, &f[2], err,
							 sizeof(err)) == 0);
	CHECK(strcmp(re_docs_function_schema(a, f, 3), "m") == 0);
	/* settings: the code span, the formula, the bare boolean; not the one only set, not the documented one */
	n = re_docs_missing(a, f, 3, NULL, IK_GUC, "m_x", "m", "### m_x.known\n`m.reset(name)`", &names);
	CHECK(n == 3);
	CHECK(n == 3 && strcmp(names[0].name, "m_x.window") == 0 && strcmp(names[1].name, "m_x.ratio") == 0 &&
		  strcmp(names[2].name, "m_x.eager_plan") == 0 && names[2].feature == 1);
	/* functions: qualified or with a SQL signature; not the internal routine, PostgreSQL's own, the documented one */
	n = re_docs_missing(a, f, 3, NULL, IK_FUNCTION, "m_x", "m", "### m_x.known\n`m.reset(name)`", &names);
	CHECK(n == 2 && strcmp(names[0].name, "m.inspect()") == 0 && strcmp(names[1].name, "explain_m()") == 0);
	/* no docs tree: nothing is known */
	CHECK(re_docs_missing(a, f, 3, NULL, IK_GUC, "m_x", "m", NULL, &names) == 0);
	re_arena_free(a);
}

/* Lenses gated on the object's kind, and their templates. */
static void
test_lens_kinds(void)
{
	static const ReLensDef lenses[] = {
		{"stab_guc_reject", "stability", "guc_free", "always", "guc_string", "P1", "XS", 3, false,
			"Validate `{ident}` values when they are set", "`{ident}` is free-form text", "`SET {ident} = 'x'` fails", false, NULL, NULL, NULL, NULL, false},
		{"stab_wait_idle", "stability", "wait", "always", "function", "P1", "S", 3, false,
			"`{ident}` returns at once when nothing is in flight", "{id} waits{quote}",
		"it returns within {target:100 ms}", false, NULL, NULL, NULL, NULL, false},
		{"ux_move_docs", "ease_of_use", "function", "in_docs", "function", "P2", "XS", 2, false,
		"Update the docs that cite `{ident}`", "{id} moves it", "grep finds nothing", false, NULL, NULL, NULL, NULL, false},
	};
	ReArena    *a = re_arena_new();
	ReFeature	f[3];
	char		err[256];
	ReLensCtx	ctx;
	ReLensHit  *h;
	int			n,
				i,
				reject = 0,
				idle = 0,
				moved = 0;

	CHECK(re_feature_extract(a, "A20", "Logging: `x.log_format = text|json` GUC", NULL, "P1", object_kinds, 5, &f[0], err,
							 sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "S-2", "Stub (`x.database_list`)", "Adds the `x.database_list TEXT` GUC.", "P2",
							 object_kinds, 5, &f[1], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "A35", "Drain mode", "Add `x.drain(timeout_s INT)` that waits for all in-flight refreshes. "
							 "It answers in < 50 ms.", "P1", object_kinds, 5, &f[2], err, sizeof(err)) == 0);
	memset(&ctx, 0, sizeof(ctx));
	ctx.version = "0.36.0";
	ctx.prev_version = "0.35.0";
	ctx.docs_text = "Call x.drain() before maintenance.";
	ctx.kinds = object_kinds;
	ctx.nkinds = 5;
	n = re_lens_apply(a, &ctx, lenses, 3, f, 3, &h);
	for (i = 0; i < n; i++)
	{
		if (strcmp(h[i].lens->lens_id, "stab_guc_reject") == 0)
		{
			reject++;
			/* only the free-form setting, never the enum one */
			CHECK_STR(h[i].feature->item_id, "S-2");
		}
		if (strcmp(h[i].lens->lens_id, "stab_wait_idle") == 0)
		{
			idle++;
			CHECK_STR(h[i].title, "`x.drain()` returns at once when nothing is in flight");
			/* the why quotes the feature's own sentence; the target is the one it states */
			CHECK(strstr(h[i].description, "A35 waits (\"Add `x.drain(timeout_s INT)` that waits for all in-flight refreshes\")") != NULL);
			CHECK(strstr(h[i].description, "within the stated < 50 ms") != NULL);
		}
		if (strcmp(h[i].lens->lens_id, "ux_move_docs") == 0)
		{
			moved++;
			CHECK(strstr(h[i].description, "The docs tree mentions `x.drain()` 1 time.") != NULL);
		}
	}
	CHECK(reject == 1 && idle == 1);
	/* in_docs looks for the identifier itself: "x.drain()" is cited as "x.drain()" */
	CHECK(moved == 1);
	re_arena_free(a);
}

/*
 * An item written in words (no backticked identifier) gets a kind from its
 * words, and {named:noun:default} cites what the release's own section names.
 */
static void
test_word_kinds(void)
{
	static const ReKindDef kinds[] = {
		{"evaluation", "^.*?\\b(evaluat(e|ion)|deriv(e|ed)|stratif(y|ication)|semi-naive)\\b", NULL, false, false},
		{"rejection", "^.*?\\b(report|reject)s?\\b[^.;]{0,60}\\b(cycl(e|es|ic)|un[a-z]+able|invalid)\\b", NULL, false, false},
	};
	static const ReLensDef lenses[] = {
		{"perf_eval_bench", "performance", "evaluation", "always", NULL, "P1", "M", 3, false,
			"Benchmark {subject} against the {prev} evaluation", "{id} changes the evaluation{quote}",
		"{named:benchmark:a benchmark of the largest workload} runs with {prev} and {id}", false, NULL, NULL, NULL, NULL, false},
		{"test_reject_negative", "test_coverage", "rejection", "always", NULL, "P1", "S", 3, false,
			"Negative tests for each {subject} rejection", "{id} adds rejection paths{quote}",
		"every invalid input of {named:test corpus:the test suite} is rejected", false, NULL, NULL, NULL, NULL, false},
	};
	ReArena    *a = re_arena_new();
	ReFeature	f[2];
	char		err[256];
	ReLensCtx	ctx;
	ReLensHit  *h;
	int			n,
				i,
				seen = 0;

	CHECK(re_feature_extract(a, "X-02", "Semi-naive evaluation of recursive rules", NULL, NULL, kinds, 2, &f[0], err,
							 sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "X-03", "Report unstratifiable rule sets with the cycle that breaks them", NULL, NULL,
							 kinds, 2, &f[1], err, sizeof(err)) == 0);
	CHECK(f[0].kinds[0] == RE_KIND_BIT(0) && f[0].kinds[1] == 0);
	/* a pattern anchored with ^ reads the title only: prose that mentions a derivation in passing is no evaluation */
	{
		ReFeature	g;

		CHECK(re_feature_extract(a, "C-6", "Harden guarded calls in operators",
								 "The value is derived from a guard several lines earlier.", NULL, kinds, 2, &g, err,
								 sizeof(err)) == 0);
		CHECK(g.kinds[0] == 0 && g.kinds[1] == 0);
	}
	/* "unstratifiable" is not "stratify": the report is a rejection only */
	CHECK(f[1].kinds[0] == RE_KIND_BIT(1) && f[1].kinds[1] == 0);
	memset(&ctx, 0, sizeof(ctx));
	ctx.version = "0.88.0";
	ctx.prev_version = "0.87.0";
	ctx.kinds = kinds;
	ctx.nkinds = 2;
	ctx.section_text = "# v0.88.0 — Title\n\n**Exit criteria:**\n\n- every rule set of the Datalog test corpus is stratified;\n"
		"- inference on the LUBM benchmark matches.\n- The benchmark runs nightly.\n";
	n = re_lens_apply(a, &ctx, lenses, 2, f, 2, &h);
	CHECK(n == 2);
	for (i = 0; i < n; i++)
	{
		if (strcmp(h[i].lens->lens_id, "perf_eval_bench") == 0)
		{
			seen++;
			CHECK_STR(h[i].title, "Benchmark X-02 semi-naive evaluation against the 0.87.0 evaluation");
			CHECK(strstr(h[i].description, "Verify: the LUBM benchmark runs with 0.87.0 and X-02.") != NULL);
		}
		else
		{
			seen++;
			CHECK_STR(h[i].title, "Negative tests for each X-03 unstratifiable rule sets rejection");
			CHECK(strstr(h[i].description, "every invalid input of the Datalog test corpus is rejected") != NULL);
		}
	}
	CHECK(seen == 2);
	/* a section that names no benchmark: the template's default; a capitalised first word is no name */
	ctx.section_text = "Benchmark results are published.\n";
	n = re_lens_apply(a, &ctx, lenses, 1, f, 1, &h);
	CHECK(n == 1 && strstr(h[0].description, "Verify: a benchmark of the largest workload runs") != NULL);
	re_arena_free(a);
}


/*
 * A lens fires only when the feature's own text shows the lens's premise
 * (requires_kinds) and nothing contradicts it (unless_kinds); an item is
 * never rated above the feature it is about. Each case is a shape a planner
 * rejected: the "bounded shared area" lens on a per-session statement cache,
 * "no partial results" on a step that runs in one transaction, an upgrade
 * note for a refactor that changes nothing, the standby recheck on a
 * version check, SQLSTATE for callers of a diagnostic function.
 */
static void
test_lens_premises(void)
{
	static const ReKindDef kinds[] = {
		{"cache", "\\bcach(e|es|ing)\\b", NULL, false, false},
		{"shared_state", "shared[- ]memory|\\bdshash\\b", NULL, false, false},
		{"evaluation", "^.*?\\boptimi[sz]ation\\b", NULL, false, false},
		{"multi_txn", "\\bin batches\\b|\\bcommits? each\\b", NULL, false, false},
		{"refactor", "\\bsplit\\b", NULL, false, false},
		{"internal", "\\b(zero|no) behaviou?r changes?\\b", NULL, false, false},
		{"startup_check", "\\brefuses? to start\\b|at worker startup", NULL, false, false},
		{"standby", "\\bstandby\\b|pg_is_in_recovery", NULL, false, false},
		{"function", NULL, "function", false, false},
		{"diagnostic_fn", "`[a-z0-9_.]*explain[a-z0-9_]*\\(", NULL, false, false},
	};
	static const ReLensDef lenses[] = {
		{"stab_cache_full", "stability", "cache", "always", NULL, "P1", "S", 2, false,
			"{subject}: degrade cleanly when memory is full", "{id} keeps its state in a bounded area", "a test", false, NULL, NULL, NULL, NULL, false},
		{"stab_eval_partial", "stability", "evaluation", "always", NULL, "P1", "S", 1, false,
			"{subject}: no partial results after a failure", "{id} derives results in steps", "a test cancels it", false, NULL, NULL, NULL, NULL, false},
		{"ux_breaking_note", "ease_of_use", "refactor", "always", NULL, "P1", "XS", 2, false,
			"Upgrade note: what callers of {subject} must change", "{id} changes what callers rely on", "the CHANGELOG", false, NULL, NULL, NULL, NULL, false},
		{"stab_startup_recheck", "stability", "startup_check", "always", NULL, "P1", "S", 3, false,
			"{subject}: run once the startup condition clears", "{id} checks once", "`SELECT pg_promote()`", false, NULL, NULL, NULL, NULL, false},
		{"stab_function_errors", "stability", "function", "always", "function", "P1", "S", 1, false,
			"Errors from `{ident}` carry SQLSTATE", "Callers branch on the error code", "a test checks it", false, NULL, NULL, NULL, NULL, false},
	};
	static const ReLensGate gates[] = {
		{"shared_state", NULL, NULL}, {"multi_txn", NULL, NULL}, {NULL, "internal", NULL}, {"standby", NULL, NULL},
		{NULL, "internal diagnostic_fn", NULL},
	};
	const int	nk = (int) (sizeof(kinds) / sizeof(kinds[0])),
				nl = (int) (sizeof(lenses) / sizeof(lenses[0]));
	ReArena    *a = re_arena_new();
	ReFeature	f[10];
	char		err[256];
	ReLensCtx	ctx;
	ReLensHit  *h;
	int			n,
				i,
				j;
	/* feature id, lens id: the pairs that must fire; every other pair must not */
	static const char *const want[][2] = {
		{"SHM", "stab_cache_full"}, {"BATCH", "stab_eval_partial"}, {"SPLIT2", "ux_breaking_note"},
		{"HS", "stab_startup_recheck"}, {"API", "stab_function_errors"},
	};

	CHECK(re_feature_extract(a, "SHM", "Shared-memory plan cache", "Construct the dshash table on first access.", "P0",
							 kinds, nk, &f[0], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "PS", "Prepared statement reuse",
							 "Cache the delta query as a prepared statement within the same session.", "P1", kinds, nk,
							 &f[1], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "COL", "Aggregate correction optimization",
							 "Emit a single correction row instead of delete-old + insert-new.", "P1", kinds, nk, &f[2],
							 err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "BATCH", "Closure optimization", "Derives the closure in batches of 1,000 rows.", "P1",
							 kinds, nk, &f[3], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "SPLIT", "Split `src/api.rs` into sub-modules", "Zero behavior change.", "P1", kinds, nk,
							 &f[4], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "SPLIT2", "Split the parser", "The error positions move by one column.", "P1", kinds,
							 nk, &f[5], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "VER", "Pre-flight check: refuse to start if versions mismatch across nodes", NULL, "P0",
							 kinds, nk, &f[6], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "HS", "Hot-standby safety guard",
							 "Detect `pg_is_in_recovery()` at worker startup and exit.", "P1", kinds, nk, &f[7], err,
							 sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "EXP", "Plans in `x.explain_st(name)`", "Add `x.explain_st(name TEXT)` with timings.",
							 "P2", kinds, nk, &f[8], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "API", "Bulk drop", "Add `x.drop_many(names TEXT[])`.", "P2", kinds, nk, &f[9], err,
							 sizeof(err)) == 0);
	memset(&ctx, 0, sizeof(ctx));
	ctx.version = "0.2.0";
	ctx.prev_version = "0.1.0";
	ctx.kinds = kinds;
	ctx.nkinds = nk;
	/* without the gates every kind match fires: the old behaviour */
	n = re_lens_apply(a, &ctx, lenses, nl, f, 10, &h);
	CHECK(n > (int) (sizeof(want) / sizeof(want[0])));
	ctx.gates = gates;
	n = re_lens_apply(a, &ctx, lenses, nl, f, 10, &h);
	CHECK(n == (int) (sizeof(want) / sizeof(want[0])));
	for (i = 0; i < n; i++)
	{
		bool		wanted = false;

		for (j = 0; j < (int) (sizeof(want) / sizeof(want[0])); j++)
			wanted |= strcmp(h[i].feature->item_id, want[j][0]) == 0 && strcmp(h[i].lens->lens_id, want[j][1]) == 0;
		if (!wanted)
			fprintf(stderr, "unexpected lens %s on %s\n", h[i].lens->lens_id, h[i].feature->item_id);
		CHECK(wanted);
		/* a P1 lens on a P2 feature gives a P2 item */
		if (strcmp(h[i].feature->item_id, "API") == 0)
			CHECK_STR(h[i].priority, "P2");
	}
	/* a class no roadmap.feature_kind row defines is never held */
	CHECK(!re_lens_has_kinds(&ctx, &f[0], "no_such_class", true));
	CHECK(!re_lens_has_kinds(&ctx, &f[0], "no_such_class", false));
	CHECK(re_lens_has_kinds(&ctx, &f[0], "cache, shared_state", true));
	CHECK(re_lens_has_kinds(&ctx, &f[0], "", true) && !re_lens_has_kinds(&ctx, &f[0], NULL, false));
	/* the priority rule: a risk item the lens's, never above the feature's, P0 only when both are */
	CHECK_STR(re_item_priority("P0", "wrong_answer", "P0", false), "P0");
	CHECK_STR(re_item_priority("P0", "data_loss", "P1", false), "P1");
	CHECK_STR(re_item_priority("P0", "crash", NULL, false), "P1");
	CHECK_STR(re_item_priority("P1", "wrong_answer", NULL, false), "P1");
	CHECK_STR(re_item_priority("P1", "wrong_answer", "P2", false), "P2");
	CHECK_STR(re_item_priority("P1", "wrong_answer", "P3", false), "P2");
	CHECK_STR(re_item_priority("P2", "wrong_answer", "P0", false), "P2");
	CHECK_STR(re_item_priority("P1", "wrong_answer", "'distributed')", false), "P1");
	CHECK_STR(re_item_priority(NULL, "wrong_answer", "P2", false), "P2");
	/* a template item (no risk): the anchor's priority, P0 read as P1, P2 when the anchor states none */
	CHECK_STR(re_item_priority("P1", NULL, NULL, false), "P2");
	CHECK_STR(re_item_priority("P1", NULL, "P1", false), "P1");
	CHECK_STR(re_item_priority("P1", NULL, "P0", false), "P1");
	CHECK_STR(re_item_priority("P0", NULL, "P0", false), "P1");
	CHECK_STR(re_item_priority("P2", NULL, "P0", false), "P2");
	CHECK_STR(re_item_priority("P1", "no such risk", NULL, false), "P2");
	/* an optional anchor gives P2, whatever the lens */
	CHECK_STR(re_item_priority("P0", "wrong_answer", "P0", true), "P2");
	CHECK_STR(re_item_priority("P1", NULL, "P1", true), "P2");
	re_arena_free(a);
}

/* A premise about the identifier (roadmap.lens.ident_pattern), read from the signature the item writes. */
static void
test_lens_ident_pattern(void)
{
	static const ReKindDef kinds[] = {
		{"bulk", "\\bbulk\\b", NULL, false, false},
		{"function", NULL, "function", false, false},
	};
	static const ReLensDef lenses[] = {
		{"scal_bulk_10k", "scalability", "bulk", "always", "function", "P1", "S", 2, false,
			"`{ident}` with 10,000 names in one call", "`{ident}` drops each object", "a test", false, NULL, NULL, NULL, NULL, false},
	};
	static const ReLensGate gates[] = {
		{NULL, NULL, "\\b[a-z_.]*(drop|creat)[a-z_]*\\((?=[^)]*\\[\\])"},
	};
	static const ReLensGate bad[] = {{NULL, NULL, "(unclosed"}};
	ReArena    *a = re_arena_new();
	ReFeature	f[2];
	char		err[256];
	ReLensCtx	ctx;
	ReLensHit  *h;
	int			n;

	/* two list functions: the one the premise fits is named, not the first */
	CHECK(re_feature_extract(a, "A25", "Bulk `alter_items()` / `drop_items()` APIs",
							 "Today this needs 100 round-trips. Add `x.bulk_alter_items(names TEXT[], params JSONB)` and "
							 "`x.bulk_drop_items(names TEXT[])`.", "P2", kinds, 2, &f[0], err, sizeof(err)) == 0);
	/* one name: "bulk-inserts rows" is no list argument */
	CHECK(re_feature_extract(a, "SNAP-2", "`x.restore_item(name, source)` SQL function",
							 "Rehydrates an item from a snapshot and bulk-inserts rows.", "P1", kinds, 2, &f[1], err,
							 sizeof(err)) == 0);
	CHECK_STR(re_lens_written(a, &f[0], "x.bulk_drop_items()"), "x.bulk_drop_items(names TEXT[])");
	CHECK_STR(re_lens_written(a, &f[1], "x.restore_item()"), "x.restore_item(name, source)");
	CHECK_STR(re_lens_written(a, &f[1], "x.not_written()"), "x.not_written()");
	memset(&ctx, 0, sizeof(ctx));
	ctx.version = "0.2.0";
	ctx.kinds = kinds;
	ctx.nkinds = 2;
	ctx.err = err;
	ctx.errlen = sizeof(err);
	/* without the pattern: the first function, and the single-name one too */
	n = re_lens_apply(a, &ctx, lenses, 1, f, 2, &h);
	CHECK(n == 2);
	ctx.gates = gates;
	n = re_lens_apply(a, &ctx, lenses, 1, f, 2, &h);
	CHECK(n == 1);
	CHECK_STR(n == 1 ? h[0].ident : NULL, "x.bulk_drop_items()");
	/* a pattern that does not compile is an error naming the lens */
	ctx.gates = bad;
	CHECK(re_lens_apply(a, &ctx, lenses, 1, f, 2, &h) == -1);
	CHECK(strstr(err, "scal_bulk_10k") != NULL);
	re_arena_free(a);
}

/* A name is a SQL function only when shown as one (re_lens_sql_function). */
static void
test_lens_sql_function(void)
{
	static const ReKindDef kinds[] = {{"function", NULL, "function", false, false}};
	ReArena    *a = re_arena_new();
	ReFeature	f;
	char		err[256];
	ReLensCtx	ctx;

	memset(&ctx, 0, sizeof(ctx));
	ctx.version = "0.2.0";
	ctx.kinds = kinds;
	ctx.nkinds = 1;
	CHECK(re_feature_extract(a, "OPS-6", "Workload-aware poll",
							 "Replace `compute_backoff_ms()` exponential backoff with a load signal; "
							 "`poll_remote(conn: &PgConnection)` reads it. Add `export_def(name TEXT)`, `recommend(x => 1)` "
							 "and `resume_item()`.", NULL, kinds, 1, &f, err, sizeof(err)) == 0);
	/* schema-qualified, a SQL signature: SQL functions */
	CHECK(re_lens_sql_function(a, &ctx, &f, "x.anything()"));
	CHECK(re_lens_sql_function(a, &ctx, &f, "export_def()"));
	CHECK(re_lens_sql_function(a, &ctx, &f, "recommend()"));
	/* unqualified with no signature, or a Rust signature: internal code */
	CHECK(!re_lens_sql_function(a, &ctx, &f, "compute_backoff_ms()"));
	CHECK(!re_lens_sql_function(a, &ctx, &f, "poll_remote()"));
	CHECK(!re_lens_sql_function(a, &ctx, &f, "resume_item()"));
	/* the docs (or the release's section) write it schema-qualified: a SQL function; `self.` is a method */
	ctx.docs_text = "## pgtrickle.resume_item(name text)\n\nCalls self.compute_backoff_ms() each tick.";
	CHECK(re_lens_sql_function(a, &ctx, &f, "resume_item()"));
	CHECK(!re_lens_sql_function(a, &ctx, &f, "compute_backoff_ms()"));
	/* not a function: nothing to decide */
	CHECK(re_lens_sql_function(a, &ctx, &f, "pg_trickle.poll_ms"));
	re_arena_free(a);
}

static const ReLensDef engine_lenses[] = {
	{"stab_guc_reject", "stability", "guc", "always", "guc", "P1", "XS", 3, false,
		"Reject invalid `{ident}` values with a clear error", "A mistyped value is accepted silently",
	"`SET {ident} = 'bogus'` fails", false, NULL, NULL, NULL, NULL, false},
	{"ux_guc_docs", "ease_of_use", "guc", "not_in_docs", "guc", "P1", "XS", 3, false,
		"Document `{ident}` in the configuration reference", "Nobody can tune it", "grep finds it in docs/", false, NULL, NULL, NULL, NULL, false},
	{"corr_wait_loss", "correctness", "wait", "always", NULL, "P0", "M", 3, false,
		"{subject} loses no change while it waits", "A wait that drops work is wrong", "a test compares results", false, NULL, NULL, NULL, NULL, false},
	{"test_upgrade", "test_coverage", "catalog", "always", "column", "P1", "S", 4, false,
	"Upgrade test: {subject} survives {prev} → {version}", "Catalog changes break installs", "an upgrade test on {prev}", false, NULL, NULL, NULL, NULL, false},
};

static void
test_lenses(void)
{
	ReArena    *a = re_arena_new();
	ReFeature	f[3];
	char		err[256];
	ReLensCtx	ctx;
	ReLensHit  *h;
	int			n,
				i,
				guc = 0,
				docs = 0,
				upgrade = 0;

	CHECK(re_feature_extract(a, "A20", "Structured logging: `pg_x.log_format = text|json` GUC", NULL, "P1",
							 engine_kinds, 5, &f[0], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "A35", "Drain mode", "Add `x.drain()` that waits for all refreshes.", "P2",
							 engine_kinds, 5, &f[1], err, sizeof(err)) == 0);
	CHECK(re_feature_extract(a, "CORR-2", "Columnar merge", "Schema change: add `storage_backend` column to the table.",
							 "P0", engine_kinds, 5, &f[2], err, sizeof(err)) == 0);
	memset(&ctx, 0, sizeof(ctx));
	ctx.version = "0.36.0";
	ctx.prev_version = "0.35.0";
	ctx.docs_text = "# Configuration\nnothing about logging here\n";
	ctx.kinds = engine_kinds;
	ctx.nkinds = 5;
	n = re_lens_apply(a, &ctx, engine_lenses, 4, f, 3, &h);
	for (i = 0; i < n; i++)
	{
		if (strcmp(h[i].lens->lens_id, "stab_guc_reject") == 0)
		{
			guc++;
			CHECK_STR(h[i].title, "Reject invalid `pg_x.log_format` values with a clear error");
			/* the item's own id and title, the lens's why, its own Verify */
			CHECK(strstr(h[i].description, "A20") && strstr(h[i].description, "Verify: `SET pg_x.log_format"));
			CHECK(re_sentence_count(h[i].description) >= 2 && re_sentence_count(h[i].description) <= 4);
		}
		if (strcmp(h[i].lens->lens_id, "ux_guc_docs") == 0)
		{
			docs++;
			CHECK(strstr(h[i].description, "No file in the docs tree mentions `pg_x.log_format`") != NULL);
		}
		if (strcmp(h[i].lens->lens_id, "corr_wait_loss") == 0)
		{
			CHECK_STR(h[i].title, "`x.drain()` loses no change while it waits");
			/* P0 only for a feature the release rates P0, and never above the feature (P2) */
			CHECK_STR(h[i].priority, "P2");
		}
		if (strcmp(h[i].lens->lens_id, "test_upgrade") == 0)
		{
			upgrade++;
			CHECK_STR(h[i].title, "Upgrade test: `storage_backend` survives 0.35.0 → 0.36.0");
		}
	}
	CHECK(guc == 1 && docs == 1 && upgrade == 1);
	/* documented: the docs lens does not fire */
	ctx.docs_text = "Set pg_x.log_format to json.";
	n = re_lens_apply(a, &ctx, engine_lenses, 4, f, 3, &h);
	for (i = 0, docs = 0; i < n; i++)
		docs += strcmp(h[i].lens->lens_id, "ux_guc_docs") == 0;
	CHECK(docs == 0);
	/* unknown docs tree: nothing is claimed */
	ctx.docs_text = NULL;
	n = re_lens_apply(a, &ctx, engine_lenses, 4, f, 3, &h);
	for (i = 0, docs = 0; i < n; i++)
		docs += strcmp(h[i].lens->lens_id, "ux_guc_docs") == 0;
	CHECK(docs == 0);
	re_arena_free(a);
}

static void
engine_input(ReProposeIn *in)
{
	memset(in, 0, sizeof(*in));
	in->version = "0.36.0";
	in->prev_version = "0.35.0";
	in->shipped_window = 3;
	in->pillars = shipped_pillars;
	in->npillars = N_SHIPPED_PILLARS;
}

static int
count_source(const ReProposeOut *out, const char *source)
{
	int			i,
				n = 0;

	for (i = 0; i < out->n; i++)
		n += strcmp(out->items[i].source, source) == 0;
	return n;
}

static const ReProposal *
find_title(const ReProposeOut *out, const char *title)
{
	int			i;

	for (i = 0; i < out->n; i++)
		if (strcmp(out->items[i].title, title) == 0)
			return &out->items[i];
	return NULL;
}

static void
test_selector(void)
{
	ReArena    *a = re_arena_new();
	ReProposeIn in;
	ReProposeOut out;
	ReFocusIn	focus[2];
	ReEvidenceIn ev[1];
	ReDeferredIn def[2];
	ReTextIn	shipped[1];
	ReFeatureIn feats[2];
	ReDismissIn dis[1];
	ReRuleIn	rules[1];
	int			i,
				p0 = 0;

	engine_input(&in);
	memset(focus, 0, sizeof(focus));
	/* area with recent work: its gap repeats a shipped entry, the evidence item in it does not */
	focus[0] = (ReFocusIn) {
		"stab_sigterm", "stability", 1, "Background worker SIGTERM handling", 4.0, 2, "0.35.0", 0, 0, 0, 3,
		"S", 0, 0, "Handle SIGTERM promptly in every background worker", "a stuck worker blocks shutdown",
		"a test sends SIGTERM"
	};
	focus[1] = (ReFocusIn) {
		"stab_spi", "stability", 2, "SPI errors", 3.0, 0, NULL, -1, 0, 0, 0, "S", 0, 0,
		"Classify SPI errors by SQLSTATE", "errors matched by text break", "every error has a SQLSTATE"
	};
	memset(ev, 0, sizeof(ev));
	ev[0] = (ReEvidenceIn) {
		"sigterm_probe", "stab_sigterm", "Add SIGTERM checks to {hits} wait {n:loop|loops} in {file}",
		"wait loops without a latch check", "a loop that ignores SIGTERM blocks shutdown", "git grep -n loop",
		3, 1, "src/worker.rs", 3, 10, NULL
	};
	shipped[0] = (ReTextIn) {"0.35.0", "Handle SIGTERM promptly in every background worker"};
	memset(def, 0, sizeof(def));
	def[0] = (ReDeferredIn) {
		"0.20.0", "P2-4", "**Old thing carried forever.** Long text about it.", "⏭ Skipped", "M", "P0",
		"correctness", NULL, 12, "0.20.0", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
	};
	def[1] = (ReDeferredIn) {
		"0.33.0", "COORD-5", "Failure mode: WAL recycled past slot \xE2\x80\x94 fall back to FULL refresh",
		"⏭ Skipped (P1 — error is raised)", "S", "P0", "stability", "stab_spi", 2, "0.33.0",
		"Recycled WAL makes the slot unusable, so the refresh must fall back to FULL",
		NULL, NULL, NULL, NULL, NULL, NULL, NULL
	};
	feats[0] = (ReFeatureIn) {"A20", "Structured logging: `pg_x.log_format = text|json` GUC", NULL, "P1"};
	feats[1] = (ReFeatureIn) {"CORR-2", "Columnar merge", "Schema change: add `storage_backend` column.", "P0"};
	in.focus = focus;
	in.nfocus = 2;
	in.evidence = ev;
	in.nevidence = 1;
	in.shipped = shipped;
	in.nshipped = 1;
	in.deferred = def;
	in.ndeferred = 2;
	in.features = feats;
	in.nfeatures = 2;
	in.kinds = (ReKindDef *) engine_kinds;
	in.nkinds = 5;
	in.lenses = (ReLensDef *) engine_lenses;
	in.nlenses = 4;
	in.has_upgrade_script = -1;
	/* a rule's code word is its whole dotted token: `storage_backend.enabled` is not `storage_backend` */
	rules[0] = (ReRuleIn) {1, "constraint", "Background workers must handle SIGTERM and respect `storage_backend.enabled` GUC", 7, NULL};
	in.rules = rules;
	in.nrules = 1;
	CHECK(re_propose(a, &in, &out) == 0);
	{
		const ReProposal *u = find_title(&out, "Upgrade test: `storage_backend` survives 0.35.0 → 0.36.0");

		CHECK(u && u->rule_no == 0 && strstr(u->description, "AGENTS.md (line 7)") == NULL);
	}
	rules[0].text = "Background workers must handle SIGTERM and respect the `storage_backend` setting";
	CHECK(re_propose(a, &in, &out) == 0);
	{
		const ReProposal *u = find_title(&out, "Upgrade test: `storage_backend` survives 0.35.0 → 0.36.0");

		CHECK(u && u->rule_no == 1);
	}
	/*
	 * The planner's cases (2026-11-30 #5): a rule is cited only when one of
	 * its code words is a whole token of the item's title. Plain words the
	 * rule shares with the description ("differential", "refresh" of a quote
	 * and a Verify; "background workers" of a feature's title) and the
	 * project's prefix (`pg_xyz` of `pg_xyz.enabled`) never cite it.
	 */
	feats[0].title = "Structured logging: `pg_xyz.log_format = text|json` GUC for background workers";
	feats[1].title = "Columnar: differential refresh on columnar storage";
	rules[0].text = "Differential refresh is the primary mode; full refresh is a last resort";
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Upgrade test: `storage_backend` survives 0.35.0 → 0.36.0") != NULL);
	for (i = 0; i < out.n; i++)
		CHECK(out.items[i].rule_no == 0 && strstr(out.items[i].description, "(line 7)") == NULL);
	rules[0].text = "Background workers must handle `SIGTERM` and respect `pg_xyz.enabled` GUC";
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Reject invalid `pg_xyz.log_format` values with a clear error") != NULL);
	for (i = 0; i < out.n; i++)
	{
		/* the rule is about SIGTERM handling: only the item that adds it cites the rule (and is P0) */
		bool		own = strcmp(out.items[i].title, "Add SIGTERM checks to 3 wait loops in `src/worker.rs`") == 0;

		CHECK(own ? out.items[i].rule_no == 1 && strcmp(out.items[i].priority, "P0") == 0
			  : out.items[i].rule_no == 0 && strstr(out.items[i].description, "(line 7)") == NULL);
	}
	/* the setting the item is about: cited */
	rules[0].text = "Every write of `pg_xyz.log_format` must go through the logging macro";
	CHECK(re_propose(a, &in, &out) == 0);
	{
		const ReProposal *u = find_title(&out, "Reject invalid `pg_xyz.log_format` values with a clear error");

		CHECK(u && u->rule_no == 1);
	}
	feats[0].title = "Structured logging: `pg_x.log_format = text|json` GUC";
	feats[1].title = "Columnar merge";
	in.rules = NULL;
	in.nrules = 0;
	CHECK(re_propose(a, &in, &out) == 0);

	/* dedupe by item: the gap repeating the shipped entry is dropped, the other item of its area is kept */
	CHECK(find_title(&out, "Handle SIGTERM promptly in every background worker") == NULL);
	CHECK(find_title(&out, "Add SIGTERM checks to 3 wait loops in `src/worker.rs`") != NULL);
	CHECK(out.skipped_shipped >= 1);
	/* feature items lead and name the feature */
	CHECK(out.n > 0 && strcmp(out.items[0].source, "feature") == 0);
	CHECK(find_title(&out, "Reject invalid `pg_x.log_format` values with a clear error") != NULL);
	CHECK(find_title(&out, "Upgrade test: `storage_backend` survives 0.35.0 → 0.36.0") != NULL);
	/* carried past stale_after: a risk, not an item, not P0 */
	CHECK(count_source(&out, "deferred") == 1);
	CHECK(strstr(out.risks, "**v0.20.0 P2-4** (\"Old thing carried forever\") carried 12 releases \xE2\x80\x94 confirm or drop") != NULL);
	CHECK(out.stale_deferred == 1);
	/* a deferred P0 outside correctness is not P0; its text quotes only its own section */
	{
		const ReProposal *d = find_title(&out, "Complete failure mode: WAL recycled past slot");

		CHECK(d != NULL);
		CHECK(d && strcmp(d->priority, "P1") == 0);
		CHECK(d && strstr(d->description, "Its v0.33.0 section says: \"Recycled WAL makes the slot unusable") != NULL);
		CHECK(d && strstr(d->description, "errors matched by text break") == NULL);
		CHECK(d && strstr(d->description, "Verify: ") != NULL);
	}
	/* a deferred item whose own section states its Verify is verified by it, not by a built one */
	def[1].description = "Recycled WAL makes the slot unusable.\nVerify: dropping the slot during a refresh\n"
		"falls back to FULL and logs a `WARNING`. Then more text.";
	CHECK(re_propose(a, &in, &out) == 0);
	{
		const ReProposal *d = find_title(&out, "Complete failure mode: WAL recycled past slot");

		CHECK(d && strstr(d->description, "Its v0.33.0 section says: \"Recycled WAL makes the slot unusable\".") != NULL);
		CHECK(d && strstr(d->description, " Verify: dropping the slot during a refresh falls back to FULL and logs a `WARNING`.") != NULL);
		CHECK(d && strstr(d->description, "fails before the change") == NULL);
	}
	def[1].description = "Recycled WAL makes the slot unusable, so the refresh must fall back to FULL";
	CHECK(re_propose(a, &in, &out) == 0);
	for (i = 0; i < out.n; i++)
	{
		p0 += strcmp(out.items[i].priority, "P0") == 0;
		CHECK(re_sentence_count(out.items[i].description) >= 2 && re_sentence_count(out.items[i].description) <= 4);
		CHECK(strstr(out.items[i].description, "Verify:") != NULL);
	}
	CHECK(p0 * 10 <= out.n * 4);

	/* a dismissed item never comes back */
	dis[0] = (ReDismissIn) {"Reject invalid `pg_x.log_format` values with a clear error", NULL};
	in.dismissed = dis;
	in.ndismissed = 1;
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Reject invalid `pg_x.log_format` values with a clear error") == NULL);
	CHECK(out.skipped_dismissed == 1);
	dis[0] = (ReDismissIn) {NULL, "CORR-2 test_upgrade"};
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Upgrade test: `storage_backend` survives 0.35.0 → 0.36.0") == NULL);
	re_arena_free(a);
}

static const char *deferred_roadmap =
"# Roadmap\n\n"
"## v0.9.0 — Old\n\n**Status: Released.**\n\n"
"| ID | Title | Effort | Status |\n|---|---|---|---|\n"
"| P2-4 | **Materialized view sources in IMMEDIATE mode (EC-09).** Stream tables that use a materialized view "
"as a source are rejected at creation time when IMMEDIATE mode is requested. Implement a polling wrapper. | M | "
"⏭ Skipped (deferred to v0.10.0) |\n"
"| P2-6 | **LATERAL subquery inner-source change triggers O(outer) full re-execution.** When any inner source "
"changes the whole outer table is scanned again. | L | ⏭ Skipped |\n"
"| P2-7 | **Widget frobnication cache** Something else entirely, long enough to matter. | S | ⏭ Skipped |\n\n"
"## v0.10.0 — New\n\n**Status: Released.**\n\n"
"| ID | Title | Effort | Status |\n|---|---|---|---|\n"
"| P2-4 | **Materialized view sources in IMMEDIATE mode (EC-09).** Implement polling for sourced queries. | M | ✅ Done |\n"
"| P2-7 | **Totally unrelated telemetry exporter** x | S | ✅ Done |\n\n"
"## v0.11.0 — Next\n\n**Status: Planned.**\n\n"
"| ID | Title | Effort | Priority |\n|---|---|---|---|\n| A1 | Thing | S | P1 |\n";

static const char *deferred_changelog =
"# Changelog\n\n## [0.10.0] — 2026-01-01\n\n### Added\n\n"
"- LATERAL subquery scoped re-execution (P2-6)\n"
"- M-1 \xE2\x80\x94 Wider invalidation ring\n";

static void
test_deferred_closed_later(void)
{
	ReArena    *a = re_arena_new();
	ReModel		m;
	MdDoc		d;
	int		   *open_items;
	int			n,
				i,
				p24 = 0,
				p26 = 0,
				p27 = 0;

	read_roadmap(a, &m, deferred_roadmap, "monolithic");
	d = parse(a, deferred_changelog);
	re_model_changelog(&m, &d);
	CHECK(item(&m, "0.9.0", "P2-4") != NULL);
	CHECK(m.changelog.n == 2 && strcmp(m.changelog.v[1].item_ids ? m.changelog.v[1].item_ids : "", "M-1") == 0);
	n = re_model_deferred(&m, &open_items);
	for (i = 0; i < n; i++)
	{
		const ReItem *it = &m.items.v[open_items[i]];

		p24 += strcmp(it->item_id, "P2-4") == 0;
		p26 += strcmp(it->item_id, "P2-6") == 0;
		p27 += strcmp(it->item_id, "P2-7") == 0;
	}
	/* done later under the same id with a different description: closed */
	CHECK(p24 == 0);
	/* cited by a later changelog entry: closed */
	CHECK(p26 == 0);
	/* the same id reused later for unrelated work: still open */
	CHECK(p27 == 1);
	re_arena_free(a);
}

/* Deferred items followed through later releases (issue 10, docs/proposals.md "Deferred items"). */
static const char *traced_roadmap =
"# Roadmap\n\n"
"## v0.5.0 — Five\n\n**Status: Released.**\n\n"
"| ID | Title | Effort | Status |\n|---|---|---|---|\n"
"| BENCH-1 | `benches/bench_slot_poll`: dblink vs local throughput | M | ⏭ Skipped (P1 — bench harness deferred) |\n"
"| DOCK-1 | `tests/Dockerfile.e2e`: cluster image with the extension | M | ⏭ Skipped (P0 — needs a CI cluster) |\n"
"| DOCK-2 | docker-compose: 1 coordinator + 2 workers for cluster E2E tests | S | ⏭ Skipped (P0 — blocked by DOCK-1) |\n"
"| COORD-4 | Failure mode: pause refresh on unreachable worker | M | "
"⏭ Skipped (P1 — error is logged and tick is skipped; alert documented) |\n"
"| WARM-1 | Widget cache warmup | S | ⏭ Skipped (P1 — harness deferred) |\n"
"| CDC-5 | TRUNCATE propagation for distributed sources | M | ⏭ Skipped (P1 — worker propagation deferred) |\n"
"| GUC-7 | GUC: `ext.reference_max_rows` (default 1000) | S | ⏭ Skipped (P1 — later) |\n"
"| SLOT-6 | Slot missing on worker after node add | S | ⏭ Skipped (P1 — `ensure_worker_slot` creates on demand) |\n\n"
"### Exit Criteria\n\n"
"- [x] WARM-1: warmup under 10 ms\n"
"- [ ] CDC-5: TRUNCATE reaches every worker\n\n"
"## v0.6.0 — Six\n\n**Status: Released.**\n\n"
"| ID | Title | Effort | Status |\n|---|---|---|---|\n"
"| COORD-14 | Worker failure handling (skip + retry + alert) | M | ✅ Done |\n"
"| COORD-11 | Wire scheduler `ensure_worker_slot()` | S | ✅ Done |\n"
"| R3 | ~~Cluster image with the extension on Docker Hub~~ | S | |\n\n"
"## v0.7.0 — Seven\n\n**Status: Planned.**\n\n"
"| ID | Title | Effort | Priority |\n|---|---|---|---|\n"
"| SLOT-BENCH | Benchmark `dblink` vs streaming for slot polling | M | P1 |\n"
"| CHAOS-1 | Chaos test rig: Docker Compose coordinator + 3 workers | L | P1 |\n"
"| UX-GUC | `ext.notify_coalesce_ms` GUC (default 250 ms) | XS | P0 |\n\n"
"**SLOT-BENCH — poll benchmark.** Add `benches/bench_slot_poll.rs` that measures dblink throughput.\n";

static const ReDeferral *
deferral(const ReModel *m, const ReDeferral *d, int n, const char *id)
{
	int			i;

	for (i = 0; i < n; i++)
		if (strcmp(m->items.v[d[i].item].item_id, id) == 0)
			return &d[i];
	return NULL;
}

static const char *
successor_id(const ReModel *m, const ReDeferral *d)
{
	return d && d->successor >= 0 ? m->items.v[d->successor].item_id : "";
}

static void
test_deferred_traced(void)
{
	ReArena    *a = re_arena_new();
	ReModel		m;
	ReDeferral *def;
	int			n;

	read_roadmap(a, &m, traced_roadmap, "monolithic");
	n = re_model_deferred_traced(&m, &def);
	/* re-planned under a new id: the file it names is in the later item's text */
	CHECK(strcmp(successor_id(&m, deferral(&m, def, n, "BENCH-1")), "SLOT-BENCH") == 0);
	CHECK_STR(deferral(&m, def, n, "BENCH-1") ? deferral(&m, def, n, "BENCH-1")->rule : NULL, "identifier");
	/* re-planned: most of its title terms in the later title ("compose" = "docker-compose") */
	CHECK(strcmp(successor_id(&m, deferral(&m, def, n, "DOCK-2")), "CHAOS-1") == 0);
	/* what blocked a re-planned item goes with it; a struck-through later item is no successor */
	CHECK(strcmp(successor_id(&m, deferral(&m, def, n, "DOCK-1")), "CHAOS-1") == 0);
	CHECK_STR(deferral(&m, def, n, "DOCK-1") ? deferral(&m, def, n, "DOCK-1")->rule : NULL, "blocker");
	/* delivered under a new id (its skip reason describes the later done title): closed */
	CHECK(deferral(&m, def, n, "COORD-4") == NULL);
	/* its skip reason names the mechanism a later done title names: closed */
	CHECK(deferral(&m, def, n, "SLOT-6") == NULL);
	/* its own release's exit criterion ticked: closed */
	CHECK(deferral(&m, def, n, "WARM-1") == NULL);
	CHECK(item(&m, "0.5.0", "WARM-1") && item(&m, "0.5.0", "WARM-1")->exit_checked == 1);
	CHECK(item(&m, "0.5.0", "CDC-5") && item(&m, "0.5.0", "CDC-5")->exit_checked == 0);
	/* still open, nothing took it over; a GUC is not taken over by another GUC */
	CHECK(deferral(&m, def, n, "CDC-5") != NULL && deferral(&m, def, n, "CDC-5")->successor < 0);
	CHECK(deferral(&m, def, n, "GUC-7") != NULL && deferral(&m, def, n, "GUC-7")->successor < 0);
	CHECK(n == 5);
	re_arena_free(a);
}

static void
test_deferred_proposals(void)
{
	ReArena    *a = re_arena_new();
	ReProposeIn in;
	ReProposeOut out;
	ReDeferredIn def[5];
	const ReProposal *p;

	engine_input(&in);
	memset(def, 0, sizeof(def));
	def[0] = (ReDeferredIn) {
		"0.33.0", "APPLY-6", "`reltuples` fix: sum `pg_dist_shard` row counts for distributed tables",
		"⏭ Skipped (P1 — planner uses fallback estimate; correctness unaffected)", "S", "P1", "scalability", NULL, 3,
		"0.33.0", NULL, NULL, NULL, NULL, NULL, NULL, "P2", "correctness unaffected"
	};
	def[1] = (ReDeferredIn) {
		"0.33.0", "BENCH-2", "`benches/bench_distributed_apply`: DELETE+UPSERT vs MERGE throughput",
		"⏭ Skipped (P1 — apply ≥ 20 k rows/s verified manually)", "M", "P1", "performance", NULL, 3,
		"0.33.0", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
	};
	def[2] = (ReDeferredIn) {
		"0.33.0", "DOCS-2", "Update `docs/ARCHITECTURE.md` with multi-node Citus diagram",
		"⏭ Skipped (P1 — deferred)", "S", "P1", "ease_of_use", NULL, 3, "0.33.0", NULL,
		NULL, NULL, NULL, NULL, NULL, NULL, NULL
	};
	def[3] = (ReDeferredIn) {
		"0.33.0", "TEST-2", "docker-compose: 1 coordinator + 2 workers for Citus E2E tests",
		"⏭ Skipped (P0 — blocked by TEST-1)", "S", "P0", "test_coverage", NULL, 3, "0.33.0", NULL,
		"0.35.0", "A03", "open", "Citus chaos test rig: Docker Compose coordinator + 3 workers", "title", NULL, NULL
	};
	def[4] = (ReDeferredIn) {
		"0.33.0", "APPLY-7", "GUC: `pg_trickle.citus_reference_st_max_rows` (default 1_000_000)",
		"⏭ Skipped (P1 — deferred to v0.34.0 GUC cleanup)", "S", "P1", "ease_of_use", NULL, 3, "0.33.0", NULL,
		NULL, NULL, NULL, NULL, NULL, NULL, NULL
	};
	in.deferred = def;
	in.ndeferred = 5;
	CHECK(re_propose(a, &in, &out) == 0);
	/* a harmless skip reason lowers it to P2, and the text says why */
	p = find_title(&out, "Complete `reltuples` fix: sum `pg_dist_shard` row counts for distributed tables");
	CHECK(p && strcmp(p->priority, "P2") == 0);
	CHECK(p && strstr(p->description, "its skip reason says \"correctness unaffected\"") != NULL);
	CHECK(p && strstr(p->description, "carried 3 releases") != NULL);
	/* the Verify follows the deliverable, never "a test named after <ID>" */
	p = find_title(&out, "Complete `benches/bench_distributed_apply`: DELETE+UPSERT vs MERGE throughput");
	CHECK(p && strstr(p->description, "Verify: `benches/bench_distributed_apply` reports throughput, and it stays \xE2\x89\xA5 20 k rows/s") != NULL);
	p = find_title(&out, "Update `docs/ARCHITECTURE.md` with multi-node Citus diagram");
	CHECK(p && strstr(p->description, "Verify: `grep -rn 'Citus' docs/ARCHITECTURE.md` finds the new diagram") != NULL);
	p = find_title(&out, "Complete GUC: `pg_trickle.citus_reference_st_max_rows`");
	CHECK(p && strstr(p->description, "Verify: `SHOW pg_trickle.citus_reference_st_max_rows` returns its default") != NULL);
	{
		int			i;

		for (i = 0; i < out.n; i++)
			CHECK(strstr(out.items[i].description, "a test named after") == NULL);
	}
	/* re-planned under a new id up to the target: not proposed, a risk note cites the successor */
	CHECK(count_source(&out, "deferred") == 4);
	CHECK(strstr(out.risks, "**v0.33.0 TEST-2** (\"docker-compose: 1 coordinator + 2 workers for Citus E2E tests\") "
				 "was re-planned as v0.35.0 A03 (\"Citus chaos test rig: Docker Compose coordinator + 3 workers\", open, matched by title)") != NULL);
	re_arena_free(a);
}

static void
test_test_code(void)
{
	ReArena    *a = re_arena_new();
	char	  **mods;
	const char *src = "pub mod codegen;\n#[cfg(test)]\nmod tests;\n#[cfg(test)] mod proptests;\n"
	"#[cfg(test)]\n#[allow(dead_code)]\nmod helpers;\nmod real;\n";
	int			n = re_rust_test_modules(a, "src/refresh/mod.rs", src, strlen(src), &mods),
				i,
				real = 0;

	CHECK(n == 6);
	if (n == 6)
	{
		CHECK_STR(mods[0], "src/refresh/tests.rs");
		CHECK_STR(mods[1], "src/refresh/tests/mod.rs");
		CHECK_STR(mods[2], "src/refresh/proptests.rs");
		CHECK_STR(mods[4], "src/refresh/helpers.rs");
	}
	for (i = 0; i < n; i++)
		real += strstr(mods[i], "real") != NULL || strstr(mods[i], "codegen") != NULL;
	CHECK(real == 0);
	{
		const char *one = "#[cfg(test)]\nmod tests;\n";

		n = re_rust_test_modules(a, "src/engine.rs", one, strlen(one), &mods);
	}
	CHECK(n == 2 && strcmp(mods[0], "src/engine/tests.rs") == 0);
	CHECK(re_is_test_path("src/refresh/tests.rs"));
	CHECK(re_is_test_path("tests/e2e.rs"));
	CHECK(re_is_test_path("benches/bench_x.rs"));
	CHECK(re_is_test_path("src/wal_test.rs"));
	CHECK(!re_is_test_path("src/testing.rs"));
	CHECK(!re_is_test_path("src/refresh/mod.rs"));
	re_arena_free(a);
}


/* the check families of roadmap.check_family, as shipped (sql/roadmap_enrich--0.1.0--0.2.0.sql) */
static const ReFamilyDef engine_families[] = {
	{"benchmark", "performance", "benchmark|bench|measur|latency|throughput|p50|p95|p99|cold start|cold-start|hit rate|overhead"},
	{"docs", "ease_of_use", "document|docs/|reference|guide|tutorial|readme"},
	{"growth", "scalability", "grow|bounded|unbounded|10×|10x|lag|load|retention"},
	{"index_plan", "performance", "index scan|explain|\\di|seq scan|sequential scan|index"},
	{"parity", "correctness", "full recomput|full refresh|fresh full|parity|equals|same result|wrong result|stale"},
	{"upgrade", "test_coverage", "upgrade|alter extension update|migrat|survives"},
};

static const char *dedupe_section =
"## v0.36.0 — Fixture\n\n### Performance\n\n"
"| ID | Title | Effort | Priority |\n|---|---|---|---|\n"
"| A09 | Construct L0 template cache | L | P0 |\n| A12 | `ENFORCE_BACKPRESSURE` mode | M | P0 |\n\n"
"**A09 — L0 template cache.**\nConstruct the shared cache and honour the generation counter.\n\n"
"**PERF-4 — Catalog indexes**\n\n> In plain terms: two indexes.\n\n"
"Verify: `\\di pgx.idx_relid` exists after upgrade. `EXPLAIN` of `SELECT * FROM pgx.st WHERE relid = 1`\n"
"shows Index Scan.\nDependencies: None. Schema change: Yes.\n\n"
"**STAB-1 — Pooler guard**\n\n"
"Verify: integration test with a pooler passes.\n`pg_x.connection_pooler_mode = 'transaction'` documented in\n"
"`docs/PRE_DEPLOYMENT.md`.\n\n"
"### Exit Criteria\n\n"
"- [ ] A09: L0 table constructed; cold-start penalty measured < 10 ms in `e2e_bench_tests.rs`\n"
"- [ ] A12: `ENFORCE_BACKPRESSURE` mode tested; slot lag stops growing when cap is reached\n"
"- [ ] Extension upgrade path tested (`0.35.0 → 0.36.0`)\n\n"
"## v0.37.0 — Next\n\n**Exit criteria:**\n- [ ] X-1: something else documented\n";

/* The candidate's names: its feature id, then its title's. */
static int
cand_idents(ReArena *a, const char *feature, const char *title, char **ids)
{
	int			n = 0;

	if (feature)
		ids[n++] = (char *) feature;
	return n + re_check_idents(a, title, ids + n, RE_MAX_CHECK_IDENTS - n);
}

static const ReCheck *
listed(ReArena *a, const ReListed *l, const char *feature, const char *title, const char *verify, int *rule)
{
	char	   *ids[RE_MAX_CHECK_IDENTS];
	int			n = cand_idents(a, feature, title, ids);

	return re_listed_find(l, title, ids, n,
						  re_check_families(re_sprintf(a, "%s %s", title, verify), engine_families, 6), rule);
}

static void
test_dedupe_listed(void)
{
	ReArena    *a = re_arena_new();
	ReListed	l;
	const char *owners[2] = {"A12", "A35"};
	const char *texts[2] = {"Add a mode that pauses writes. Document the trade-off in `docs/SCALING.md`.",
	"Add `x.drain(timeout_s INT DEFAULT 60)` that waits for refreshes, and `x.is_drained()`."};
	const ReCheck *c;
	char	   *ids[RE_MAX_CHECK_IDENTS];
	int			rule = 0,
				n,
				shared;

	/* names: backticked spans before "=" or "(", lower-case; item ids; not priorities or numbers */
	n = re_check_idents(a, "P0: `pg_x.mode = 'on'` and `x.drain()` for PERF-4, not `0.35.0`", ids, RE_MAX_CHECK_IDENTS);
	CHECK(n == 3);
	CHECK(n == 3 && strcmp(ids[0], "pg_x.mode") == 0 && strcmp(ids[1], "x.drain") == 0 && strcmp(ids[2], "perf-4") == 0);
	CHECK(re_check_families("Benchmark the cold start", engine_families, 6) == 1u);
	CHECK(re_check_families("slot lag stops growing", engine_families, 6) == 4u);
	/* a word start, not a substring: "overload" is no "load" */
	CHECK(re_check_families("an overloaded flag", engine_families, 6) == 0u);

	re_listed_index(a, dedupe_section, owners, texts, 2, engine_families, 6, &l);
	/* 2 Verify lines, 3 + 1 exit criteria, 1 deliverable sentence of A12's text */
	CHECK(l.n == 7);
	/* rule 1: same name (its feature's id or a backticked one) and the same family of check */
	c = listed(a, &l, "a09", "Benchmark A09 template cache cold start and hit rate", "Verify: a benchmark reports it.", &rule);
	CHECK(c && rule == 1 && strcmp(c->source, "exit criterion") == 0 && strcmp(c->owner, "A09") == 0);
	c = listed(a, &l, "perf-4", "Show the lookups use PERF-4 catalog indexes", "Verify: EXPLAIN shows an index scan.", &rule);
	CHECK(c && strcmp(c->source, "Verify") == 0 && strcmp(c->owner, "PERF-4") == 0);
	c = listed(a, &l, "perf-4", "Upgrade test: PERF-4 catalog indexes survives 0.35.0 → 0.36.0", "", &rule);
	CHECK(c && strcmp(c->owner, "PERF-4") == 0);
	c = listed(a, &l, "stab-1", "Document `pg_x.connection_pooler_mode` in the configuration reference",
			   "Verify: grep finds it in docs/.", &rule);
	CHECK(c && strcmp(c->owner, "STAB-1") == 0);
	c = listed(a, &l, "a12", "`ENFORCE_BACKPRESSURE` under 10× write load", "Verify: lag held and buffer growth bounded.", &rule);
	CHECK(c && rule == 1 && strcmp(c->owner, "A12") == 0);
	/* A12's own "Document …" sentence lists its docs */
	c = listed(a, &l, "a12", "Document `ENFORCE_BACKPRESSURE` in the configuration reference", "", &rule);
	CHECK(c && strcmp(c->source, "text") == 0);
	/* a name inside a span is no check: A35's "Add `x.drain(timeout_s …)`" lists no timeout check */
	CHECK(listed(a, &l, "a35", "`x.drain()` returns at once with nothing in flight and honours its timeout", "", &rule) == NULL);
	/* kept: the same feature, another family of check */
	CHECK(listed(a, &l, "a09", "Prove A09 template cache never serves a wrong entry", "Verify: a test compares with a fresh computation.", &rule) == NULL);
	CHECK(listed(a, &l, "a12", "No change lost while `ENFORCE_BACKPRESSURE` pauses capture", "Verify: the result equals a full recomputation.", &rule) == NULL);
	CHECK(listed(a, &l, "a12", "Measure `ENFORCE_BACKPRESSURE` check cost per captured change", "Verify: a write benchmark differs by under 2%.", &rule) == NULL);
	/* kept: an exit criterion without an owner names no feature, and the title is not mostly in it */
	CHECK(listed(a, &l, "corr-1", "Upgrade test: `temporal_mode` survives 0.35.0 → 0.36.0", "Verify: an upgrade test.", &rule) == NULL);
	/* rule 2: most of the title's words */
	c = listed(a, &l, NULL, "Extension upgrade path tested 0.35.0 → 0.36.0", "", &rule);
	CHECK(c && rule == 2);

	/*
	 * a sibling of the same series lists the docs of its functions in prose
	 * (SNAP-5 "SQL_REFERENCE.md: snapshot/restore API"); a name matches
	 * without its schema; another series, or a name only in a code span, does not
	 */
	{
		ReListed	ls;
		const char *so[3] = {"SNAP-5", "PLAN-4", "P5-1"};
		const char *st[3] = {"Documentation. SQL_REFERENCE.md: snapshot/restore API.",
			"Tests + documentation. SQL_REFERENCE.md: `recommend_schedule` + `schedule_recommendations` API.",
		"Add a GUC. Document the `pgtrickle.delta_work_mem` default."};

		re_listed_index(a, "", so, st, 3, engine_families, 6, &ls);
		CHECK(listed(a, &ls, "snap-1", "Document `snapshot_stream_table()` in the SQL reference", "", &rule) != NULL);
		CHECK(listed(a, &ls, "snap-3", "Document `list_snapshots()` in the SQL reference", "", &rule) != NULL);
		CHECK(listed(a, &ls, "plan-1", "Document `pgtrickle.recommend_schedule()` in the SQL reference", "", &rule) != NULL);
		CHECK(listed(a, &ls, "clus-1", "Document `pgtrickle.snapshot_stream_table()` in the SQL reference", "", &rule) == NULL);
		CHECK(listed(a, &ls, "p5-2", "Document `pgtrickle.delta_enable_nestloop` in the configuration reference", "", &rule) == NULL);
	}

	/* stems: "deltas" meets "delta"; the verb is left out when asked */
	CHECK(re_stem_overlap("Bound memory use for very large delta sets",
						  "**Memory safety net for large deltas** — if a batch arrives", true, &shared) >= 0.6 && shared == 3);
	{
		const char *paths[3] = {"docs/README.md", "docs/tutorials/MIGRATING_FROM_PG_IVM.md", "src/refresh/mod.rs"};

		CHECK(re_file_delivers("Write migration guides from pg_ivm and materialized views", paths, 3) == paths[1]);
		CHECK(re_file_delivers("Classify refresh errors by SQLSTATE", paths, 3) == NULL);
	}
	/* the feature's own text already plans the check a lens would propose (docs/proposals.md "Dedupe") */
	{
		static const ReFamilyDef fams[] = {
			{"benchmark", "performance", "benchmark|bench|measur"},
			{"docs", "ease_of_use", "document|docs/|reference"},
			{"release_note", "ease_of_use", "breaking change|upgrade note|release note|changelog"},
			{"upgrade", "test_coverage", "upgrade|survives"},
			{"validation", "stability", "reject|invalid|validat|emits a warning"},
		};
		const char *md2 = "## v0.17.0 — X\n\n**SCAL-2 — Setting stub**\n\n"
			"Verify: `SHOW x.db_list` returns ''. Setting a non-empty value emits a WARNING.\n\n"
			"**Exit criteria:**\n- [ ] A-2-COL: wide-table UPDATE benchmark shows 50% delta reduction\n";
		const char *own2[1] = {"DB-4"};
		const char *txt2[1] = {"Rename the channel. Document as a breaking change in CHANGELOG."};
		ReListed	l2;
		char	   *id2[RE_MAX_CHECK_IDENTS];
		const char *t;

		re_listed_index(a, md2, own2, txt2, 1, fams, 5, &l2);
		/* a group's exit criterion ("A-2-COL: … benchmark") covers its parts, not another group's */
		t = "Benchmark A-2-COL-3 aggregate correction against 0.16.0";
		id2[0] = "a-2-col-3";
		CHECK(re_listed_find(&l2, t, id2, 1, re_check_families(t, fams, 5), &rule) != NULL);
		id2[0] = "a-2-colx-1";
		CHECK(re_listed_find(&l2, t, id2, 1, re_check_families(t, fams, 5), &rule) == NULL);
		/* "Document as a breaking change in CHANGELOG" is the upgrade note as well as a docs check */
		t = "Upgrade note: what callers of `x_refresh` must change";
		id2[0] = "db-4";
		CHECK(re_listed_find(&l2, t, id2, 1, re_check_families(t, fams, 5), &rule) != NULL);
		/* the stub's own Verify says what a value does: no "validate its values" item */
		t = "Validate `x.db_list` values when they are set";
		id2[0] = "scal-2";
		CHECK(re_listed_find(&l2, t, id2, 1, re_check_families(t, fams, 5), &rule) != NULL);
	}
	re_arena_free(a);
}

/* Two pillars with the same check keep one; a done focus-area gap is dropped and the pillar says why. */
static void
test_dedupe_selector(void)
{
	static const ReLensDef lenses[] = {
		{"corr_catalog_default", "correctness", "catalog", "always", "column", "P1", "S", 4, false,
			"Define `{ident}` for objects created before {version}", "Old rows never ran the new code",
		"after ALTER EXTENSION UPDATE no row has `{ident}` NULL", false, NULL, NULL, NULL, NULL, false},
		{"test_upgrade", "test_coverage", "catalog", "always", "column", "P1", "S", 4, false,
			"Upgrade test: `{ident}` survives {prev} → {version}", "Catalog changes break installs",
		"an upgrade test on {prev}", false, NULL, NULL, NULL, NULL, false},
	};
	ReArena    *a = re_arena_new();
	ReProposeIn in;
	ReProposeOut out;
	ReFocusIn	focus[4];
	ReTextIn	history[1],
				shipped[1];
	ReFeatureIn feats[1];
	const char *paths[1] = {"docs/tutorials/MIGRATING_FROM_PG_IVM.md"};
	const char *core_focus[1] = {"test_x"};

	engine_input(&in);
	memset(focus, 0, sizeof(focus));
	focus[0] = (ReFocusIn) {"scal_mem", "scalability", 1, "Memory of large deltas", 6.0, 0, "0.10.0", 8, 0, 0, 0, "M", 0, 0,
		"Bound memory use for very large delta sets", "large deltas exhaust memory", "a 10M-row delta stays in budget"};
	focus[1] = (ReFocusIn) {"ux_mig", "ease_of_use", 1, "Migration guides", 6.0, 0, NULL, -1, 0, 0, 0, "S", 0, 0,
		"Write migration guides from pg_ivm and materialized views", "users arrive from pg_ivm", "each guide runs"};
	focus[2] = (ReFocusIn) {"corr_weight", "correctness", 1, "Delta weight", 6.0, 0, "0.10.0", 8, 0, 0, 0, "M", 0, 1,
		"Audit delta weight and accounting invariants", "a wrong weight leaves stale rows", "a property test passes"};
	focus[3] = (ReFocusIn) {"stab_spi", "stability", 1, "SPI errors", 6.0, 0, NULL, -1, 0, 0, 0, "S", 0, 0,
		"Classify SPI errors by SQLSTATE", "errors matched by text break", "every error has a SQLSTATE"};
	history[0] = (ReTextIn) {"0.18.0", "**Memory safety net for large deltas** — if a large batch arrives, refresh could use unbounded memory. More."};
	shipped[0] = (ReTextIn) {"0.18.0", "**Proof of delta arithmetic** — property tests verify the insert/delete accounting is correct. More."};
	feats[0] = (ReFeatureIn) {"CORR-1", "Temporal IVM", "Schema change: add `temporal_mode` column to the table.", "P1"};
	in.focus = focus;
	in.nfocus = 4;
	in.history = history;
	in.nhistory = 1;
	in.shipped = shipped;
	in.nshipped = 1;
	in.tree_paths = paths;
	in.ntree_paths = 1;
	in.features = feats;
	in.nfeatures = 1;
	in.kinds = (ReKindDef *) engine_kinds;
	in.nkinds = 5;
	in.lenses = (ReLensDef *) lenses;
	in.nlenses = 2;
	in.families = (ReFamilyDef *) engine_families;
	in.nfamilies = 6;
	in.engine_core_name = "XYZ engine core";
	in.core_test_focus = core_focus;
	in.ncore_test_focus = 1;
	in.has_upgrade_script = -1;
	CHECK(re_propose(a, &in, &out) == 0);
	/* the same upgrade check in two pillars: the one in the family's home pillar stays */
	CHECK(find_title(&out, "Upgrade test: `temporal_mode` survives 0.35.0 → 0.36.0") != NULL);
	CHECK(find_title(&out, "Define `temporal_mode` for objects created before 0.36.0") == NULL);
	CHECK(out.skipped_sibling == 1);
	/* gaps: shipped in any release, a file of the tree, related work in the window: dropped */
	CHECK(find_title(&out, "Bound memory use for very large delta sets") == NULL);
	CHECK(find_title(&out, "Write migration guides from pg_ivm and materialized views") == NULL);
	CHECK(find_title(&out, "Audit delta weight and accounting invariants") == NULL);
	CHECK(find_title(&out, "Classify SPI errors by SQLSTATE") != NULL);
	/* the thin pillars say why instead of taking filler */
	CHECK(strstr(out.risks, "**Scalability** has 0 items: no further candidate is anchored in this release, and its focus areas are done or in recent work (v0.18.0 shipped \"Memory safety net for large deltas\")") != NULL);
	CHECK(strstr(out.risks, "`docs/tutorials/MIGRATING_FROM_PG_IVM.md` exists") != NULL);
	CHECK(strstr(out.risks, "**Correctness** has 0 items: no further candidate is anchored in this release, and its focus areas are done or in recent work (recent work in v0.18.0: \"Proof of delta arithmetic\")") != NULL);
	CHECK(strstr(out.risks, "**Stability** has 1 item: no other candidate") != NULL);
	/* policy words come from the input */
	CHECK(strstr(out.theme, "touch the XYZ engine core") != NULL);
	/* with features listed, a gap needs an anchor: probe evidence of this commit */
	in.policy.gap_anchor = 1;
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Classify SPI errors by SQLSTATE") == NULL);
	focus[3].evidence_hits = 4;
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Classify SPI errors by SQLSTATE") != NULL);
	/* an open plan item or a section item in the area is the release planning it: no anchor, a repeat */
	focus[3].plan_open = 2;
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Classify SPI errors by SQLSTATE") == NULL);
	focus[3].plan_open = 0;
	focus[3].planned_in_target = 1;
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Classify SPI errors by SQLSTATE") == NULL);
	focus[3].planned_in_target = 0;
	/* a release without features keeps its gaps ... */
	focus[3].evidence_hits = 0;
	in.nfeatures = 0;
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Classify SPI errors by SQLSTATE") != NULL);
	/* ... except one its section already states (Goal, item, exit criterion) */
	in.section_text = "**Goal:** harden the worker.\n\n- [ ] STAB-9: every SPI error classified by its SQLSTATE code\n";
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Classify SPI errors by SQLSTATE") == NULL);
	in.section_text = NULL;
	in.nfeatures = 1;
	in.policy.gap_anchor = 0;
	/* without the families, nothing is a sibling */
	in.nfamilies = 0;
	CHECK(re_propose(a, &in, &out) == 0);
	CHECK(find_title(&out, "Define `temporal_mode` for objects created before 0.36.0") != NULL);
	CHECK(out.skipped_sibling == 0);
	re_arena_free(a);
}

/* "Described in the docs" (docs/proposals.md): a heading that names the feature, over its opening paragraph. */
static void
test_doc_describes(void)
{
	ReArena    *a = re_arena_new();
	const char *paths[] = {"docs/FAQ.md", "docs/research/IDEAS.md", "docs/CONFIG.md", "docs/x.md"};
	const char *texts[] = {
		"# FAQ\n\n## How do prepared statements help?\n\nLater runs reuse the cached plan.\n\n"
		"```\n## not a heading\n```\n## Shared Memory\n\nThe registry lives there.\n\n"
		"## Bloom filter lookup index\n\nPlanned for a future release.\n",
		"# Ideas\n\n## Template cache in shared memory\n\nA template cache could live in shared memory.\n",
		"# Config\n\n## x.auto_backoff\n\nBack off when late. Since 0.9.0.\n\n## x.fast_knob\n\nAdded in 0.4.0.\n",
		"# Filler\n\n## One\n\n## Two\n\n## Three\n\n## Four\n"
	};
	ReDocIndex	ix;
	const ReDocSection *d;

	re_doc_index(a, paths, texts, 4, &ix);
	/* the research file is left out; a heading inside a code block is no heading */
	CHECK(ix.n == 12);
	d = re_doc_describes(&ix, "Prepared statement reuse", "0.4.0");
	CHECK(d != NULL && strcmp(d->path, "docs/FAQ.md") == 0 && strstr(d->heading, "prepared statements") != NULL);
	/* a backticked name of two stems; a kind word ("GUC") is not needed in the doc */
	CHECK(re_doc_describes(&ix, "`x.auto_backoff` GUC", "0.4.0") != NULL);
	/* two plain words are too generic to name a feature */
	CHECK(re_doc_describes(&ix, "Auto backoff", "0.4.0") == NULL);
	/* a heading naming part of it, an idea, a planned section, the target's own docs: not existing */
	CHECK(re_doc_describes(&ix, "Shared-memory template cache", "0.4.0") == NULL);
	CHECK(re_doc_describes(&ix, "Bloom filter lookup index", "0.4.0") == NULL);
	CHECK(re_doc_describes(&ix, "`x.fast_knob` setting", "0.4.0") == NULL);
	CHECK(re_doc_describes(&ix, "`x.fast_knob` setting", "0.5.0") != NULL);
	/* the (stem, section) pairs find the same section as reading every heading (npairs 0) */
	{
		static const char *const names[] = {
			"Prepared statement reuse", "`x.auto_backoff` GUC", "Auto backoff", "Shared-memory template cache",
			"Bloom filter lookup index", "`x.fast_knob` setting", "Shared memory registry lives", NULL
		};
		ReDocIndex	plain = ix;
		int			i,
					same = 1;

		CHECK(ix.npairs > 0);
		plain.npairs = 0;
		for (i = 0; names[i]; i++)
			same &= re_doc_describes(&ix, names[i], "0.5.0") == re_doc_describes(&plain, names[i], "0.5.0") &&
				re_doc_describes(&ix, names[i], "0.4.0") == re_doc_describes(&plain, names[i], "0.4.0");
		CHECK(same);
	}
	re_arena_free(a);
}

static void
test_engine(void)
{
	test_feature_extract();
	test_cap_title_repeats();
	test_feature_notes();
	test_object_kinds();
	test_feature_objects();
	test_lens_kinds();
	test_docs_missing();
	test_word_kinds();
	test_lenses();
	test_lens_premises();
	test_lens_ident_pattern();
	test_lens_sql_function();
	test_selector();
	test_dedupe_listed();
	test_dedupe_selector();
	test_doc_describes();
	test_deferred_closed_later();
	test_deferred_traced();
	test_deferred_proposals();
	test_test_code();
}
