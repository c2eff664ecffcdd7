/*
 * risks.c — the Release Theme and Conflicts & Risks text: planned items left
 * out, claims of the docs, work shipped before it was planned, and why a
 * release or pillar has no item.
 */
#include "propose_int.h"

/* "A09, A12" from the comma-terminated list "A09,A12,". */
static char *
list_of(ReArena *a, const char *csv)
{
	ReBuf		l;
	const char *c;
	char	   *o;

	re_buf_init(&l);
	for (c = csv; *c; c++)
		if (*c == ',')
		{
			if (c[1])
				re_buf_puts(&l, ", ");
		}
		else
			re_buf_append(&l, c, 1);
	o = re_buf_to_arena(a, &l);
	re_buf_free(&l);
	return o;
}

/* What engine_core focus areas touch (roadmap.selection_word), e.g. "DVM engine core". */
static const char *
core_name(const ReProposeIn *in)
{
	return in->engine_core_name && *in->engine_core_name ? in->engine_core_name : "engine core";
}

/* Release Theme: at most five sentences. */
void
re_write_theme(Sel *s)
{
	ReArena    *a = s->a;
	const ReProposeIn *in = s->in;
	ReProposeOut *out = s->out;
	ReBuf		t,
				feats;
	int			nd = 0,
				ne = 0,
				nf = 0,
				ng = 0,
				i;
	const char *top_gap[2] = {NULL, NULL};
	char		nbuf[16];
	const char *np = re_count_word(in->npillars, nbuf, sizeof(nbuf));

	re_buf_init(&feats);
	for (i = 0; i < out->n; i++)
	{
		if (out->items[i].feature_id && !strstr(feats.data ? feats.data : "", re_sprintf(a, "%s,", out->items[i].feature_id)))
		{
			re_buf_printf(&feats, "%s,", out->items[i].feature_id);
			nf++;
		}
		nd += strcmp(out->items[i].source, "deferred") == 0;
		ne += strcmp(out->items[i].source, "evidence") == 0;
		if (strcmp(out->items[i].source, "gap") == 0 && ng < 2)
		{
			const ReFocusIn *f = re_find_focus(in, out->items[i].focus_id);

			top_gap[ng++] = f ? f->name : out->items[i].title;
		}
	}
	re_buf_init(&t);
	if (in->release_title && *in->release_title)
		re_sentence(&t, re_sprintf(a, "v%s (%s) keeps its planned scope and adds %d quality items across the %s pillars",
								in->version, in->release_title, out->n, np));
	else
		re_sentence(&t, re_sprintf(a, "v%s keeps its planned scope and adds %d quality items across the %s pillars",
								in->version, out->n, np));
	if (nf)
		re_sentence(&t, re_sprintf(a, "It looks at %d of the features it plans pillar by pillar (%s): what must stay true, how they fail, scale and are found, and which test pins them",
								nf, list_of(a, feats.data)));
	re_buf_free(&feats);
	if (nd)
		re_sentence(&t, re_sprintf(a, "It closes %d item%s that earlier releases deferred", nd, nd == 1 ? "" : "s"));
	if (ne)
		re_sentence(&t, re_sprintf(a, "%d item%s bring%s code-level findings to zero, each with the command that shows the count",
								ne, ne == 1 ? "" : "s", ne == 1 ? "s" : ""));
	else if (ng == 2)
		re_sentence(&t, re_sprintf(a, "The widest remaining gaps are %s and %s", top_gap[0], top_gap[1]));
	else if (ng == 1)
		re_sentence(&t, re_sprintf(a, "The widest remaining gap is %s", top_gap[0]));
	re_sentence(&t, re_sprintf(a, "Every item respects the AGENTS.md constraints, and items that touch the %s land with property tests",
							core_name(in)));
	out->theme = re_buf_to_arena(a, &t);
	re_buf_free(&t);
}

/*
 * One Conflicts & Risks line per claiming sentence and lens: the features
 * whose items of that lens it made already true (docs/proposals.md "Claimed by the docs").
 */
