/*
 * trace.c — follow a deferred item through the releases after the one that
 * skipped it.
 *
 * A release often takes a skipped item over under a new id (v0.33.0 BENCH-1
 * "`benches/bench_remote_slot_poll`" becomes v0.35.0 CITUS-BENCH, whose text
 * adds that very file) or ships it under a new id (a "pause on unreachable
 * worker" item shipped as "Worker failure handling (skip + retry + alert)").
 * For every deferral this finds the earliest later item that took it over,
 * by these rules (docs/proposals.md, "Deferred items"):
 *
 *   same id     the same id in a later release whose bold lead title shares
 *               at least a third of its terms with the deferral's, either way;
 *   title       the later lead title holds at least 3 of the deferral's
 *               title terms and at least 60 % of them;
 *   scope       the later lead title is described by the deferral's own
 *               text (title, the reason in its status's parentheses,
 *               description): at least 3 and at least 60 % of its terms,
 *               2 of them in the deferral's title;
 *   identifier  a backticked snake_case identifier of the deferral's title
 *               (a file, function, GUC; compared without directory and file
 *               extension, 8 bytes or more) occurs in the later item's title
 *               or description, and the two titles share a term; or one
 *               of its skip reason is in the later item's title;
 *   blocker     what blocked an item that was taken over goes with it (set
 *               by the caller, model.c follow_blockers).
 *
 * Two titles that each name snake_case identifiers and share none are
 * about different objects (title and scope rules do not apply); an item
 * struck through in a later release is dropped work, not a successor.
 *
 * Terms are words of 3+ bytes with a letter, lower-cased, stop words out,
 * one suffix ("ing", "ed", "es", "s", "e") removed while 4 bytes remain, a
 * doubled final consonant undoubled, cut to 6 bytes ("skipping" = "skip",
 * "Dockerfile" = "docker", "unreachable" = "unreachability"); words with
 * '_' or a digit are identifiers and stay whole. Terms found in more than
 * 5 % of all lead titles (and at least 20) are too common to count.
 */
#include "trace.h"
#include "similar.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "feature.h"

#define MAX_TERMS 48
#define MAX_TEXT_TERMS 256
#define LEAD_BUF 512

static const char *const trace_stop[] = {
	"the", "and", "for", "with", "from", "into", "that", "this", "are", "was", "all", "add", "adds",
	"added", "new", "use", "via", "per", "not", "now", "when", "its", "update", "implement", "support",
	"fix", "make", "should", "must", "can", "will", "has", "have", "than", "then", "each", "every", NULL
};

static bool
stop_word(const char *w)
{
	int			i;

	for (i = 0; trace_stop[i]; i++)
		if (strcmp(w, trace_stop[i]) == 0)
			return true;
	return false;
}

static uint64_t
fnv(const char *s)
{
	uint64_t	h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char) *s) * 1099511628211ULL;
	return h;
}

/* Reduce an alphabetic word to its stem in place (see the header comment). */
static void
stem(char *w)
{
	static const char *const suffix[] = {"ing", "ed", "es", "s", "e", NULL};
	size_t		n = strlen(w);
	int			i;

	for (i = 0; suffix[i]; i++)
	{
		size_t		k = strlen(suffix[i]);

		if (n >= k + 4 && strcmp(w + n - k, suffix[i]) == 0)
		{
			n -= k;
			w[n] = '\0';
			break;
		}
	}
	if (n >= 4 && w[n - 1] == w[n - 2] && !strchr("aeiou", w[n - 1]))
		w[--n] = '\0';
	if (n > 6)
		w[6] = '\0';
}

int
re_trace_terms(const char *s, uint64_t *out, int max)
{
	int			n = 0;

	while (s && *s && n < max)
	{
		char		w[64];
		size_t		k = 0;
		bool		alpha = false,
					ident = false;
		uint64_t	h;
		int			i;

		while (*s && !(isalnum((unsigned char) *s) || *s == '_'))
			s++;
		while (*s && (isalnum((unsigned char) *s) || *s == '_'))
		{
			if (k < sizeof(w) - 1)
				w[k++] = (char) tolower((unsigned char) *s);
			alpha |= isalpha((unsigned char) *s) != 0;
			ident |= *s == '_' || isdigit((unsigned char) *s);
			s++;
		}
		w[k] = '\0';
		if (k < 3 || !alpha || stop_word(w))
			continue;
		if (!ident)
			stem(w);
		h = fnv(w);
		for (i = 0; i < n && out[i] != h; i++)
			;
		if (i == n)
			out[n++] = h;
	}
	return n;
}

