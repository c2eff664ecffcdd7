/*
 * shipped_pillars.h — the pillar rows the extension ships (roadmap.pillar:
 * sql/roadmap_enrich--0.1.0.sql, with the heading words and roles of
 * sql/roadmap_enrich--0.1.0--0.2.0.sql), for the pure-C tests and fuzzers,
 * which have no catalog to read them from. test/pillar_fixture.sh (in the
 * structure tier) checks that they match the SQL.
 */
#ifndef RE_SHIPPED_PILLARS_H
#define RE_SHIPPED_PILLARS_H

#include "../../src/core/pillar.h"

static const char *const shipped_scal_words[] = {"scalab*"};
static const char *const shipped_ux_words[] = {"usability", "ergonomic*"};
static const char *const shipped_test_words[] = {"testing", "tests"};

static const RePillarDef shipped_pillars[] = {
	{"correctness", "Correctness", "CORR", NULL, 0, 1, "critical"},
	{"stability", "Stability", "STAB", NULL, 0, 1, NULL},
	{"performance", "Performance", "PERF", NULL, 0, 1, NULL},
	{"scalability", "Scalability", "SCAL", shipped_scal_words, 1, 1, NULL},
	{"ease_of_use", "Ease of Use", "UX", shipped_ux_words, 2, 1, NULL},
	{"test_coverage", "Test Coverage", "TEST", shipped_test_words, 2, 1, "tests"},
};

#define N_SHIPPED_PILLARS ((int) (sizeof(shipped_pillars) / sizeof(shipped_pillars[0])))

#endif
