/*
 * propose.h — choose and write the pillar items for a planned release
 * from scored focus areas, probe evidence and deferred items.
 */
#ifndef RE_PROPOSE_H
#define RE_PROPOSE_H

#include "arena.h"
#include "feature.h"
#include "lens.h"
#include "pillar.h"
#include "listed.h"
#include "claim.h"
#include "shipped.h"


typedef struct ReFocusIn
{
	const char *focus_id;
	const char *pillar;
	int			ord;
	const char *name;
	double		score;
	int			shipped_recent;
	const char *last_shipped;
	int			releases_since;	/* -1 never shipped */
	int			planned_in_target;
	int			plan_open;
	int			evidence_hits;
	const char *effort;
	int			schema_change;
	int			engine_core;
	const char *title;
	const char *rationale;
	const char *verify;
} ReFocusIn;

typedef struct ReEvidenceIn
{
	const char *probe_id;
	const char *focus_id;
	const char *title;			/* template: {hits} {file} */
	const char *description;
	const char *rationale;		/* why the count matters, or NULL */
	const char *verify_command;
	int			total_hits;
	int			files;
	const char *top_file;
	int			top_hits;
	int			top_line;
	const char *detail;			/* names, for doc probes */
} ReEvidenceIn;

typedef struct ReDeferredIn
{
	const char *version;
	const char *item_id;
	const char *title;
	const char *status_text;
	const char *effort;
	const char *priority;
	const char *pillar;			/* resolved pillar */
	const char *focus_id;		/* best matching focus area, or NULL */
	int			carried;
	const char *first_seen;
	const char *description;	/* the item's own section text, or NULL */
	/* re-planned: a later item up to the target took it over (else NULL) */
	const char *successor_version;
	const char *successor_id;
	const char *successor_status;	/* open / skipped / deferred */
	const char *successor_title;
	const char *successor_rule;		/* how it matched (docs/proposals.md) */
	/* a harmless skip reason (roadmap.skip_reason_rule) sets the priority */
	const char *reason_priority;
	const char *reason_phrase;
} ReDeferredIn;

/* An item the target release lists: the subject of the feature lenses. */
typedef struct ReFeatureIn
{
	const char *item_id;
	const char *title;
	const char *description;
	const char *priority;
} ReFeatureIn;

/* roadmap.selection_policy: how many items each producer may give a pillar. */
typedef struct RePolicy
{
	int			min_per_pillar;
	int			max_per_pillar;
	int			max_feature;	/* feature-lens items per pillar */
	int			max_deferred;
	int			max_evidence;
	int			max_uses_per_feature;	/* pillars one feature may appear in */
	int			stale_after;	/* deferred carried longer: a risk, not an item */
	double		strong_gap;		/* gaps beyond the minimum need this score */
	double		reuse_penalty;	/* rank lost per pillar a feature already appears in */
	int			gap_anchor;		/* 1: with features listed, a gap needs probe evidence and an unplanned area; -1 = default (1) */
	int			kept_beyond_share;	/* 1: kept-class feature items fill a pillar beyond max_feature; -1 = default (1) */
} RePolicy;

/* A planner's dismissal (roadmap.decision): matched by source ref or title. */
typedef struct ReDismissIn
{
	const char *title;
	const char *source_ref;
} ReDismissIn;

typedef struct ReTextIn
{
	const char *id;				/* item id or version */
	const char *text;
} ReTextIn;

typedef struct ReRuleIn
{
	int			rule_no;
	const char *kind;
	const char *text;
	int			line;
	const char *path;			/* AGENTS.md or the skill file; NULL = AGENTS.md */
} ReRuleIn;

