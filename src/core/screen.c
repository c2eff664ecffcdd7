/*
 * screen.c — what the selector checks of each candidate before choosing:
 * signed priority, what the docs and changelog say shipped before it was
 * planned (one reconcile item), the release's docs lists, and which
 * candidates are eligible.
 */
#include "propose_int.h"
#include "upgradepair.h"

#define RE_MAX_UPGRADE_REFS 4

/* The Verify sentence of a description, or "". */
static const char *
verify_part(const char *desc)
{
	const char *v = desc ? strstr(desc, "Verify:") : NULL;

	return v ? v : "";
}

/* Its names and check families, for the dedupe rules (docs/proposals.md "Dedupe"). */
void
re_sign_candidate(Sel *s, Cand *c)
{
	int			n = 0;

	if (c->p.feature_id)
	{
		char	   *id = re_strdup(s->a, c->p.feature_id);
		char	   *p;

		for (p = id; *p; p++)
			*p = (char) tolower((unsigned char) *p);
		c->idents[n++] = id;
	}
	c->title_ident0 = n;
	c->nidents = n + re_check_idents(s->a, c->p.title, c->idents + n, RE_MAX_CHECK_IDENTS - n);
	/*
	 * the check its title asks for (read before cap_title cut it to ten
	 * words: a cut text changes no selection); a title that names none
	 * ("Define `x` for …") takes its Verify's
	 */
	c->families = re_check_families(c->full_title ? c->full_title : c->p.title, s->in->families, s->in->nfamilies);
	if (c->families == 0)
		c->families = re_check_families(verify_part(c->p.description), s->in->families, s->in->nfamilies);
}

/* The first sentence of a changelog entry, at most 300 bytes. */
static char *
entry_lead(ReArena *a, const char *text)
{
	const char *end = strstr(text, ". ");
	size_t		n = end ? (size_t) (end - text) : strlen(text);

	return re_strndup(a, text, n > 300 ? 300 : n);
}

const char **
re_leads_of(ReArena *a, const ReTextIn *list, int n)
{
	const char **o = re_alloc(a, sizeof(char *) * (size_t) (n + 1));
	int			i;

	for (i = 0; i < n; i++)
		o[i] = entry_lead(a, list[i].text);
	return o;
}

/*
 * The name a docs heading would give an item: its bold lead's core
 * ("Failure mode: WAL recycled past slot — fall back …" -> "WAL recycled
 * past slot"), without a leading "Label:".
 */
char *
re_doc_name(ReArena *a, const char *title)
{
	char	   *lead = re_bold_lead(a, title);
	char	   *core = re_title_core(a, lead[0] ? lead : title, true);
	char	   *colon = strchr(core, ':');

	if (colon && colon - core < 25 && colon[1] == ' ' && strcspn(core, "`") > (size_t) (colon - core))
		core = colon + 2;
	return core;
}

/* The docs section describing the item titled title as existing (docs/proposals.md "Described in the docs"), or NULL. */
const ReDocSection *
re_documented(Sel *s, const char *title)
{
	if (s->docs.n == 0 || title == NULL)
		return NULL;
	return re_doc_describes(&s->docs, re_doc_name(s->a, title), s->in->version);
}

/* A section heading as a title cites it: no parentheses, no trailing blanks. */
static char *
heading_core(ReArena *a, const char *heading)
{
	char	   *o = re_title_core(a, heading, true);
	size_t		n = strlen(o);

	while (n > 0 && (o[n - 1] == ' ' || o[n - 1] == ':'))
		o[--n] = '\0';
	return o;
}

/*
 * The sentence of a docs section that states what title promises: most
 * words shared with the title's tail after " — " (the behaviour), then with
 * the whole title; newlines folded, at most ~240 bytes, or NULL.
 */
static char *
doc_sentence(ReArena *a, const ReDocSection *doc, const char *title)
{
	const char **sents;
	const char *tail = strstr(title, " \xE2\x80\x94 ");
	int			n,
				i,
				best = -1,
				best_score = 0;
	char	   *body = re_strdup(a, doc->body),
			   *c;

	for (c = body; *c; c++)
		if (*c == '\n')
			*c = ' ';
	sents = re_sentences(a, body, &n);
	for (i = 0; i < n; i++)
	{
		int			whole = 0,
					behaviour = 0;

		while (*sents[i] == ' ')
			sents[i]++;
		if (strlen(sents[i]) > 240 || strchr(sents[i], '|'))
			continue;
		(void) re_stem_overlap(title, sents[i], false, &whole);
		if (tail)
			(void) re_stem_overlap(tail, sents[i], false, &behaviour);
		if (2 * behaviour + whole > best_score)
		{
			best = i;
			best_score = 2 * behaviour + whole;
		}
	}
	return best >= 0 ? re_strdup(a, sents[best]) : NULL;
}

/*
 * A deferral the docs describe as current behaviour is not "Complete X":
 * the code and the doc disagree, and the item reconciles them.
 */
static void
reconcile_deferred(Sel *s, const ReDeferredIn *d, const ReDocSection *doc, Cand *c)
{
	ReArena    *a = s->a;
	ReBuf		b;
	char	   *lead = re_bold_lead(a, d->title);
	char	   *quote = doc_sentence(a, doc, d->title);

	c->p.title = re_cap_title(a, re_sprintf(a, "Reconcile v%s %s with `%s` \xC2\xA7%s", d->version, d->item_id,
										 doc->path, heading_core(a, doc->heading)));
	c->p.effort = "S";
	re_buf_init(&b);
	re_sentence(&b, re_sprintf(a, "Deferred from v%s (%s, \"%s\"): %s",
							d->version, d->item_id, re_title_core(a, lead[0] ? lead : d->title, true),
							d->status_text ? d->status_text : "not done"));
	/* reported, not quoted: a deferred item quotes only its own section (docs/proposals.md "Text rules") */
	re_sentence(&b, re_sprintf(a, "Yet `%s` \xC2\xA7%s describes it as current behaviour%s%s",
							doc->path, heading_core(a, doc->heading), quote ? ": " : "", quote ? quote : ""));
	re_sentence(&b, "Make the code do what the section says, or correct the section");
	re_sentence(&b, re_sprintf(a, "Verify: a test reproduces the case \xC2\xA7%s describes and observes what it states, or `%s` no longer states it",
							heading_core(a, doc->heading), doc->path));
	c->p.description = re_buf_to_arena(a, &b);
	re_buf_free(&b);
}

