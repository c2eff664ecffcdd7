/*
 * lens.c — apply the roadmap.lens rows to the features a release plans.
 *
 * A lens fires for a feature when the feature has the lens's kind and the
 * classes its premise needs (requires_kinds: shared-memory state, a step
 * committed in parts, a standby check …) and none that contradicts it
 * (unless_kinds: an internal refactor, a diagnostic function), names the
 * identifier the lens needs (if any), and the lens's trigger holds on
 * the evidence (identifier absent from the docs tree or the tests, no
 * upgrade script for prev -> target, the feature being P0). The item's
 * title and text are the lens's templates filled with the feature's own
 * id, title and identifier; nothing is borrowed from a focus area.
 */
#include "lens.h"
#include "describe.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The string searched for an identifier: "schema.fn()" -> "fn(", else the text. */
static char *
search_key(ReArena *a, const char *ident)
{
	size_t		n = strlen(ident);

	if (n > 2 && strcmp(ident + n - 2, "()") == 0)
	{
		const char *dot = strrchr(ident, '.');
		const char *base = dot ? dot + 1 : ident;

		return re_strndup(a, base, strlen(base) - 1);
	}
	return re_strdup(a, ident);
}

/* A measurable target the feature's own text states ("< 10 ms", "~45 ms", "2%"), or NULL. */
static char *
stated_target(ReArena *a, const char *text)
{
	static const char *const units[] = {"ms", "µs", "us", "s", "%", "MB", "GB", "KB", "x", "\xC3\x97", NULL};
	const char *p;

	for (p = text; p && *p; p++)
	{
		const char *d = p,
				   *q;
		int			u;

		if (!isdigit((unsigned char) *p) || (p > text && (isalnum((unsigned char) p[-1]) || p[-1] == '.' || p[-1] == ',')))
			continue;
		q = p;
		while (isdigit((unsigned char) *q) || ((*q == ',' || *q == '.') && isdigit((unsigned char) q[1])))
			q++;
		while (*q == ' ')
			q++;
		for (u = 0; units[u]; u++)
		{
			size_t		ul = strlen(units[u]);

			if (strncmp(q, units[u], ul) == 0 && !isalnum((unsigned char) q[ul]))
			{
				/* keep a comparison in front: "< 10 ms", "~45 ms" */
				while (d > text && (d[-1] == ' ' || d[-1] == '<' || d[-1] == '>' || d[-1] == '~') && d > p - 3)
					d--;
				while (*d == ' ')
					d++;
				return re_strndup(a, d, (size_t) (q + ul - d));
			}
		}
	}
	return NULL;
}

/* Does noun (words separated by one space) start at p? Any run of spaces matches one; returns its end or NULL. */
static const char *
noun_at(const char *p, const char *noun)
{
	const char *n;

	for (n = noun; *n; n++)
	{
		if (*n == ' ')
		{
			if (!isspace((unsigned char) *p))
				return NULL;
			while (isspace((unsigned char) *p))
				p++;
			continue;
		}
		if (tolower((unsigned char) *p) != tolower((unsigned char) *n))
			return NULL;
		p++;
	}
	if (*p == 's')
		p++;
	return isalnum((unsigned char) *p) ? NULL : p;
}

/* Is [s, e) a name: a code span, or a word starting with a capital or digit that is not an article? */
static bool
is_name_token(const char *s, const char *e, const char *text)
{
	static const char *const articles[] = {"The", "A", "An", "This", "That", "Each", "Every", "Our", "Its", "New", NULL};
	const char *q = s;
	int			i;

	if (*s == '`' && e > s + 2 && e[-1] == '`')
		return true;
	if (!isupper((unsigned char) *s) && !isdigit((unsigned char) *s))
		return false;
	for (i = 0; articles[i]; i++)
		if ((size_t) (e - s) == strlen(articles[i]) && strncmp(s, articles[i], (size_t) (e - s)) == 0)
			return false;
	for (; q < e; q++)
		if (!isalnum((unsigned char) *q) && !strchr("-./+_", *q))
			return false;
	/* the first word of a sentence or a list item is capitalised anyway */
	q = s;
	while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	return !(q == text || strchr(".!?:\n-*", q[-1]));
}

/*
 * A thing of kind noun the release's own section names ("inference on the
 * LUBM benchmark" -> "the LUBM benchmark", "the Datalog test corpus"): up to
 * two name words (capitalised mid-sentence, an acronym, a code span) right
 * before the noun; NULL when the section names none.
 */
static char *
named_in_section(ReArena *a, const char *text, const char *noun)
{
	const char *p;

	for (p = text; p && *p; p++)
	{
		const char *end,
				   *s = p,
				   *tok;
		int			names = 0;

		if ((p > text && isalnum((unsigned char) p[-1])) || (end = noun_at(p, noun)) == NULL)
			continue;
		while (names < 2)
		{
			const char *e = s;

			while (e > text && e[-1] == ' ')
				e--;
			tok = e;
			while (tok > text && !isspace((unsigned char) tok[-1]))
				tok--;
			if (tok == e || !is_name_token(tok, e, text))
				break;
			s = tok;
			names++;
		}
		if (names > 0)
			return re_sprintf(a, "the %.*s", (int) (end - s), s);
	}
	return NULL;
}

