/*
 * feature.h — the subject of a planned roadmap item: its id, bold lead
 * title, the backticked identifiers it names (by kind) and the kinds of
 * feature it is (cache, setting, catalog change, …), so that lenses can ask
 * pillar by pillar what could go wrong with it.
 */
#ifndef RE_FEATURE_H
#define RE_FEATURE_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"

#define RE_MAX_IDENTS 16
#define RE_MAX_KINDS 128		/* roadmap.feature_kind rows read (in kind order); more are not used */

typedef enum ReIdentKind
{
	IK_FUNCTION = 0,			/* schema.fn() */
	IK_GUC,						/* prefix.name setting */
	IK_TABLE,					/* schema.table */
	IK_COLUMN,					/* column_name (said to be a column) */
	IK_PATH,					/* src/x.rs, docs/X.md */
	IK_FLAG,					/* --flag */
	IK_SYNTAX,					/* CREATE STREAM TABLE, AS OF TIMESTAMP */
	IK_TYPE,					/* CamelCase type */
	IK_CONST,					/* UPPER_SNAKE mode or constant */
	IK_NAME,					/* other snake_case name */
	IK_GUC_ENUM,				/* a setting whose values are listed (`a|b`, a mode, a strategy) */
	IK_GUC_BOOL,				/* an on/off setting */
	IK_GUC_INT,					/* a count, size or duration setting */
	IK_GUC_STRING,				/* a free-form text or list setting */
	IK_OTHER,
	IK__COUNT
} ReIdentKind;

typedef struct ReIdent
{
	char	   *text;			/* normalised: fn() with empty parens, no :line */
	ReIdentKind kind;
	bool		in_title;
	bool		added;			/* in the title, or the text says it adds it ("Add `x`", "via `x`") */
} ReIdent;

/* A feature kind from roadmap.feature_kind: a pattern over the item text. */
typedef struct ReKindDef
{
	const char *kind;
	const char *pattern;		/* PCRE2, case-insensitive; NULL = identifiers only */
	const char *ident_kind;		/* an identifier of this kind implies the kind, or NULL */
	bool		exclusive;		/* stated by the title, it is the feature's only kind */
} ReKindDef;

typedef struct ReFeature
{
	const char *item_id;
	char	   *title;			/* bold lead / title without markup */
	char	   *short_name;		/* last words of the title's noun phrase */
	const char *priority;
	ReIdent		ids[RE_MAX_IDENTS];
	int			nids;
	unsigned long long kinds[RE_MAX_KINDS / 64];	/* bit k = kinds[k] of the definitions (RE_KIND_HAS) */
	const char *text;			/* title and description, as the kind patterns saw them */
	int			desc_at;		/* where the description starts in text */
	int			notes_at;		/* where notes appended to the description start (0: none): never quoted */
	int			kind_at[RE_MAX_KINDS];	/* offset in text of kind k's pattern match, or -1 */
} ReFeature;

#define RE_KIND_BIT(k) (1ULL << ((k) % 64))
#define RE_KIND_HAS(f, k) (((f)->kinds[(k) / 64] & RE_KIND_BIT(k)) != 0)
#define RE_KIND_SET(f, k) ((f)->kinds[(k) / 64] |= RE_KIND_BIT(k))

const char *re_ident_kind_name(ReIdentKind k);
int			re_ident_kind_from_name(const char *name);
/* Does an identifier of kind have satisfy a want of kind want? ("guc" takes every kind of setting) */
bool		re_ident_kind_matches(int have, int want);
/* The kind of a setting from its value, declared type or name: IK_GUC_ENUM … IK_GUC_STRING, else IK_GUC. */
ReIdentKind re_guc_kind(const char *name, const char *value, const char *after);

/* The bold lead title of a cell ("**X.** rest" -> "X"), else the text up to " — " / ". ". */
char	   *re_bold_lead(ReArena *a, const char *text);
/* The same into a caller's buffer (truncated to cap - 1 bytes), allocating nothing; returns its length. */
size_t		re_bold_lead_buf(const char *text, char *out, size_t cap);

/* Classify one backticked span; context is the text right after it. */
ReIdentKind re_classify_ident(ReArena *a, const char *span, const char *before, const char *after,
							  char **normalised);

/*
 * Between re_feature_memo_begin() and _end() each kind's pattern is
 * compiled once (re_feature_extract is called for every planned item),
 * and to machine code as well when jit is set (PCRE2 JIT: it pays when the
 * items' texts are long); without the memo each call compiles them again.
 * Same results.
 */
void		re_feature_memo_begin(bool jit);
void		re_feature_memo_end(void);

/*
 * Extract a feature from an item. kinds/nkinds are the kind definitions;
 * returns 0, or -1 with err set when a pattern does not compile.
 */
int			re_feature_extract(ReArena *a, const char *item_id, const char *title, const char *description,
							   const char *priority, const ReKindDef *kinds, int nkinds, ReFeature *out,
							   char *err, size_t errlen);

/* The identifier of kind k (first in title, else first in text), or NULL. */
const ReIdent *re_feature_ident(const ReFeature *f, int kind);

/*
 * The sentence of the feature's section text around offset at (its first
 * sentence when at < 0), without a leading "Label:"; a sentence longer than
 * cap bytes is cut to whole clauses around at (re_clause_cut). NULL when the
 * feature has no section text or no clause around at fits.
 */
char	   *re_feature_sentence(ReArena *a, const ReFeature *f, int at, size_t cap);

/*
 * Where a long title cell's text after its lead sentence starts in f->text
 * ("Lead. Tail …" of a table row whose cell holds the whole item), or -1 when
 * the title is its lead alone. The description quotes only the lead, so a
 * match in the tail is quoted like one in the section text.
 */
int			re_feature_tail_at(const ReFeature *f);

/*
 * Each item's description with its notes in the release's section appended
 * (out[i] for ids[i]): the block its bold lead opens (`**ID** — …`, no code
 * fences), the rest of its table row's cell beyond what the title holds, and
 * bullets elsewhere naming the id that are no checklist entry; paragraphs the
 * description holds already are left out. One pass over the section.
 */
void		re_feature_notes_all(ReArena *a, const char *section, int n, const char *const *ids,
								 const char *const *titles, const char *const *descs, char **out);

/* The identifier that best names the feature (title first; function, setting, syntax, column, table …). */
const ReIdent *re_feature_primary(const ReFeature *f);

#endif