/*
 * The gap rule (docs/proposals.md "Focus-area gaps"): a focus-area
 * candidate is dropped when a changelog entry of any release up to the
 * target shipped its deliverable (60 % of the stems of its title after the
 * verb, two of them distinctive, in the entry's first sentence), when a file
 * of the tree delivers it (re_file_delivers), when an entry of the shipped
 * window relates to it (40 %, one distinctive stem: the area is live and its
 * follow-ups come from the feature lenses, and "nothing since vX" would be
 * false), when a sentence of the target's section (its Goal, an item, an
 * exit criterion) already states it (60 %, two distinctive stems), or, when
 * the release lists features, when no probe evidence of this commit anchors
 * it or the section or its plan already has an item in its area: a generic
 * title is filler there, and one in a planned area repeats the plan.
 * Returns the reason, or NULL.
 */
char *
re_gap_done(Sel *s, const Cand *c, const char **hist, const char **window)
{
	const ReProposeIn *in = s->in;
	const ReFocusIn *f = re_find_focus(in, c->p.focus_id);
	bool		verb = re_starts_with_verb(c->p.title);
	const char *file;
	const ReDocSection *doc;
	int			i;

	if ((i = re_entry_repeats(s->a, c->p.title, verb, hist, in->nhistory, 0.6, 2)) >= 0)
		return re_sprintf(s->a, "v%s shipped \"%s\"", in->history[i].id, re_title_core(s->a, re_bold_lead(s->a, hist[i]), true));
	if ((file = re_file_delivers(c->p.title, in->tree_paths, in->ntree_paths)) != NULL)
		return re_sprintf(s->a, "`%s` exists", file);
	if ((doc = re_documented(s, c->p.title)) != NULL)
		return re_sprintf(s->a, "`%s` \xC2\xA7\"%s\" describes it", doc->path, heading_core(s->a, doc->heading));
	if ((i = re_entry_repeats(s->a, c->p.title, verb, window, in->nshipped, 0.4, 1)) >= 0)
		return re_sprintf(s->a, "recent work in v%s: \"%s\"", in->shipped[i].id,
						  re_title_core(s->a, re_bold_lead(s->a, window[i]), true));
	if ((i = re_entry_repeats(s->a, c->p.title, verb, s->section_sents, s->nsection_sents, 0.6, 2)) >= 0)
		return re_strdup(s->a, "");
	/*
	 * With features listed, a gap needs evidence from this commit (probe
	 * hits) and an area the release leaves alone: an item of the section or
	 * an open line of its plan in the area means the release already plans
	 * it, so the gap would repeat it (an open plan item is no anchor).
	 */
	if (s->pol.gap_anchor && in->nfeatures > 0 && f &&
		(f->evidence_hits == 0 || f->planned_in_target > 0 || f->plan_open > 0))
		return re_strdup(s->a, "");
	return NULL;
}

/* The item's table cell as the section writes it (bold marks kept: "**`f(x)`** Reads …"), else its title. */
static const char *
row_cell(Sel *s, int f)
{
	const char *sec = s->in->section_text,
			   *p;
	char	   *key = re_sprintf(s->a, "| %s |", s->in->features[f].item_id);

	if (sec && (p = strstr(sec, key)) != NULL)
	{
		p += strlen(key);
		while (*p == ' ')
			p++;
		return re_strndup(s->a, p, strcspn(p, "|\n"));
	}
	return s->in->features[f].title;
}

/*
 * The function or setting a feature adds, when its title is that
 * identifier alone ("Implement missing `f()`", "**`s.f(name)`**"), and it
 * exists already: a docs heading names it, or a changelog entry of an
 * earlier release does (docs/proposals.md "Shipped before it was planned").
 */
static bool
contract_shipped(Sel *s, int f, const char *const *vers, const char *const *texts, int nh, ReShipped *sh)
{
	const ReFeature *ft = &s->fs[f];
	const char *title = s->in->features[f].title;
	int			k,
				i;

	for (k = 0; k < ft->nids; k++)
	{
		const ReIdent *id = &ft->ids[k];
		char	   *heading = NULL,
				   *base,
				   *call;
		const char *path;

		if (!id->in_title || !(id->kind == IK_FUNCTION || re_ident_kind_matches(id->kind, IK_GUC)) ||
			!(re_title_is_ident(title, id->text) ||
			  (title && title[0] == '`' && re_title_is_ident(row_cell(s, f), id->text))))
			continue;
		sh->what = id->text;
		if ((path = re_ident_documented(id->text, s->docs_only.paths, s->docs_only.texts, s->docs_only.n,
										&heading, s->a)) != NULL)
		{
			sh->source = RE_SHIP_CONTRACT;
			sh->where = re_sprintf(s->a, "`%s`", path);
			sh->text = re_sprintf(s->a, "\xC2\xA7%s", heading);
			return true;
		}
		base = re_claim_ident_base(s->a, id->text);
		call = id->kind == IK_FUNCTION ? re_sprintf(s->a, "%s(", base) : re_strdup(s->a, id->text);
		if (strlen(base) < 8)
			continue;
		for (i = 0; i < nh; i++)
			if (strstr(texts[i], call))
			{
				sh->source = RE_SHIP_CONTRACT;
				sh->where = re_sprintf(s->a, "`CHANGELOG.md` v%s", vers[i]);
				sh->text = re_shipped_fold(s->a, texts[i], 200);
				return true;
			}
	}
	return false;
}

/*
 * The subsection heading (### …) the item's row or block is under, its
 * name without a parenthesis or a " — " tail ("In-Database Parallel Refresh
 * Worker Pool"), or NULL.
 */
