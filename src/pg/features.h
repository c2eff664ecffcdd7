/*
 * features.h — the feature-lens inputs of roadmap.enrich: planned items,
 * lenses, feature kinds, selection policy, dismissals, docs/test evidence.
 */
#ifndef RE_FEATURES_H
#define RE_FEATURES_H

#include "postgres.h"

#include "../core/propose.h"
#include "handle.h"

/* The catalog has roadmap.lens and the proposal columns of 0.2.0. */
bool		re_catalog_has_lenses(void);

/* Fill the feature, lens, policy and decision fields of in (SPI connected). */
void		re_gather_features(int64 repo_id, const char *version, const char *path, const char *commit,
							   ReProposeIn *in);

/* The docs and tests texts of a tree's files (the lens evidence) into in's docs_text, doc_paths, doc_texts, ndocs, tests_text. */
void		re_evidence_texts(ReHandle *h, const ReFileList *all, ReProposeIn *in);

/* A release's section: its file, lines and the text ingest kept (NULL when not kept). */
typedef struct ReSection
{
	const char *path;
	int			from;
	int			to;
	const char *text;
} ReSection;

/* Lines [from, to] (1-based) of a file's text, or NULL. */
char	   *re_line_range(const char *buf, size_t len, int from, int to);

/* Lines from..to (1-based) of a file of the handle's commit, or NULL. */
char	   *re_section_text(ReHandle *h, const char *path, int from, int to);

/* The catalog has roadmap.release.section_text (0.2.0). */
bool		re_section_catalog(void);

/* Ingest: keep the commit's evidence texts and paths in roadmap.evidence_text (0.2.0 catalog). */
void		re_store_evidence(ReHandle *h, int64 repo_id, const ReFileList *all);

#endif
