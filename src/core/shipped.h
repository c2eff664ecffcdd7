/*
 * shipped.h — is a planned item already shipped or documented? Before the
 * feature lenses anchor on an item of the target release, its own section
 * (exit criteria, struck-through rows, "shipped in vX", "no action"), the
 * changelog of the releases before it and the docs of the commit are read
 * for a text that says the item exists; such an item gets one "reconcile"
 * item instead of lens items. See docs/proposals.md "Shipped before it was
 * planned".
 */
#ifndef RE_SHIPPED_H
#define RE_SHIPPED_H

#include <stdbool.h>

#include "arena.h"

typedef enum ReShipSource
{
	RE_SHIP_NONE = 0,
	RE_SHIP_SECTION,			/* the target's own section marks it shipped */
	RE_SHIP_CHANGELOG,			/* a changelog entry of an earlier release ships it */
	RE_SHIP_CONTRACT,			/* the function or setting it adds is documented (or shipped) already */
	RE_SHIP_DOCS,				/* a docs section describes it as existing */
	RE_SHIP_PLAN				/* a plan or report of the project says its mechanism cannot work */
} ReShipSource;

typedef struct ReShipped
{
	ReShipSource source;
	const char *where;			/* "CHANGELOG.md v0.10.0", "docs/SQL_REFERENCE.md", NULL for the section */
	char	   *text;			/* the sentence that says so, one line, no double quotes */
	const char *what;			/* the identifier it names (RE_SHIP_CONTRACT), or NULL */
} ReShipped;

/*
 * Does text name item_id: as a whole token, inside a range of its series
 * ("FUSE-1–6", "FUSE-1..FUSE-6", "FUSE-1 to 6" for FUSE-5), or as the group
 * it belongs to ("A-2-COL" for A-2-COL-2; three characters or more, case
 * as written)?
 */
bool		re_text_names_id(const char *text, const char *item_id);

/*
 * The lines of a release section that mark something shipped: a status
 * phrase ("shipped in v0.11.0", "already exists", "existed since", "no
 * action") not negated or put in the future ("not yet shipped", "will be
 * shipped"). *n is set to their count; each is folded to plain text
 * (markup and double quotes removed, at most ~240 bytes).
 */
char	  **re_shipped_lines(ReArena *a, const char *section, int *n);

/* The first of the n lines that names item_id, or NULL. */
const char *re_shipped_line_for(char *const *lines, int n, const char *item_id);

/* The lead of a changelog entry: up to ". ", ": ", " — " or " - ", at most 200 bytes. */
char	   *re_changelog_lead(ReArena *a, const char *text);

/*
 * The changelog entry (n parallel leads and texts, of releases before the
 * target only) that ships the item: its lead names the item's name (every
 * stem of name, at least two, one of them distinctive among the leads, and
 * the lead at least 75 % the name's), or its first 300 bytes name item_id
 * (a token or a range, no group) and 60 % and two of the stems of name.
 * Returns its index, or -1.
 */
int			re_changelog_ships(ReArena *a, const char *name, const char *item_id, const char *const *leads,
							   const char *const *texts, int n);

/*
 * Is the item's title its identifier alone ("Implement missing `f()`.",
 * "**`pgtrickle.f(name)`**", "`x` GUC"): nothing but the identifier, verbs
 * that add it and words naming its kind? ident is the normalised name.
 */
bool		re_title_is_ident(const char *title, const char *ident);

/*
 * Is the identifier (a function "schema.f()" or a setting "prefix.name")
 * documented as existing: a docs heading names it (backslash escapes and
 * backticks removed), in a file not under a directory of ideas? Returns
 * the path, or NULL.
 */
const char *re_ident_documented(const char *ident, const char *const *paths, const char *const *texts, int n,
								char **heading, ReArena *a);

/*
 * The release (below target) a docs section's opening says a feature
 * arrived in: "new in v0.4.0", "added in 0.4.0", "introduced in v0.4.0",
 * "available since v0.4.0", "since v0.4.0". Returns the offset of the
 * sentence's start in text, or -1.
 */
int			re_doc_arrived(const char *text, const char *target);

/* The text folded for a report: one line, no markup, no double quotes, cut to cap bytes at a clause. */
char	   *re_shipped_fold(ReArena *a, const char *text, size_t cap);