static char *
group_name(Sel *s, const char *id)
{
	const char *sec = s->in->section_text,
			   *at,
			   *h = NULL,
			   *p;
	char	   *name;
	size_t		n;

	if (sec == NULL || ((at = strstr(sec, re_sprintf(s->a, "| %s |", id))) == NULL &&
						(at = strstr(sec, re_sprintf(s->a, "**%s", id))) == NULL))
		return NULL;
	for (p = sec; p < at; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : at)
		if (strncmp(p, "###", 3) == 0)
			h = p;
	if (h == NULL)
		return NULL;
	while (*h == '#' || *h == ' ')
		h++;
	n = strcspn(h, "\n(");
	name = re_strndup(s->a, h, n);
	if ((p = strstr(name, " \xE2\x80\x94 ")) != NULL)
		name[p - name] = '\0';
	return name;
}

/* The sentence starting at text, over line breaks and "> " quote marks, up to ". " (at most ~300 bytes). */
static char *
doc_sentence_at(ReArena *a, const char *text)
{
	const char *end = strstr(text, ". ");
	size_t		n = end ? (size_t) (end - text) : strlen(text);
	char	   *o = re_strndup(a, text, n > 300 ? 300 : n),
			   *p;

	for (p = o; (p = strstr(p, "\n>")) != NULL;)
		p[1] = ' ';
	return o;
}

/*
 * A docs section whose heading names the item's group (every stem of the
 * heading, at least two, in the group's name) and whose opening says the
 * feature arrived in an earlier release ("Parallel refresh is new in
 * v0.4.0"): the group plans a feature that exists. *at: the sentence.
 */
static const ReDocSection *
group_documented(Sel *s, int f, int *at)
{
	char	   *name = group_name(s, s->in->features[f].item_id);
	int			k,
				shared;

	for (k = 0; name && k < s->docs.n; k++)
	{
		const ReDocSection *d = &s->docs.s[k];

		if (d->nstems >= 2 && re_stem_overlap(heading_core(s->a, d->heading), name, false, &shared) >= 1.0 &&
			shared >= 2 && (*at = re_doc_arrived(d->body, s->in->version)) >= 0)
			return d;
	}
	return NULL;
}

/* Does a plan or report of the project say the feature's mechanism cannot work (docs/proposals.md)? */
static bool
plan_denies(Sel *s, int f, ReShipped *sh)
{
	const ReFeature *fe;
	const char **idents;
	int			i;

	if (s->fs == NULL || s->in->nplan_sents == 0)
		return false;
	fe = &s->fs[f];
	idents = re_alloc(s->a, sizeof(char *) * (size_t) (fe->nids + 1));
	for (i = 0; i < fe->nids; i++)
		idents[i] = fe->ids[i].text;
	for (i = 0; i < s->in->nplan_sents; i++)
		if (re_denial_names(s->in->plan_sents[i], idents, fe->nids))
		{
			sh->source = RE_SHIP_PLAN;
			sh->where = s->in->plan_paths[i];
			sh->text = re_strdup(s->a, s->in->plan_sents[i]);
			return true;
		}
	return false;
}

/*
 * What says each planned feature shipped before it was planned: a line of
 * its own section, a changelog entry of an earlier release, the documented
 * identifier it adds, or a docs section describing it (in that order).
 */
void
re_find_shipped(Sel *s)
{
	const ReProposeIn *in = s->in;
	int			nlines,
				i,
				k;
	char	  **lines = re_shipped_lines(s->a, in->section_text, &nlines);
	const char **vers = re_alloc(s->a, sizeof(char *) * (size_t) (in->nhistory + 1));
	const char **texts = re_alloc(s->a, sizeof(char *) * (size_t) (in->nhistory + 1));

	const char **leads = re_alloc(s->a, sizeof(char *) * (size_t) (in->nhistory + 1));
	int			nh = 0;
	ReVersion	tv,
				v;

	/* the changelog of the releases before the target: its own entries are its work in progress */
	for (i = 0; i < in->nhistory && re_version_parse(in->version, &tv); i++)
		if (re_version_parse(in->history[i].id, &v) && re_version_cmp(&v, &tv) < 0)
		{
			vers[nh] = in->history[i].id;
			texts[nh] = in->history[i].text;
			leads[nh++] = re_changelog_lead(s->a, in->history[i].text);
		}
	s->shipped = re_alloc(s->a, sizeof(ReShipped) * (size_t) (in->nfeatures + 1));
	for (i = 0; i < in->nfeatures; i++)
	{
		ReShipped  *sh = &s->shipped[i];
		const char *id = in->features[i].item_id,
				   *line;
		char	   *name = re_doc_name(s->a, in->features[i].title);
		const ReDocSection *g;
		int			at;

		RE_CHECK_INTERRUPTS();
		if ((line = re_shipped_line_for(lines, nlines, id)) != NULL)
		{
			sh->source = RE_SHIP_SECTION;
			sh->text = re_shipped_fold(s->a, line, 240);
		}
		else if ((k = re_changelog_ships(s->a, name, id, leads, texts, nh)) >= 0)
		{
			sh->source = RE_SHIP_CHANGELOG;
			sh->where = re_sprintf(s->a, "v%s", vers[k]);
			sh->text = re_shipped_fold(s->a, texts[k], 220);
		}
		else if (s->fs && contract_shipped(s, i, vers, texts, nh, sh))
			;
		else if ((g = group_documented(s, i, &at)) != NULL)
		{
			sh->source = RE_SHIP_DOCS;
			sh->where = g->path;
			sh->what = heading_core(s->a, g->heading);
			sh->text = re_shipped_fold(s->a, doc_sentence_at(s->a, g->body + at), 240);
		}
		else if (plan_denies(s, i, sh))
			;
		else if (s->feature_doc[i])
		{
			char	   *q = doc_sentence(s->a, s->feature_doc[i], in->features[i].title);

			sh->source = RE_SHIP_DOCS;
			sh->where = s->feature_doc[i]->path;
			sh->what = heading_core(s->a, s->feature_doc[i]->heading);
			sh->text = q ? re_shipped_fold(s->a, q, 240) : re_strdup(s->a, "");
		}
	}
}