static void
claim_risks(Sel *s, ReBuf *risks)
{
	int			i,
				k;

	for (i = 0; i < s->nc; i++)
	{
		const Cand *c = &s->cands[i];
		ReBuf		ids;
		bool		first = true;

		if (c->claimed != 1)
			continue;
		for (k = 0; k < i && first; k++)
			first = !(s->cands[k].claimed == 1 && s->cands[k].claim.path == c->claim.path &&
					  s->cands[k].lens == c->lens && strcmp(s->cands[k].claim.sentence, c->claim.sentence) == 0);
		if (!first)
			continue;
		re_buf_init(&ids);
		for (k = i; k < s->nc; k++)
			if (s->cands[k].claimed == 1 && s->cands[k].claim.path == c->claim.path &&
				s->cands[k].lens == c->lens && strcmp(s->cands[k].claim.sentence, c->claim.sentence) == 0 &&
				(ids.len == 0 || !re_icontains_word(ids.data, s->cands[k].p.feature_id)))
				re_buf_printf(&ids, "%s%s", ids.len ? ", " : "", s->cands[k].p.feature_id);
		re_buf_printf(risks, "- `%s` states \"%s\": so lens `%s` proposes nothing for %s; keep it true for what %s add%s, or correct the document.\n",
					  c->claim.path, c->claim.sentence, c->p.lens_id, ids.data, strchr(ids.data, ',') ? "they" : "it",
					  strchr(ids.data, ',') ? "" : "s");
		re_buf_free(&ids);
	}
}

/*
 * A feature shipped before it was planned whose reconcile item no pillar
 * took: a line in Conflicts & Risks instead (docs/proposals.md "Shipped
 * before it was planned").
 */
static void
shipped_risks(Sel *s, ReBuf *risks)
{
	int			i,
				k;

	for (i = 0; i < s->in->nfeatures; i++)
	{
		const ReShipped *sh = &s->shipped[i];
		bool		taken = false;

		if (sh->source == RE_SHIP_NONE)
			continue;
		for (k = 0; k < s->out->n && !taken; k++)
			taken = s->chosen[k]->reconcile && re_same_shipped(&s->shipped[s->chosen[k]->feature], sh);
		if (taken)
			continue;
		if (sh->source == RE_SHIP_PLAN)
		{
			re_buf_printf(risks, "- **%s** (\"%s\") is planned, but `%s` says its mechanism cannot work: %s%s No items were proposed for it.\n",
						  s->in->features[i].item_id, re_doc_name(s->a, s->in->features[i].title), sh->where, sh->text,
						  *sh->text && strchr(".!?", sh->text[strlen(sh->text) - 1]) ? "" : ".");
			continue;
		}
		re_buf_printf(risks, "- **%s** (\"%s\") is planned, but %s says it exists already: %s; no items were proposed for it.\n",
					  s->in->features[i].item_id, re_doc_name(s->a, s->in->features[i].title),
					  sh->source == RE_SHIP_SECTION ? "its own section" : sh->source == RE_SHIP_CHANGELOG ?
					  re_sprintf(s->a, "`CHANGELOG.md` %s", sh->where) : sh->source == RE_SHIP_DOCS ?
					  re_sprintf(s->a, "`%s` \xC2\xA7\"%s\"", sh->where, sh->what) : sh->where, sh->text);
	}
}

/* The feature kinds the item's text states ("function, guc"), or NULL. */
static char *
kinds_named(Sel *s, int f)
{
	ReBuf		b;
	int			k;
	char	   *o;

	if (s->fs == NULL)
		return NULL;
	re_buf_init(&b);
	for (k = 0; k < s->in->nkinds && k < RE_MAX_KINDS; k++)
		if (RE_KIND_HAS(&s->fs[f], k) && (b.len == 0 || !re_icontains_word(b.data, s->in->kinds[k].kind)))
			re_buf_printf(&b, "%s%s", b.len ? ", " : "", s->in->kinds[k].kind);
	o = b.len ? re_buf_to_arena(s->a, &b) : NULL;
	re_buf_free(&b);
	return o;
}

/* The first word of list (space-separated) that is (want: true) or is not a word of kinds, or NULL. */
static char *
kind_word(ReArena *a, const char *list, const char *kinds, bool want)
{
	const char *p = list;

	while (p && *p)
	{
		size_t		n = strcspn(p, " ");
		char	   *w = re_strndup(a, p, n);

		if (n > 0 && (kinds != NULL && re_icontains_word(kinds, w)) == want)
			return w;
		p += n;
		while (*p == ' ')
			p++;
	}
	return NULL;
}