/* How many of a[0..na) occur in b[0..nb). */
static int
shared(const uint64_t *a, int na, const uint64_t *b, int nb)
{
	int			i,
				j,
				c = 0;

	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			if (a[i] == b[j])
			{
				c++;
				break;
			}
	return c;
}

/*
 * The snake_case identifiers of a title: backticked spans with an '_',
 * without directory, trailing "()" and a short file extension, 8+ bytes.
 * Writes up to max pointers into buf (NUL-separated); returns the count.
 */
int
re_trace_identifiers(const char *title, char *buf, size_t cap, const char **ids, int max)
{
	const char *p = title;
	size_t		used = 0;
	int			n = 0;

	while (p && (p = strchr(p, '`')) != NULL && n < max)
	{
		const char *e = strchr(p + 1, '`');
		const char *s = p + 1,
				   *slash,
				   *dot;
		size_t		len;

		if (e == NULL)
			break;
		len = (size_t) (e - s);
		for (slash = s; slash < e; slash++)
			if (*slash == '/')
				s = slash + 1;
		len = (size_t) (e - s);
		if (len >= 2 && s[len - 2] == '(' && s[len - 1] == ')')
			len -= 2;
		dot = memchr(s, '.', len);
		while (dot && memchr(dot + 1, '.', len - (size_t) (dot + 1 - s)))
			dot = memchr(dot + 1, '.', len - (size_t) (dot + 1 - s));
		if (dot && (size_t) (s + len - dot - 1) >= 1 && (size_t) (s + len - dot - 1) <= 4)
			len = (size_t) (dot - s);
		if (len >= 8 && memchr(s, '_', len) && used + len + 1 <= cap)
		{
			memcpy(buf + used, s, len);
			buf[used + len] = '\0';
			ids[n++] = buf + used;
			used += len + 1;
		}
		p = e + 1;
	}
	return n;
}


int
re_trace_posting_cmp(const void *x, const void *y)
{
	const ReTracePosting *a = x,
			   *b = y;

	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	return a->item - b->item;
}