/*
 * The sentence of the feature's section text that made it this kind (where
 * the kind's pattern matched; in a table row whose cell holds the whole item,
 * the cell's text after its lead), else the one naming the identifier; NULL
 * when only the lead says it (the description quotes the lead already).
 */
static char *
own_sentence(ReArena *a, const ReFeature *f, const char *ident, int kind)
{
	int			at = kind >= 0 && kind < RE_MAX_KINDS ? f->kind_at[kind] : -1;

	int			tail = re_feature_tail_at(f);
	bool		in_tail = tail >= 0 && at >= tail && at < f->desc_at - 1;

	if (f->text == NULL)
		return NULL;
	if (at < f->desc_at && !in_tail && ident)
	{
		char	   *key = search_key(a, ident);
		const char *hit = strstr(f->text + f->desc_at, key);

		at = hit ? (int) (hit - f->text) : -1;
	}
	if (at < f->desc_at && !in_tail)
		return NULL;
	return re_feature_sentence(a, f, at, 120);
}

/*
 * What kind k's pattern captured in its (?<name>…) group where it matched
 * f's text, as written; NULL when the pattern has no such group or did not
 * match.
 */
static char *
kind_group(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, int k, const char *name)
{
	pcre2_code *re;
	pcre2_match_data *md;
	int			ec;
	PCRE2_SIZE	eo;
	PCRE2_UCHAR *got = NULL;
	PCRE2_SIZE	glen = 0;
	char	   *out = NULL;
	char	   *open;

	if (k < 0 || k >= ctx->nkinds || k >= RE_MAX_KINDS || f->text == NULL || f->kind_at[k] < 0 ||
		ctx->kinds[k].pattern == NULL)
		return NULL;
	open = re_sprintf(a, "(?<%s>", name);
	if (strstr(ctx->kinds[k].pattern, open) == NULL)
		return NULL;
	re = pcre2_compile((PCRE2_SPTR) ctx->kinds[k].pattern, PCRE2_ZERO_TERMINATED,
					   PCRE2_CASELESS | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &ec, &eo, NULL);
	if (re == NULL)
		return NULL;
	md = pcre2_match_data_create_from_pattern(re, NULL);
	if (md && pcre2_match(re, (PCRE2_SPTR) f->text, strlen(f->text), (PCRE2_SIZE) f->kind_at[k], 0, md, NULL) > 0 &&
		pcre2_substring_get_byname(md, (PCRE2_SPTR) name, &got, &glen) == 0)
	{
		if (glen > 0)
			out = re_sprintf(a, "%.*s", (int) glen, (const char *) got);
		pcre2_substring_free(got);
	}
	if (md)
		pcre2_match_data_free(md);
	pcre2_code_free(re);
	return out;
}

/*
 * The objects kind k's pattern names in its (?<obj>…) group where it
 * matched f's text ("per source table" -> "source tables"), plural; NULL
 * when the pattern has no such group or did not match.
 */
static char *
kind_objects(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, int k)
{
	char	   *obj = kind_group(a, ctx, f, k, "obj");
	size_t		olen = obj ? strlen(obj) : 0;

	if (olen == 0)
		return NULL;
	return (obj[olen - 1] == 's' || obj[olen - 1] == 'S') ? obj : re_sprintf(a, "%ss", obj);
}

/*
 * Ten times the count of objects the feature's own text states ("At 500+
 * stream tables", "200+ STs", "a 50-ST scale"): "5,000 stream tables"; NULL
 * when it states none. A count is digits (with a K or M suffix, at least 2)
 * followed by the objects' head noun, right after it or after one word.
 */
static char *
scaled_count(ReArena *a, const char *text, const char *objects)
{
	const char *head = strrchr(objects, ' ') ? strrchr(objects, ' ') + 1 : objects;
	size_t		hl = strlen(head);
	const char *p;

	if (hl > 1 && (head[hl - 1] == 's' || head[hl - 1] == 'S'))
		hl--;
	if (hl > 5)
		hl = 5;
	for (p = text; p && *p; p++)
	{
		const char *q = p;
		double		n = 0;
		int			words = 0;

		if (!isdigit((unsigned char) *p) || (p > text && (isalnum((unsigned char) p[-1]) || p[-1] == '.' || p[-1] == ',')))
			continue;
		while (isdigit((unsigned char) *q) || (*q == ',' && isdigit((unsigned char) q[1])))
		{
			if (*q != ',')
				n = n * 10 + (*q - '0');
			q++;
		}
		if (*q == 'K' || *q == 'k')
			n *= 1000, q++;
		else if (*q == 'M')
			n *= 1000000, q++;
		if (*q == '+')
			q++;
		/* the head noun right after the count, or after one word ("10K+ distinct groups") */
		while (words < 2 && (*q == ' ' || *q == '-'))
		{
			while (*q == ' ' || *q == '-')
				q++;
			if (strncasecmp(q, "per ", 4) == 0)
				break;
			if (strncasecmp(q, head, hl) == 0)
			{
				double		t = n * 10;

				if (n < 2 || n > 1e9)
					break;
				if (t >= 1e6)
					return re_sprintf(a, "%gM %s", t / 1e6, objects);
				if (t >= 1000)
					return re_sprintf(a, "%d,%03d %s", (int) (t / 1000), (int) t % 1000, objects);
				return re_sprintf(a, "%d %s", (int) t, objects);
			}
			while (*q && isalpha((unsigned char) *q))
				q++;
			words++;
		}
	}
	return NULL;
}

