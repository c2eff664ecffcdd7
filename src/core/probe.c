/*
 * probe.c — code-evidence probes: a PCRE2 pattern run over the files of a
 * commit that match a path glob, counting hits per file.
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include "probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pcre2.h>
#include <ctype.h>

/*
 * Glob over '/'-separated paths: '*' and '?' stay within one segment,
 * '**' followed by '/' matches zero or more whole directories.
 */
bool
re_glob_match(const char *g, const char *p)
{
	while (*g)
	{
		if (g[0] == '*' && g[1] == '*')
		{
			const char *rest = g + 2;

			if (*rest == '/')
				rest++;
			for (;;)
			{
				if (re_glob_match(rest, p))
					return true;
				p = strchr(p, '/');
				if (p == NULL)
					return false;
				p++;
			}
		}
		if (*g == '*')
		{
			for (;; p++)
			{
				if (re_glob_match(g + 1, p))
					return true;
				if (*p == '\0' || *p == '/')
					return false;
			}
		}
		if (*p == '\0')
			return false;
		if (*g != '?' && *g != *p)
			return false;
		if (*g == '?' && *p == '/')
			return false;
		g++;
		p++;
	}
	return *p == '\0';
}

static pcre2_code *
compile_one(const char *pattern, char *err, size_t errlen, const char *what)
{
	int			ec;
	PCRE2_SIZE	eo;
	pcre2_code *re;

	re = pcre2_compile((PCRE2_SPTR) pattern, PCRE2_ZERO_TERMINATED, PCRE2_MULTILINE | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF,
					   &ec, &eo, NULL);
	if (re == NULL)
	{
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(ec, msg, sizeof(msg));
		snprintf(err, errlen, "%s pattern at offset %zu: %s", what, (size_t) eo, (char *) msg);
		return NULL;
	}
	/* JIT is an optimisation: fall back to the interpreter if unavailable */
	(void) pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	return re;
}

