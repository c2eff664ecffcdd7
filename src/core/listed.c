/*
 * listed.c — what a release section already checks, and word stems.
 *
 * A candidate item repeats the section when the section already holds its
 * check: a Verify line, an exit-criteria checkbox or a deliverable sentence
 * of an item ("Document … in docs/X.md") that names one of the candidate's
 * identifiers (its feature's id, a backticked name, an item id) and asks
 * for the same family of check (benchmark, upgrade, docs …; families are
 * catalog rows, roadmap.check_family), or that holds most of the
 * candidate's title words. Words are compared by stems (their first five
 * bytes), so "migration" meets "migrating" and "deltas" meets "delta".
 */
#include "listed.h"
#include "mdoc.h"
#include "model.h"
#include "similar.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define STEM_LEN 5
#define MAX_STEMS 512

typedef char Stem[STEM_LEN + 1];

static const char *const stem_stop[] = {
	"the", "and", "for", "with", "from", "into", "that", "this", "are", "was", "all", "new", "use",
	"using", "via", "per", "not", "now", "when", "its", "at", "in", "of", "to", "on", "an", "by", "or",
	"is", "be", "as", "it", "vs", "each", "every", "very", "any", "only", "than", "then", "so", "no",
	"out", "up", "over", "under", "more", "most", "some", "same", "also", "can", "may", "must", "will",
	"should", "which", "what", "how", "who", "where", "does", "do", "has", "have", "had", "been", "their",
	"them", "they", "we", "you", "your", "our", "one", "if", NULL
};

/* Words a file name shares with any title: they say nothing of what the file delivers. */
static const char *const file_generic[] = {
	"readme", "index", "mod", "lib", "main", "test", "tests", "spec", "docs", "doc", "src", "md", "rs",
	"sql", "changelog", "todo", "license", "summary", "json", "yml", "yaml", "toml", "txt", "py", "sh",
	"from", "to", "the", "and", "of", "for", "with", NULL
};

static bool
in_list(const char *w, const char *const *list)
{
	int			i;

	/* the first byte before the call: most words share none with any entry */
	for (i = 0; list[i]; i++)
		if (list[i][0] == w[0] && strcmp(w, list[i]) == 0)
			return true;
	return false;
}

static bool
stem_byte(unsigned char c, bool split_underscore)
{
	return isalnum(c) || c >= 0x80 || (c == '_' && !split_underscore);
}

/*
 * A stem as a number: its bytes (at most STEM_LEN, no NUL) zero-padded, so
 * two stems are equal exactly when their numbers are.
 */
static uint64_t
stem_key(const char *w)
{
	uint64_t	k = 0;

	memcpy(&k, w, strlen(w));
	return k;
}

/* The longest word of stem_stop (computed once): a longer word is not one of them. */
static size_t
stop_max(void)
{
	static size_t m = 0;
	int			i;

	if (m == 0)
		for (i = 0; stem_stop[i]; i++)
			if (strlen(stem_stop[i]) > m)
				m = strlen(stem_stop[i]);
	return m;
}

/*
 * The distinct stems of s; skip_verb leaves the first word out. Stems are
 * told apart by their numbers (stem_key), not by strcmp over all kept so far.
 */
static int
stems_of(const char *s, Stem *out, int max, bool skip_verb, bool split_underscore)
{
	int			n = 0,
				words = 0;
	uint64_t	keys[MAX_STEMS];

	while (s && *s && n < max)
	{
		char		w[64];
		size_t		k = 0;
		int			i;
		uint64_t	key;

		while (*s && !stem_byte((unsigned char) *s, split_underscore))
			s++;
		while (*s && stem_byte((unsigned char) *s, split_underscore))
		{
			if (k < sizeof(w) - 1)
				w[k++] = (char) tolower((unsigned char) *s);
			s++;
		}
		w[k] = '\0';
		if (k == 0)
			continue;
		words++;
		if ((skip_verb && words == 1) || k < 2 || (k <= stop_max() && in_list(w, stem_stop)))
			continue;
		w[k < STEM_LEN ? k : STEM_LEN] = '\0';
		key = stem_key(w);
		for (i = 0; i < n; i++)
			if (keys[i] == key)
				break;
		if (i == n)
		{
			keys[n] = key;
			strcpy(out[n++], w);
		}
	}
	return n;
}

static bool
has_stem(const Stem *set, int n, const char *w)
{
	int			i;

	for (i = 0; i < n; i++)
		if (strcmp(set[i], w) == 0)
			return true;
	return false;
}

/*
 * The stems of the changelog leads re_entry_repeats reads and of the
 * section's checks re_stem_overlap compares titles with, kept between
 * re_listed_memo_begin() and _end() as sorted stem numbers: every candidate
 * is compared with the same few hundred texts, which were split into stems
 * again for each (most of enrich's time at the corpus tip). A
 * lead is found by its address and recognised by its bytes (a copy is
 * kept), as in similar.c's word memo; results are the same without it.
 */
typedef struct
{
	const char *ptr;
	char	   *copy;
	size_t		len;
	int			max;			/* stems read at most */
	int			n;
	uint64_t   *keys;
} LeadSlot;

static LeadSlot *lead_memo;
static int	lead_cap;
static int	lead_used;

/*
 * An index of one list of leads (the changelog up to the target, the shipped
 * window, the section's sentences), kept with the memo: every (stem number,
 * lead) pair sorted, so re_entry_repeats finds the leads holding a title's
 * stem by binary search instead of reading every lead per candidate. A list
 * is recognised by its pointers and the bytes of each lead (a copy is kept).
 */
typedef struct
{
	const char **ptrs;
	char	   *bytes;			/* the leads, each with its NUL */
	size_t	   *off;
	int			n;
	int			npairs;
	uint64_t   *keys;			/* sorted, with ent[] in the same order */
	int		   *ent;
} LeadIndex;