bool
re_same_shipped(const ReShipped *x, const ReShipped *y)
{
	return x->source == y->source && strcmp(x->text, y->text) == 0 &&
		((x->where == NULL && y->where == NULL) || (x->where && y->where && strcmp(x->where, y->where) == 0)) &&
		((x->what == NULL && y->what == NULL) || (x->what && y->what && strcmp(x->what, y->what) == 0));
}

/* The pillar of the best lens item a shipped feature loses, else the stability pillar (else the first). */
static const char *
reconcile_pillar(const Sel *s, const Cand *cands, int nc, int f)
{
	int			i,
				best = -1;

	for (i = 0; i < nc; i++)
		if (cands[i].kind == 3 && cands[i].feature >= 0 && re_same_shipped(&s->shipped[cands[i].feature], &s->shipped[f]) &&
			(best < 0 || cands[i].rank > cands[best].rank))
			best = i;
	if (best >= 0)
		return cands[best].p.pillar;
	for (i = 0; i < s->in->npillars; i++)
		if (strcmp(s->in->pillars[i].key, "stability") == 0)
			return s->in->pillars[i].key;
	return s->in->npillars > 0 ? s->in->pillars[0].key : "stability";
}

/* The key of the pillar named key, else of stability, else the first. */
static const char *
pillar_key(const Sel *s, const char *key)
{
	int			i;

	for (i = 0; i < s->in->npillars; i++)
		if (strcmp(s->in->pillars[i].key, key) == 0)
			return s->in->pillars[i].key;
	return strcmp(key, "stability") != 0 ? pillar_key(s, "stability") :
		s->in->npillars > 0 ? s->in->pillars[0].key : "stability";
}

/*
 * The fields every reconcile item of feature f shares (kept-class, about the
 * plan, ranked above lens items): P0 in correctness when p0, else P1 in
 * stability, effort S, depending on the feature; the caller writes the title,
 * description and match text and what differs.
 */
void
re_reconcile_cand(Sel *s, Cand *c, int f, bool p0, const char *lens_id)
{
	const char *id = s->in->features[f].item_id;

	memset(c, 0, sizeof(*c));
	c->kind = 3;
	c->reconcile = true;
	c->feature = f;
	c->rank = 1000.0 + (p0 ? 1 : 0);
	c->weight = 3;
	c->evidence = true;
	c->anchor = p0 ? 3 : 2;
	c->tiebreak = re_sprintf(s->a, "%05d %s", f, lens_id);
	c->p.pillar = pillar_key(s, p0 ? "correctness" : "stability");
	c->p.effort = "S";
	c->p.priority = p0 ? "P0" : "P1";
	c->p.dependencies = re_strdup(s->a, id);
	c->p.source = "feature";
	c->p.source_ref = re_sprintf(s->a, "%s %s", id, lens_id);
	c->p.feature_id = id;
	c->p.lens_id = lens_id;
}

/*
 * The texts a stated default is checked against: the docs (no idea
 * folders), then the changelog entries of the releases before the target.
 */
static int
default_texts(Sel *s, const char ***paths, const char ***texts)
{
	const ReProposeIn *in = s->in;
	int			n = 0,
				i;
	ReVersion	tv,
				v;

	*paths = re_alloc(s->a, sizeof(char *) * (size_t) (s->docs_only.n + in->nhistory + 1));
	*texts = re_alloc(s->a, sizeof(char *) * (size_t) (s->docs_only.n + in->nhistory + 1));
	for (i = 0; i < s->docs_only.n; i++, n++)
	{
		(*paths)[n] = s->docs_only.paths[i];
		(*texts)[n] = s->docs_only.texts[i];
	}
	for (i = 0; i < in->nhistory && re_version_parse(in->version, &tv); i++)
		if (re_version_parse(in->history[i].id, &v) && re_version_cmp(&v, &tv) < 0)
		{
			(*paths)[n] = re_sprintf(s->a, "CHANGELOG.md v%s", in->history[i].id);
			(*texts)[n++] = in->history[i].text;
		}
	return n;
}

/*
 * The reconcile item of a feature whose stated default or current
 * behaviour a document contradicts (docs/proposals.md "A default the docs
 * state otherwise"), written into c; false when there is none.
 */
static bool
default_reconcile(Sel *s, int f, const char *const *paths, const char *const *texts, int nt, Cand *c)
{
	const ReFeature *fe = &s->fs[f];
	const char *id = s->in->features[f].item_id;
	ReStatedDefault said[4];
	ReDefaultConflict dc;
	const char **idents = re_alloc(s->a, sizeof(char *) * (size_t) (fe->nids + 1)),
			  **objects;
	char	   *own = fe->notes_at > 0 ? re_strndup(s->a, fe->text, (size_t) fe->notes_at) : (char *) fe->text;
	int			nsaid,
				nobj,
				k;
	bool		risky,
				ident,
				log;
	const char *with;

	/* what a default is about: a setting or a name, not a function, table or path (their words are the project's nouns) */
	for (k = 0, nobj = 0; k < fe->nids; k++)
		if (re_ident_kind_matches(fe->ids[k].kind, IK_GUC) || fe->ids[k].kind == IK_NAME)
			idents[nobj++] = fe->ids[k].text;
	nobj = re_default_objects(s->a, idents, nobj, &objects);
	nsaid = re_stated_defaults(s->a, own, s->in->default_states, s->in->ndefault_states, said, 4);
	for (k = 0; k < nsaid; k++)
		if (re_default_conflict(s->a, &said[k], s->in->default_states, s->in->ndefault_states, objects, nobj,
								paths, texts, nt, &dc))
			break;
	if (k == nsaid)
		return false;
	risky = (dc.stated->risk && *dc.stated->risk) || (dc.documented->risk && *dc.documented->risk);
	ident = dc.heading && strchr(dc.heading, ' ') == NULL && strpbrk(dc.heading, "._");
	log = strncmp(dc.path, "CHANGELOG.md ", 13) == 0;
	with = ident ? re_sprintf(s->a, "`%s`", dc.heading)
		: log ? re_sprintf(s->a, "the shipped %s entry", dc.path + 13)
		: dc.heading ? re_sprintf(s->a, "`%s` \xC2\xA7%s", dc.path, dc.heading) : re_sprintf(s->a, "`%s`", dc.path);
	re_reconcile_cand(s, c, f, risky, "reconcile_default");
	c->full_title = re_sprintf(s->a, "Reconcile %s with %s: the default stays %s", id, with, dc.documented->state);
	c->p.title = re_cap_title(s->a, c->full_title);
	c->p.description = re_sprintf(s->a,
								  "%s states \"%s\", yet `%s`%s%s gives another default: %s. "
								  "Shipping %s as written flips the documented default of %s from %s to %s; keep it %s, or plan the flip as a breaking change with an upgrade note. "
								  "Verify: the section and `%s` state one default, and a test on a fresh install checks that %s %s %s by default.",
								  id, dc.quote, log ? "CHANGELOG.md" : dc.path, dc.heading ? " \xC2\xA7" : "",
								  dc.heading ? dc.heading : "", dc.sentence, id, dc.object, dc.documented->state,
								  dc.stated->state, dc.documented->state, log ? "docs/" : dc.path, dc.object,
								  dc.object[strlen(dc.object) - 1] == 's' ? "are" : "is", dc.documented->state);
	c->match_text = c->p.title;
	return true;
}

