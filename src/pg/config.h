/*
 * config.h — the extension's settings (GUCs) and the checks that depend on
 * them: role privileges and the allowed repository roots. Bottom layer: it
 * calls no other file of src/pg.
 */
#ifndef RE_CONFIG_H
#define RE_CONFIG_H

#include "postgres.h"

#include "../core/mdoc.h"

extern char *re_allowed_roots;
extern int	re_max_file_bytes;
extern int	re_max_table_columns;
extern bool re_trust_repository_owner;
extern int	re_shipped_window;
extern int	re_stale_after;
extern bool re_walk_history_enabled;
extern int	re_history_depth;
extern char *re_author_name;
extern char *re_author_email;
extern char *re_push_remote;
extern char *re_debug_fault_delay;
extern int	re_writeback_wait_ms;
extern int	re_max_ingest_bytes;
extern int	re_max_table_cells;

void		re_config_init(void);
MdLimits	re_md_limits(void);
void		re_require_read_privilege(void);
void		re_require_write_privilege(void);
char	   *re_resolve_repo_path(const char *path);
bool		re_path_allowed(const char *dir);

#endif