int
re_probe_compile(ReProbe *p, const ReProbeDef *def, char *err, size_t errlen)
{
	memset(p, 0, sizeof(*p));
	p->def = *def;
	p->re = compile_one(def->pattern, err, errlen, "probe");
	if (p->re == NULL)
		return -1;
	if (def->exclude_from && *def->exclude_from &&
		(p->re_exclude = compile_one(def->exclude_from, err, errlen, "exclusion")) == NULL)
		return -1;
	if (def->context_absent && *def->context_absent &&
		(p->re_context = compile_one(def->context_absent, err, errlen, "context")) == NULL)
		return -1;
	p->match_data = pcre2_match_data_create_from_pattern(p->re, NULL);
	if (p->match_data == NULL)
	{
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

void
re_probe_free(ReProbe *p)
{
	if (p->match_data)
		pcre2_match_data_free(p->match_data);
	if (p->re)
		pcre2_code_free(p->re);
	if (p->re_exclude)
		pcre2_code_free(p->re_exclude);
	if (p->re_context)
		pcre2_code_free(p->re_context);
	memset(p, 0, sizeof(*p));
}

/* First match of re in buf (offset), or -1; errors as -2. */
static long
first_match(pcre2_code *re, pcre2_match_data *md, const char *buf, size_t len, size_t from)
{
	int			rc = pcre2_match(re, (PCRE2_SPTR) buf, len, from, 0, md, NULL);

	if (rc == PCRE2_ERROR_NOMATCH)
		return -1;
	if (rc < 0)
		return -2;
	return (long) pcre2_get_ovector_pointer(md)[0];
}

/* Start offset of the line `back` lines above the line holding offset. */
static size_t
lines_above(const char *buf, size_t off, int back)
{
	size_t		s = off;

	while (s > 0 && buf[s - 1] != '\n')
		s--;
	while (back-- > 0 && s > 0)
	{
		s--;
		while (s > 0 && buf[s - 1] != '\n')
			s--;
	}
	return s;
}

int
re_probe_run(ReProbe *p, const char *buf, size_t len, ReProbeResult *res, char *err, size_t errlen)
{
	pcre2_match_data *md = p->match_data;
	size_t		limit = len,
				pos = 0,
				line_pos = 0;
	int			line = 1;
	bool		any = false;

	res->hits = 0;
	res->first_line = 0;
	if (p->re_exclude)
	{
		long		x = first_match(p->re_exclude, md, buf, len, 0);

		if (x == -2)
			goto match_error;
		if (x >= 0)
			limit = (size_t) x;
	}
	while (pos <= limit)
	{
		int			rc = pcre2_match(p->re, (PCRE2_SPTR) buf, limit, pos, 0, md, NULL);
		PCRE2_SIZE *ov;
		size_t		ms,
					me;

		if (rc == PCRE2_ERROR_NOMATCH)
			break;
		if (rc < 0)
			goto match_error;
		ov = pcre2_get_ovector_pointer(md);
		ms = ov[0];
		me = ov[1];
		any = true;
		for (; line_pos < ms; line_pos++)
			if (buf[line_pos] == '\n')
				line++;
		if (p->def.mode == PM_MISSING_IN_DOC)
		{
			if (rc >= 2 && ov[2] != PCRE2_UNSET)
			{
				char		name[256];
				size_t		n = ov[3] - ov[2];

				if (n >= sizeof(name))
					n = sizeof(name) - 1;
				memcpy(name, buf + ov[2], n);
				name[n] = '\0';
				if (p->def.doc_text == NULL || strstr(p->def.doc_text, name) == NULL)
				{
					res->hits++;
					if (res->first_line == 0)
						res->first_line = line;
					if (res->detail.len)
						re_buf_puts(&res->detail, ", ");
					re_buf_puts(&res->detail, name);
				}
			}
		}
		else if (p->def.mode == PM_COUNT)
		{
			bool		counted = true;

			if (p->re_context)
			{
				size_t		cs = lines_above(buf, ms, p->def.context_lines);
				size_t		ce = ms;

				while (ce > cs && buf[ce - 1] != '\n')
					ce--;		/* the lines above, not the match's own line */
				if (ce > cs)
				{
					long		c = first_match(p->re_context, md, buf, ce, cs);

					if (c == -2)
						goto match_error;
					if (c >= 0)
						counted = false;
				}
			}
			if (counted)
			{
				res->hits++;
				if (res->first_line == 0)
					res->first_line = line;
			}
		}
		pos = me > ms ? me : ms + 1;
	}
	if (p->def.mode == PM_FILES_WITHOUT && !any)
	{
		res->hits = 1;
		res->first_line = 1;
	}
	return 0;

match_error:
	snprintf(err, errlen, "PCRE2 matching failed (match limit or invalid input)");
	return -1;
}

/*
 * Test code by path: a tests/, test/ or benches/ directory, tests.rs, or a
 * file named *_test.* / *_tests.*.
 */
bool
re_is_test_path(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot;
	size_t		stem;

	base = base ? base + 1 : path;
	if (strncmp(path, "tests/", 6) == 0 || strncmp(path, "test/", 5) == 0 || strncmp(path, "benches/", 8) == 0 ||
		strstr(path, "/tests/") || strstr(path, "/test/") || strstr(path, "/benches/"))
		return true;
	if (strcmp(base, "tests.rs") == 0)
		return true;
	dot = strrchr(base, '.');
	stem = dot ? (size_t) (dot - base) : strlen(base);
	if ((stem > 5 && strncmp(base + stem - 5, "_test", 5) == 0) ||
		(stem > 6 && strncmp(base + stem - 6, "_tests", 6) == 0))
		return true;
	return false;
}

/*
 * Files a Rust source declares as test-only modules: "#[cfg(test)]" on the
 * line of, or the line before, "mod name;". Each module gives two candidate
 * paths (name.rs and name/mod.rs) in the directory Rust looks in: the file's
 * own directory for mod.rs / lib.rs / main.rs, else <dir>/<stem>/. Returns
 * the number of paths written to *out (arena-allocated).
 */
int
re_rust_test_modules(ReArena *a, const char *path, const char *buf, size_t len, char ***out)
{
	const char *p = buf,
			   *end = buf + len;
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	char	   *dir;
	bool		pending = false;
	int			n = 0,
				cap = 8;

	if (strcmp(base, "mod.rs") == 0 || strcmp(base, "lib.rs") == 0 || strcmp(base, "main.rs") == 0)
		dir = re_strndup(a, path, (size_t) (base - path));
	else
	{
		const char *dot = strrchr(base, '.');

		dir = re_sprintf(a, "%.*s%.*s/", (int) (base - path), path,
						 (int) (dot ? (size_t) (dot - base) : strlen(base)), base);
	}
	*out = re_alloc(a, sizeof(char *) * (size_t) cap);
	while (p < end)
	{
		const char *eol = memchr(p, '\n', (size_t) (end - p));
		size_t		ln = eol ? (size_t) (eol - p) : (size_t) (end - p);
		const char *q = p,
				   *qe = p + ln;

		while (q < qe && (*q == ' ' || *q == '\t'))
			q++;
		if (qe - q >= 12 && strncmp(q, "#[cfg(test)]", 12) == 0)
		{
			pending = true;
			q += 12;
			while (q < qe && (*q == ' ' || *q == '\t'))
				q++;
		}
		if (pending && q < qe)
		{
			if (qe - q > 4 && strncmp(q, "pub ", 4) == 0)
				q += 4;
			else if (qe - q > 11 && strncmp(q, "pub(crate) ", 11) == 0)
				q += 11;
			if (qe - q > 4 && strncmp(q, "mod ", 4) == 0)
			{
				const char *s = q + 4,
						   *e;

				while (s < qe && *s == ' ')
					s++;
				for (e = s; e < qe && (isalnum((unsigned char) *e) || *e == '_'); e++)
					;
				while (e < qe && *e == ' ')
					e++;
				if (e > s && e < qe && *e == ';')
				{
					size_t		nl = (size_t) (e - s);

					while (nl > 0 && s[nl - 1] == ' ')
						nl--;
					if (n + 2 > cap)
					{
						char	  **bigger = re_alloc(a, sizeof(char *) * (size_t) (cap * 2));

						memcpy(bigger, *out, sizeof(char *) * (size_t) n);
						*out = bigger;
						cap *= 2;
					}
					(*out)[n++] = re_sprintf(a, "%s%.*s.rs", dir, (int) nl, s);
					(*out)[n++] = re_sprintf(a, "%s%.*s/mod.rs", dir, (int) nl, s);
				}
			}
			/* the attribute applies to the next item only */
			if (q < qe && *q != '#' && strncmp(q, "//", 2) != 0)
				pending = false;
		}
		p = eol ? eol + 1 : end;
	}
	return n;
}
