/*
 * pillar.c — pillar lookups over the catalog's pillar set (see pillar.h).
 */
#include "pillar.h"
#include "arena.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

const char *
re_pillar_from_prefix(const RePillarDef *p, int n, const char *item_id)
{
	size_t		len;
	int			i;

	if (item_id == NULL)
		return NULL;
	len = strcspn(item_id, "-");
	for (i = 0; i < n; i++)
		if (strlen(p[i].prefix) == len && strncmp(item_id, p[i].prefix, len) == 0)
			return p[i].key;
	return NULL;
}

static bool
word_char(char c)
{
	return isalnum((unsigned char) c) || c == '_';
}

/* word occurs in h as a whole word, or, with a trailing '*', as a word start. */
static bool
has_word(const char *h, const char *word)
{
	size_t		n = strlen(word);
	const char *s;

	if (n == 0)
		return false;
	if (word[n - 1] != '*')
		return re_icontains_word(h, word);
	n--;
	for (s = h; *s; s++)
		if ((s == h || !word_char(s[-1])) && n > 0 && strncasecmp(s, word, n) == 0)
			return true;
	return false;
}

const char *
re_pillar_from_heading(const RePillarDef *p, int n, const char *h)
{
	int			i,
				k;

	if (h == NULL)
		return NULL;
	for (i = 0; i < n; i++)
	{
		if (p[i].name && has_word(h, p[i].name))
			return p[i].key;
		for (k = 0; k < p[i].nwords; k++)
			if (has_word(h, p[i].words[k]))
				return p[i].key;
	}
	return NULL;
}

bool
re_pillar_is(const RePillarDef *p, int n, const char *key, const char *role)
{
	int			i;

	if (key == NULL)
		return false;
	for (i = 0; i < n; i++)
		if (strcmp(p[i].key, key) == 0)
			return p[i].role != NULL && strcmp(p[i].role, role) == 0;
	return false;
}

const char *
re_count_word(int n, char *buf, int len)
{
	static const char *const words[] = {"no", "one", "two", "three", "four", "five", "six",
	"seven", "eight", "nine", "ten", "eleven", "twelve"};

	if (n >= 0 && n < (int) (sizeof(words) / sizeof(words[0])))
		return words[n];
	snprintf(buf, (size_t) len, "%d", n);
	return buf;
}
