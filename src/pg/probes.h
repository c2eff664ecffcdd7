/*
 * probes.h — run the roadmap.probe rows over a commit's files.
 */
#ifndef RE_PROBES_H
#define RE_PROBES_H

#include "handle.h"

int			re_run_probes(ReHandle *h, int64 repo_id, ReFileList *files);

#endif
