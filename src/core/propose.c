/*
 * propose.c — choose and write the six-pillar items for a planned release.
 *
 * Candidates come from the producers of candidates.c (feature lenses, items
 * a released version left open, probe evidence in the code, the
 * highest-scoring focus areas); screen.c drops what shipped, is listed,
 * dismissed or contradicts an AGENTS.md "never" rule; this file's one
 * selector fills each pillar under roadmap.selection_policy, and risks.c
 * writes the theme and Conflicts & Risks. Everything is sorted on explicit
 * keys, so the same input gives byte-identical output.
 */
#include "propose_int.h"

/*
 * A pillar that already holds one of exactly the items we would write (same
 * title under the pillar's prefix) was enriched before: add nothing, so a
 * second run changes nothing. One is enough: a pillar may hold fewer than
 * min_per_pillar items when its gaps were done (docs/proposals.md).
 */
static bool
pillar_enriched(const Sel *s, const RePillarDef *pd)
{
	const ReProposeIn *in = s->in;
	int			ours = 0,
				i,
				k;
	size_t		plen = strlen(pd->prefix);

	for (i = 0; i < s->nc; i++)
	{
		const Cand *c = &s->cands[i];

		RE_CHECK_INTERRUPTS();
		if (c->p.pillar == NULL || strcmp(c->p.pillar, pd->key) != 0)
			continue;
		for (k = 0; k < in->nexisting; k++)
			if (strncmp(in->existing[k].id, pd->prefix, plen) == 0 && in->existing[k].id[plen] == '-' &&
				strcmp(in->existing[k].text, c->p.title) == 0)
			{
				ours++;
				break;
			}
	}
	return ours >= 1;
}

static void
take(Sel *s, int i)
{
	s->chosen[s->out->n] = &s->cands[i];
	s->out->items[s->out->n++] = s->cands[i].p;
}

/*
 * Feature items a pillar may take. A release with few features spreads them
 * over every pillar: each pillar takes at most its share of the features'
 * pillar uses, so the first pillars do not spend them all (3 features x 3
 * uses = 9 -> 1 a pillar, not 3 each in the first three pillars).
 */
static int
feature_share(const ReProposeIn *in, const RePolicy *pol)
{
	int			cap = in->npillars > 0 ? in->nfeatures * pol->max_uses_per_feature / in->npillars : pol->max_feature;

	if (cap < 1)
		cap = 1;
	return cap < pol->max_feature ? cap : pol->max_feature;
}

/* Two items about the same planned item (a docs list is the release's, about none alone). */
static bool
same_feature(const Cand *x, const Cand *y)
{
	return x->feature == y->feature && !x->list && !y->list;
}

/*
 * The best feature candidate the pillar may still take, or -1: one item per
 * feature in a pillar, a feature in at most max_uses pillars, ranked down by
 * the pillars it is already in. kept: only kept-class items (the lens fired
 * on a fact of the commit), best anchor priority first.
 */
static int
best_feature(Sel *s, const bool *ok, int first, bool kept)
{
	int			best = -1,
				i;
	double		best_rank = 0;

	for (i = 0; i < s->nc; i++)
	{
		Cand	   *c = &s->cands[i];
		double		r;
		int			k,
					dup = 0;

		RE_CHECK_INTERRUPTS();

		/* a kept-class item beyond the share is a fact of the commit: max_uses does not drop it */
		if (!ok[i] || c->kind != 3 || (kept && !c->evidence) ||
			(!kept && s->uses[c->feature] >= s->pol.max_uses_per_feature))
			continue;
		for (k = first; k < s->out->n; k++)
			if (same_feature(s->chosen[k], c) ||
				(c->per_release && s->chosen[k]->kind == 3 && strcmp(s->chosen[k]->p.lens_id, c->p.lens_id) == 0))
				dup = 1;
		if (dup || re_repeats_chosen(s->a, s->chosen, first, s->out->n, c))
			continue;
		r = c->rank - s->pol.reuse_penalty * s->uses[c->feature] + (kept ? 100.0 * c->anchor : 0);
		if (best < 0 || r > best_rank)
		{
			best = i;
			best_rank = r;
		}
	}
	return best;
}

static void
take_feature(Sel *s, bool *ok, int best)
{
	ok[best] = false;
	s->uses[s->cands[best].feature]++;
	take(s, best);
}