#define LEAD_INDEXES 8
static LeadIndex lead_index[LEAD_INDEXES];

static void
lead_index_free(LeadIndex *x)
{
	free(x->ptrs);
	free(x->bytes);
	free(x->off);
	free(x->keys);
	free(x->ent);
	memset(x, 0, sizeof(*x));
}

void
re_listed_memo_end(void)
{
	int			i;

	for (i = 0; i < LEAD_INDEXES; i++)
		lead_index_free(&lead_index[i]);
	if (lead_memo == NULL)
		return;
	for (i = 0; i < lead_cap; i++)
	{
		free(lead_memo[i].copy);
		free(lead_memo[i].keys);
	}
	free(lead_memo);
	lead_memo = NULL;
	lead_cap = lead_used = 0;
}

void
re_listed_memo_begin(int slots)
{
	int			cap = 64;

	re_listed_memo_end();
	while (cap < 2 * slots && cap < (1 << 16))
		cap <<= 1;
	lead_memo = calloc((size_t) cap, sizeof(LeadSlot));
	lead_cap = lead_memo ? cap : 0;
}

/*
 * The memo's slot holding s (*found), else the free slot for it (open
 * addressing, so two leads never evict each other), else NULL (memo off or
 * three quarters full).
 */
static LeadSlot *
lead_slot(const char *s, size_t len, int max, bool *found)
{
	uintptr_t	k = ((uintptr_t) s >> 3) * 2654435761u + (uintptr_t) max;
	int			i,
				j;

	*found = false;
	if (lead_memo == NULL)
		return NULL;
	for (i = 0, j = (int) ((k ^ (k >> 16)) & (uintptr_t) (lead_cap - 1)); i < lead_cap; i++, j = (j + 1) & (lead_cap - 1))
	{
		LeadSlot   *m = &lead_memo[j];

		if (m->ptr == NULL)
			return lead_used < lead_cap / 4 * 3 ? m : NULL;
		if (m->ptr == s && m->max == max && m->len == len && memcmp(m->copy, s, len) == 0)
		{
			*found = true;
			return m;
		}
	}
	return NULL;
}

/* The sorted stem numbers of the first max (up to MAX_STEMS) distinct stems of s (into tmp, or from the memo). */
#define LEAD_STEMS 128
static const uint64_t *
lead_keys(const char *s, int max, uint64_t *tmp, int *n)
{
	Stem		sl[MAX_STEMS];
	size_t		len = strlen(s);
	bool		found;
	LeadSlot   *m = lead_slot(s, len, max, &found);
	int			i;

	if (found)
	{
		*n = m->n;
		return m->keys;
	}
	*n = stems_of(s, sl, max, false, false);
	for (i = 0; i < *n; i++)
		tmp[i] = stem_key(sl[i]);
	qsort(tmp, (size_t) *n, sizeof(uint64_t), re_hash_cmp);
	if (m)
	{
		m->copy = malloc(len + 1);
		m->keys = malloc(sizeof(uint64_t) * (size_t) (*n > 0 ? *n : 1));
		if (m->copy == NULL || m->keys == NULL)
		{
			free(m->copy);
			free(m->keys);
			memset(m, 0, sizeof(*m));
			return tmp;
		}
		memcpy(m->copy, s, len + 1);
		memcpy(m->keys, tmp, sizeof(uint64_t) * (size_t) *n);
		m->ptr = s;
		m->len = len;
		m->max = max;
		m->n = *n;
		lead_used++;
	}
	return tmp;
}

typedef struct
{
	uint64_t	key;
	int			ent;
} KeyEnt;

static int
keyent_cmp(const void *a, const void *b)
{
	const KeyEnt *x = a,
			   *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->ent > y->ent) - (x->ent < y->ent);
}

/* Whether x indexes exactly these n leads (same addresses, same bytes). */
static bool
lead_index_is(const LeadIndex *x, const char *const *leads, int n)
{
	int			i;

	if (x->ptrs == NULL || x->n != n || memcmp(x->ptrs, leads, sizeof(char *) * (size_t) n) != 0)
		return false;
	for (i = 0; i < n; i++)
		if (strcmp(leads[i], x->bytes + x->off[i]) != 0)
			return false;
	return true;
}

/* Fill x with the (stem number, lead) pairs of the n leads; false when out of memory. */
static bool
lead_index_build(LeadIndex *x, const char *const *leads, int n)
{
	uint64_t	tmp[LEAD_STEMS];
	KeyEnt	   *pairs = NULL;
	size_t		bytes = 0,
				cap = 0;
	int			i,
				k,
				np = 0;

	x->ptrs = malloc(sizeof(char *) * (size_t) (n + 1));
	x->off = malloc(sizeof(size_t) * (size_t) (n + 1));
	for (i = 0; i < n; i++)
		bytes += strlen(leads[i]) + 1;
	x->bytes = malloc(bytes + 1);
	if (x->ptrs == NULL || x->off == NULL || x->bytes == NULL)
		return false;
	for (i = 0, bytes = 0; i < n; i++)
	{
		const uint64_t *lk;
		int			nl;

		x->ptrs[i] = leads[i];
		x->off[i] = bytes;
		strcpy(x->bytes + bytes, leads[i]);
		bytes += strlen(leads[i]) + 1;
		lk = lead_keys(leads[i], LEAD_STEMS, tmp, &nl);
		if ((size_t) (np + nl) > cap)
		{
			KeyEnt	   *p;

			cap = 2 * cap + (size_t) nl + 256;
			if ((p = realloc(pairs, sizeof(KeyEnt) * cap)) == NULL)
				break;
			pairs = p;
		}
		for (k = 0; k < nl; k++)
		{
			pairs[np].key = lk[k];
			pairs[np++].ent = i;
		}
	}
	if (i < n)
	{
		free(pairs);
		return false;
	}
	if (np > 0)
		qsort(pairs, (size_t) np, sizeof(KeyEnt), keyent_cmp);
	x->keys = malloc(sizeof(uint64_t) * (size_t) (np + 1));
	x->ent = malloc(sizeof(int) * (size_t) (np + 1));
	if (x->keys == NULL || x->ent == NULL)
	{
		free(pairs);
		return false;
	}
	for (i = 0, k = 0; i < np; i++)
		if (k == 0 || pairs[i].key != x->keys[k - 1] || pairs[i].ent != x->ent[k - 1])
		{
			x->keys[k] = pairs[i].key;
			x->ent[k++] = pairs[i].ent;
		}
	free(pairs);
	x->npairs = k;
	x->n = n;
	return true;
}

