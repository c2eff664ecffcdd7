/*
 * probes.c — run the roadmap.probe rows over a commit's files and store the
 * hits in roadmap.probe_hit.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "miscadmin.h"
#include "nodes/pg_list.h"
#include "utils/builtins.h"

#include "catalog.h"
#include "config.h"
#include "errors.h"
#include "probes.h"
#include "../core/probe.h"

typedef struct ProbeSet
{
	int			n;
	ReProbe    *probes;			/* malloc'd: freed by the handle's callback */
} ProbeSet;

static void
probe_set_free(void *arg)
{
	ProbeSet   *ps = arg;
	int			i;

	for (i = 0; i < ps->n; i++)
		re_probe_free(&ps->probes[i]);
	free(ps->probes);
	ps->probes = NULL;
	ps->n = 0;
}

/* Columns of the probe query. */
enum
{
	PR_PROBE_ID = 1, PR_PATH_GLOB, PR_PATTERN, PR_EXCLUDE_FROM, PR_CONTEXT_ABSENT, PR_CONTEXT_LINES,
	PR_MODE, PR_DOC_PATH
};

static void
scratch_free(void *arg)
{
	re_arena_free((ReArena *) arg);
}

/* One probe's count in one file, kept until the test-code files are known. */
typedef struct Hit
{
	int			probe;
	const char *path;
	int			hits;
	int			first_line;
	char	   *detail;
} Hit;

typedef struct HitList
{
	Hit		   *v;
	int			n,
				cap;
	List	   *test_mods;		/* files declared by #[cfg(test)] mod x; */
} HitList;

/*
 * Test code is not product code: tests/, benches/, tests.rs, *_test.*, and
 * the modules a Rust file declares under #[cfg(test)] (docs/scoring.md).
 */
static bool
is_test_code(const char *path, List *test_mods)
{
	ListCell   *lc;

	if (re_is_test_path(path))
		return true;
	foreach(lc, test_mods)
		if (strcmp((const char *) lfirst(lc), path) == 0)
			return true;
	return false;
}

/* Run every probe whose glob matches path over the file (read once, into scratch). */
static int
probe_file(ReHandle *h, ProbeSet *ps, ReArena *scratch, const char *path, size_t size, HitList *hl)
{
	char	   *buf = NULL;
	size_t		len = 0;
	bool		tried = false;
	int			j,
				total = 0;

	for (j = 0; j < ps->n; j++)
	{
		ReProbe    *p = &ps->probes[j];
		ReProbeResult r;
		char		err[512];

		if (!re_glob_match(p->def.path_glob, path))
			continue;
		if (!tried)
		{
			tried = true;
			if (size <= (size_t) re_max_file_bytes)
			{
				RgStatus	st = re_git_read(&h->git, path, scratch, (size_t) re_max_file_bytes,
											 &buf, &len, NULL, err, sizeof(err));

				if (st == RG_ETOTAL)
					re_report_git_read(st, path, h->git.commit_hex, err);
				if (st != RG_OK)
					buf = NULL;
			}
		}
		if (buf == NULL)
			break;
		memset(&r, 0, sizeof(r));
		if (re_probe_run(p, buf, len, &r, err, sizeof(err)) != 0)
		{
			re_buf_free(&r.detail);
			ereport(NOTICE, (errmsg("probe \"%s\" skipped %s: %s", p->def.probe_id, path, err)));
			continue;
		}
		if (r.hits > 0)
		{
			if (hl->n == hl->cap)
			{
				hl->cap = hl->cap ? hl->cap * 2 : 64;
				hl->v = hl->v ? repalloc(hl->v, sizeof(Hit) * hl->cap) : palloc(sizeof(Hit) * hl->cap);
			}
			hl->v[hl->n].probe = j;
			hl->v[hl->n].path = path;
			hl->v[hl->n].hits = r.hits;
			hl->v[hl->n].first_line = r.first_line;
			hl->v[hl->n].detail = r.detail.len ? pstrdup(r.detail.data) : NULL;
			hl->n++;
			total += r.hits;
		}
		re_buf_free(&r.detail);
	}
	/* modules this file declares as test-only are test code too */
	if (buf && strlen(path) > 3 && strcmp(path + strlen(path) - 3, ".rs") == 0)
	{
		char	  **mods;
		int			nm = re_rust_test_modules(scratch, path, buf, len, &mods),
					k;

		for (k = 0; k < nm; k++)
			hl->test_mods = lappend(hl->test_mods, pstrdup(mods[k]));
	}
	return total;
}

