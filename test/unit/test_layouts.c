/*
 * test_layouts.c — layout variants of projects that plan like pg_trickle
 * but write their roadmap differently (issue 11). Included by test_core.c.
 */

static const char sib_index[] =
"# pg_ripple Roadmap\n\n"
"| Version | Theme | Status | Scope |\n|---|---|---|---|\n"
"| [v0.87.0](roadmap/v0.87.0.md) | SHACL Core ([Full Details](roadmap/v0.87.0.md)) | Released ✅ | Medium |\n"
"| [v0.88.0](roadmap/v0.88.0-full.md) | Datalog Stratification (Full Details) | Planned | Very Large |\n"
"| [v0.89.0](roadmap/v0.89.0.md) | Fused Multi-Node Refresh — Full details | Planned | L |\n";

static const char sib_release[] =
"# v0.88.0 — Datalog Stratification\n\n"					/* line 1 */
"**Status: Planned** | **Scope: Very Large**\n\n"
"## Items\n\n"
"- [ ] **PR-DATALOG-01** — Stratify rule sets with negation before evaluation\n"	/* line 7 */
"- [x] **PR-DATALOG-02** — Semi-naive evaluation. Long explanation follows here.\n"
"- **Not an id** — a plain bullet\n\n"
"**Exit criteria:**\n\n"
"- every rule set is stratified or rejected.\n";

static const char sib_released[] =
"# v0.87.0 — SHACL Core\n\nReleased ✅\n\n- [ ] **PR-SHACL-03** — Validate `sh:pattern`\n";

static void
test_layouts(void)
{
	ReArena    *a = re_arena_new();
	ReModel		m;
	MdDoc		d;
	ReRelease  *r;
	ReItem	   *it;

	/* index titles lose the trailing link text */
	re_model_init(&m, a);
	d = parse(a, sib_index);
	re_model_roadmap(&m, "ROADMAP.md", &d);
	CHECK_STR(m.layout, "index");
	r = re_model_find_release(&m, "0.88.0");
	CHECK_STR(r ? r->title : NULL, "Datalog Stratification");
	CHECK_STR(r ? r->path : NULL, "roadmap/v0.88.0-full.md");
	r = re_model_find_release(&m, "0.87.0");
	CHECK_STR(r ? r->title : NULL, "SHACL Core");
	CHECK(r && r->status == RS_RELEASED);
	r = re_model_find_release(&m, "0.89.0");
	CHECK_STR(r ? r->title : NULL, "Fused Multi-Node Refresh");

	/* the linked -full.md is missing: the section comes from the file that holds it */
	d = parse(a, sib_release);
	CHECK(!re_model_release_section_in(&m, "roadmap/v0.88.0.md", &d, "0.99.0"));
	CHECK(re_model_release_section_in(&m, "roadmap/v0.88.0.md", &d, "0.88.0"));
	r = re_model_find_release(&m, "0.88.0");
	CHECK_STR(r ? r->path : NULL, "roadmap/v0.88.0.md");
	CHECK(r && r->line_start == 1 && r->heading_level == 1 && r->line_end == 13);
	CHECK(r && r->status == RS_PLANNED);	/* the index status wins */
	/* checklist items with bold ids */
	it = item(&m, "0.88.0", "PR-DATALOG-01");
	CHECK(it && it->status == IS_OPEN && it->line == 7);
	CHECK_STR(it ? it->title : NULL, "Stratify rule sets with negation before evaluation");
	CHECK_STR(it ? it->status_text : NULL, "[ ]");
	CHECK_STR(it ? it->section : NULL, "Items");
	it = item(&m, "0.88.0", "PR-DATALOG-02");
	CHECK(it && it->status == IS_DONE);
	CHECK_STR(it ? it->title : NULL, "Semi-naive evaluation");
	CHECK(it && it->description && strstr(it->description, "Long explanation"));
	CHECK(m.items.n == 2);		/* "Not an id" is no item */
	/* a second call does not read the section twice */
	CHECK(!re_model_release_section_in(&m, "roadmap/v0.88.0.md", &d, "0.88.0"));
	re_arena_free(a);

	/* a per-release file on its own: status line with scope, "Released ✅" line */
	a = re_arena_new();
	re_model_init(&m, a);
	d = parse(a, sib_release);
	re_model_release_file(&m, "roadmap/v0.88.0.md", &d);
	r = re_model_find_release(&m, "0.88.0");
	CHECK(r && r->status == RS_PLANNED);
	CHECK_STR(r ? r->scope : NULL, "Very Large");
	d = parse(a, sib_released);
	re_model_release_file(&m, "roadmap/v0.87.0.md", &d);
	r = re_model_find_release(&m, "0.87.0");
	CHECK(r && r->status == RS_RELEASED);
	it = item(&m, "0.87.0", "PR-SHACL-03");
	CHECK(it && it->status == IS_OPEN && it->status_text != NULL);	/* left open when released */
	{
		int		   *open;
		int			n = re_model_deferred(&m, &open);

		CHECK(n == 1 && strcmp(m.items.v[open[0]].item_id, "PR-SHACL-03") == 0);
	}
	re_arena_free(a);

	/* changelog headings with a placeholder date */
	a = re_arena_new();
	re_model_init(&m, a);
	d = parse(a, "# Changelog\n\n## [0.87.0] — 2026-05-XX — SHACL Core\n\n- One (PR-SHACL-01).\n\n"
			  "## [0.86.0] — 2026-04-02 — SPARQL Property Paths\n\n- Two.\n");
	re_model_changelog(&m, &d);
	CHECK(m.changelog.n == 2);
	if (m.changelog.n == 2)
	{
		CHECK_STR(m.changelog.v[0].version, "0.87.0");
		CHECK_STR(m.changelog.v[0].date, "2026-05-XX");
		CHECK_STR(m.changelog.v[0].release_title, "SHACL Core");
		CHECK_STR(m.changelog.v[0].item_ids, "PR-SHACL-01");
		CHECK_STR(m.changelog.v[1].date, "2026-04-02");
		CHECK_STR(m.changelog.v[1].release_title, "SPARQL Property Paths");
	}
	re_arena_free(a);

	/* a ROADMAP.md with a single release section is a roadmap; no version at all is none */
	a = re_arena_new();
	re_model_init(&m, a);
	d = parse(a, "# Roadmap\n\n## v0.1.0 — First Steps\n\n**Status: Planned**\n\n"
			  "| ID | Title |\n|---|---|\n| CORR-1 | Parse the config |\n");
	re_model_roadmap(&m, "ROADMAP.md", &d);
	CHECK_STR(m.layout, "monolithic");
	CHECK(m.releases.n == 1 && m.items.n == 1);
	re_model_init(&m, a);
	d = parse(a, "# Roadmap\n\nIdeas:\n\n- faster\n");
	re_model_roadmap(&m, "ROADMAP.md", &d);
	CHECK_STR(m.layout, "unknown");
	CHECK(m.releases.n == 0);
	re_arena_free(a);
}