/* The features whose own text names ref, as "A, B" (NULL: none), and the first of them in *first. */
static char *
naming_features(Sel *s, const char *ref, int *first)
{
	ReBuf		ids;
	char	   *out;
	int			i;

	*first = -1;
	re_buf_init(&ids);
	for (i = 0; i < s->in->nfeatures; i++)
		if (s->fs && s->fs[i].text && strstr(s->fs[i].text, ref))
		{
			if (*first < 0)
				*first = i;
			re_buf_printf(&ids, "%s%s", ids.len ? ", " : "", s->in->features[i].item_id);
		}
	out = ids.len ? re_strdup(s->a, ids.data) : NULL;
	re_buf_free(&ids);
	return out;
}

/*
 * One reconcile item for an upgrade reference of the target's own section
 * that does not fit its upgrade (docs/proposals.md "Upgrade references that
 * do not fit"), written into c; false when the release plans no item to
 * hold it.
 */
static bool
upgrade_reconcile(Sel *s, const ReUpgradeRef *r, Cand *c)
{
	const ReProposeIn *in = s->in;
	int			f;
	char	   *ids = naming_features(s, r->ref, &f);
	const char *prev = in->prev_version;
	const char *who = ids ? ids : "The plan";

	if (in->nfeatures == 0)
		return false;
	/* the selector counts uses per feature: a pair of the exit criteria counts on the first */
	re_reconcile_cand(s, c, f >= 0 ? f : 0, false, "reconcile_upgrade");
	c->list = f < 0;			/* the release's, as a docs list is: about no item alone */
	c->tiebreak = re_sprintf(s->a, "%05d reconcile upgrade %s", c->feature, r->ref);
	if (r->file)
	{
		c->full_title = re_sprintf(s->a, "Upgrade script for %s: %s name%s `%s`", in->version, who,
								   ids && strchr(ids, ',') ? "" : "s", r->ref);
		c->p.description = prev
			? re_sprintf(s->a, "%s write%s the upgrade into `%s` (\"%s\"), but v%s upgrades from %s: ALTER EXTENSION UPDATE runs `%s--%s--%s.sql`, so what goes into a script named for %s " RE_ARROW " %s never reaches an installation at %s. "
						 "Verify: the section names `%s--%s--%s.sql`, and an upgrade test from a %s install finds every object v%s adds.",
						 who, ids && strchr(ids, ',') ? "" : "s", r->ref, re_inner_quotes(s->a, r->line), in->version, prev,
						 r->name, prev, in->version, r->from, r->to, prev, r->name, prev, in->version, prev, in->version)
			: re_sprintf(s->a, "%s write%s the upgrade into `%s` (\"%s\"), a script named for %s " RE_ARROW " %s, not for the upgrade to v%s. "
						 "Verify: the section names the script that upgrades to %s, and an upgrade test finds every object v%s adds.",
						 who, ids && strchr(ids, ',') ? "" : "s", r->ref, re_inner_quotes(s->a, r->line), r->from, r->to,
						 in->version, in->version, in->version);
	}
	else
	{
		c->full_title = re_sprintf(s->a, "Upgrade path for %s: the plan tests `%s`", in->version, r->ref);
		c->p.description = re_sprintf(s->a, "%s tests the upgrade `%s` (\"%s\"), but %s is not a release before %s%s%s. "
									  "Verify: the section's upgrade check reads `%s " RE_ARROW " %s`, and the upgrade test starts from a %s install.",
									  who, r->ref, re_inner_quotes(s->a, r->line), r->from, in->version,
									  prev ? ": v" : "", prev ? re_sprintf(s->a, "%s upgrades from %s", in->version, prev) : "",
									  prev ? prev : "the previous release", in->version, prev ? prev : "the previous release's");
	}
	c->p.title = re_cap_title(s->a, c->full_title);
	c->p.effort = "XS";
	c->p.dependencies = ids ? re_strdup(s->a, ids) : re_strdup(s->a, "None");
	if (f < 0)
	{
		c->p.source_ref = re_sprintf(s->a, "%s reconcile_upgrade", in->version);
		c->p.feature_id = NULL;
	}
	/* about the item's words, not a repeat of them: no word overlap with what it names */
	c->match_text = "";
	return true;
}