/*
 * The placeholders about the planned item and its objects, at *pp: {item}
 * (the item by id and short name, whatever identifiers it names),
 * {objects:default} (what the kind's (?<obj>…) group names where it
 * matched) and {scale:default} (ten times the count of them the item states,
 * "5,000 stream tables") and {group:name:default} (what its (?<name>…)
 * group captured, as written); false when *pp is none of them. Leaves *pp on the
 * placeholder's last character.
 */
static bool
fill_object(ReArena *a, ReBuf *b, const ReLensCtx *ctx, const ReFeature *f, int kind, const char **pp)
{
	const char *p = *pp,
			   *end = strchr(p, '}');
	char	   *objs,
			   *t;

	if (strncmp(p, "{item}", 6) == 0)
	{
		if (f->short_name[0])
			re_buf_printf(b, "%s %s", f->item_id, f->short_name);
		else
			re_buf_puts(b, f->item_id);
		*pp = p + 5;
		return true;
	}
	if (end && strncmp(p, "{group:", 7) == 0 && memchr(p + 7, ':', (size_t) (end - p - 7)))
	{
		/* {group:name:default}: what the kind's (?<name>…) group captured */
		const char *colon = memchr(p + 7, ':', (size_t) (end - p - 7));

		t = kind_group(a, ctx, f, kind, re_strndup(a, p + 7, (size_t) (colon - p - 7)));
		if (t)
			re_buf_puts(b, t);
		else
			re_buf_append(b, colon + 1, (size_t) (end - colon - 1));
		*pp = end;
		return true;
	}
	if (end == NULL || (strncmp(p, "{objects:", 9) != 0 && strncmp(p, "{scale:", 7) != 0))
		return false;
	objs = kind_objects(a, ctx, f, kind);
	t = objs && p[1] == 's' && f->text ? scaled_count(a, f->text, objs) : objs;
	if (t)
		re_buf_puts(b, t);
	else
		re_buf_append(b, strchr(p, ':') + 1, (size_t) (end - strchr(p, ':') - 1));
	*pp = end;
	return true;
}

/*
 * Fill a template; kind is the kind {quote} cites and own the lens's feature
 * kind (whose pattern's groups {objects:} and {group:} read), or -1.
 */
static char *
fill(ReArena *a, const char *tmpl, const ReLensCtx *ctx, const ReFeature *f, const char *ident, int kind, int own)
{
	ReBuf		b;
	const char *p;
	char	   *out;

	if (tmpl == NULL)
		return NULL;
	if (ident == NULL && strstr(tmpl, "{ident}"))
		return NULL;
	re_buf_init(&b);
	for (p = tmpl; *p; p++)
	{
		if (fill_object(a, &b, ctx, f, own, &p))
			continue;
		if (strncmp(p, "{subject}", 9) == 0)
		{
			if (ident)
				re_buf_printf(&b, "`%s`", ident);
			else if (f->short_name[0])
				re_buf_printf(&b, "%s %s", f->item_id, f->short_name);
			else
				re_buf_puts(&b, f->item_id);
			p += 8;
		}
		else if (strncmp(p, "{ident}", 7) == 0)
		{
			re_buf_puts(&b, ident);
			p += 6;
		}
		else if (strncmp(p, "{id}", 4) == 0)
		{
			re_buf_puts(&b, f->item_id);
			p += 3;
		}
		else if (strncmp(p, "{title}", 7) == 0)
		{
			re_buf_puts(&b, re_inner_quotes(a, f->title));	/* templates quote it */
			p += 6;
		}
		else if (strncmp(p, "{short}", 7) == 0)
		{
			re_buf_puts(&b, f->short_name);
			p += 6;
		}
		else if (strncmp(p, "{prev}", 6) == 0)
		{
			re_buf_puts(&b, ctx->prev_version ? ctx->prev_version : "the previous release");
			p += 5;
		}
		else if (strncmp(p, "{version}", 9) == 0)
		{
			re_buf_puts(&b, ctx->version);
			p += 8;
		}
		else if (strncmp(p, "{quote}", 7) == 0)
		{
			/* ' ("<the section's sentence that made it this kind>")', or nothing */
			char	   *q = own_sentence(a, f, ident, kind);

			if (q)
				re_buf_printf(&b, " (\"%s\")", re_inner_quotes(a, q));
			p += 6;
		}
		else if (strncmp(p, "{named:", 7) == 0 && strchr(p, '}') && memchr(p + 7, ':', (size_t) (strchr(p, '}') - p - 7)))
		{
			/* {named:noun:default}: what the release's section calls a <noun>, else the default */
			const char *end = strchr(p, '}'),
					   *colon = memchr(p + 7, ':', (size_t) (end - p - 7));
			char	   *noun = re_strndup(a, p + 7, (size_t) (colon - p - 7));
			char	   *t = ctx->section_text ? named_in_section(a, ctx->section_text, noun) : NULL;

			if (t)
				re_buf_puts(&b, t);
			else
				re_buf_append(&b, colon + 1, (size_t) (end - colon - 1));
			p = end;
		}
		else if (strncmp(p, "{bench:", 7) == 0 && strchr(p, '}'))
		{
			/* the benchmark the release's section names, else the project's own, else the default */
			const char *end = strchr(p, '}');
			char	   *t = ctx->section_text ? named_in_section(a, ctx->section_text, "benchmark") : NULL;

			if (t)
				re_buf_puts(&b, t);
			else if (ctx->bench)
				re_buf_puts(&b, ctx->bench);
			else
				re_buf_append(&b, p + 7, (size_t) (end - p - 7));
			p = end;
		}
		else if (strncmp(p, "{target:", 8) == 0 && strchr(p, '}'))
		{
			/* the figure the feature states, else the template's default */
			const char *end = strchr(p, '}');
			char	   *t = f->text ? stated_target(a, f->text) : NULL;

			if (t)
				re_buf_printf(&b, "the stated %s", t);
			else
				re_buf_append(&b, p + 8, (size_t) (end - p - 8));
			p = end;
		}
		else
			re_buf_append(&b, p, 1);
	}
	out = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return out;
}

