# roadmap_enrich — PGXS build
EXTENSION = roadmap_enrich
MODULE_big = roadmap_enrich
DATA = $(wildcard sql/roadmap_enrich--*.sql)

CORE_SRCS = src/core/arena.c src/core/strmap.c src/core/version.c src/core/mdoc.c src/core/model.c src/core/gitrepo.c src/core/gitwrite.c src/core/probe.c src/core/similar.c src/core/trace.c src/core/deferral.c src/core/feature.c src/core/lens.c src/core/candidates.c src/core/screen.c src/core/propose.c src/core/risks.c src/core/render.c src/core/focus.c src/core/describe.c src/core/pillar.c src/core/listed.c src/core/claim.c src/core/shipped.c src/core/docslist.c src/core/upgradepair.c src/core/mechanism.c
# src/pg by layer (see docs/architecture.md): entry points, operations, foundations.
PG_SRCS = src/pg/module.c src/pg/fn_ingest.c src/pg/fn_enrich.c src/pg/fn_render.c src/pg/fn_version.c src/pg/fn_user_rows.c src/pg/fn_decision.c \
          src/pg/repo.c src/pg/enrich.c src/pg/render.c src/pg/writeback.c src/pg/ingest.c src/pg/probes.c src/pg/history.c src/pg/runlog.c \
          src/pg/handle.c src/pg/catalog.c src/pg/errors.c src/pg/config.c src/pg/args.c src/pg/features.c src/pg/focus.c
OBJS = $(CORE_SRCS:.c=.o) $(PG_SRCS:.c=.o)

REGRESS = versions ingest_index ingest_monolithic ingest_errors privileges scoring enrich deferred writeback writeback_safety cron render_words pillars upgrade sibling lenses feature_risks stated_premises anchor_premises determinism documented selection_caps result_path result_rows truth setup_pairs shipped docs_lists plan_denials stated_defaults claims upgrade_refs mechanisms
REGRESS_OUTDIR ?= results_regress
REGRESS_OPTS = --inputdir=. --outputdir=$(REGRESS_OUTDIR)

PG_CPPFLAGS = $(shell pkg-config --cflags libgit2 libcmark-gfm libpcre2-8) -Wall -Wextra -Werror -Wno-unused-parameter -Wno-missing-field-initializers -Wno-sign-compare
SHLIB_LINK = $(shell pkg-config --libs libgit2 libcmark-gfm libpcre2-8) -lcmark-gfm-extensions

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Every object is rebuilt when any of the project's headers changes: PGXS
# tracks header dependencies only in a server built with --enable-depend, and
# a stale object built against an old struct layout gives wrong answers.
$(OBJS): $(wildcard src/core/*.h src/pg/*.h)

# No LLVM bitcode: JIT inlining of this module is not worth a clang dependency.
override with_llvm = no

# Pure-C core: unit tests (no PostgreSQL headers, no server).
CORE_CFLAGS = -std=gnu11 -g -O1 -Wall -Wextra -Werror $(shell pkg-config --cflags libgit2 libcmark-gfm libpcre2-8)
CORE_LIBS = $(shell pkg-config --libs libgit2 libcmark-gfm libpcre2-8) -lcmark-gfm-extensions

test/unit/test_core: test/unit/test_core.c test/unit/test_engine.c test/unit/test_similar.c $(CORE_SRCS) src/core/*.h
	$(CC) $(CORE_CFLAGS) -o $@ test/unit/test_core.c $(CORE_SRCS) $(CORE_LIBS)

test/unit/dump_model: test/unit/dump_model.c $(CORE_SRCS) src/core/*.h
	$(CC) $(CORE_CFLAGS) -o $@ test/unit/dump_model.c $(CORE_SRCS) $(CORE_LIBS)

unit: test/unit/test_core
	./test/unit/test_core

.PHONY: unit
EXTRA_CLEAN = test/unit/test_core test/unit/dump_model results_regress test/fuzz/fuzz_extract test/fuzz/fuzz_render test/fuzz/replay_extract test/fuzz/replay_render

print-regress:
	@echo $(REGRESS)

.PHONY: print-regress

# Fuzzing (clang + libFuzzer + ASan/UBSan). FUZZ_SECONDS per target.
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined $(shell pkg-config --cflags libgit2 libcmark-gfm libpcre2-8)
FUZZ_CORE = src/core/arena.c src/core/strmap.c src/core/version.c src/core/mdoc.c src/core/model.c src/core/render.c src/core/similar.c src/core/trace.c src/core/feature.c src/core/pillar.c src/core/describe.c

test/fuzz/fuzz_%: test/fuzz/fuzz_%.c $(FUZZ_CORE) src/core/*.h
	clang-14 $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_CORE) -lcmark-gfm-extensions -lcmark-gfm -lpcre2-8

test/fuzz/replay_%: test/fuzz/fuzz_%.c test/fuzz/replay.c $(FUZZ_CORE) src/core/*.h
	$(CC) $(CORE_CFLAGS) -o $@ $< test/fuzz/replay.c $(FUZZ_CORE) -lcmark-gfm-extensions -lcmark-gfm -lpcre2-8

fuzz: test/fuzz/fuzz_extract test/fuzz/fuzz_render
	bash test/fuzz/run.sh $(FUZZ_SECONDS)

bench: install
	bash test/bench.sh

.PHONY: fuzz bench
