/*
 * probe.h — code-evidence probes: a PCRE2 pattern run over the files of a
 * commit that match a path glob, counting hits per file.
 */
#ifndef RE_PROBE_H
#define RE_PROBE_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"

typedef enum ReProbeMode
{
	PM_COUNT = 0,				/* count matches */
	PM_FILES_WITHOUT,			/* 1 hit per file with no match */
	PM_MISSING_IN_DOC			/* names captured by group 1 absent from a doc */
} ReProbeMode;

typedef struct ReProbeDef
{
	const char *probe_id;
	const char *path_glob;
	const char *pattern;
	const char *exclude_from;	/* matches from this line to EOF don't count */
	const char *context_absent; /* a match counts only without this above it */
	int			context_lines;
	ReProbeMode mode;
	const char *doc_text;		/* PM_MISSING_IN_DOC: the doc's content */
} ReProbeDef;

typedef struct ReProbe
{
	ReProbeDef	def;
	void	   *re;				/* pcre2_code_8 * */
	void	   *re_exclude;
	void	   *re_context;
	void	   *match_data;
} ReProbe;

typedef struct ReProbeResult
{
	int			hits;
	int			first_line;		/* line of the first counted hit, 0 if none */
	ReBuf		detail;			/* names for PM_MISSING_IN_DOC */
} ReProbeResult;

bool		re_glob_match(const char *glob, const char *path);
int			re_probe_compile(ReProbe *p, const ReProbeDef *def, char *err, size_t errlen);
void		re_probe_free(ReProbe *p);
int			re_probe_run(ReProbe *p, const char *buf, size_t len, ReProbeResult *res,
						 char *err, size_t errlen);

/* Test code by path (tests/, benches/, tests.rs, *_test.*). */
bool		re_is_test_path(const char *path);

/* Paths of the modules a Rust file declares under #[cfg(test)] (name.rs, name/mod.rs). */
int			re_rust_test_modules(ReArena *a, const char *path, const char *buf, size_t len, char ***out);

#endif