/* The lenses on a kind the item states that did not fire, and why: "`x` (needs y)", at most three. */
static char *
lens_misses(Sel *s, const char *kinds)
{
	ReBuf		b;
	int			k,
				n = 0;
	char	   *o,
			   *w;

	re_buf_init(&b);
	for (k = 0; k < s->in->nlenses && n < 3; k++)
	{
		const ReLensDef *l = &s->in->lenses[k];
		const ReLensGate *g = s->in->lens_gates ? &s->in->lens_gates[k] : NULL;

		if (l->feature_kind == NULL)
			continue;
		/* a lens whose premise the item states, on a kind it does not have */
		if (!re_icontains_word(kinds, l->feature_kind))
		{
			if (g && g->requires_kinds && kind_word(s->a, g->requires_kinds, kinds, true) != NULL)
			{
				re_buf_printf(&b, "%s`%s` (needs the kind %s)", n ? ", " : "", l->lens_id, l->feature_kind);
				n++;
			}
			continue;
		}
		if (g && g->requires_kinds && (w = kind_word(s->a, g->requires_kinds, kinds, false)) != NULL)
			re_buf_printf(&b, "%s`%s` (needs %s)", n ? ", " : "", l->lens_id, w);
		else if (g && g->unless_kinds && (w = kind_word(s->a, g->unless_kinds, kinds, true)) != NULL)
			re_buf_printf(&b, "%s`%s` (ruled out: %s)", n ? ", " : "", l->lens_id, w);
		else
			re_buf_printf(&b, "%s`%s` (its evidence does not hold: %s%s)", n ? ", " : "", l->lens_id, l->trigger,
						  l->ident_kind ? re_sprintf(s->a, ", a %s identifier", l->ident_kind) : "");
		n++;
	}
	o = n ? re_buf_to_arena(s->a, &b) : NULL;
	re_buf_free(&b);
	return o;
}

/*
 * A release that plans features but gets no item says why, per planned
 * item: the lenses tried and why each was dropped, or that none applies
 * (docs/proposals.md "Release Theme and Conflicts & Risks").
 */
static void
empty_reasons(Sel *s, ReBuf *risks)
{
	int			i,
				k,
				gaps = 0,
				more = 0;

	for (i = 0; i < s->in->nfeatures; i++)
	{
		ReBuf		b;
		int			n = 0,
					extra = 0;
		char	   *kinds,
				   *misses;

		if (i >= 20)
		{
			more++;
			continue;
		}
		re_buf_init(&b);
		for (k = 0; k < s->nc; k++)
		{
			const Cand *c = &s->cands[k];

			if (c->kind != 3 || c->feature != i || c->reconcile ||
				(b.len && strstr(b.data, re_sprintf(s->a, "`%s`", c->p.lens_id))))
				continue;
			if (n < 4)
				re_buf_printf(&b, "%s`%s` (%s)", n ? "; " : "", c->p.lens_id,
							  c->why ? c->why : "not selected: the caps of its pillar or feature were reached");
			else
				extra++;
			n++;
		}
		if (extra)
			re_buf_printf(&b, "; %d more", extra);
		kinds = kinds_named(s, i);
		if (s->shipped && s->shipped[i].source)
			re_buf_printf(risks, "- **%s** (\"%s\"): it shipped before this release; see its reconcile line.\n",
						  s->in->features[i].item_id, re_doc_name(s->a, s->in->features[i].title));
		else if (n > 0)
			re_buf_printf(risks, "- **%s** (\"%s\"): lenses tried \xE2\x80\x94 %s.\n", s->in->features[i].item_id,
						  re_doc_name(s->a, s->in->features[i].title), b.data);
		else
			re_buf_printf(risks, "- **%s** (\"%s\"): no lens fired: %s.\n", s->in->features[i].item_id,
						  re_doc_name(s->a, s->in->features[i].title),
						  kinds && re_icontains_word(kinds, "task") ?
						  "the item is itself a test, benchmark or analysis task (kind `task`), and no lens asks about one"
						  : kinds && (misses = lens_misses(s, kinds)) != NULL ?
						  re_sprintf(s->a, "its text states %s; %s", kinds, misses)
						  : kinds ? re_sprintf(s->a, "its text states %s, which no enabled lens asks about", kinds)
						  : "its text states none of the kinds a lens asks about (a function, setting, cache, limit, migration …)");
		re_buf_free(&b);
	}
	if (more)
		re_buf_printf(risks, "- %d more planned items: `roadmap.explain('%s')` and the stored candidates tell why.\n", more,
					  s->in->version);
	gaps = s->out->skipped_gaps;
	if (gaps)
		re_buf_printf(risks, "- %d focus-area gap%s not proposed: a release that plans items takes a gap only where this commit's code evidence anchors it and no planned item covers its area.\n",
					  gaps, gaps == 1 ? " was" : "s were");
}