char *
re_lens_fill(ReArena *a, const char *tmpl, const ReLensCtx *ctx, const ReFeature *f, const char *ident)
{
	return fill(a, tmpl, ctx, f, ident, -1, -1);
}

char *
re_lens_written(ReArena *a, const ReFeature *f, const char *ident)
{
	size_t		n = strlen(ident),
				best_len = 0;
	const char *p,
			   *best = NULL;
	char	   *key;

	if (f->text == NULL || n < 3 || strcmp(ident + n - 2, "()") != 0)
		return re_strdup(a, ident);
	key = search_key(a, ident); /* "fn(" */
	for (p = f->text; (p = strstr(p, key)) != NULL; p++)
	{
		const char *q = p + strlen(key);
		int			depth = 1;

		if (p > f->text && (isalnum((unsigned char) p[-1]) || p[-1] == '_'))
			continue;
		while (*q && *q != '`' && *q != '\n' && depth > 0)
		{
			depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
			q++;
		}
		if (depth == 0 && (size_t) (q - 1 - (p + strlen(key))) > best_len)
		{
			best = p + strlen(key);
			best_len = (size_t) (q - 1 - best);
		}
	}
	if (best == NULL)
		return re_strdup(a, ident);
	return re_sprintf(a, "%.*s(%.*s)", (int) (n - 2), ident, (int) best_len, best);
}

/* PCRE2 allocates in the arena: nothing leaks when a cancel longjmps out of the loop. */
static void *
arena_malloc(PCRE2_SIZE n, void *arena)
{
	return re_alloc((ReArena *) arena, n);
}

static void
arena_free(void *p, void *arena)
{
	(void) p;
	(void) arena;
}

/* Does the identifier, as the item writes it, match the lens's ident_pattern? */
static bool
written_matches(ReArena *a, const ReFeature *f, const char *ident, pcre2_code *re)
{
	char	   *w = re_lens_written(a, f, ident);
	pcre2_general_context *g = pcre2_general_context_create(arena_malloc, arena_free, a);
	pcre2_match_data *md = g ? pcre2_match_data_create_from_pattern(re, g) : NULL;

	return md && pcre2_match(re, (PCRE2_SPTR) w, strlen(w), 0, 0, md, NULL) >= 0;
}

/*
 * The identifier a lens with an ident_pattern names: the first of its kind
 * (the title's first, then the text's a function or setting the item adds)
 * whose written form matches; NULL when none does.
 */
static bool usable_ident(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, const ReIdent *id);

static const ReIdent *
pick_ident(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, const ReLensDef *l, pcre2_code *re)
{
	int			want = l->ident_kind && *l->ident_kind ? re_ident_kind_from_name(l->ident_kind) : IK_FUNCTION;
	int			i,
				pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < f->nids; i++)
		{
			const ReIdent *id = &f->ids[i];

			if (re_ident_kind_matches((int) id->kind, want) && id->in_title == (pass == 0) &&
				(id->added || !(want == IK_FUNCTION || re_ident_kind_matches(want, IK_GUC))) &&
				written_matches(a, f, id->text, re) && usable_ident(a, ctx, f, id))
				return id;
		}
	return NULL;
}

