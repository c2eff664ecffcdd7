/*
 * probes.h — run the roadmap.probe rows over a commit's files.
 */
#ifndef RE_PROBES_H
#define RE_PROBES_H

#include "glue.h"

/* The commit's blobs, in tree order. */
typedef struct ReFileList
{
	int			n,
				cap;
	char	  **paths;
	char	  **oids;
	size_t	   *sizes;
} ReFileList;

int			re_collect_file(const char *path, const char *oid_hex, size_t size, void *arg);
int			re_run_probes(ReHandle *h, int64 repo_id, ReFileList *files);

#endif
