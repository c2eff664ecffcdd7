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

/* Ingest: keep the commit's evidence texts and paths in roadmap.evidence_text (0.2.0 catalog). */
void		re_store_evidence(ReHandle *h, int64 repo_id, const ReFileList *all);

#endif