/* One reconcile candidate per text that closes features (docs/proposals.md "Shipped before it was planned"). */
int
re_add_reconciles(Sel *s, int nc)
{
	const ReProposeIn *in = s->in;
	Cand	   *cands = re_alloc(s->a, sizeof(Cand) * (size_t) (nc + 2 * in->nfeatures + RE_MAX_UPGRADE_REFS + 1));
	ReUpgradeRef refs[RE_MAX_UPGRADE_REFS];
	int			i,
				k,
				n = nc,
				nt;
	const char **paths,
			  **texts;

	memcpy(cands, s->cands, sizeof(Cand) * (size_t) nc);
	for (i = 0; i < in->nfeatures; i++)
	{
		ReBuf		ids;
		Cand	   *c;
		bool		first = s->shipped[i].source != RE_SHIP_NONE;

		for (k = 0; k < i && first; k++)
			first = !re_same_shipped(&s->shipped[k], &s->shipped[i]);
		if (!first)
			continue;
		re_buf_init(&ids);
		for (k = i; k < in->nfeatures; k++)
			if (re_same_shipped(&s->shipped[k], &s->shipped[i]))
				re_buf_printf(&ids, "%s%s", ids.len ? ", " : "", in->features[k].item_id);
		c = &cands[n++];
		re_reconcile_cand(s, c, i, false, "reconcile_shipped");
		c->full_title = re_reconcile_title(s->a, &s->shipped[i], ids.data);
		c->p.title = re_cap_title(s->a, c->full_title);
		c->p.pillar = reconcile_pillar(s, cands, nc, i);
		c->p.description = re_reconcile_description(s->a, &s->shipped[i], ids.data,
													re_title_core(s->a, re_bold_lead(s->a, in->features[i].title), true), in->version);
		c->p.dependencies = re_strdup(s->a, ids.data);
		c->match_text = c->p.title;
		re_buf_free(&ids);
	}
	/* a stated default the docs contradict: one item per feature that shipped nothing */
	nt = s->fs && in->ndefault_states > 0 ? default_texts(s, &paths, &texts) : 0;
	for (i = 0; i < in->nfeatures && nt > 0; i++)
		if (s->shipped[i].source == RE_SHIP_NONE && default_reconcile(s, i, paths, texts, nt, &cands[n]))
			n++;
	/* upgrade references of the section that do not fit its upgrade */
	nt = re_stale_upgrade_refs(s->a, in->section_text, in->version, refs, RE_MAX_UPGRADE_REFS);
	for (i = 0; i < nt; i++)
		if (upgrade_reconcile(s, &refs[i], &cands[n]))
			n++;
	s->cands = cands;
	return n;
}

/* Can c be proposed at all? Counts the reason when it cannot. */
bool
re_eligible(Sel *s, Cand *c)
{
	const ReProposeIn *in = s->in;
	ReProposeOut *out = s->out;
	double		ov;
	int			k,
				rule;

	const char *id;
	const ReCheck *chk = NULL;

	if (c->banned)
	{
		c->why = "it repeats the check of an item chosen in another pillar";
		return false;
	}
	if ((id = re_already_listed(in, c, &ov)) != NULL)
	{
		out->skipped_existing++;
		if (!c->why)
			c->why = re_sprintf(s->a, "%s already plans it", id);
		return false;
	}
	if (c->kind != 0 && (k = re_already_shipped(s->a, in, c)) >= 0)
	{
		out->skipped_shipped++;
		if (!c->why)
			c->why = re_sprintf(s->a, "v%s shipped it", in->shipped[k].id);
		return false;
	}
	/* a reconcile item is about the plan, not one of the checks it lists */
	if (!c->reconcile && (c->claimed == 2 ||
						  (chk = re_listed_find(&s->listed, c->p.title, c->idents, c->nidents, c->families, &rule)) != NULL))
	{
		out->skipped_listed++;
		if (!c->why)
			c->why = chk ? re_sprintf(s->a, "the section checks it already (%s%s%s)", chk->owner ? chk->owner : "",
									  chk->owner ? " " : "", chk->source)
				: re_sprintf(s->a, "a planned item writes its docs (%s)", c->claim.sentence ? c->claim.sentence : "");
		return false;
	}
	if (c->claimed == 1)
	{
		out->skipped_claimed++;
		if (!c->why)
			c->why = re_sprintf(s->a, "`%s` states it already", c->claim.path);
		return false;
	}
	if ((c->kind == 2 && c->done) || (c->kind == 3 && !c->list && !c->reconcile && s->shipped[c->feature].source))
	{
		out->skipped_shipped++;
		out->skipped_gaps += c->kind == 2;
		if (!c->why)
			c->why = c->kind == 2 ? "its focus area is done or not anchored in this release"
				: "the feature shipped before this release";
		return false;
	}
	if (re_dismissed(in, c))
	{
		out->skipped_dismissed++;
		c->why = "a planner dismissed it";
		return false;
	}
	for (k = 0; k < in->nrules; k++)
	{
		char	   *ph;

		if (strcmp(in->rules[k].kind, "never") != 0)
			continue;
		ph = re_never_phrase(s->a, in->rules[k].text);
		/* a proposal that quotes the rule to enforce it is not a contradiction */
		if (ph && strstr(re_plain_lower(s->a, c->p.title), ph))
		{
			out->skipped_rules++;
			c->why = "an AGENTS.md rule forbids it";
			return false;
		}
	}
	return true;
}

/*
 * Title overlaps an item already chosen for this pillar. Two lens items
 * about different features are different items whatever words their
 * template gives both ("Document `a` in the configuration reference",
 * "Document `b` …"): they repeat only when their titles name the same
 * thing, or when a weak lens (weight under 3) asks its premise of both.
 */
bool
re_repeats_chosen(ReArena *a, Cand **chosen, int first, int n, const Cand *c)
{
	int			i;

	for (i = first; i < n; i++)
	{
		/*
		 * facts about two identifiers are two items, and so are two risks a
		 * strong lens (weight 3 or more) asks of two features; a weak
		 * template asked of several features is one question per pillar
		 */
		if (c->kind == 3 && chosen[i]->kind == 3 && c->feature != chosen[i]->feature &&
			!re_share_title_name(a, c, chosen[i]) &&
			((c->evidence && chosen[i]->evidence) || (c->weight >= 3 && chosen[i]->weight >= 3)))
			continue;
		if (re_word_overlap(c->p.title, chosen[i]->p.title) >= 0.6 ||
			re_word_overlap(chosen[i]->p.title, c->p.title) >= 0.6)
			return true;
	}
	return false;
}