/*
 * 1. feature lenses: the best-ranked (feature, lens) pairs up to the
 * pillar's share, a feature already used elsewhere ranked down so the
 * pillars spread over the release's features.
 */
static void
select_features(Sel *s, bool *ok, int first)
{
	int			src,
				best,
				cap = feature_share(s->in, &s->pol);

	for (src = 0; src < cap && s->out->n - first < s->pol.max_per_pillar; src++)
	{
		if ((best = best_feature(s, ok, first, false)) < 0)
			break;
		take_feature(s, ok, best);
	}
}

/*
 * 1b. kept-class feature items beyond the share (docs/proposals.md "One
 * selector"): an item whose lens fired on a fact of the commit (the
 * identifier is in no doc or test, no upgrade script) is not dropped by the
 * share while the pillar has room after its deferred and evidence items;
 * best anchor priority first. What still does not fit is named in
 * Conflicts & Risks (write_risks), never dropped silently.
 */
static void
select_kept_features(Sel *s, bool *ok, int first)
{
	int			best;

	while (s->pol.kept_beyond_share && s->out->n - first < s->pol.max_per_pillar &&
		   (best = best_feature(s, ok, first, true)) >= 0)
		take_feature(s, ok, best);
	/* a full pillar: a kept-class item replaces a deferred or evidence item of lower priority */
	while (s->pol.kept_beyond_share && (best = best_feature(s, ok, first, true)) >= 0)
	{
		int			j,
					worst = -1;

		for (j = first; j < s->out->n; j++)
			if (s->chosen[j]->kind <= 1 &&
				strcmp(s->out->items[j].priority, s->cands[best].p.priority) > 0 &&
				(worst < 0 || strcmp(s->out->items[j].priority, s->out->items[worst].priority) >= 0))
				worst = j;
		if (worst < 0)
			break;
		s->chosen[worst]->bumped = true;
		s->chosen[worst] = &s->cands[best];
		s->out->items[worst] = s->cands[best].p;
		ok[best] = false;
		s->uses[s->cands[best].feature]++;
	}
}

/*
 * How strong a candidate's evidence is (docs/proposals.md "One selector"):
 * 3 a lens that fired on a fact of the commit (a name in no doc, no upgrade
 * script), 2 a deferral (its skip reason) or a code count, 1 a lens that
 * fired on the item's text alone, 0 a focus-area gap.
 */
static int
strength(const Cand *c)
{
	if (c->kind == 3)
		return c->evidence ? 3 : 1;
	return c->kind <= 1 ? 2 : 0;
}

/*
 * 3c. A full pillar holds the strongest evidence: while a candidate of
 * strength 2 or more is left out (a kept-class feature item, then a
 * deferral), it replaces the chosen item of the least strength below its
 * own and no higher priority (lowest priority, then rank, first), which is
 * named as left out.
 */
static void
swap_by_evidence(Sel *s, bool *ok, int first)
{
	int			guard;

	for (guard = 0; guard < s->pol.max_per_pillar * 2 && s->out->n - first >= s->pol.max_per_pillar; guard++)
	{
		int			best = best_feature(s, ok, first, true),
					i,
					j,
					worst = -1;

		for (i = 0; best < 0 && i < s->nc; i++)
			if (ok[i] && s->cands[i].kind == 0 && !re_repeats_chosen(s->a, s->chosen, first, s->out->n, &s->cands[i]))
				best = i;
		if (best < 0)
			return;
		for (j = first; j < s->out->n; j++)
		{
			const Cand *w = s->chosen[j];

			/* never for an item of higher priority: a P1 premise item outranks a P2 deferral */
			if (strength(w) >= strength(&s->cands[best]) ||
				strcmp(s->out->items[j].priority, s->cands[best].p.priority) < 0)
				continue;
			if (worst < 0 || strength(w) < strength(s->chosen[worst]) ||
				(strength(w) == strength(s->chosen[worst]) &&
				 (strcmp(s->out->items[j].priority, s->out->items[worst].priority) > 0 ||
				  (strcmp(s->out->items[j].priority, s->out->items[worst].priority) == 0 && w->rank < s->chosen[worst]->rank))))
				worst = j;
		}
		if (worst < 0)
			return;
		s->chosen[worst]->bumped = true;
		s->chosen[worst] = &s->cands[best];
		s->out->items[worst] = s->cands[best].p;
		ok[best] = false;
		if (s->cands[best].kind == 3)
			s->uses[s->cands[best].feature]++;
	}
}