/* The memo's index of these leads (built on first use), or NULL (memo off, no free index). */
static const LeadIndex *
lead_index_of(const char *const *leads, int n)
{
	int			i;

	if (lead_memo == NULL || n <= 0)
		return NULL;
	for (i = 0; i < LEAD_INDEXES; i++)
		if (lead_index_is(&lead_index[i], leads, n))
			return &lead_index[i];
	for (i = 0; i < LEAD_INDEXES; i++)
		if (lead_index[i].ptrs == NULL)
		{
			if (lead_index_build(&lead_index[i], leads, n))
				return &lead_index[i];
			lead_index_free(&lead_index[i]);
			return NULL;
		}
	return NULL;
}

/* Set bit k of mask[lead] for each lead holding tk[k] and count them in df[k]. */
static void
lead_index_mask(const LeadIndex *x, const uint64_t *tk, int nt, uint64_t *mask, int *df)
{
	int			k;

	for (k = 0; k < nt; k++)
	{
		int			lo = 0,
					hi = x->npairs;

		while (lo < hi)
		{
			int			mid = lo + (hi - lo) / 2;

			if (x->keys[mid] < tk[k])
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < x->npairs && x->keys[lo] == tk[k]; lo++)
		{
			mask[x->ent[lo]] |= (uint64_t) 1 << k;
			df[k]++;
		}
	}
}

/* The share of the stem numbers ka[0..na) that text b holds (*shared: how many). */
static double
keys_overlap(const uint64_t *ka, int na, const char *b, int *shared)
{
	uint64_t	tmp[MAX_STEMS];
	const uint64_t *kb;
	int			nb,
				hit = 0,
				i;

	kb = lead_keys(b, MAX_STEMS, tmp, &nb);
	for (i = 0; i < na; i++)
		hit += bsearch(&ka[i], kb, (size_t) nb, sizeof(uint64_t), re_hash_cmp) != NULL;
	if (shared)
		*shared = hit;
	return na ? (double) hit / na : 0;
}

double
re_stem_overlap(const char *a, const char *b, bool skip_verb, int *shared)
{
	Stem		sa[64];
	uint64_t	ka[64];
	int			na = stems_of(a, sa, 64, skip_verb, false),
				i;

	for (i = 0; i < na; i++)
		ka[i] = stem_key(sa[i]);
	return keys_overlap(ka, na, b, shared);
}

const char *
re_file_delivers(const char *title, const char *const *paths, int npaths)
{
	Stem		st[64];
	int			nt = stems_of(title, st, 64, false, true),
				p;

	for (p = 0; p < npaths; p++)
	{
		const char *base = strrchr(paths[p], '/');
		const char *dot;
		char		name[128],
					w[64];
		size_t		len,
					k;
		const char *s;
		int			words = 0,
					all = 1;

		RE_CHECK_INTERRUPTS();
		base = base ? base + 1 : paths[p];
		dot = strrchr(base, '.');
		len = dot && dot > base ? (size_t) (dot - base) : strlen(base);
		if (len >= sizeof(name))
			continue;
		memcpy(name, base, len);
		name[len] = '\0';
		for (s = name; *s && all;)
		{
			k = 0;
			while (*s && !isalnum((unsigned char) *s))
				s++;
			while (*s && isalnum((unsigned char) *s))
			{
				if (k < sizeof(w) - 1)
					w[k++] = (char) tolower((unsigned char) *s);
				s++;
			}
			w[k] = '\0';
			if (k < 2 || in_list(w, file_generic) || in_list(w, stem_stop))
				continue;
			w[k < STEM_LEN ? k : STEM_LEN] = '\0';
			words++;
			all = has_stem(st, nt, w);
		}
		if (all && words >= 2)
			return paths[p];
	}
	return NULL;
}

/* Does a word of low (lower-case) start with the n bytes of stem? */
static bool
word_starts(const char *low, const char *stem, size_t n)
{
	char		s[64];
	const char *hit = low;

	if (n >= sizeof(s))
		return false;
	memcpy(s, stem, n);
	s[n] = '\0';
	while ((hit = strstr(hit, s)) != NULL)
	{
		if (hit == low || !isalnum((unsigned char) hit[-1]))
			return true;
		hit++;
	}
	return false;
}

/*
 * Families are read from the prose: a backticked name says what the check
 * is about, not what kind of check it is (`pgtrickle.migrate()` is no
 * upgrade check), so spans are left out, except paths ("`docs/X.md`").
 */
unsigned int
re_check_families(const char *text, const ReFamilyDef *fams, int nfams)
{
	char		low[4096];
	unsigned int bits = 0;
	size_t		k = 0;
	int			f;

	while (text && *text && k < sizeof(low) - 1)
	{
		if (*text == '`')
		{
			const char *e = strchr(text + 1, '`');

			if (e && !memchr(text + 1, '/', (size_t) (e - text - 1)))
			{
				low[k++] = ' ';
				text = e + 1;
				continue;
			}
			text++;
			continue;
		}
		if (*text != '*')
			low[k++] = (char) tolower((unsigned char) *text);
		text++;
	}
	low[k] = '\0';
	for (f = 0; f < nfams && f < RE_MAX_FAMILIES; f++)
	{
		const char *s = fams[f].stems;

		while (s && *s)
		{
			size_t		n = strcspn(s, "|");

			if (n > 0 && word_starts(low, s, n))
			{
				bits |= 1u << f;
				break;
			}
			s += n;
			if (*s == '|')
				s++;
		}
	}
	return bits;
}

