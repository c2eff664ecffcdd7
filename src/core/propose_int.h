/*
 * propose_int.h — what the proposal engine's files share: the candidate and
 * selector types and the helpers more than one of them calls (not an API).
 */
#ifndef RE_PROPOSE_INT_H
#define RE_PROPOSE_INT_H

#include "propose.h"
#include "describe.h"
#include "deferral.h"
#include "docslist.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model.h"
#include "shipped.h"
#include "similar.h"

#define MAX_PER_PILLAR 6
#define MIN_PER_PILLAR 3
#define MAX_DEFERRED_PER_PILLAR 3
#define STRONG_GAP_SCORE 5.0

typedef struct Cand
{
	int			kind;			/* 0 deferred, 1 evidence, 2 gap */
	double		rank;			/* higher first within a kind */
	const char *tiebreak;
	ReProposal	p;
	const char *match_text;		/* text compared with existing/shipped */
	const char *full_title;		/* the title before cap_title: what the dedupe reads */
	const char *blocker;		/* deferred: id its status says blocked it */
	const char *origin_version; /* deferred: release that left it open */
	const char *origin_id;
	int			tier;			/* gaps: 0 fresh area, 1 planned in the target */
	int			feature;		/* feature items: index into the features, else -1 */
	/* what the candidate checks (dedupe, docs/proposals.md) */
	char	   *idents[RE_MAX_CHECK_IDENTS];	/* its feature's id first, then the title's names */
	int			nidents;
	int			title_ident0;	/* index of the first name taken from the title */
	unsigned int families;		/* check families of its title and Verify sentence */
	bool		banned;			/* dropped as a sibling's duplicate */
	char	   *done;			/* gaps: why the deliverable is done (gap_done), or NULL */
	bool		evidence;		/* feature items: the lens fired on a fact of the commit (kept-class) */
	int			anchor;			/* feature items: the anchor feature's priority, P0 3, P1 2, else 1 */
	bool		bumped;			/* chosen, then replaced by a kept-class item of higher priority */
	bool		per_release;	/* feature items: its lens's check is the release's (one item names all) */
	int			weight;			/* feature items: the lens's weight */
	/* feature items: the lens and identifier, and what the docs claim (docs/proposals.md "Claimed by the docs") */
	const ReLensDef *lens;
	const char *ident;
	int			claimed;		/* 1 a document states it as true, 2 a planned item lists its docs */
	bool		reconcile;		/* the one item on features shipped before they were planned */
	const char *why;		/* why it cannot be proposed (eligible), for the no-item reasons */
	ReClaim		claim;
	bool		list;			/* the release's, about no item alone: a docs list (add_docs_lists), an upgrade pair of its exit criteria */
} Cand;

/* The selector's working state: candidates, what each pillar chose so far. */
typedef struct Sel
{
	ReArena    *a;
	const ReProposeIn *in;
	RePolicy	pol;
	Cand	   *cands;
	int			nc;
	Cand	  **chosen;			/* parallel to out->items */
	int		   *uses;			/* pillars each feature appears in */
	ReProposeOut *out;
	const ReDeferredIn **stale;
	int			nstale;
	ReListed	listed;			/* the checks the target section already lists */
	const char **thin;			/* per pillar: why its focus-area gaps were dropped, or NULL */
	const char **section_sents;	/* the sentences of the target's section (Goal, items, exit criteria) */
	int			nsection_sents;
	ReDocIndex	docs;			/* the headings of the commit's docs */
	ReClaimTexts claims;		/* the docs (no idea folders) and CHANGELOG.md: what they state as true */
	ReClaimTexts docs_only;		/* the same without the changelog: where a docs item writes */
	const char **item_ids;		/* the planned items (and the section text, id NULL): what they list */
	const char **item_texts;
	int			nitems;
	const char *set_prefix;		/* the documented settings prefix ("pg_trickle"), or NULL */
	const char *set_path;		/* the document with most of those settings */
	const char *set_example;	/* one of them */
	const ReDocSection **feature_doc;	/* per feature: the docs section describing it as existing, or NULL */
	ReFeature  *fs;				/* the features as the lenses read them (NULL: none) */
	ReShipped  *shipped;		/* per feature: what says it shipped before it was planned (source 0: nothing) */
	const char **left;			/* per pillar: kept-class items a cap left out, or NULL */
	ReLensCtx	lctx;			/* what the lenses saw (add_features) */
} Sel;

/* candidates.c */
char *re_cap_title(ReArena *a, const char *t);
char *re_fill(ReArena *a, const char *tmpl, int hits, const char *file);
bool		re_starts_with_verb(const char *t);
const char *re_norm_priority(const char *p);
const char *re_norm_effort(const char *e, const char *dflt);
char *re_plain_lower(ReArena *a, const char *s);
char *re_never_phrase(ReArena *a, const char *rule);
const ReRuleIn *re_cited_rule(const ReProposeIn *in, const char *title);
const ReFocusIn *re_find_focus(const ReProposeIn *in, const char *id);
int			re_cand_cmp(const void *x, const void *y);
void		re_sentence(ReBuf *b, const char *s);
void		re_add_deferred(ReArena *a, const ReProposeIn *in, const ReDeferredIn *d, Cand *c);
void		re_add_evidence(ReArena *a, const ReProposeIn *in, const ReEvidenceIn *e, Cand *c);
void		re_add_gap(ReArena *a, const ReProposeIn *in, const ReFocusIn *f, Cand *c);
const char *re_already_listed(const ReProposeIn *in, const Cand *c, double *best);
int			re_already_shipped(ReArena *a, const ReProposeIn *in, const Cand *c);
bool		re_dismissed(const ReProposeIn *in, const Cand *c);
RePolicy	re_policy_of(const ReProposeIn *in);
int			re_add_features(ReArena *a, const ReProposeIn *in, Cand **candsp, int nc, ReFeature **fsp, ReLensCtx *ctxp, char *err, size_t errlen);

/* propose.c */
bool		re_share_title_name(ReArena *a, const Cand *x, const Cand *y);

/* screen.c */
void		re_sign_candidate(Sel *s, Cand *c);
const char **re_leads_of(ReArena *a, const ReTextIn *list, int n);
char *re_doc_name(ReArena *a, const char *title);
const ReDocSection *re_documented(Sel *s, const char *title);
char *re_gap_done(Sel *s, const Cand *c, const char **hist, const char **window);
void		re_find_shipped(Sel *s);
bool		re_same_shipped(const ReShipped *x, const ReShipped *y);
int			re_add_reconciles(Sel *s, int nc);
/* the fields every reconcile item of feature f shares (P0 in correctness when p0, else P1 in stability) */
void		re_reconcile_cand(Sel *s, Cand *c, int f, bool p0, const char *lens_id);
bool		re_eligible(Sel *s, Cand *c);
bool		re_repeats_chosen(ReArena *a, Cand **chosen, int first, int n, const Cand *c);
int			re_add_docs_lists(Sel *s, int nc);
int			re_produce_candidates(Sel *s);

/* mechanism.c: what a changed mechanism feeds (docs/proposals.md) */
int			re_add_mechanism_items(Sel *s, int nc);

/* risks.c */
void		re_write_theme(Sel *s);
void		re_write_risks(Sel *s);

#endif