/* Compile each lens's ident_pattern (NULL where it has none); false with ctx->err set on a bad one. */
static bool
compile_ident_patterns(ReArena *a, const ReLensCtx *ctx, const ReLensDef *lenses, int nlenses, pcre2_code **res)
{
	int			li;
	pcre2_general_context *g = pcre2_general_context_create(arena_malloc, arena_free, a);
	pcre2_compile_context *cc = g ? pcre2_compile_context_create(g) : NULL;

	for (li = 0; li < nlenses; li++)
	{
		const char *pat = ctx->gates ? ctx->gates[li].ident_pattern : NULL;
		int			ec;
		PCRE2_SIZE	eo;

		res[li] = NULL;
		if (pat == NULL || *pat == '\0')
			continue;
		res[li] = pcre2_compile((PCRE2_SPTR) pat, PCRE2_ZERO_TERMINATED,
								PCRE2_CASELESS | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &ec, &eo, cc);
		if (res[li] == NULL)
		{
			PCRE2_UCHAR msg[200];

			pcre2_get_error_message(ec, msg, sizeof(msg));
			if (ctx->err)
				snprintf(ctx->err, ctx->errlen, "lens \"%s\": ident_pattern at offset %zu: %s", lenses[li].lens_id,
						 (size_t) eo, (char *) msg);
			return false;
		}
	}
	return true;
}

/* Does the trigger hold? Sets *evidence to the fact that makes it hold. */
static bool
trigger_holds(ReArena *a, const ReLensCtx *ctx, const ReLensDef *l, const ReFeature *f, const char *ident,
			  char **evidence)
{
	*evidence = NULL;
	if (l->trigger == NULL || strcmp(l->trigger, "always") == 0)
		return true;
	if (strcmp(l->trigger, "feature_p0") == 0)
		return f->priority && strcmp(f->priority, "P0") == 0;
	if (strcmp(l->trigger, "no_upgrade_script") == 0)
	{
		if (ctx->has_upgrade_script != 0 || ctx->prev_version == NULL)
			return false;
		*evidence = re_sprintf(a, "The tree has no upgrade script from %s to %s yet", ctx->prev_version,
							   ctx->version);
		return true;
	}
	if (strcmp(l->trigger, "in_docs") == 0)
	{
		/* the docs cite what the feature moves or removes */
		int			n = 0;
		const char *p;

		if (ident == NULL || ctx->docs_text == NULL)
			return false;
		for (p = ctx->docs_text; (p = strstr(p, ident)) != NULL; p += strlen(ident))
			n++;
		if (n == 0)
			return false;
		*evidence = re_sprintf(a, "The docs tree mentions `%s` %d time%s", ident, n, n == 1 ? "" : "s");
		return true;
	}
	if (strcmp(l->trigger, "not_in_docs") == 0 || strcmp(l->trigger, "not_in_tests") == 0)
	{
		bool		docs = l->trigger[7] == 'd';
		const char *hay = docs ? ctx->docs_text : ctx->tests_text;
		char	   *key;

		/* unknown (no docs tree, no test files): claim nothing */
		if (ident == NULL || hay == NULL || *hay == '\0')
			return false;
		key = search_key(a, ident);
		if (strstr(hay, key))
			return false;
		*evidence = docs ? re_sprintf(a, "No file in the docs tree mentions `%s` yet", key)
			: re_sprintf(a, "No test file mentions `%s` yet", key);
		return true;
	}
	return false;
}

static int
prio_bonus(const char *p)
{
	if (p && strcmp(p, "P0") == 0)
		return 3;
	if (p && strcmp(p, "P1") == 0)
		return 2;
	return 1;
}

static int
kind_index(const ReLensCtx *ctx, const char *kind)
{
	int			k;

	for (k = 0; k < ctx->nkinds && k < RE_MAX_KINDS; k++)
		if (strcmp(ctx->kinds[k].kind, kind) == 0)
			return k;
	return -1;
}

/*
 * The next name of a space- or comma-separated list of kinds at *p: its
 * index in *k (-1 when no roadmap.feature_kind row defines it); false at the
 * end of the list.
 */
static bool
next_kind(const ReLensCtx *ctx, const char **p, int *k)
{
	char		name[64];
	size_t		n = 0;

	if (*p == NULL)
		return false;
	while (**p == ' ' || **p == ',')
		(*p)++;
	while ((*p)[n] && (*p)[n] != ' ' && (*p)[n] != ',')
		n++;
	if (n == 0)
		return false;
	snprintf(name, sizeof(name), "%.*s", (int) n, *p);
	*p += n;
	*k = kind_index(ctx, name);
	return true;
}

/*
 * Does the feature have the kinds of a space- or comma-separated list: every
 * one (all) or any one (!all)? A name no roadmap.feature_kind row defines is
 * not held, so a lens requiring it never fires and one excluded by it is not
 * kept off. An empty list: true for all, false for any.
 */