/* A backticked span as a name: before " =" or "(", trimmed, lower-case; NULL when only a number. */
static char *
norm_span(ReArena *a, const char *s, size_t n)
{
	char	   *o = re_strndup(a, s, n);
	size_t		k;
	bool		word = false;

	k = strcspn(o, "=(");
	o[k] = '\0';
	while (k > 0 && isspace((unsigned char) o[k - 1]))
		o[--k] = '\0';
	while (*o && isspace((unsigned char) *o))
		o++;
	for (k = 0; o[k]; k++)
	{
		o[k] = (char) tolower((unsigned char) o[k]);
		word |= isalpha((unsigned char) o[k]) != 0;
	}
	return word && k >= 3 ? o : NULL;
}

static void
add_ident(char **out, int *n, int max, char *id)
{
	int			i;

	if (id == NULL || *n >= max)
		return;
	for (i = 0; i < *n; i++)
		if (strcmp(out[i], id) == 0)
			return;
	out[(*n)++] = id;
}

int
re_check_idents(ReArena *a, const char *text, char **out, int max)
{
	const char *p = text;
	int			n = 0;

	while (p && *p)
	{
		if (*p == '`')
		{
			const char *e = strchr(p + 1, '`');

			if (e == NULL)
				break;
			add_ident(out, &n, max, norm_span(a, p + 1, (size_t) (e - p - 1)));
			p = e + 1;
			continue;
		}
		if (isupper((unsigned char) *p) && (p == text || !isalnum((unsigned char) p[-1])))
		{
			size_t		k = 0;
			char		w[32];

			while ((isalnum((unsigned char) p[k]) || p[k] == '-') && k < sizeof(w) - 1)
			{
				w[k] = p[k];
				k++;
			}
			while (k > 0 && w[k - 1] == '-')
				k--;
			w[k] = '\0';
			/* item ids, not priorities or percentiles (P0, P99) */
			if (re_is_item_id(w) && !(w[0] == 'P' && strspn(w + 1, "0123456789") == k - 1))
			{
				char	   *id = re_strdup(a, w);
				size_t		j;

				for (j = 0; id[j]; j++)
					id[j] = (char) tolower((unsigned char) id[j]);
				add_ident(out, &n, max, id);
			}
			p += k ? k : 1;
			continue;
		}
		p++;
	}
	return n;
}

/* "A09", "**PERF-4 — …**", "STAB-1:" → the item id its first word is, or NULL. */
static char *
lead_id(ReArena *a, const char *s)
{
	char		w[32];
	size_t		k = 0;

	while (*s == '*' || *s == ' ' || *s == '~')
		s++;
	while ((isalnum((unsigned char) s[k]) || s[k] == '-') && k < sizeof(w) - 1)
	{
		w[k] = s[k];
		k++;
	}
	w[k] = '\0';
	return re_is_item_id(w) ? re_strdup(a, w) : NULL;
}

static void
add_check(ReArena *a, ReListed *out, int *cap, const char *owner, const char *source, const char *text,
		  unsigned int families)
{
	ReCheck    *c;

	if (text == NULL || *text == '\0')
		return;
	if (out->n == *cap)
	{
		ReCheck    *grown = re_alloc(a, sizeof(ReCheck) * (size_t) (*cap * 2 + 16));

		if (out->n)
			memcpy(grown, out->checks, sizeof(ReCheck) * (size_t) out->n);
		out->checks = grown;
		*cap = *cap * 2 + 16;
	}
	c = &out->checks[out->n++];
	memset(c, 0, sizeof(*c));
	c->owner = owner;
	c->source = source;
	c->text = re_strdup(a, text);
	c->families = families;
	c->nidents += re_check_idents(a, text, c->idents + c->nidents, RE_MAX_CHECK_IDENTS - c->nidents);
}

/* "Verify: x. Dependencies: y" → "x." (NULL when the text is no Verify line). */
static char *
verify_text(ReArena *a, const char *t)
{
	char	   *o,
			   *cut;

	while (*t == '*' || *t == ' ')
		t++;
	if (strncasecmp(t, "verify", 6) != 0)
		return NULL;
	t += 6;
	while (*t == '*' || *t == ' ')
		t++;
	if (*t != ':')
		return NULL;
	t++;
	while (*t == '*' || *t == ' ')
		t++;
	o = re_strdup(a, t);
	if ((cut = strstr(o, "Dependencies:")) != NULL)
		*cut = '\0';
	return o;
}