/* 2. deferred items, most carried first; 3. code evidence, largest count first. */
static void
select_sources(Sel *s, bool *ok, int first, const char **used_focus, int *nused)
{
	int			src,
				i;

	for (src = 0; src <= 1; src++)
	{
		int			taken = 0,
					cap = src == 0 ? s->pol.max_deferred : s->pol.max_evidence;

		for (i = 0; i < s->nc && taken < cap && s->out->n - first < s->pol.max_per_pillar; i++)
		{
			if (!ok[i] || s->cands[i].kind != src || re_repeats_chosen(s->a, s->chosen, first, s->out->n, &s->cands[i]))
				continue;
			ok[i] = false;
			if (s->cands[i].p.focus_id && *nused < 64)
				used_focus[(*nused)++] = s->cands[i].p.focus_id;
			take(s, i);
			taken++;
		}
	}
}

/*
 * 4. focus-area gaps fill the pillar to the minimum (fresh areas first, then
 * areas the target already touches); beyond it only strong gaps are added.
 */
static void
select_gaps(Sel *s, bool *ok, int first, const char **used_focus, int *nused)
{
	int			tier,
				i;

	for (tier = 0; tier <= 1; tier++)
		for (i = 0; i < s->nc && s->out->n - first < s->pol.max_per_pillar; i++)
		{
			Cand	   *c = &s->cands[i];
			int			k,
						seen = 0;

			if (!ok[i] || c->kind != 2 || c->tier != tier)
				continue;
			for (k = 0; k < *nused; k++)
				if (strcmp(used_focus[k], c->p.focus_id) == 0)
					seen = 1;
			if (seen || re_repeats_chosen(s->a, s->chosen, first, s->out->n, c))
				continue;
			/* beyond the minimum only strong gaps, and none when the release lists features */
			if (s->out->n - first >= s->pol.min_per_pillar &&
				(tier > 0 || c->p.score < s->pol.strong_gap || s->in->nfeatures > 0))
				continue;
			ok[i] = false;
			if (*nused < 64)
				used_focus[(*nused)++] = c->p.focus_id;
			take(s, i);
		}
}

/*
 * The kept-class feature items a cap left out of the pillar (it is full, or
 * their feature is in max_uses_per_feature pillars already), and the
 * deferrals a full pillar had no room for: "`title`"
 * (id), …, at most three, or NULL.
 */
static const char *
left_out(Sel *s, const bool *ok, int first, const char *pillar)
{
	ReBuf		b;
	int			i,
				k,
				n = 0,
				more = 0;
	const char *r;
	bool		full = s->out->n - first >= s->pol.max_per_pillar;

	re_buf_init(&b);
	for (i = 0; i < s->nc; i++)
	{
		Cand	   *c = &s->cands[i];
		int			dup = 0;

		/* replaced by a kept-class item of higher priority: named too */
		if (!(c->bumped && c->p.pillar && strcmp(c->p.pillar, pillar) == 0))
		{
			/* a kept-class item, or a deferral a full pillar had no room for */
			if (!ok[i] || !((c->kind == 3 && c->evidence) || (c->kind == 0 && full)))
				continue;
			for (k = first; k < s->out->n; k++)
				if (same_feature(s->chosen[k], c))
					dup = 1;
			if (dup || re_repeats_chosen(s->a, s->chosen, first, s->out->n, c))
				continue;
		}
		if (n < 3 && c->p.feature_id)
			re_buf_printf(&b, "%s\"%s\" (%s)", n ? ", " : "", c->p.title, c->p.feature_id);
		else if (n < 3)
			re_buf_printf(&b, "%s\"%s\" (%s)", n ? ", " : "", c->p.title,
						  c->origin_id ? re_sprintf(s->a, "deferred v%s %s", c->origin_version, c->origin_id) : c->p.source);
		else
			more++;
		n++;
	}
	if (more)
		re_buf_printf(&b, " and %d more", more);
	r = n ? re_buf_to_arena(s->a, &b) : NULL;
	re_buf_free(&b);
	return r;
}