size_t
re_trace_first_posting(const ReTracePosting *post, size_t n, uint64_t hash)
{
	ReTracePosting key = {hash, -1};
	size_t		lo = 0,
				hi = n;

	while (lo < hi)
	{
		size_t		mid = (lo + hi) / 2;

		if (re_trace_posting_cmp(&post[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Terms too common to count: in more than 5 % of the lead titles (and 20). */
static void
find_common(ReTrace *t, ReArena *a, int titled)
{
	int			n = t->nposting,
				i,
				limit = titled / 20 > 20 ? titled / 20 : 20;

	t->common = re_alloc(a, sizeof(uint64_t) * (size_t) (n + 1));
	for (i = 0; i < n;)
	{
		int			j = i;

		while (j < n && t->post[j].hash == t->post[i].hash)
			j++;
		if (j - i > limit)
			t->common[t->ncommon++] = t->post[i].hash;
		i = j;
	}
}

void
re_trace_init(ReTrace *t, ReModel *m, const ReRelease **rel)
{
	ReArena    *a = m->arena;
	int			i,
				k,
				n = 0,
				titled = 0;

	memset(t, 0, sizeof(*t));
	t->m = m;
	t->rel = rel;
	t->start = re_alloc(a, sizeof(int) * (size_t) (m->items.n + 1));
	t->count = re_alloc(a, sizeof(int) * (size_t) (m->items.n + 1));
	t->terms = re_alloc(a, sizeof(uint64_t) * (size_t) (m->items.n * MAX_TERMS + 1));
	for (i = 0; i < m->items.n; i++)
	{
		char		lead[LEAD_BUF];

		RE_CHECK_INTERRUPTS();
		t->start[i] = n;
		t->count[i] = 0;
		if (m->items.v[i].title == NULL)
			continue;
		titled++;
		re_bold_lead_buf(m->items.v[i].title, lead, sizeof(lead));
		t->count[i] = re_trace_terms(lead, t->terms + n, MAX_TERMS);
		n += t->count[i];
	}
	t->post = re_alloc(a, sizeof(ReTracePosting) * (size_t) (n + 1));
	for (i = 0; i < m->items.n; i++)
		for (k = 0; k < t->count[i]; k++)
		{
			t->post[t->nposting].hash = t->terms[t->start[i] + k];
			t->post[t->nposting].item = i;
			t->nposting++;
		}
	qsort(t->post, (size_t) t->nposting, sizeof(ReTracePosting), re_trace_posting_cmp);
	find_common(t, a, titled);
	t->stamp = re_alloc(a, sizeof(int) * (size_t) (m->items.n + 1));
	t->hits = re_alloc(a, sizeof(int) * (size_t) (m->items.n + 1));
	t->touched = re_alloc(a, sizeof(int) * (size_t) (m->items.n + 1));
	t->round = 0;
}

bool
re_trace_common(const ReTrace *t, uint64_t h)
{
	return bsearch(&h, t->common, (size_t) t->ncommon, sizeof(uint64_t), re_hash_cmp) != NULL;
}

/* The lead-title terms of item i, common ones left out. */
static int
lead_terms(const ReTrace *t, int i, uint64_t *out)
{
	int			k,
				n = 0;

	for (k = 0; k < t->count[i]; k++)
		if (!re_trace_common(t, t->terms[t->start[i] + k]))
			out[n++] = t->terms[t->start[i] + k];
	return n;
}

/* The reason of a status, not its status word: "⏭ Skipped (P1 — tick is skipped…)". */
static const char *
reason_of(const ReItem *d)
{
	const char *p = d->status_text ? strchr(d->status_text, '(') : NULL;

	return p ? p : d->status_text;
}

/* Both titles name snake_case identifiers and share none: different objects. */
static bool
other_identifiers(const ReItem *d, const ReItem *s)
{
	char		bd[LEAD_BUF],
				bs[LEAD_BUF];
	const char *id_d[8],
			   *id_s[8];
	int			nd = re_trace_identifiers(d->title, bd, sizeof(bd), id_d, 8),
				ns = re_trace_identifiers(s->title, bs, sizeof(bs), id_s, 8),
				i,
				k;

	if (nd == 0 || ns == 0)
		return false;
	for (i = 0; i < nd; i++)
		for (k = 0; k < ns; k++)
			if (strcmp(id_d[i], id_s[k]) == 0)
				return false;
	return true;
}

/* Does the later item s take over the deferral d? Returns the rule or NULL. */
static const char *
match(const ReTrace *t, int di, int si)
{
	const ReItem *d = &t->m->items.v[di],
			   *s = &t->m->items.v[si];
	uint64_t	td[MAX_TERMS],
				ts[MAX_TERMS];
	int			nd = lead_terms(t, di, td),
				ns = lead_terms(t, si, ts),
				common = shared(td, nd, ts, ns);

	if (nd == 0 || ns == 0)
		return NULL;
	if (strcmp(d->item_id, s->item_id) == 0 && common > 0 && (common * 3 >= nd || common * 3 >= ns))
		return "same id";
	if (other_identifiers(d, s))
		return NULL;
	if (common >= 3 && common * 5 >= nd * 3)
		return "title";
	if (common >= 2)
	{
		uint64_t	xd[MAX_TEXT_TERMS];
		int			nx = re_trace_terms(d->title, xd, MAX_TEXT_TERMS),
					c;

		nx += re_trace_terms(reason_of(d), xd + nx, MAX_TEXT_TERMS - nx);
		nx += re_trace_terms(d->description, xd + nx, MAX_TEXT_TERMS - nx);
		c = shared(ts, ns, xd, nx);
		if (c >= 3 && c * 5 >= ns * 3)
			return "scope";
	}
	{
		char		buf[LEAD_BUF],
					rbuf[LEAD_BUF];
		const char *ids[8],
				   *rids[8];
		int			n = re_trace_identifiers(d->title, buf, sizeof(buf), ids, 8),
					nr = re_trace_identifiers(reason_of(d), rbuf, sizeof(rbuf), rids, 8),
					i;

		for (i = 0; i < n && common > 0; i++)
			if ((s->title && strstr(s->title, ids[i])) || (s->description && strstr(s->description, ids[i])))
				return "identifier";
		/* the skip reason names the mechanism, and a later title names it too */
		for (i = 0; i < nr; i++)
			if (s->title && strstr(s->title, rids[i]))
				return "identifier";
	}
	return NULL;
}

/* Items sharing a (not common) lead-title term with item di, or naming an identifier of its skip reason. */
static int
candidates(ReTrace *t, int di)
{
	int			k,
				nt = 0,
				nkeys;
	uint64_t	keys[MAX_TERMS + 8];
	char		rbuf[LEAD_BUF];
	const char *rids[8];
	int			nr = re_trace_identifiers(reason_of(&t->m->items.v[di]), rbuf, sizeof(rbuf), rids, 8);

	t->round++;
	memcpy(keys, t->terms + t->start[di], sizeof(uint64_t) * (size_t) t->count[di]);
	nkeys = t->count[di];
	for (k = 0; k < nr; k++)
		nkeys += re_trace_terms(rids[k], keys + nkeys, 1);
	for (k = 0; k < nkeys; k++)
	{
		size_t		lo;

		if (re_trace_common(t, keys[k]))
			continue;
		lo = re_trace_first_posting(t->post, (size_t) t->nposting, keys[k]);
		for (; lo < (size_t) t->nposting && t->post[lo].hash == keys[k]; lo++)
		{
			int			j = t->post[lo].item;

			if (t->stamp[j] != t->round)
			{
				t->stamp[j] = t->round;
				t->hits[j] = 0;
				t->touched[nt++] = j;
			}
			t->hits[j]++;
		}
	}
	return nt;
}

/*
 * The item that took deferral di over: a done one if any (then *rule says
 * how it matched and the deferral is closed), else the earliest later one.
 * Returns its index or -1.
 */
int
re_trace_successor(ReTrace *t, int di, const char **rule)
{
	const ReItem *items = t->m->items.v;
	int			nt = candidates(t, di),
				k,
				best = -1,
				done = -1;
	const char *best_rule = NULL,
			   *done_rule = NULL;

	*rule = NULL;
	if (t->rel[di] == NULL)
		return -1;
	for (k = 0; k < nt; k++)
	{
		int			j = t->touched[k];
		const char *r;

		/* struck through is dropped as often as done: neither takes a deferral over */
		if (j == di || t->rel[j] == NULL || re_version_cmp(&t->rel[j]->v, &t->rel[di]->v) <= 0 || items[j].struck)
			continue;
		r = match(t, di, j);
		if (r == NULL)
			continue;
		if (items[j].status == IS_DONE && (done < 0 || j < done))
		{
			done = j;
			done_rule = r;
		}
		else if (items[j].status != IS_DONE &&
				 (best < 0 || re_version_cmp(&t->rel[j]->v, &t->rel[best]->v) < 0 ||
				  (re_version_cmp(&t->rel[j]->v, &t->rel[best]->v) == 0 && j < best)))
		{
			best = j;
			best_rule = r;
		}
	}
	if (done >= 0)
	{
		*rule = done_rule;
		return done;
	}
	*rule = best_rule;
	return best;
}

/* "blocked by TEST-1" in a status text → "TEST-1" (into buf), else NULL. */
const char *
re_trace_blocker(const char *status, char *buf, size_t cap)
{
	const char *p;
	size_t		n = 0;

	if (status == NULL || (p = strstr(status, "locked by ")) == NULL || p == status || (p[-1] != 'b' && p[-1] != 'B'))
		return NULL;
	p += 10;
	while (n + 1 < cap && (isalnum((unsigned char) p[n]) || p[n] == '-'))
	{
		buf[n] = p[n];
		n++;
	}
	buf[n] = '\0';
	return n > 0 ? buf : NULL;
}