/*
 * The reconcile item for features ids ("A, B") closed by sh: its title, and
 * its description (name: the first feature's title core; version: the
 * release being planned).
 */
char	   *re_reconcile_title(ReArena *a, const ReShipped *sh, const char *ids);
char	   *re_reconcile_description(ReArena *a, const ReShipped *sh, const char *ids, const char *name,
									 const char *version);

/*
 * The sentences of a project plan or report that deny a mechanism: prose
 * (no table row, checklist entry, heading or code block) with a phrase such
 * as "cannot", "impossible", "is not possible", "no way to", "is never
 * called", and at least two code spans. *n is set to their count; each is
 * folded to one line (at most ~300 bytes).
 */
char	  **re_plan_denials(ReArena *a, const char *text, int *n);

/*
 * Does a denial sentence name two different identifiers of a feature as
 * code spans? A span and an identifier match when one starts the other at
 * a word boundary ("CREATE STREAM TABLE" and "CREATE STREAM TABLE x AS
 * SELECT …"; a function with or without its argument list), the shorter at
 * least six characters long.
 */
bool		re_denial_names(const char *sentence, const char *const *idents, int nidents);

/*
 * Stated defaults (docs/proposals.md "A default the docs state otherwise"):
 * a planned item that states a default or current behaviour ("`unlogged`
 * (default, current behaviour)") whose object the docs or an earlier
 * changelog entry give a different default ("(Default) Change buffers are
 * WAL-logged").
 */

/* roadmap.default_state: a word naming one state of an axis ("unlogged": state unlogged of axis persistence). */
typedef struct ReDefaultState
{
	const char *word;			/* lower-case, one word: "unlogged" */
	const char *state;			/* "unlogged" */
	const char *axis;			/* "persistence" */
	const char *risk;			/* 'data_loss' | 'wrong_answer' | 'crash' | NULL */
} ReDefaultState;

/* A default or current behaviour a text states. */
typedef struct ReStatedDefault
{
	const ReDefaultState *value;	/* the state it states */
	char	   *quote;			/* the words that state it ("`unlogged` (default, current behaviour)") */
} ReStatedDefault;

/*
 * The defaults and current behaviours text states: a value (a word of
 * states, or a code span holding one, quotes allowed) bound to a marker —
 * "`v` (default…)", "(default `v`)", "default `v`", "defaults to v", "v by
 * default", "currently v", "v today", "v preserves current behaviour" —
 * in the same clause, not negated ("not v"), and no change of the default
 * ("flip/change/switch/new/make … default"). At most max, one per state;
 * returns their count.
 */
int			re_stated_defaults(ReArena *a, const char *text, const ReDefaultState *st, int nst,
							   ReStatedDefault *out, int max);

/* A documented default that contradicts a stated one. */
typedef struct ReDefaultConflict
{
	const ReDefaultState *stated;	/* what the item states */
	const ReDefaultState *documented;	/* what the document states, same axis */
	char	   *quote;			/* the item's words */
	const char *path;			/* the document ("docs/CONFIGURATION.md", "CHANGELOG.md v0.13.0") */
	char	   *heading;		/* the heading the sentence is under (folded), or NULL */
	char	   *sentence;		/* the document's sentence, folded (no double quotes) */
	const char *object;			/* what named the object: an identifier or a pair of words */
} ReDefaultConflict;

/*
 * Does one of the n texts (paths parallel; fenced code skipped) hold a
 * sentence that states a default ("default", "defaults", "(Default)") of
 * the same object — it or its heading names one of the objects (an
 * identifier, as a token), or it holds one of the objects that are word
 * pairs ("change buffer" also as "change buffers") — and names another
 * state of the stated value's axis, not negated, and not the stated one?
 * Fills out with the first such sentence.
 */
bool		re_default_conflict(ReArena *a, const ReStatedDefault *stated, const ReDefaultState *st, int nst,
								const char *const *objects, int nobjects, const char *const *paths,
								const char *const *texts, int n, ReDefaultConflict *out);

/* The objects a planned item's default is about: its identifiers' base names and their adjacent word pairs. */
int			re_default_objects(ReArena *a, const char *const *idents, int nidents, const char ***out);

#endif