/* The sentences of an item's text whose first three words name a family: its own deliverables. */
static void
index_text(ReArena *a, ReListed *out, int *cap, const char *owner, const char *text, const ReFamilyDef *fams,
		   int nfams)
{
	const char *s = text;
	unsigned int lead = 0;
	bool		first = true,
				titled = text && *text == '\x01';	/* index_listed put the item's title first */

	if (titled)
		s++;
	while (s && *s)
	{
		const char *e = s;
		char	   *sent;
		char		head[96];
		const char *p;
		int			words = 0;
		size_t		k = 0,
					n;
		unsigned int fam;

		/* a sentence ends at ". " or a line end ("pgx.drain()" does not end one) */
		while (*e && *e != '\n' && !(*e == '.' && (e[1] == ' ' || e[1] == '\n' || e[1] == '\0')))
			e++;
		n = (size_t) (e - s);
		sent = re_strndup(a, s, n);
		/* the first three words of its prose: "Add `x.drain(timeout_s …)` that …" is no timeout check */
		for (p = sent; *p && words < 3 && k < sizeof(head) - 1; p++)
		{
			if (*p == '`')
			{
				const char *close = strchr(p + 1, '`');

				if (close == NULL)
					break;
				p = close;
				continue;
			}
			if (isspace((unsigned char) *p) && k > 0 && !isspace((unsigned char) head[k - 1]))
				words++;
			head[k++] = *p;
		}
		head[k] = '\0';
		/* a deliverable sentence asks for every check it names ("Document as a breaking change in CHANGELOG") */
		fam = re_check_families(head, fams, nfams);
		/*
		 * an item whose lead (its title) is a check ("Add missing benchmark
		 * suite") asks for it of everything its text names: "… have no
		 * coverage: `f()` at scale, cache hit/miss latency" lists benchmarks
		 */
		if (first)
			lead = fam;
		/* the title and what it lends its text say what the row checks, not what checks the row's own feature */
		if (fam && !(first && titled))
			add_check(a, out, cap, owner, "text", sent, fam | lead | re_check_families(sent, fams, nfams));
		else if (fam | lead)
			add_check(a, out, cap, owner, "row", sent, fam | lead);
		first = false;
		s = e;
		while (*s == '.' || *s == '\n' || *s == ' ')
			s++;
	}
}

void
re_listed_index(ReArena *a, const char *md, const char *const *owners, const char *const *texts,
				int nitems, const ReFamilyDef *fams, int nfams, ReListed *out)
{
	MdDoc		doc;
	MdLimits	lim;
	char		err[128];
	int			cap = 0,
				i;
	const char *owner = NULL;
	bool		in_exit = false;

	memset(out, 0, sizeof(*out));
	memset(&lim, 0, sizeof(lim));
	lim.max_bytes = md ? strlen(md) + 1 : 1;
	lim.max_table_columns = 256;
	md_init();
	if (md && md_parse(a, md, strlen(md), &lim, &doc, err, sizeof(err)) == MD_OK)
		for (i = 0; i < doc.nblocks; i++)
		{
			const MdBlock *b = &doc.blocks[i];
			char	   *v,
					   *id;

			RE_CHECK_INTERRUPTS();
			if (b->text == NULL)
				continue;
			if (b->kind == MB_HEADING)
			{
				in_exit = re_icontains(b->text, "exit criteria");
				owner = lead_id(a, b->text);
				continue;
			}
			if (b->kind == MB_TABLE_ROW)
			{
				/* an item row whose description carries its Verify (the layout enrich writes) */
				int			c;

				for (c = 1; c < b->ncells && !b->header; c++)
				{
					const char *at = b->cells[c] ? strstr(b->cells[c], "Verify:") : NULL;

					if (at && (v = verify_text(a, at)) != NULL)
						add_check(a, out, &cap, b->cells[0] ? lead_id(a, b->cells[0]) : NULL, "Verify", v,
								  re_check_families(v, fams, nfams));
				}
				continue;
			}
			if ((v = verify_text(a, b->text)) != NULL)
			{
				add_check(a, out, &cap, owner, "Verify", v, re_check_families(v, fams, nfams));
				continue;
			}
			if (b->kind == MB_PARAGRAPH && strlen(b->text) < 40 && re_icontains(b->text, "exit criteria"))
			{
				in_exit = true;
				continue;
			}
			if (b->kind == MB_PARAGRAPH && b->bold && (id = lead_id(a, b->bold)) != NULL)
			{
				owner = id;
				continue;
			}
			if (b->kind == MB_LIST_ITEM && in_exit)
			{
				const char *t = b->text;
				const char *colon = strchr(t, ':');

				id = colon && colon - t < 24 ? lead_id(a, re_strndup(a, t, (size_t) (colon - t))) : NULL;
				if (id)
					t = colon + 1;
				while (*t == ' ')
					t++;
				add_check(a, out, &cap, id, "exit criterion", t, re_check_families(t, fams, nfams));
			}
		}
	for (i = 0; i < nitems; i++)
		if (texts[i])
			index_text(a, out, &cap, owners[i], texts[i], fams, nfams);
}

/*
 * A check owned by an item, or by the group its id extends: the exit
 * criterion "A-2-COL: … benchmark …" covers A-2-COL-1..3 (roadmaps number
 * the parts of one feature under its id).
 */
static bool
owned_by(const char *owner, const char *id)
{
	size_t		n = strlen(owner);

	return strcasecmp(owner, id) == 0 || (strncasecmp(owner, id, n) == 0 && id[n] == '-' && id[n + 1] != '\0');
}

/*
 * The same name, or the same snake_case base name with and without its
 * schema or prefix: "`recommend_schedule` + … API" names
 * `pgtrickle.recommend_schedule()` (a plan often drops the schema).
 */
static bool
same_name(const char *a, const char *b)
{
	const char *da = strrchr(a, '.'),
			   *db = strrchr(b, '.');

	if (strcmp(a, b) == 0)
		return true;
	if ((da == NULL) == (db == NULL))
		return false;
	if (da)
		a = da + 1;
	else
		b = db + 1;
	return strchr(a, '_') != NULL && strlen(a) >= 8 && strcmp(a, b) == 0;
}

/*
 * The prose of a check names a snake_case name by its leading words joined
 * with "-": "template-cache hit/miss latency" names
 * `x.template_cache_max_age_hours` (at least two words, ten letters).
 */
