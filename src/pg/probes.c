/*
 * probes.c — run the roadmap.probe rows over a commit's files and store the
 * hits in roadmap.probe_hit.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "miscadmin.h"
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

/* Run every probe whose glob matches path over the file (read once, into scratch). */
static int
probe_file(ReHandle *h, ProbeSet *ps, ReArena *scratch, const char *path, size_t size, ReCol *c)
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
			re_col_text(&c[0], p->def.probe_id);
			re_col_text(&c[1], path);
			re_col_int(&c[2], r.hits);
			re_col_int(&c[3], r.first_line);
			re_col_text(&c[4], r.detail.len ? r.detail.data : NULL);
			total += r.hits;
		}
		re_buf_free(&r.detail);
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
	for (i = 0; i < files->n; i++)
	{
		CHECK_FOR_INTERRUPTS();
		total += probe_file(h, ps, scratch, files->paths[i], files->sizes[i], c);
		re_arena_reset(scratch);
	}
	re_bulk_insert("INSERT INTO roadmap.probe_hit (repo_id, probe_id, path, hits, first_line, detail) "
				   "SELECT $1, * FROM unnest($2, $3, $4, $5, $6)", repo_id, c, 5);
	return total;
}