/*
 * A per_release lens's check is the release's, not one feature's (one
 * benchmark run gates every reworked path): its chosen item names every
 * feature the lens fired on in this pillar ("P2A-1, P3-2 and P4-2" in the
 * title, the others' ids in a sentence before the Verify) and depends on
 * all of them.
 */
static void
merge_release_checks(Sel *s, bool *ok, int first)
{
	int			k,
				i;

	for (k = first; k < s->out->n; k++)
	{
		Cand	   *c = s->chosen[k];
		ReProposal *p = &s->out->items[k];
		ReBuf		ids;
		int			n = 0;
		char	   *at;

		if (c->kind != 3 || !c->per_release)
			continue;
		re_buf_init(&ids);
		for (i = 0; i < s->nc; i++)
		{
			Cand	   *o = &s->cands[i];

			if (!ok[i] || o->kind != 3 || o->feature == c->feature || strcmp(o->p.lens_id, c->p.lens_id) != 0)
				continue;
			ok[i] = false;
			re_buf_printf(&ids, "%s%s", n ? ", " : "", o->p.feature_id);
			n++;
		}
		if (n > 0 && (at = strstr(p->title, c->p.feature_id)) != NULL)
		{
			const char *last = strrchr(ids.data, ',');
			char	   *list = last ? re_sprintf(s->a, "%s, %.*s and %s", c->p.feature_id, (int) (last - ids.data),
												 ids.data, last + 2)
				: re_sprintf(s->a, "%s and %s", c->p.feature_id, ids.data);

			p->title = re_sprintf(s->a, "%.*s%s%s", (int) (at - p->title), p->title, n > 2 ? re_sprintf(s->a, "%s and %d more", c->p.feature_id, n) : list,
								  at + strlen(c->p.feature_id));
			at = strstr(p->description, " Verify: ");
			if (at)
				p->description = re_sprintf(s->a, "%.*s The same run covers %s.%s", (int) (at - p->description),
											p->description, ids.data, at);
			p->dependencies = re_sprintf(s->a, "%s, %s", c->p.feature_id, ids.data);
		}
		re_buf_free(&ids);
	}
}

/* Cite the AGENTS.md rule an item touches and number the pillar's items. */
static void
finish_pillar(Sel *s, const RePillarDef *pd, int first)
{
	int			i;

	for (i = first; i < s->out->n; i++)
	{
		Cand	   *c = s->chosen[i];
		ReProposal *p = &s->out->items[i];
		const ReRuleIn *rule = re_cited_rule(s->in, c->p.title);

		if (rule)
		{
			p->rule_no = rule->rule_no;
			/* quoted only while the description stays within four sentences */
			if (re_sentence_count(c->p.description) <= 3)
				p->description = re_sprintf(s->a, "%s %s (line %d): \"%s\"", c->p.description,
											rule->path ? rule->path : "AGENTS.md", rule->line, rule->text);
			if (c->kind == 1)
				p->priority = "P0"; /* the code violates a stated constraint */
		}
		p->item_id = re_sprintf(s->a, "%s-%d", pd->prefix, pd->next_number + (i - first));
	}
}

/* The selector for one pillar: feature lenses, deferred, evidence, then gaps. */
static void
select_pillar(Sel *s, int pi)
{
	const RePillarDef *pd = &s->in->pillars[pi];
	int			first = s->out->n,
				i;
	bool	   *ok;
	const char *used_focus[64];
	int			nused = 0;

	if (pillar_enriched(s, pd))
	{
		s->out->already_enriched++;
		return;
	}
	ok = re_alloc(s->a, sizeof(bool) * (size_t) (s->nc + 1));
	for (i = 0; i < s->nc; i++)
		ok[i] = s->cands[i].p.pillar && strcmp(s->cands[i].p.pillar, pd->key) == 0 &&
			re_eligible(s, &s->cands[i]);
	select_features(s, ok, first);
	select_sources(s, ok, first, used_focus, &nused);
	select_kept_features(s, ok, first);
	swap_by_evidence(s, ok, first);
	select_gaps(s, ok, first, used_focus, &nused);
	merge_release_checks(s, ok, first);
	s->left[pi] = left_out(s, ok, first, pd->key);
	finish_pillar(s, pd, first);
	/* fewer than the minimum: say why rather than fill with a done gap (write_risks) */
	if (s->out->n - first < s->pol.min_per_pillar)
	{
		/* the reason to cite: shipped or in the tree first, then recent work */
		s->thin[pi] = "";
		for (i = 0; i < s->nc; i++)
		{
			const char *d = s->cands[i].done;

			if (s->cands[i].kind != 2 || d == NULL || *d == '\0' || strcmp(s->cands[i].p.pillar, pd->key) != 0)
				continue;
			if (strncmp(d, "recent", 6) != 0)
			{
				s->thin[pi] = d;
				break;
			}
			if (*s->thin[pi] == '\0')
				s->thin[pi] = d;
		}
	}
}