bool
re_lens_has_kinds(const ReLensCtx *ctx, const ReFeature *f, const char *list, bool all)
{
	const char *p = list;
	int			k;

	while (next_kind(ctx, &p, &k))
	{
		bool		held = k >= 0 && RE_KIND_HAS(f, k);

		if (held != all)
			return held;
	}
	return all;
}

static int
prio_rank(const char *p)
{
	if (p && p[0] == 'P' && isdigit((unsigned char) p[1]) && p[2] == '\0')
		return p[1] - '0';
	return -1;
}

/* Is risk one of the failures that can earn an item more than P2? */
static bool
is_risk(const char *risk)
{
	return risk && (strcmp(risk, "wrong_answer") == 0 || strcmp(risk, "data_loss") == 0 ||
					strcmp(risk, "crash") == 0);
}

/*
 * The item's priority (docs/proposals.md "Priority"). P0 means the release
 * must not ship without it, so only a wrong-answer, data-loss or crash path
 * of a mechanism the anchor itself states earns more than a template check:
 *  - risk item: the lens's priority (P1 when it has none);
 *  - template item (risk NULL): the anchor's own priority, at most P1; P2
 *    when the anchor states no priority (a docs, range or edge-case check
 *    is not high priority by itself);
 *  - never above the lens's priority or the anchor's (an item on a P2
 *    feature is P2; a feature rated below P2 still gives P2, the lowest an
 *    item has); P0 only when the anchor is P0 too;
 *  - an anchor its title calls optional ("(optional)", "stretch goal")
 *    gives P2.
 * Every lens item gets its priority here, and so do other producers' items
 * anchored on a feature (call it with their own risk).
 */
const char *
re_item_priority(const char *lens_priority, const char *risk, const char *anchor_priority, bool anchor_optional)
{
	static const char *const names[] = {"P0", "P1", "P2"};
	int			l = prio_rank(lens_priority),
				f = prio_rank(anchor_priority);

	if (l < 0 || l > 2)
		l = 1;
	if (!is_risk(risk))
	{
		/* a template item: the anchor's own priority, P0 read as P1, P2 when it has none */
		int			t = f < 0 ? 2 : f == 0 ? 1 : f;

		if (t > l)
			l = t;
	}
	if (l == 0 && f != 0)
		l = 1;
	if (f > l)
		l = f;
	if (anchor_optional)
		l = 2;
	return names[l > 2 ? 2 : l];
}

/* Does s contain word w (case-insensitive, whole word)? */
static bool
has_word_ci(const char *s, const char *w)
{
	size_t		n = strlen(w);
	const char *p;

	for (p = s; *p; p++)
		if (strncasecmp(p, w, n) == 0 && (p == s || !(isalnum((unsigned char) p[-1]) || p[-1] == '_')) &&
			!(isalnum((unsigned char) p[n]) || p[n] == '_'))
			return true;
	return false;
}

/* Does s contain needle, ignoring case? */
static bool
ci_contains(const char *s, const char *needle)
{
	size_t		n = strlen(needle);
	const char *p;

	for (p = s; *p; p++)
		if (strncasecmp(p, needle, n) == 0)
			return true;
	return false;
}

/* Is the argument list a SQL signature (`name TEXT`, `x => 1`, `DEFAULT`, `TEXT[]`), not a call of native code? */
static bool
sql_signature(const char *args)
{
	static const char *const types[] = {"text", "int", "int4", "int8", "integer", "bigint", "smallint", "boolean",
		"bool", "jsonb", "json", "regclass", "name", "oid", "timestamptz", "timestamp", "interval", "numeric", "uuid",
	"bytea", "float8", "real", "date", "default", "variadic", NULL};
	int			i;

	/* `conn: &PgConnection`, `&self`: a Rust or C signature */
	if (strchr(args, '&') || (strchr(args, ':') && !strstr(args, ":=")) || has_word_ci(args, "self"))
		return false;
	if (strstr(args, "=>") || strstr(args, ":=") || strstr(args, "[]"))
		return true;
	for (i = 0; types[i]; i++)
		if (has_word_ci(args, types[i]))
			return true;
	return false;
}

/* Does hay write `<schema>.<base>(` (not `self.<base>(`)? */
static bool
written_qualified(const char *hay, const char *base, size_t n)
{
	const char *p;

	for (p = hay ? strstr(hay, base) : NULL; p; p = strstr(p + 1, base))
	{
		const char *q = p - 1;

		if (p == hay || p[-1] != '.' || p[n] != '(')
			continue;
		while (q > hay && (isalnum((unsigned char) q[-1]) || q[-1] == '_'))
			q--;
		if (q < p - 1 && !(p - 1 - q == 4 && strncmp(q, "self", 4) == 0))
			return true;
	}
	return false;
}

