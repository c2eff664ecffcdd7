/*
 * lens.h — feature lenses: catalog rows (roadmap.lens) that look at one
 * planned feature through one pillar and, when their evidence holds, write
 * an item that names the feature.
 */
#ifndef RE_LENS_H
#define RE_LENS_H

#include <stdbool.h>

#include "arena.h"
#include "feature.h"
#include "strmap.h"

typedef struct ReLensDef
{
	const char *lens_id;
	const char *pillar;
	const char *feature_kind;	/* a roadmap.feature_kind */
	const char *trigger;		/* always | not_in_docs | not_in_tests | no_upgrade_script | feature_p0 */
	const char *ident_kind;		/* identifier the item must name, or NULL */
	const char *priority;		/* never above the feature's own; P0 only when the feature is P0 */
	const char *effort;
	int			weight;
	bool		schema_change;
	const char *title;			/* templates: {subject} {item} {ident} {id} {title} {short} {prev} {version} {named:noun:default} {bench:default} {objects:default} {scale:default} */
	const char *why;
	const char *verify;
	bool		per_release;	/* one item a pillar names every feature it fires on (roadmap.lens.per_release) */
	const char *property;		/* what the item asks for, as a pattern (docs/proposals.md "Claimed by the docs"), or NULL */
	const char *target_doc;		/* the document a docs item writes to, as a pattern, or NULL */
	const char *covered_by;		/* planned deliverables (by title) that cover a docs item naming its subject, or NULL */
	const char *risk;			/* wrong_answer | data_loss | crash: the failure the lens asks about, or NULL
								 * for a template check (docs, range, benchmark, edge cases) */
	bool		p0_unrated;		/* its premise is a wrong-rows-with-no-error risk: P0 also on a feature the
								 * release does not rate (roadmap.lens.p0_unrated) */
} ReLensDef;

/* A lens's premise as feature classes (roadmap.lens.requires_kinds / unless_kinds). */
typedef struct ReLensGate
{
	const char *requires_kinds; /* kinds the feature must also have (space-separated), or NULL */
	const char *unless_kinds;	/* kinds that keep the lens off (space-separated), or NULL */
	const char *ident_pattern;	/* PCRE2 the identifier as the item writes it must match (a function with
								 * its argument list), or NULL: any identifier of the lens's kind */
} ReLensGate;

typedef struct ReLensCtx
{
	const char *version;
	const char *prev_version;	/* newest released version, or NULL */
	const char *docs_text;		/* the docs tree, or NULL when unknown */
	const char *tests_text;		/* the test files, or NULL when the tree has none */
	const char *section_text;	/* the target release's own section (intro, exit criteria), or NULL */
	int			has_upgrade_script; /* -1 unknown, 0 no, 1 yes */
	const ReKindDef *kinds;
	int			nkinds;
	const ReLensGate *gates;	/* parallel to the lenses re_lens_apply gets, or NULL: no gates */
	const char *bench;			/* the project's benchmarks ("the benchmarks `docs/BENCHMARK.md` describes"), or NULL */
	const ReStrMap *sql_names;	/* base names the section or the docs write schema-qualified (`x.fn(`), or
								 * NULL: re_lens_apply indexes them once, re_lens_sql_function scans */
	char	   *err;			/* where re_lens_apply says which pattern does not compile, or NULL */
	size_t		errlen;
} ReLensCtx;

typedef struct ReLensHit
{
	const ReLensDef *lens;
	const ReFeature *feature;
	const char *ident;			/* the identifier named, or NULL */
	char	   *title;
	char	   *description;
	const char *priority;
	double		rank;
	char	   *evidence;		/* the fact that fired the lens, or NULL for "always" */
} ReLensHit;

/* Fill one template; returns NULL when it needs {ident} and there is none. */
char	   *re_lens_fill(ReArena *a, const char *tmpl, const ReLensCtx *ctx, const ReFeature *f,
						 const char *ident);

/*
 * The one priority rule of items anchored on a planned feature (docs/proposals.md
 * "Priority"): a risk item (the lens asks about a wrong-answer, data-loss or
 * crash path of a mechanism the anchor's own text states) takes the lens's
 * priority; a template item (risk NULL: docs, range, benchmark, edge cases)
 * takes the anchor's own priority, at most P1, and P2 when the anchor states
 * none. Never above the lens's or the anchor's priority, P0 only for a risk
 * item on a P0 anchor, P2 for an anchor its title calls optional.
 */
const char *re_item_priority(const char *lens_priority, const char *risk, const char *anchor_priority,
							 bool anchor_optional);

/* Does the feature have every kind of the list (all) or any of them (!all)? An unknown name is not held. */
bool		re_lens_has_kinds(const ReLensCtx *ctx, const ReFeature *f, const char *list, bool all);

/*
 * Is the function identifier (`fn()`, `schema.fn()`) a SQL function? Only when
 * written schema-qualified, with a SQL signature, in an item that calls it a SQL
 * function, or written schema-qualified by the release's section or the docs.
 * Any other identifier: true.
 */
bool		re_lens_sql_function(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, const char *ident);

/*
 * The identifier as the item writes it: a function with the longest argument
 * list the text shows (`x.f(names TEXT[])`), else the identifier itself.
 */
char	   *re_lens_written(ReArena *a, const ReFeature *f, const char *ident);

/*
 * Every (feature, lens) pair whose kind and class gates match and whose
 * trigger holds; -1 (ctx->err set) when a lens's ident_pattern does not compile.
 */
int			re_lens_apply(ReArena *a, const ReLensCtx *ctx, const ReLensDef *lenses, int nlenses,
						  const ReFeature *features, int nfeatures, ReLensHit **out);

#endif