/* A name (not an item id) both titles carry. */
bool
re_share_title_name(ReArena *a, const Cand *x, const Cand *y)
{
	int			i,
				k;

	for (i = x->title_ident0; i < x->nidents; i++)
	{
		char	   *up = re_strdup(a, x->idents[i]);
		char	   *p;

		for (p = up; *p; p++)
			*p = (char) toupper((unsigned char) *p);
		if (re_is_item_id(up))
			continue;
		for (k = y->title_ident0; k < y->nidents; k++)
			if (strcmp(x->idents[i], y->idents[k]) == 0)
				return true;
	}
	return false;
}

/*
 * Siblings: two chosen items in different pillars whose titles name the same
 * identifier and that ask for the same family of check are one item. The
 * one in the family's home pillar stays (upgrade checks in test coverage,
 * benchmarks in performance …); when neither or both are home, the one
 * chosen first stays. Bans the other and returns true (the caller selects
 * again, so its pillar is refilled).
 */
static bool
ban_sibling(Sel *s)
{
	int			i,
				k,
				f;

	for (i = 0; i < s->out->n; i++)
		for (k = i + 1; k < s->out->n; k++)
		{
			Cand	   *x = s->chosen[i],
					   *y = s->chosen[k],
					   *loser = y;
			unsigned int fam = x->families & y->families;

			if (!fam || strcmp(x->p.pillar, y->p.pillar) == 0 || !re_share_title_name(s->a, x, y))
				continue;
			for (f = 0; f < s->in->nfamilies && f < RE_MAX_FAMILIES; f++)
			{
				const char *home = s->in->families[f].home_pillar;

				if (!(fam & (1u << f)) || home == NULL)
					continue;
				if (strcmp(home, x->p.pillar) == 0)
					break;
				if (strcmp(home, y->p.pillar) == 0)
				{
					loser = x;
					break;
				}
			}
			loser->banned = true;
			s->out->skipped_sibling++;
			return true;
		}
	return false;
}

/*
 * Dependencies: a deferred item blocked by another depends on its
 * re-proposal, else on the old id; test gaps of the engine's focus areas
 * depend on an engine-core correctness item.
 */
static void
link_dependencies(Sel *s)
{
	ReProposeOut *out = s->out;
	int			i,
				k;

	for (i = 0; i < out->n; i++)
	{
		const Cand *c = s->chosen[i];

		if (c->kind != 0 || c->blocker == NULL)
			continue;
		for (k = 0; k < out->n; k++)
			if (s->chosen[k]->kind == 0 && strcmp(s->chosen[k]->origin_version, c->origin_version) == 0 &&
				strcmp(s->chosen[k]->origin_id, c->blocker) == 0)
				break;
		if (k < out->n)
			out->items[i].dependencies = re_strdup(s->a, out->items[k].item_id);	/* one numbering space */
		else
			out->items[i].dependencies = re_sprintf(s->a, "v%s %s (not shipped)", c->origin_version, c->blocker);
	}
	for (i = 0; i < out->n; i++)
	{
		ReProposal *p = &out->items[i];

		if (!re_pillar_is(s->in->pillars, s->in->npillars, p->pillar, "tests") || strcmp(p->dependencies, "None") != 0 ||
			strcmp(p->source, "gap") != 0 || p->focus_id == NULL)
			continue;
		for (k = 0; k < s->in->ncore_test_focus; k++)
			if (strcmp(p->focus_id, s->in->core_test_focus[k]) == 0)
				break;
		if (k == s->in->ncore_test_focus)
			continue;
		for (k = 0; k < out->n; k++)
			if (re_pillar_is(s->in->pillars, s->in->npillars, out->items[k].pillar, "critical") && out->items[k].engine_core)
			{
				p->dependencies = re_strdup(s->a, out->items[k].item_id);
				break;
			}
	}
}