/*
 * The planned item whose name gives the highest priority (re_item_priority,
 * docs/proposals.md "Priority"; the first on a tie), and that priority.
 */
static int
top_feature(Sel *s, const ReLensDef *l, const ReDocsName *names, int n, const char **prio)
{
	int			best = -1,
				i;

	for (i = 0; i < n; i++)
	{
		const ReFeature *f = &s->fs[names[i].feature];
		const char *p = re_item_priority(l->priority, l->risk, f->priority,
										 re_lens_has_kinds(&s->lctx, f, "optional", false));

		if (best < 0 || strcmp(p, *prio) < 0)
		{
			best = names[i].feature;
			*prio = p;
		}
	}
	return best;
}

/*
 * The names as a title or Verify writes them: "`a`", "`a` and `b`", "`a`,
 * `b` and `c`"; more than three: "`a` and 4 more <noun>" (short) or
 * "each of the 5 <noun> named above" (a Verify).
 */
static char *
names_text(ReArena *a, const ReDocsName *names, int n, const char *noun, bool verify)
{
	ReBuf		b;
	char	   *o;
	int			i;

	if (n > 3 && verify)
		return re_sprintf(a, "each of the %d %s named above", n, noun);
	re_buf_init(&b);
	for (i = 0; i < n && i < 3; i++)
	{
		if (n > 3 && i == 1)
		{
			re_buf_printf(&b, " and %d more %s", n - 1, noun);
			break;
		}
		re_buf_printf(&b, "%s`%s`", i == 0 ? "" : i == n - 1 ? " and " : ", ", names[i].name);
	}
	o = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return o;
}

/* text with every from replaced by to. */
static char *
replace_all(ReArena *a, const char *text, const char *from, const char *to)
{
	ReBuf		b;
	size_t		n = strlen(from);
	const char *p,
			   *q;
	char	   *o;

	re_buf_init(&b);
	for (p = text; (q = strstr(p, from)) != NULL; p = q + n)
	{
		re_buf_append(&b, p, (size_t) (q - p));
		re_buf_puts(&b, to);
	}
	re_buf_puts(&b, p);
	o = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return o;
}

/* tmpl with "`{ident}`" (and a bare "{ident}") replaced by list, then filled for feature f. */
static char *
fill_list(Sel *s, const char *tmpl, const ReFeature *f, const char *first, const char *list)
{
	char	   *t = replace_all(s->a, replace_all(s->a, tmpl, "`{ident}`", list), "{ident}", list);

	return re_lens_fill(s->a, t, &s->lctx, f, first);
}

/* Which of the names no planned item documents already (re_claim_doc_listed on the lens's document). */
static int
not_planned(Sel *s, const ReLensDef *l, ReDocsName *names, int n)
{
	const char *title = NULL;
	char	   *why;
	int			d = l->target_doc && *l->target_doc ? re_claim_target_doc(s->a, l->target_doc, &s->docs_only, &title) : -1,
				i,
				k = 0;

	for (i = 0; i < n; i++)
	{
		const ReFeature *f = &s->fs[names[i].feature];
		Cand		one;
		int			rule;

		/* the item it would be alone: is its check listed by the section (re_listed_find)? */
		memset(&one, 0, sizeof(one));
		one.p.feature_id = f->item_id;
		one.full_title = one.p.title = fill_list(s, l->title, f, names[i].name, re_sprintf(s->a, "`%s`", names[i].name));
		one.p.description = re_sprintf(s->a, "Verify: %s", fill_list(s, l->verify, f, names[i].name,
																	  re_sprintf(s->a, "`%s`", names[i].name)));
		re_sign_candidate(s, &one);
		if ((d < 0 || !re_claim_doc_listed(s->a, s->docs_only.paths[d], title, f->item_id, names[i].name, s->item_ids,
										   s->item_texts, s->nitems, &why)) &&
			!re_listed_find(&s->listed, one.p.title, one.idents, one.nidents, one.families, &rule))
			names[k++] = names[i];
	}
	return k;
}