/* Compile enabled probes, run them over matching files, store the hits. */
int
re_run_probes(ReHandle *h, int64 repo_id, ReFileList *files)
{
	ProbeSet   *ps = palloc0(sizeof(ProbeSet));
	ReCol		c[5];
	ReArena    *scratch;
	HitList		hl;
	int			nprobes,
				i,
				j,
				total = 0;

	re_spi_repo("DELETE FROM roadmap.probe_hit WHERE repo_id = $1", repo_id, NULL, SPI_OK_DELETE);
	re_spi_exec("SELECT probe_id, path_glob, pattern, exclude_from, context_absent, context_lines, mode, doc_path "
				"FROM roadmap.probe WHERE enabled ORDER BY probe_id COLLATE \"C\"", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	nprobes = (int) SPI_processed;
	if (nprobes == 0)
		return 0;
	ps->probes = calloc(nprobes, sizeof(ReProbe));
	if (ps->probes == NULL)
		ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
	re_handle_on_release(h, probe_set_free, ps);
	{
		for (i = 0; i < nprobes; i++)
		{
			ReProbeDef	d;
			char	   *mode = re_get_text(i, PR_MODE);
			char	   *doc_path = re_get_text(i, PR_DOC_PATH);
			char		err[512];

			memset(&d, 0, sizeof(d));
			d.probe_id = re_get_text(i, PR_PROBE_ID);
			d.path_glob = re_get_text(i, PR_PATH_GLOB);
			d.pattern = re_get_text(i, PR_PATTERN);
			d.exclude_from = re_get_text(i, PR_EXCLUDE_FROM);
			d.context_absent = re_get_text(i, PR_CONTEXT_ABSENT);
			d.context_lines = re_get_int(i, PR_CONTEXT_LINES, 3);
			d.mode = strcmp(mode, "files_without") == 0 ? PM_FILES_WITHOUT :
				strcmp(mode, "missing_in_doc") == 0 ? PM_MISSING_IN_DOC : PM_COUNT;
			if (d.mode == PM_MISSING_IN_DOC && doc_path)
			{
				size_t		len;

				d.doc_text = re_handle_read(h, doc_path, &len);
				if (d.doc_text == NULL)
					d.doc_text = "";
			}
			ps->n = i + 1;
			if (re_probe_compile(&ps->probes[i], &d, err, sizeof(err)) != 0)
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_REGULAR_EXPRESSION),
						 errmsg("probe \"%s\" has an invalid pattern", d.probe_id),
						 errdetail("%s", err),
						 errhint("Fix the row in roadmap.probe or set enabled = false.")));
		}
	}

	for (j = 0; j < 5; j++)
		re_col_init(&c[j], j == 2 || j == 3 ? INT4OID : TEXTOID);
	/* each file's contents live in a scratch arena emptied after the file */
	scratch = re_arena_new();
	if (scratch == NULL)
		ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
	re_arena_on_free(h->arena, scratch_free, scratch);
	memset(&hl, 0, sizeof(hl));
	for (i = 0; i < files->n; i++)
	{
		CHECK_FOR_INTERRUPTS();
		probe_file(h, ps, scratch, files->paths[i], files->sizes[i], &hl);
		re_arena_reset(scratch);
	}
	/* test code does not count for probes about product code (a glob naming tests keeps it) */
	for (i = 0; i < hl.n; i++)
	{
		const Hit  *x = &hl.v[i];
		ReProbe    *p = &ps->probes[x->probe];

		CHECK_FOR_INTERRUPTS();
		if (strstr(p->def.path_glob, "test") == NULL && is_test_code(x->path, hl.test_mods))
			continue;
		re_col_text(&c[0], p->def.probe_id);
		re_col_text(&c[1], x->path);
		re_col_int(&c[2], x->hits);
		re_col_int(&c[3], x->first_line);
		re_col_text(&c[4], x->detail);
		total += x->hits;
	}
	re_bulk_insert("INSERT INTO roadmap.probe_hit (repo_id, probe_id, path, hits, first_line, detail) "
				   "SELECT $1, * FROM unnest($2, $3, $4, $5, $6)", repo_id, c, 5);
	return total;
}