/* What the docs and the changelog state, and the texts of the planned items (docs/proposals.md "Claimed by the docs"). */
static void
index_claims(Sel *s)
{
	const ReProposeIn *in = s->in;
	const char **paths = re_alloc(s->a, sizeof(char *) * (size_t) (in->ndocs + 2));
	const char **texts = re_alloc(s->a, sizeof(char *) * (size_t) (in->ndocs + 2));
	int			n = 0,
				i;

	for (i = 0; i < in->ndocs; i++)
		if (in->doc_texts[i] && !re_idea_path(in->doc_paths[i]))
		{
			paths[n] = in->doc_paths[i];
			texts[n++] = in->doc_texts[i];
		}
	s->docs_only.paths = paths;
	s->docs_only.texts = texts;
	s->docs_only.n = n;
	if (in->changelog_text)
	{
		paths[n] = "CHANGELOG.md";
		texts[n++] = in->changelog_text;
	}
	s->claims.paths = paths;
	s->claims.texts = texts;
	s->claims.n = n;
	s->item_ids = re_alloc(s->a, sizeof(char *) * (size_t) (in->nfeatures + 2));
	s->item_texts = re_alloc(s->a, sizeof(char *) * (size_t) (in->nfeatures + 2));
	for (i = 0; i < in->nfeatures; i++)
	{
		s->item_ids[i] = in->features[i].item_id;
		s->item_texts[i] = re_sprintf(s->a, "%s. %s", in->features[i].title,
									  in->features[i].description ? in->features[i].description : "");
	}
	s->nitems = in->nfeatures;
	if (in->section_text)
		s->item_texts[s->nitems++] = in->section_text;	/* exit criteria and items without a row */
	s->set_prefix = re_claim_settings_prefix(s->a, &s->docs_only, &s->set_path, &s->set_example);
}

/* text with each from outside "…" quotations replaced by to. */
static char *
replace_unquoted(ReArena *a, const char *text, const char *from, const char *to)
{
	ReBuf		b;
	bool		quoted = false;
	size_t		n = strlen(from);
	const char *p;
	char	   *o;

	re_buf_init(&b);
	for (p = text; *p;)
	{
		if (*p == '"')
			quoted = !quoted;
		if (!quoted && strncmp(p, from, n) == 0)
		{
			re_buf_puts(&b, to);
			p += n;
			continue;
		}
		re_buf_append(&b, p++, 1);
	}
	o = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return o;
}

/*
 * A setting the section spells with another prefix than the one every
 * documented setting uses ("pgtrickle." for "pg_trickle.") is named the
 * documented way, and the description says so after its first sentence
 * (docs/proposals.md "Facts checked"). False when the documented name is
 * already in the docs and the lens asks for docs: the item is done.
 */
static bool
settle_prefix(Sel *s, Cand *c)
{
	const ReLensDef *l = c->lens;
	char	   *fixed,
			   *d,
			   *note;
	const char *p;
	bool		quoted = false;

	if (c->ident == NULL || l->ident_kind == NULL || strncmp(l->ident_kind, "guc", 3) != 0 ||
		(fixed = re_claim_fix_prefix(s->a, c->ident, s->set_prefix)) == NULL)
		return true;
	if (strcmp(l->trigger, "not_in_docs") == 0 && s->in->docs_text && strstr(s->in->docs_text, fixed))
		return false;
	c->p.title = replace_unquoted(s->a, c->p.title, c->ident, fixed);
	c->full_title = c->full_title ? replace_unquoted(s->a, c->full_title, c->ident, fixed) : NULL;
	c->match_text = c->p.title;
	d = replace_unquoted(s->a, c->p.description, c->ident, fixed);
	for (p = d; *p && !(!quoted && p[0] == '.' && p[1] == ' '); p++)
		if (*p == '"')
			quoted = !quoted;
	note = re_sprintf(s->a, "The section writes `%s`, but the settings `%s` documents are named `%s.…` (`%s`), so this item uses `%s`.",
					  c->ident, s->set_path, s->set_prefix, s->set_example, fixed);
	c->p.description = *p ? re_sprintf(s->a, "%.*s %s%s", (int) (p - d + 1), d, note, p + 1)
		: re_sprintf(s->a, "%s %s", d, note);
	return true;
}