static bool
compound_names(const char *text, const char *ident)
{
	const char *base = strrchr(ident, '.') ? strrchr(ident, '.') + 1 : ident;
	char		low[2048],
				comp[64];
	size_t		i,
				n = 0;
	int			words = 1;

	if (text == NULL || strchr(base, '_') == NULL)
		return false;
	snprintf(low, sizeof(low), "%s", text);
	for (i = 0; low[i]; i++)
		low[i] = (char) tolower((unsigned char) low[i]);
	for (i = 0; base[i] && isalnum((unsigned char) base[i]) | (base[i] == '_') && n < sizeof(comp) - 1; i++)
	{
		if (base[i] == '_')
		{
			comp[n] = '\0';
			if (words >= 2 && n >= 10 && word_starts(low, comp, n) && !isalnum((unsigned char) *(strstr(low, comp) + n)))
				return true;
			words++;
			comp[n++] = '-';
			continue;
		}
		comp[n++] = (char) tolower((unsigned char) base[i]);
	}
	comp[n] = '\0';
	return words >= 2 && n >= 10 && !base[i] && word_starts(low, comp, n) &&
		!isalnum((unsigned char) *(strstr(low, comp) + n));
}

static bool
shares_ident(const ReCheck *c, char *const *idents, int nidents)
{
	int			i,
				k;

	/* a row's title names its own feature ("Migration: add `origin`"), no check of it */
	for (i = 0; i < nidents && strcmp(c->source, "row") == 0; i++)
		if (c->owner && owned_by(c->owner, idents[i]))
			return false;
	for (i = 0; i < nidents; i++)
	{
		if (c->owner && strcmp(c->source, "row") != 0 && owned_by(c->owner, idents[i]))
			return true;
		for (k = 0; k < c->nidents; k++)
			if (same_name(c->idents[k], idents[i]))
				return true;
		if (compound_names(c->text, idents[i]))
			return true;
	}
	return false;
}

/* Length of an id's series: "snap-5" -> 4 ("snap"), or 0 when it has no trailing number. */
static size_t
series_len(const char *id)
{
	size_t		n = strlen(id);

	while (n > 0 && isdigit((unsigned char) id[n - 1]))
		n--;
	return n > 1 && n < strlen(id) && id[n - 1] == '-' ? n - 1 : 0;
}

/*
 * A deliverable of another item of the same series (SNAP-5 "SQL_REFERENCE.md:
 * snapshot/restore API" for SNAP-1's `snapshot_stream_table()`): the check's
 * owner and the candidate's feature share the id before the number, and the
 * check's prose (not its code spans) holds a word of five letters or more
 * of one of the candidate's names (its base name, split at "_").
 */
static bool
series_names(const ReCheck *c, char *const *idents, int nidents)
{
	size_t		n = nidents > 0 ? series_len(idents[0]) : 0;
	char		low[1024];
	int			i;

	if (n == 0 || c->owner == NULL || series_len(c->owner) != n || strncasecmp(c->owner, idents[0], n) != 0 ||
		strcasecmp(c->owner, idents[0]) == 0)
		return false;
	snprintf(low, sizeof(low), "%s", c->text ? c->text : "");
	for (i = 0; low[i]; i++)
	{
		/* prose only: a name in another item's code span is that item's own */
		if (low[i] == '`' && strchr(low + i + 1, '`'))
		{
			char	   *e = strchr(low + i + 1, '`');

			memset(low + i, ' ', (size_t) (e - low - i + 1));
			i = (int) (e - low);
			continue;
		}
		low[i] = (char) tolower((unsigned char) low[i]);
	}
	for (i = 1; i < nidents; i++)
	{
		const char *w = strrchr(idents[i], '.') ? strrchr(idents[i], '.') + 1 : idents[i];

		while (*w)
		{
			size_t		k = strcspn(w, "_.()");

			/* "snapshots" meets "snapshot/restore" */
			if (k >= 5 && word_starts(low, w, w[k - 1] == 's' && k > 5 ? k - 1 : k))
				return true;
			w += k;
			while (*w && strchr("_.()", *w))
				w++;
		}
	}
	return false;
}

const ReCheck *
re_listed_find(const ReListed *l, const char *title, char *const *idents, int nidents,
			   unsigned int families, int *rule)
{
	Stem		st[64];
	uint64_t	tk[64];
	int			nt = stems_of(title, st, 64, false, false),
				i;

	/* the title's stems once, not once per check (re_stem_overlap's first text) */
	for (i = 0; i < nt; i++)
		tk[i] = stem_key(st[i]);
	for (i = 0; i < l->n; i++)
	{
		const ReCheck *c = &l->checks[i];
		int			shared = 0;

		RE_CHECK_INTERRUPTS();
		if ((c->families & families) && (shares_ident(c, idents, nidents) || series_names(c, idents, nidents)))
		{
			*rule = 1;
			return c;
		}
		if (keys_overlap(tk, nt, c->text, &shared) >= 0.7 && shared >= 3)
		{
			*rule = 2;
			return c;
		}
	}
	return NULL;
}

int
re_entry_repeats(ReArena *a, const char *title, bool skip_verb, const char *const *leads, int n,
				 double min_ratio, int min_distinct)
{
	Stem		st[64];
	uint64_t	tk[64],
				tmp[LEAD_STEMS];
	int			nt = stems_of(title, st, 64, skip_verb, false),
				i,
				k,
				j,
				max_df = n / 20 > 1 ? n / 20 : 1;
	uint64_t   *mask = re_alloc(a, sizeof(uint64_t) * (size_t) (n + 1));
	uint64_t	distinct = 0;
	int			df[64];
	const LeadIndex *x;

	if (nt == 0)
		return -1;
	memset(df, 0, sizeof(df));
	for (k = 0; k < nt; k++)
		tk[k] = stem_key(st[k]);
	if ((x = lead_index_of(leads, n)) != NULL)
	{
		memset(mask, 0, sizeof(uint64_t) * (size_t) (n + 1));
		lead_index_mask(x, tk, nt, mask, df);
	}
	else
		for (i = 0; i < n; i++)
		{
			int			nl;
			const uint64_t *lk;

			RE_CHECK_INTERRUPTS();
			lk = lead_keys(leads[i], LEAD_STEMS, tmp, &nl);
			mask[i] = 0;
			for (k = 0; k < nt; k++)
				if (bsearch(&tk[k], lk, (size_t) nl, sizeof(uint64_t), re_hash_cmp))
				{
					mask[i] |= (uint64_t) 1 << k;
					df[k]++;
				}
		}
	for (k = 0; k < nt; k++)
		if (df[k] <= max_df)
			distinct |= (uint64_t) 1 << k;
	for (i = 0; i < n; i++)
	{
		int			hits = 0,
					dis = 0;

		for (j = 0; j < nt; j++)
			if (mask[i] & ((uint64_t) 1 << j))
			{
				hits++;
				dis += (distinct & ((uint64_t) 1 << j)) != 0;
			}
		if (hits >= 2 && dis >= min_distinct && (double) hits / nt >= min_ratio)
			return i;
	}
	return -1;
}