/* The one docs item of list lens l for the release's names (n >= 1), into c. */
static void
docs_list_cand(Sel *s, const ReLensDef *l, const ReDocsName *names, int n, Cand *c)
{
	const ReProposeIn *in = s->in;
	bool		fn = re_docs_list_want(l) == IK_FUNCTION;
	const char *noun = fn ? "SQL functions" : "settings";
	const char *prio = NULL;
	int			top = top_feature(s, l, names, n, &prio),
				i;
	const ReFeature *f = &s->fs[top];
	ReBuf		d,
				ids;
	char	   *title = fill_list(s, l->title, f, names[0].name, names_text(s->a, names, n, fn ? "functions" : noun, false));
	char	   *why = fill_list(s, l->why, f, names[0].name, names_text(s->a, names, n, noun, false));
	char	   *verify = fill_list(s, l->verify, f, names[0].name, names_text(s->a, names, n, noun, true));

	re_buf_init(&d);
	re_buf_init(&ids);
	for (i = 0; i < n; i++)
		if (!strstr(ids.data ? ids.data : "", re_sprintf(s->a, "%s,", in->features[names[i].feature].item_id)))
			re_buf_printf(&ids, "%s,", in->features[names[i].feature].item_id);
	if (n == 1)
		re_buf_printf(&d, "v%s plans %s (\"%s\"). %s. No file in the docs tree mentions `%s` yet.", in->version,
					  f->item_id, re_inner_quotes(s->a, f->title), why, names[0].name);
	else
	{
		int			others = 0;

		for (i = 0; i < n; i++)
			others += names[i].feature != top && (i == 0 || names[i].feature != names[i - 1].feature);
		re_buf_printf(&d, "v%s plans %s", in->version, f->item_id);
		if (others > 0)
			re_buf_printf(&d, " and %d other item%s", others, others == 1 ? "" : "s");
		re_buf_printf(&d, " naming %s that no file in the docs tree mentions yet: ", noun);
		for (i = 0; i < n; i++)
			re_buf_printf(&d, "%s`%s` (%s)", i == 0 ? "" : i == n - 1 ? " and " : ", ", names[i].name,
						  in->features[names[i].feature].item_id);
		re_buf_printf(&d, ". %s.", why);
	}
	for (i = 0; i < n; i++)
		if (names[i].written && s->set_path)
		{
			re_buf_printf(&d, " The section writes `%s`, but the settings `%s` documents are named `%s.…` (`%s`), so this item uses `%s`.",
						  names[i].written, s->set_path, s->set_prefix, s->set_example, names[i].name);
			break;
		}
	re_buf_printf(&d, " Verify: %s%s", verify, verify[strlen(verify) - 1] == '.' ? "" : ".");
	memset(c, 0, sizeof(*c));
	c->kind = 3;
	c->list = true;
	c->evidence = true;
	c->feature = top;
	c->lens = l;
	c->ident = names[0].name;
	c->weight = l->weight;
	c->anchor = f->priority && strcmp(f->priority, "P0") == 0 ? 3 : f->priority && strcmp(f->priority, "P1") == 0 ? 2 : 1;
	c->rank = l->weight + c->anchor + 1 + (n > 1);
	c->tiebreak = re_sprintf(s->a, "%05d %s", top, l->lens_id);
	c->full_title = title;
	c->p.title = re_cap_title(s->a, title);
	c->p.pillar = l->pillar;
	c->p.effort = re_norm_effort(n > 3 ? "S" : l->effort, "S");
	c->p.priority = re_norm_priority(prio);
	c->p.description = re_buf_to_arena(s->a, &d);
	c->p.dependencies = re_strndup(s->a, ids.data, ids.len - 1);
	for (i = 0; c->p.dependencies[i]; i++)
		if (c->p.dependencies[i] == ',')
			c->p.dependencies = re_sprintf(s->a, "%.*s, %s", i, c->p.dependencies, c->p.dependencies + i + 1);
	c->p.schema_change = l->schema_change;
	c->p.source = "feature";
	c->p.source_ref = re_sprintf(s->a, "%s %s", f->item_id, l->lens_id);
	c->p.feature_id = f->item_id;
	c->p.lens_id = l->lens_id;
	c->match_text = c->p.title;
	re_buf_free(&d);
	re_buf_free(&ids);
}

/*
 * One docs item per release and list lens (docs/proposals.md "One docs
 * item per release"): every setting or SQL function the planned items name
 * that no docs file mentions and no planned item documents, named in one
 * item whose priority is its highest-rated item's.
 */
int
re_add_docs_lists(Sel *s, int nc)
{
	const ReProposeIn *in = s->in;
	const char *schema = re_docs_function_schema(s->a, s->fs, in->nfeatures);
	bool	   *skip = re_alloc(s->a, sizeof(bool) * (size_t) (in->nfeatures + 1));
	Cand	   *cands = re_alloc(s->a, sizeof(Cand) * (size_t) (nc + in->nlenses + 1));
	int			li,
				i;

	memcpy(cands, s->cands, sizeof(Cand) * (size_t) nc);
	s->cands = cands;
	for (li = 0; li < in->nlenses; li++)
	{
		const ReLensDef *l = &in->lenses[li];
		ReDocsName *names;
		int			n;

		if (!re_docs_list_lens(l))
			continue;
		/*
		 * the lens's premise gates (an item that says it changes nothing users
		 * see, a stub), and features shipped before they were planned
		 */
		for (i = 0; i < in->nfeatures; i++)
			skip[i] = (in->lens_gates && re_lens_has_kinds(&s->lctx, &s->fs[i], in->lens_gates[li].unless_kinds, false)) ||
				(s->shipped && s->shipped[i].source);
		n = re_docs_missing(s->a, s->fs, in->nfeatures, skip, re_docs_list_want(l), s->set_prefix, schema,
							in->docs_text, &names);
		n = not_planned(s, l, names, n);
		if (n > 0)
			docs_list_cand(s, l, names, n, &s->cands[nc++]);
	}
	return nc;
}

/*
 * The candidate producers: deferred items (stale ones go to Conflicts &
 * Risks), code evidence, focus-area gaps and feature lenses. Returns the
 * number of candidates, -1 on error (out->error set).
 */
int
re_produce_candidates(Sel *s)
{
	const ReProposeIn *in = s->in;
	const ReDocSection *doc;
	int			nc = 0,
				i;

	for (i = 0; i < in->ndeferred; i++)
	{
		if (in->deferred[i].pillar == NULL)
			continue;
		RE_CHECK_INTERRUPTS();
		/* re-planned under a new id up to the target: a note in Conflicts & Risks, not an item */
		if (in->deferred[i].successor_id != NULL && !re_deferred_written_back(s->a, in, &in->deferred[i]))
			continue;
		/* carried too long: the planner confirms or drops it, we do not re-propose it */
		if (in->deferred[i].carried > s->pol.stale_after)
		{
			s->stale[s->nstale++] = &in->deferred[i];
			continue;
		}
		re_add_deferred(s->a, in, &in->deferred[i], &s->cands[nc]);
		if ((doc = re_documented(s, in->deferred[i].title)) != NULL)
			reconcile_deferred(s, &in->deferred[i], doc, &s->cands[nc]);
		nc++;
	}
	s->out->stale_deferred = s->nstale;
	for (i = 0; i < in->nevidence; i++)
		if (in->evidence[i].total_hits > 0)
		{
			RE_CHECK_INTERRUPTS();
			re_add_evidence(s->a, in, &in->evidence[i], &s->cands[nc++]);
		}
	for (i = 0; i < in->nfocus; i++)
	{
		re_add_gap(s->a, in, &in->focus[i], &s->cands[nc]);
		s->cands[nc].tier = in->focus[i].planned_in_target > 0;
		nc++;
	}
	if (in->nfeatures > 0 && in->nlenses > 0)
		nc = re_add_features(s->a, in, &s->cands, nc, &s->fs, &s->lctx, s->out->error, sizeof(s->out->error));
	return nc;
}