/*
 * Is the function identifier a SQL function (docs/proposals.md "Premises
 * from the anchor")? Only when it is written schema-qualified, with a SQL
 * signature (`fn(name TEXT)`, `fn(x => …)`), in an item that calls it a SQL
 * function, or when the release's section or the docs write it
 * schema-qualified (`pgtrickle.fn(`); an unqualified `compute_backoff_ms()`
 * the item replaces is the project's internal code, and the SQL reference
 * is no place for it.
 */
bool
re_lens_sql_function(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, const char *ident)
{
	char	   *w,
			   *base;
	const char *open;
	size_t		n = strlen(ident);

	if (n < 3 || strcmp(ident + n - 2, "()") != 0 || strchr(ident, '.'))
		return true;
	w = re_lens_written(a, f, ident);
	open = strchr(w, '(');
	if (open && sql_signature(re_strndup(a, open + 1, strlen(open + 1) - 1)))
		return true;
	if (f->text && (ci_contains(f->text, "SQL function") || ci_contains(f->text, "SQL API") ||
					ci_contains(f->text, "SQL-callable")))
		return true;
	base = re_strndup(a, ident, n - 2);
	if (ctx->sql_names)
		return re_strmap_get(ctx->sql_names, base) >= 0;
	return written_qualified(ctx->section_text, base, n - 2) || written_qualified(ctx->docs_text, base, n - 2);
}

/* Index every `<schema>.<fn>(` of text (not `self.fn(`) by fn: one pass, whatever the number of features. */
static void
index_qualified(ReArena *a, ReStrMap *m, const char *text)
{
	const char *p;

	for (p = text ? strchr(text, '(') : NULL; p; p = strchr(p + 1, '('))
	{
		const char *b = p,
				   *q;

		while (b > text && (isalnum((unsigned char) b[-1]) || b[-1] == '_'))
			b--;
		if (b == p || b == text || b[-1] != '.')
			continue;
		q = b - 1;
		while (q > text && (isalnum((unsigned char) q[-1]) || q[-1] == '_'))
			q--;
		if (q < b - 1 && !(b - 1 - q == 4 && strncmp(q, "self", 4) == 0))
			re_strmap_put(m, re_strndup(a, b, (size_t) (p - b)), 1);
	}
}

/* A function identifier that is no SQL function names nothing a function lens asks about. */
static bool
usable_ident(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, const ReIdent *id)
{
	return id->kind != IK_FUNCTION || re_lens_sql_function(a, ctx, f, id->text);
}

/* The first identifier of kind (title first, then the text's added ones) that usable_ident accepts. */
static const ReIdent *
first_ident(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, int kind)
{
	int			i,
				pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < f->nids; i++)
			if (re_ident_kind_matches((int) f->ids[i].kind, kind) && f->ids[i].in_title == (pass == 0) &&
				(f->ids[i].added || !(kind == IK_FUNCTION || re_ident_kind_matches(kind, IK_GUC))) &&
				usable_ident(a, ctx, f, &f->ids[i]))
				return &f->ids[i];
	return NULL;
}

/* The identifier the lens names on f (NULL: none needed); false when the lens cannot fire on f for want of one. */
static bool
lens_ident(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, const ReLensDef *l, pcre2_code *re,
		   const char **ident)
{
	bool		named = l->ident_kind && *l->ident_kind;
	const ReIdent *id = NULL;

	*ident = NULL;
	/* an ident_pattern is a premise about the identifier: no identifier written that way, no item */
	if (re)
	{
		id = pick_ident(a, ctx, f, l, re);
		if (id == NULL)
			return false;
	}
	/* the lens's identifier kind is preferred; {ident} in a template requires one */
	else if (named)
		id = first_ident(a, ctx, f, re_ident_kind_from_name(l->ident_kind));
	/* a lens that names a kind of identifier takes no other: {subject} falls back to the id */
	if (id == NULL && named &&
		(strstr(l->title, "{ident}") || strstr(l->why, "{ident}") || strstr(l->verify, "{ident}")))
		return false;
	if (id == NULL && !named)
	{
		id = re_feature_primary(f);
		if (id && !usable_ident(a, ctx, f, id))
			id = NULL;
	}
	*ident = id ? id->text : NULL;
	return true;
}

/*
 * Can {quote} cite where kind k matched: the item's description or its
 * title cell's text after the lead, not the lead (the description quotes
 * it already) nor a note from elsewhere in the section?
 */
static bool
quotable(ReArena *a, const ReFeature *f, int k)
{
	int			at = k >= 0 && k < RE_MAX_KINDS ? f->kind_at[k] : -1,
				tail = re_feature_tail_at(f);

	if (at < 0 || (at < f->desc_at && !(tail >= 0 && at >= tail)))
		return false;
	return re_feature_sentence(a, f, at, (size_t) -1) != NULL;
}

/*
 * The kind whose sentence {quote} cites: the lens's kind k where the item's
 * description states it; else the first premise class of the lens
 * (requires_kinds) that the description states, so an item whose kind only
 * its title says still quotes its premise ("… that pauses CDC trigger
 * writes …").
 */