const char **
re_sentences(ReArena *a, const char *text, int *n)
{
	const char **out;
	const char *s = text;
	int			cap = 1,
				k = 0;

	for (s = text; s && *s; s++)
		cap += *s == '\n' || *s == '.';
	out = re_alloc(a, sizeof(char *) * (size_t) (cap + 1));
	for (s = text; s && *s;)
	{
		const char *e = s;

		RE_CHECK_INTERRUPTS();
		while (*e && *e != '\n' && !(*e == '.' && (e[1] == ' ' || e[1] == '\n' || e[1] == '\0')))
			e++;
		if (e > s && k < cap)
			out[k++] = re_strndup(a, s, (size_t) (e - s));
		s = e;
		while (*s == '.' || *s == '\n' || *s == ' ')
			s++;
	}
	*n = k;
	return out;
}

/* Directories whose docs describe ideas, not the behaviour of the code. */
static const char *const doc_idea_dirs[] = {
	"research", "rfc", "rfcs", "proposal", "proposals", "plan", "plans", "design", "draft", "drafts", NULL
};

/* Words a feature's name shares with any docs heading without naming it: kinds and prepositions. */
static const char doc_filler[] = "guc gucs api apis setting settings function functions past before after "
	"across between through during without within against beyond toward towards";

/* Phrases saying that a section describes a plan, not what exists. */
static const char *const doc_future[] = {
	"planned", "not yet", "will be added", "will be implemented", "will be supported", "coming soon",
	"future release", "on the roadmap", "proposed", NULL
};

/* Headings that describe a limitation, not the feature: "Why can't I use a window function …" */
static const char *const doc_limit_heading[] = {
	"can't", "cannot", "can not", "not supported", "unsupported", "isn't supported", "limitation", "workaround",
	"not possible", "known issue", NULL
};

#define DOC_BODY_BYTES 800

bool
re_idea_path(const char *path)
{
	const char *p = path;

	while (p && *p)
	{
		const char *slash = strchr(p, '/');
		char		dir[32];
		size_t		n,
					k;

		if (slash == NULL)
			return false;
		n = (size_t) (slash - p);
		if (n > 0 && n < sizeof(dir))
		{
			for (k = 0; k < n; k++)
				dir[k] = (char) tolower((unsigned char) p[k]);
			dir[n] = '\0';
			if (in_list(dir, doc_idea_dirs))
				return true;
		}
		p = slash + 1;
	}
	return false;
}

/* The heading without parentheses ("WAL slot recycled (slot missing)" -> "WAL slot recycled "). */
static char *
without_parens(ReArena *a, const char *s)
{
	char	   *o = re_strdup(a, s);
	char	   *w = o;
	int			depth = 0;

	for (; *s; s++)
	{
		if (*s == '(')
			depth++;
		else if (*s == ')' && depth > 0)
			depth--;
		else if (depth == 0)
			*w++ = *s;
	}
	*w = '\0';
	return o;
}

static char no_body[1];

static void
add_section(ReArena *a, ReDocIndex *out, int *cap, const char *path, const char *heading)
{
	ReDocSection *s;

	if (out->n == *cap)
	{
		ReDocSection *grown = re_alloc(a, sizeof(ReDocSection) * (size_t) (*cap * 2 + 64));

		if (out->n)
			memcpy(grown, out->s, sizeof(ReDocSection) * (size_t) out->n);
		out->s = grown;
		*cap = *cap * 2 + 64;
	}
	s = &out->s[out->n++];
	memset(s, 0, sizeof(*s));
	s->path = path;
	s->heading = re_strdup(a, heading);
	s->body = no_body;			/* set by re_doc_index when the section ends */
	s->nstems = stems_of(without_parens(a, heading), s->stems, 16, false, true);
}

/* The sorted (stem number, section) pairs of the headings' stems (re_doc_describes's lookup). */
static void
doc_pairs(ReArena *a, ReDocIndex *out)
{
	KeyEnt	   *pairs;
	int			i,
				j,
				np = 0,
				k = 0;

	for (i = 0; i < out->n; i++)
		np += out->s[i].nstems;
	if (np == 0)
		return;
	pairs = re_alloc(a, sizeof(KeyEnt) * (size_t) np);
	for (i = 0, np = 0; i < out->n; i++)
		for (j = 0; j < out->s[i].nstems; j++)
		{
			pairs[np].key = stem_key(out->s[i].stems[j]);
			pairs[np++].ent = i;
		}
	qsort(pairs, (size_t) np, sizeof(KeyEnt), keyent_cmp);
	out->keys = re_alloc(a, sizeof(uint64_t) * (size_t) np);
	out->sec = re_alloc(a, sizeof(int) * (size_t) np);
	for (i = 0; i < np; i++)
		if (k == 0 || pairs[i].key != out->keys[k - 1] || pairs[i].ent != out->sec[k - 1])
		{
			out->keys[k] = pairs[i].key;
			out->sec[k++] = pairs[i].ent;
		}
	out->npairs = k;
}

