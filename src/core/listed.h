/*
 * listed.h — the checks a release section already lists (its items' Verify
 * lines, its exit-criteria checkboxes, the deliverable sentences of its
 * items' text), the check families that tell two checks apart, and the word
 * stems the selector compares a candidate with them and with shipped work.
 * See docs/proposals.md "Dedupe".
 */
#ifndef RE_LISTED_H
#define RE_LISTED_H

#include <stdint.h>

#include <stdbool.h>

#include "arena.h"

#define RE_MAX_FAMILIES 32
#define RE_MAX_CHECK_IDENTS 12

/* roadmap.check_family: the kind of check a text asks for. */
typedef struct ReFamilyDef
{
	const char *family;			/* benchmark, upgrade, docs … */
	const char *home_pillar;	/* a duplicated check stays in this pillar, or NULL */
	const char *stems;			/* lower-case word starts separated by '|' */
} ReFamilyDef;

typedef struct ReCheck
{
	const char *owner;			/* the item id it belongs to, or NULL */
	const char *source;			/* "Verify", "exit criterion", "text", "row" */
	char	   *text;
	unsigned int families;		/* bit k = families[k] */
	char	   *idents[RE_MAX_CHECK_IDENTS];	/* backticked names and item ids, normalised */
	int			nidents;
} ReCheck;

typedef struct ReListed
{
	ReCheck    *checks;
	int			n;
} ReListed;

/* The families whose stems start a word of text (bit k = fams[k]). */
unsigned int re_check_families(const char *text, const ReFamilyDef *fams, int nfams);

/* Backticked names (lower-case, without "()" or "= value") and item ids of text. */
int			re_check_idents(ReArena *a, const char *text, char **out, int max);

/*
 * Index the checks of a release section: "Verify:" paragraphs (owner: the
 * bold item heading above), list items under an "Exit Criteria" heading or
 * after an "Exit criteria:" paragraph (owner: a leading "ID:"), and the
 * sentences of the items' own text that start with a family's word
 * (texts/owners: nitems parallel arrays, may be 0). md may be NULL.
 */
void		re_listed_index(ReArena *a, const char *md, const char *const *owners, const char *const *texts,
							int nitems, const ReFamilyDef *fams, int nfams, ReListed *out);

/*
 * The listed check a candidate repeats, or NULL. idents: the candidate's
 * names (its feature id first); families: of its title and Verify sentence.
 * Rule 1: a shared name and a shared family. Rule 2: most of the title's
 * words (stems) are in the check. *rule is set to 1 or 2.
 */
const ReCheck *re_listed_find(const ReListed *l, const char *title, char *const *idents, int nidents,
							  unsigned int families, int *rule);

/*
 * Word stems (first five bytes of each lower-case word, stop words left
 * out) of a that also occur in b: returns the fraction of a's stems, and the
 * count in *shared. skip_verb leaves a's first word out (an action verb).
 */
double		re_stem_overlap(const char *a, const char *b, bool skip_verb, int *shared);

/*
 * The first of n changelog leads (first sentences) that repeats title: at
 * least min_ratio and two of the title's stems, of which min_distinct are
 * distinctive (in at most one lead in twenty, or in one), so that words every
 * entry of the project uses ("refresh", "table") do not make a match.
 * Returns its index, or -1.
 */
int			re_entry_repeats(ReArena *a, const char *title, bool skip_verb, const char *const *leads, int n,
							 double min_ratio, int min_distinct);

/*
 * Keep the stems of the texts re_entry_repeats and re_stem_overlap compare
 * with (their second argument) between begin and end
 * (about slots texts; begin ends an earlier memo). Same results with or
 * without it. Not thread-safe (one per process).
 */
void		re_listed_memo_begin(int slots);
void		re_listed_memo_end(void);

/*
 * The sentences of text (ending at ". " or a line end, markup kept), for
 * matching a candidate's title against a section's Goal, item titles and
 * exit criteria; *n is set to their count (0 when text is NULL).
 */
const char **re_sentences(ReArena *a, const char *text, int *n);

/* A section of a docs file: its heading and the stems that name it. */
typedef struct ReDocSection
{
	const char *path;
	char	   *heading;		/* without the leading #s */
	char	   *body;			/* the first bytes after the heading, outside code blocks */
	char		stems[16][6];	/* the heading's stems (parentheses left out) */
	int			nstems;
} ReDocSection;

typedef struct ReDocIndex
{
	ReDocSection *s;
	int			n;
	/* every (heading stem number, section) pair, sorted: the sections a stem names, by binary search */
	uint64_t   *keys;
	int		   *sec;
	int			npairs;
} ReDocIndex;

/* Is path under a directory of ideas rather than behaviour (research, rfc, proposal(s), plan(s), design, draft(s))? */
bool		re_idea_path(const char *path);

/*
 * Index the headings of n docs files (paths/texts parallel). Files under a
 * directory of ideas rather than behaviour (research, rfc, proposal(s),
 * plan(s), design, draft(s)) are left out.
 */
void		re_doc_index(ReArena *a, const char *const *paths, const char *const *texts, int n, ReDocIndex *out);

/*
 * The docs section that describes name (a feature's title core) as
 * existing, or NULL: its heading holds two of name's distinctive stems (in
 * at most one heading in fifty), heading and opening paragraph hold every
 * stem of name (kind words such as "GUC" and "API" left out), neither
 * speaks of it as planned, and neither names version (the docs of the
 * release's own work in progress). A name of fewer than three stems
 * counts only when it has a backticked identifier.
 */
const ReDocSection *re_doc_describes(const ReDocIndex *ix, const char *name, const char *version);

/* A file (by its base name's words, at least two, all in title) that already delivers title, or NULL. */
const char *re_file_delivers(const char *title, const char *const *paths, int npaths);

#endif