typedef struct ReProposeIn
{
	const char *version;
	const char *release_title;
	int			shipped_window;
	const RePillarDef *pillars;	/* roadmap.pillar's enabled rows, in order */
	int			npillars;
	ReFocusIn  *focus;
	int			nfocus;
	ReEvidenceIn *evidence;
	int			nevidence;
	ReDeferredIn *deferred;
	int			ndeferred;
	ReTextIn   *existing;		/* target's items: id + title */
	int			nexisting;
	ReTextIn   *shipped;		/* changelog entries in the window: version + text */
	int			nshipped;
	ReRuleIn   *rules;
	int			nrules;
	ReFeatureIn *features;		/* the target's open items */
	int			nfeatures;
	ReKindDef  *kinds;			/* roadmap.feature_kind */
	int			nkinds;
	ReLensDef  *lenses;			/* roadmap.lens */
	int			nlenses;
	ReLensGate *lens_gates;		/* parallel to lenses: their requires/unless kinds, or NULL */
	const char *prev_version;	/* newest released version before the target */
	const char *docs_text;		/* docs tree text, NULL = unknown */
	const char *tests_text;		/* test files text, NULL = none */
	const char *section_text;	/* the target's own section text, NULL = unknown */
	int			has_upgrade_script; /* -1 unknown */
	RePolicy	policy;			/* zeros = built-in defaults */
	ReDismissIn *dismissed;
	int			ndismissed;
	/* dedupe and the gap producer (docs/proposals.md "Dedupe") */
	ReFamilyDef *families;		/* roadmap.check_family */
	int			nfamilies;
	ReTextIn   *history;		/* changelog entries of every release up to the target: version + text */
	int			nhistory;
	const char *const *tree_paths;	/* the files of the tree at the commit */
	int			ntree_paths;
	/* the docs files of the commit (path, text), for "already described as existing" */
	const char *const *doc_paths;
	const char *const *doc_texts;
	int			ndocs;
	/* sentences of the project's plans that deny a mechanism (re_plan_denials), with their files */
	const char *const *plan_paths;
	const char *const *plan_sents;
	int			nplan_sents;
	/* roadmap.selection_word: policy words (NULL / 0 = none) */
	const char *engine_core_name;	/* what engine_core focus areas touch, e.g. "DVM engine core" */
	const char *const *core_test_focus;	/* focus ids whose test items depend on an engine-core item */
	int			ncore_test_focus;
	/* what the docs claim (docs/proposals.md "Claimed by the docs") */
	const ReClaimForm *claim_forms; /* roadmap.claim_form */
	int			nclaim_forms;
	const char *changelog_text; /* CHANGELOG.md at the commit, or NULL */
	/* roadmap.default_state: the states a stated default can name (docs/proposals.md "A default the docs state otherwise") */
	const ReDefaultState *default_states;
	int			ndefault_states;
} ReProposeIn;

typedef struct ReProposal
{
	const char *pillar;
	char	   *item_id;
	char	   *title;
	const char *effort;
	const char *priority;
	char	   *description;
	char	   *dependencies;
	int			schema_change;
	const char *focus_id;
	double		score;
	const char *source;			/* feature / deferred / evidence / gap */
	char	   *source_ref;		/* "A35 stab_worker_shutdown", "v0.33.0 TEST-3", probe id, focus id */
	const char *feature_id;		/* feature items: the target item it looks at */
	const char *lens_id;		/* feature items: the lens that produced it */
	int			engine_core;
	int			rule_no;		/* cited AGENTS.md rule, 0 if none */
} ReProposal;

typedef struct ReProposeOut
{
	ReProposal *items;
	int			n;
	char	   *theme;
	char	   *risks;			/* markdown bullet list */
	int			skipped_existing;	/* candidates dropped as already listed */
	int			skipped_shipped;	/* candidates dropped as shipped (or described as existing in the docs) */
	int			skipped_rules;	/* candidates dropped as contradicting a rule */
	int			already_enriched;	/* pillars skipped because an earlier run's items are there */
	int			skipped_dismissed;	/* candidates a planner dismissed */
	int			stale_deferred;	/* deferred items sent to Conflicts & Risks */
	int			skipped_listed;	/* candidates whose check the target section already lists */
	int			skipped_sibling;	/* candidates repeating another pillar's proposal */
	int			skipped_claimed;	/* candidates a docs or changelog sentence states as already true */
	int			skipped_gaps;	/* of skipped_shipped: focus-area gaps done or not anchored in the release */
	int			explained_empty;	/* no item, and risks say why per planned item (render writes them) */
	char		error[256];		/* set when re_propose returns -1 */
} ReProposeOut;

int			re_propose(ReArena *a, const ReProposeIn *in, ReProposeOut *out);
int			re_title_words(const char *title);
int			re_sentence_count(const char *text);

#endif