void
re_doc_index(ReArena *a, const char *const *paths, const char *const *texts, int n, ReDocIndex *out)
{
	int			cap = 0,
				f;

	memset(out, 0, sizeof(*out));
	for (f = 0; f < n; f++)
	{
		const char *p = texts[f];
		bool		fence = false;
		int			cur = -1;	/* the section whose body is being read */
		char		body[DOC_BODY_BYTES + 1];
		size_t		have = 0;

		if (p == NULL || paths[f] == NULL || re_idea_path(paths[f]))
			continue;
		for (;;)
		{
			const char *e = *p ? strchr(p, '\n') : NULL;
			size_t		len = e ? (size_t) (e - p) : strlen(p),
						h = 0;
			bool		heading = false;

			RE_CHECK_INTERRUPTS();
			if (*p && len >= 3 && strncmp(p, "```", 3) == 0)
				fence = !fence;
			else if (*p && !fence)
			{
				while (h < len && h < 7 && p[h] == '#')
					h++;
				heading = h >= 1 && h <= 6 && h < len && p[h] == ' ';
				if (!heading && cur >= 0 && DOC_BODY_BYTES - have > 1)
				{
					size_t		k = len < DOC_BODY_BYTES - have - 1 ? len : DOC_BODY_BYTES - have - 1;

					memcpy(body + have, p, k);
					body[have + k] = '\n';
					have += k + 1;
				}
			}
			/* a section's body ends at the next heading or the file's end */
			if ((heading || *p == '\0') && cur >= 0)
				out->s[cur].body = re_strndup(a, body, have);
			if (*p == '\0')
				break;
			if (heading)
			{
				add_section(a, out, &cap, paths[f], re_strndup(a, p + h + 1, len - h - 1));
				cur = out->n - 1;
				have = 0;
			}
			p = e ? e + 1 : p + len;
		}
	}
	doc_pairs(a, out);
}

/* Does text hold one of words? */
static bool
holds_any(const char *text, const char *const *words)
{
	int			i;

	for (i = 0; words[i]; i++)
		if (strstr(text, words[i]))
			return true;
	return false;
}

/* Does the section say it describes a plan or, by its heading, a limitation, or name the release being planned? */
static bool
doc_not_current(const ReDocSection *s, const char *version)
{
	/* "Why are window functions in expressions rejected?": a why-question about what is refused */
	static const char *const refused[] = {"reject", "refus", "disallow", "forbid", " not ", "n't ", NULL};
	char		low[2 * DOC_BODY_BYTES],
				head[2 * DOC_BODY_BYTES];
	int			i;

	snprintf(low, sizeof(low), "%s\n%s", s->heading, s->body);
	for (i = 0; low[i]; i++)
		low[i] = (char) tolower((unsigned char) low[i]);
	snprintf(head, sizeof(head), "%.*s", (int) strcspn(low, "\n"), low);
	/* a heading that names a limitation: the feature is what it lacks */
	return holds_any(low, doc_future) || holds_any(head, doc_limit_heading) ||
		(strncmp(head, "why ", 4) == 0 && holds_any(head, refused)) ||
		(version && *version && strstr(low, version) != NULL);
}

const ReDocSection *
re_doc_describes(const ReDocIndex *ix, const char *name, const char *version)
{
	Stem		t[32],
				filler[32],
				body[MAX_STEMS];
	int			nt = 0,
				nf = stems_of(doc_filler, filler, 32, false, true),
				max_df = ix->n / 50 > 1 ? ix->n / 50 : 1,
				df[32],
				i,
				k;
	Stem		all[32];
	int			nall = stems_of(name, all, 32, false, true);
	int		   *cnt = NULL;

	for (i = 0; i < nall; i++)
		if (!has_stem(filler, nf, all[i]))
			strcpy(t[nt++], all[i]);
	if (nt < 2 || (nt < 3 && strchr(name, '`') == NULL))
		return NULL;
	memset(df, 0, sizeof(df));
	if (ix->npairs > 0 && (cnt = calloc((size_t) ix->n, sizeof(int))) != NULL)
	{
		/* by the pairs: the sections whose heading holds each stem */
		int			lo[32],
					hi[32];

		for (k = 0; k < nt; k++)
		{
			uint64_t	key = stem_key(t[k]);
			int			l = 0,
						h = ix->npairs;

			while (l < h)
			{
				int			mid = l + (h - l) / 2;

				if (ix->keys[mid] < key)
					l = mid + 1;
				else
					h = mid;
			}
			for (lo[k] = hi[k] = l; hi[k] < ix->npairs && ix->keys[hi[k]] == key; hi[k]++)
				df[k]++;
		}
		for (k = 0; k < nt; k++)
			if (df[k] <= max_df)
				for (i = lo[k]; i < hi[k]; i++)
					cnt[ix->sec[i]]++;
	}
	else
		for (i = 0; i < ix->n; i++)
			for (k = 0; k < nt; k++)
				df[k] += has_stem(ix->s[i].stems, ix->s[i].nstems, t[k]);
	for (i = 0; i < ix->n; i++)
	{
		const ReDocSection *s = &ix->s[i];
		int			distinct = 0,
					nb,
					covered = 0;

		RE_CHECK_INTERRUPTS();
		if (cnt)
			distinct = cnt[i];
		else
			for (k = 0; k < nt; k++)
				distinct += df[k] <= max_df && has_stem(s->stems, s->nstems, t[k]);
		if (distinct < 2)
			continue;
		nb = stems_of(s->body, body, MAX_STEMS, false, true);
		for (k = 0; k < nt; k++)
			covered += has_stem(s->stems, s->nstems, t[k]) || has_stem(body, nb, t[k]);
		if (covered == nt && !doc_not_current(s, version))
		{
			free(cnt);
			return s;
		}
	}
	free(cnt);
	return NULL;
}
