/*
 * probes.c — run the roadmap.probe rows over a commit's files and store the
 * hits in roadmap.probe_hit.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "nodes/pg_list.h"
#include "utils/builtins.h"

#include "catalog.h"
#include "probes.h"
#include "../core/probe.h"

int
re_collect_file(const char *path, const char *oid_hex, size_t size, void *arg)
{
	ReFileList *f = arg;

	if (f->n == f->cap)
	{
		f->cap = f->cap ? f->cap * 2 : 256;
		f->paths = f->paths ? repalloc(f->paths, sizeof(char *) * f->cap) : palloc(sizeof(char *) * f->cap);
		f->oids = f->oids ? repalloc(f->oids, sizeof(char *) * f->cap) : palloc(sizeof(char *) * f->cap);
		f->sizes = f->sizes ? repalloc(f->sizes, sizeof(size_t) * f->cap) : palloc(sizeof(size_t) * f->cap);
	}
	f->paths[f->n] = pstrdup(path);
	f->oids[f->n] = pstrdup(oid_hex);
	f->sizes[f->n] = size;
	f->n++;
	return 0;
}

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

typedef struct Hit
{
	int			probe;
	int			file;
	int			hits;
	int			first_line;
	char	   *detail;
} Hit;

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

/* Compile enabled probes, run them over matching files, store the hits. */
int
re_run_probes(ReHandle *h, int64 repo_id, ReFileList *files)
{
	ProbeSet   *ps = palloc0(sizeof(ProbeSet));
	Oid			types[1] = {INT8OID};
	Datum		vals[1] = {Int64GetDatum(repo_id)};
	ReCol		c[5];
	int			nprobes,
				i,
				j,
				total = 0;
	Hit		   *hits = NULL;
	int			nhits = 0,
				caphits = 0;
	List	   *test_mods = NIL;
	re_spi_exec("DELETE FROM roadmap.probe_hit WHERE repo_id = $1", 1, types, vals, NULL, SPI_OK_DELETE);
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
		SPITupleTable *tt = SPI_tuptable;

		for (i = 0; i < nprobes; i++)
		{
			HeapTuple	tup = tt->vals[i];
			TupleDesc	td = tt->tupdesc;
			ReProbeDef	d;
			char	   *mode = SPI_getvalue(tup, td, 7);
			char	   *doc_path = SPI_getvalue(tup, td, 8);
			char	   *ctx_lines = SPI_getvalue(tup, td, 6);
			char		err[512];

			memset(&d, 0, sizeof(d));
			d.probe_id = SPI_getvalue(tup, td, 1);
			d.path_glob = SPI_getvalue(tup, td, 2);
			d.pattern = SPI_getvalue(tup, td, 3);
			d.exclude_from = SPI_getvalue(tup, td, 4);
			d.context_absent = SPI_getvalue(tup, td, 5);
			d.context_lines = ctx_lines ? atoi(ctx_lines) : 3;
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
	for (i = 0; i < files->n; i++)
	{
		char	   *buf = NULL;
		size_t		len = 0;
		bool		tried = false;

		for (j = 0; j < ps->n; j++)
		{
			ReProbe    *p = &ps->probes[j];
			ReProbeResult r;
			char		err[256];

			if (!re_glob_match(p->def.path_glob, files->paths[i]))
				continue;
			if (!tried)
			{
				tried = true;
				if (files->sizes[i] <= (size_t) re_max_file_bytes)
					buf = re_handle_read(h, files->paths[i], &len);
			}
			if (buf == NULL)
				break;
			memset(&r, 0, sizeof(r));
			if (re_probe_run(p, buf, len, &r, err, sizeof(err)) != 0)
			{
				re_buf_free(&r.detail);
				ereport(NOTICE, (errmsg("probe \"%s\" skipped %s: %s", p->def.probe_id, files->paths[i], err)));
				continue;
			}
			if (r.hits > 0)
			{
				if (nhits == caphits)
				{
					caphits = caphits ? caphits * 2 : 64;
					hits = hits ? repalloc(hits, sizeof(Hit) * caphits) : palloc(sizeof(Hit) * caphits);
				}
				hits[nhits].probe = j;
				hits[nhits].file = i;
				hits[nhits].hits = r.hits;
				hits[nhits].first_line = r.first_line;
				hits[nhits].detail = r.detail.len ? pstrdup(r.detail.data) : NULL;
				nhits++;
			}
			re_buf_free(&r.detail);
		}
		/* modules this file declares as test-only are test code too */
		if (buf && strlen(files->paths[i]) > 3 && strcmp(files->paths[i] + strlen(files->paths[i]) - 3, ".rs") == 0)
		{
			char	  **mods;
			int			nm = re_rust_test_modules(h->arena, files->paths[i], buf, len, &mods),
						k;

			for (k = 0; k < nm; k++)
				test_mods = lappend(test_mods, pstrdup(mods[k]));
		}
	}
	/*
	 * Test code does not count for probes about product code: files under
	 * tests/ or benches/, tests.rs, *_test.*, and modules declared with
	 * #[cfg(test)] mod x; (probes whose glob targets tests keep them).
	 */
	for (i = 0; i < nhits; i++)
	{
		ReProbe    *p = &ps->probes[hits[i].probe];
		const char *path = files->paths[hits[i].file];

		if (strstr(p->def.path_glob, "test") == NULL && is_test_code(path, test_mods))
			continue;
		re_col_text(&c[0], p->def.probe_id);
		re_col_text(&c[1], path);
		re_col_int(&c[2], hits[i].hits);
		re_col_int(&c[3], hits[i].first_line);
		re_col_text(&c[4], hits[i].detail);
		total += hits[i].hits;
	}
	re_bulk_insert("INSERT INTO roadmap.probe_hit (repo_id, probe_id, path, hits, first_line, detail) "
				   "SELECT $1, * FROM unnest($2, $3, $4, $5, $6)", repo_id, c, 5);
	return total;
}