/* Conflicts & Risks: stale deferrals, blockers, schema changes, engine core, overlaps. */
void
re_write_risks(Sel *s)
{
	ReArena    *a = s->a;
	ReProposeOut *out = s->out;
	ReBuf		risks,
				core;
	int			ncore = 0,
				i,
				k;

	re_buf_init(&risks);
	(void) re_deferred_replanned(a, s->in, &risks);
	for (i = 0; i < s->nstale && i < 8; i++)
		re_buf_printf(&risks, "- **v%s %s** (\"%s\") carried %d releases \xE2\x80\x94 confirm or drop.\n",
					  s->stale[i]->version, s->stale[i]->item_id, re_title_core(a, re_bold_lead(a, s->stale[i]->title), true),
					  s->stale[i]->carried);
	if (s->nstale > 8)
		re_buf_printf(&risks, "- %d more deferred items are carried more than %d releases \xE2\x80\x94 confirm or drop them in the roadmap.\n",
					  s->nstale - 8, s->pol.stale_after);
	for (i = 0; i < out->n; i++)
		if (s->chosen[i]->kind == 0 && s->chosen[i]->blocker)
			re_buf_printf(&risks, "- **%s** depends on %s, which has not shipped: schedule it after that lands.\n",
						  out->items[i].item_id, out->items[i].dependencies);
	for (i = 0; i < out->n; i++)
		if (out->items[i].schema_change)
			re_buf_printf(&risks, "- **%s** requires a SQL migration (schema change): land it before the schema freeze and cover the upgrade path.\n",
						  out->items[i].item_id);
	re_buf_init(&core);
	for (i = 0; i < out->n; i++)
		if (out->items[i].engine_core)
		{
			re_buf_printf(&core, "%s%s", ncore ? ", " : "", out->items[i].item_id);
			ncore++;
		}
	if (ncore)
		re_buf_printf(&risks, "- **%s** touch%s the %s: high regression risk, each needs property tests before merge.\n",
					  core.data, ncore == 1 ? "es" : "", core_name(s->in));
	re_buf_free(&core);
	for (i = 0; i < out->n; i++)
		for (k = i + 1; k < out->n; k++)
			if (strcmp(out->items[i].pillar, out->items[k].pillar) != 0 &&
				re_word_overlap(s->chosen[i]->match_text, s->chosen[k]->match_text) >= 0.6)
				re_buf_printf(&risks, "- **%s** and **%s** overlap in scope; plan them together so they do not contradict each other.\n",
							  out->items[i].item_id, out->items[k].item_id);
	shipped_risks(s, &risks);
	claim_risks(s, &risks);
	/* no item at all: reasons per planned item, not per pillar (the pillars' gap notes are not about the release) */
	out->explained_empty = out->n == 0 && s->in->nfeatures > 0 && out->already_enriched == 0;
	if (out->explained_empty)
		empty_reasons(s, &risks);
	for (i = 0; i < s->in->npillars && !out->explained_empty; i++)
		if (s->thin[i])
		{
			int			n = 0;

			for (k = 0; k < out->n; k++)
				n += strcmp(out->items[k].pillar, s->in->pillars[i].key) == 0;
			if (*s->thin[i])
				re_buf_printf(&risks, "- **%s** has %d item%s: no further candidate is anchored in this release, and its focus areas are done or in recent work (%s); add items from this release's features rather than filler.\n",
							  s->in->pillars[i].name, n, n == 1 ? "" : "s", s->thin[i]);
			else
				re_buf_printf(&risks, "- **%s** has %d item%s: no other candidate is anchored in this release; add items by hand rather than filler.\n",
							  s->in->pillars[i].name, n, n == 1 ? "" : "s");
		}
	for (i = 0; i < s->in->npillars; i++)
		if (s->left[i])
			re_buf_printf(&risks, "- **%s** also has %s, left out because a pillar holds at most %d items: swap one in where it matters more.\n",
						  s->in->pillars[i].name, s->left[i], s->pol.max_per_pillar);
	if (risks.len == 0)
		re_buf_puts(&risks, "- No conflicts found between the new items.\n");
	out->risks = re_buf_to_arena(a, &risks);
	re_buf_free(&risks);
}