/*
 * A docs item another planned item delivers (roadmap.lens.covered_by,
 * docs/proposals.md "Docs items a planned item lists"): c->claimed = 2.
 * 1 when covered, 0 when not, -1 when the pattern does not compile.
 */
static int
covered(Sel *s, Cand *c)
{
	const char **titles,
			  **texts;
	char	   *why;
	int			i,
				r;

	if (c->lens->covered_by == NULL || *c->lens->covered_by == '\0' || c->ident == NULL || s->fs == NULL)
		return 0;
	titles = re_alloc(s->a, sizeof(char *) * (size_t) (s->in->nfeatures + 1));
	texts = re_alloc(s->a, sizeof(char *) * (size_t) (s->in->nfeatures + 1));
	for (i = 0; i < s->in->nfeatures; i++)
	{
		titles[i] = s->in->features[i].title;
		texts[i] = s->fs[i].text;
	}
	/* the planned items' own texts, not the release's summary that names every feature */
	r = re_claim_doc_covered(s->a, c->lens->covered_by, c->ident, c->feature, s->item_ids, titles, s->in->nfeatures,
							 texts, s->in->nfeatures, NULL, &why, s->out->error, sizeof(s->out->error));
	if (r > 0)
	{
		c->claimed = 2;
		c->claim.sentence = why;
	}
	return r;
}

/*
 * A lens item is already true when a docs or CHANGELOG sentence states
 * its property as existing (c->claimed = 1), and a docs item is listed when
 * a planned item names its target document beside the feature (2). 0 or
 * -1 when a pattern does not compile (out->error set).
 */
static int
settle_claim(Sel *s, Cand *c)
{
	const ReLensDef *l = c->lens;
	const char *title;
	char	   *why;
	int			d,
				r;

	if (l == NULL)
		return 0;
	if (!settle_prefix(s, c))
	{
		c->claimed = 2;
		c->claim.sentence = re_strdup(s->a, "the documented name is in the docs");
		return 0;
	}
	/* a docs list left out each name a planned item documents already (add_docs_lists) */
	if (c->list)
		return 0;
	if ((r = covered(s, c)) != 0)
		return r < 0 ? -1 : 0;
	if (l->property && *l->property)
	{
		r = re_claim_find(s->a, l->property, re_claim_ident_base(s->a, c->ident), s->in->claim_forms,
						  s->in->nclaim_forms, &s->claims, &c->claim, s->out->error, sizeof(s->out->error));
		if (r < 0)
			return -1;
		if (r > 0)
		{
			c->claimed = 1;
			return 0;
		}
	}
	if (l->target_doc && *l->target_doc &&
		(d = re_claim_target_doc(s->a, l->target_doc, &s->docs_only, &title)) >= 0 &&
		re_claim_doc_listed(s->a, s->docs_only.paths[d], title, c->p.feature_id, c->ident, s->item_ids,
							s->item_texts, s->nitems, &why))
	{
		c->claimed = 2;
		c->claim.path = s->docs_only.paths[d];
		c->claim.sentence = why;
	}
	return 0;
}

/* The checks the target section lists: its Verify lines, exit criteria and its items' deliverables. */
static void
index_listed(Sel *s)
{
	const char **owners = re_alloc(s->a, sizeof(char *) * (size_t) (s->in->nfeatures + 1));
	const char **texts = re_alloc(s->a, sizeof(char *) * (size_t) (s->in->nfeatures + 1));
	int			i;

	for (i = 0; i < s->in->nfeatures; i++)
	{
		const char *t = s->in->features[i].title,
				   *d = s->in->features[i].description;

		owners[i] = s->in->features[i].item_id;
		/* a table row's cell is its title (cut at 300 bytes): its deliverables are there */
		/* and its title leads its text: a title that is a check owns the text (listed.c index_text) */
		if (t && strlen(t) > strlen(re_bold_lead(s->a, t)) + 8)
			texts[i] = re_sprintf(s->a, "%s\n%s", t, d ? d : "");
		else if (t && re_check_families(t, s->in->families, s->in->nfamilies))
			texts[i] = re_sprintf(s->a, "\x01%s\n%s", t, d ? d : "");
		else
			texts[i] = d;
	}
	re_listed_index(s->a, s->in->section_text, owners, texts, s->in->nfeatures, s->in->families,
					s->in->nfamilies, &s->listed);
}