static int
quote_kind(ReArena *a, const ReLensCtx *ctx, const ReFeature *f, const char *requires, int k)
{
	const char *p = requires;
	int			c;

	if (quotable(a, f, k))
		return k;
	while (next_kind(ctx, &p, &c))
		if (quotable(a, f, c))
			return c;
	return k;
}

/* One hit of lens l on feature f: its title, priority, rank and description. */
static void
make_hit(ReArena *a, const ReLensCtx *ctx, const ReLensDef *l, const ReFeature *f, const char *ident,
		 char *title, const char *why, const char *verify, char *evidence, ReLensHit *h)
{
	ReBuf		b;

	memset(h, 0, sizeof(*h));
	h->lens = l;
	h->feature = f;
	h->ident = ident;
	h->title = title;
	h->evidence = evidence;
	/*
	 * the one rule (re_item_priority): risk items the lens's, template items
	 * the anchor's; never above the feature, P0 only on a P0 anchor. One
	 * exception, the lens's own premise (p0_unrated, docs/proposals.md
	 * "Result paths"): a wrong-answer lens on a result path every existing
	 * object takes keeps P0 on an anchor the release does not rate, and
	 * ranks as a P0 anchor's item.
	 */
	if (l->p0_unrated && is_risk(l->risk) && prio_rank(l->priority) == 0 && prio_rank(f->priority) < 0)
		h->priority = "P0";
	else
		h->priority = re_item_priority(l->priority, l->risk, f->priority, re_lens_has_kinds(ctx, f, "optional", false));
	h->rank = l->weight + prio_bonus(strcmp(h->priority, "P0") == 0 ? "P0" : f->priority) + (evidence ? 1 : 0);
	re_buf_init(&b);
	re_buf_printf(&b, "v%s plans %s (\"%s\"). %s%s", ctx->version, f->item_id, re_inner_quotes(a, f->title), why,
				  why[0] && why[strlen(why) - 1] == '.' ? "" : ".");
	if (evidence)
		re_buf_printf(&b, " %s.", evidence);
	re_buf_printf(&b, " Verify: %s%s", verify, verify[0] && verify[strlen(verify) - 1] == '.' ? "" : ".");
	h->description = re_buf_to_arena(a, &b);
	re_buf_free(&b);
}

int
re_lens_apply(ReArena *a, const ReLensCtx *ctx, const ReLensDef *lenses, int nlenses,
			  const ReFeature *features, int nfeatures, ReLensHit **out)
{
	int			n = 0,
				cap = 64,
				fi,
				li;
	pcre2_code **res = re_alloc(a, sizeof(pcre2_code *) * (size_t) (nlenses + 1));
	ReLensCtx	local = *ctx;
	ReStrMap	names;

	/* the names written schema-qualified, indexed once (not one scan per feature and lens) */
	if (local.sql_names == NULL)
	{
		re_strmap_init(&names, a);
		index_qualified(a, &names, ctx->section_text);
		index_qualified(a, &names, ctx->docs_text);
		local.sql_names = &names;
	}
	ctx = &local;

	/* grown by the hits found: nlenses x nfeatures is 84 MB for a 100,000-item release */
	*out = re_alloc(a, sizeof(ReLensHit) * (size_t) cap);
	if (!compile_ident_patterns(a, ctx, lenses, nlenses, res))
		return -1;
	for (fi = 0; fi < nfeatures; fi++)
	{
		const ReFeature *f = &features[fi];

		RE_CHECK_INTERRUPTS();

		for (li = 0; li < nlenses; li++)
		{
			const ReLensDef *l = &lenses[li];
			int			k = kind_index(ctx, l->feature_kind),
						qk;
			const char *ident;
			char	   *evidence,
					   *title,
					   *why,
					   *verify;

			if (k < 0 || !RE_KIND_HAS(f, k))
				continue;
			/* the lens's premise: the classes it needs, none that contradicts it */
			if (ctx->gates && (!re_lens_has_kinds(ctx, f, ctx->gates[li].requires_kinds, true) ||
							   re_lens_has_kinds(ctx, f, ctx->gates[li].unless_kinds, false)))
				continue;
			if (!lens_ident(a, ctx, f, l, res[li], &ident) || !trigger_holds(a, ctx, l, f, ident, &evidence))
				continue;

			qk = ctx->gates ? quote_kind(a, ctx, f, ctx->gates[li].requires_kinds, k) : k;
			title = fill(a, l->title, ctx, f, ident, qk, k);
			why = fill(a, l->why, ctx, f, ident, qk, k);
			verify = fill(a, l->verify, ctx, f, ident, qk, k);
			if (title == NULL || why == NULL || verify == NULL)
				continue;
			if (n == cap)
			{
				ReLensHit  *grown = re_alloc(a, sizeof(ReLensHit) * (size_t) cap * 2);

				memcpy(grown, *out, sizeof(ReLensHit) * (size_t) cap);
				*out = grown;
				cap *= 2;
			}
			make_hit(a, ctx, l, f, ident, title, why, verify, evidence, &(*out)[n++]);
		}
	}
	return n;
}