/*
 * Propose: run the candidate producers, then the selector pillar by pillar,
 * then link dependencies and write the theme and Conflicts & Risks.
 */
int
re_propose(ReArena *a, const ReProposeIn *in, ReProposeOut *out)
{
	Sel			s;
	int			ncand = in->ndeferred + in->nevidence + in->nfocus;
	int			i,
				round;
	const char **hist,
			  **window;

	memset(out, 0, sizeof(*out));
	memset(&s, 0, sizeof(s));
	s.a = a;
	s.in = in;
	s.out = out;
	s.pol = re_policy_of(in);
	s.cands = re_alloc(a, sizeof(Cand) * (size_t) (ncand + 1));
	s.uses = re_alloc(a, sizeof(int) * (size_t) (in->nfeatures + 1));
	s.stale = re_alloc(a, sizeof(ReDeferredIn *) * (size_t) (in->ndeferred + 1));
	s.thin = re_alloc(a, sizeof(char *) * (size_t) (in->npillars + 1));
	re_doc_index(a, in->doc_paths, in->doc_texts, in->ndocs, &s.docs);
	s.feature_doc = re_alloc(a, sizeof(ReDocSection *) * (size_t) (in->nfeatures + 1));
	s.left = re_alloc(a, sizeof(char *) * (size_t) (in->npillars + 1));
	for (i = 0; i < in->nfeatures; i++)
		s.feature_doc[i] = re_documented(&s, in->features[i].title);
	index_claims(&s);			/* the settings prefix and docs the docs lists read */
	index_listed(&s);
	s.nc = re_produce_candidates(&s);
	if (s.nc < 0)
		return -1;
	re_find_shipped(&s);
	if (s.fs)
		s.nc = re_add_docs_lists(&s, s.nc);	/* after find_shipped: a shipped feature names nothing */
	s.nc = re_add_reconciles(&s, s.nc);
	s.nc = re_add_mechanism_items(&s, s.nc);
	qsort(s.cands, s.nc, sizeof(Cand), re_cand_cmp);

	out->items = re_alloc(a, sizeof(ReProposal) * (size_t) (s.nc + 1));
	s.chosen = re_alloc(a, sizeof(Cand *) * (size_t) (s.nc + 1));
	s.section_sents = re_sentences(a, in->section_text, &s.nsection_sents);
	hist = re_leads_of(a, in->history, in->nhistory);
	window = re_leads_of(a, in->shipped, in->nshipped);
	for (i = 0; i < s.nc; i++)
	{
		if (s.cands[i].kind == 3 && settle_claim(&s, &s.cands[i]) < 0)
			return -1;
		re_sign_candidate(&s, &s.cands[i]);
		if (s.cands[i].kind == 2)
			s.cands[i].done = re_gap_done(&s, &s.cands[i], hist, window);
	}
	/* select; while two pillars hold the same check, ban one and select again */
	for (round = 0; round <= s.nc; round++)
	{
		out->n = 0;
		out->skipped_existing = out->skipped_shipped = out->skipped_rules = 0;
		out->skipped_dismissed = out->skipped_listed = out->already_enriched = 0;
		out->skipped_claimed = out->skipped_gaps = 0;
		memset(s.uses, 0, sizeof(int) * (size_t) (in->nfeatures + 1));
		memset(s.thin, 0, sizeof(char *) * (size_t) (in->npillars + 1));
		memset(s.left, 0, sizeof(char *) * (size_t) (in->npillars + 1));
		for (i = 0; i < s.nc; i++)
			s.cands[i].bumped = false;
		for (i = 0; i < in->npillars; i++)
			select_pillar(&s, i);
		if (!ban_sibling(&s))
			break;
	}
	link_dependencies(&s);
	re_write_theme(&s);
	re_write_risks(&s);
	/* the description rule: 2–4 sentences, at most ~600 characters (describe.h) */
	for (i = 0; i < out->n; i++)
		out->items[i].description = re_description_fit(a, out->items[i].description,
													   RE_DESC_MAX_SENTENCES, RE_DESC_MAX_CHARS);
	return 0;
}
