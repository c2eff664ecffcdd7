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
	read_roadmap(a, &m, sib_index, "index");
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
	CHECK_STR(it ? it->status_text : NULL, "unchecked");
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
	re_model_init(&m, a, shipped_pillars, N_SHIPPED_PILLARS);
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
	re_model_init(&m, a, shipped_pillars, N_SHIPPED_PILLARS);
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
	read_roadmap(a, &m, "# Roadmap\n\n## v0.1.0 — First Steps\n\n**Status: Planned**\n\n"
				 "| ID | Title |\n|---|---|\n| CORR-1 | Parse the config |\n", "monolithic");
	CHECK(m.releases.n == 1 && m.items.n == 1);
	read_roadmap(a, &m, "# Roadmap\n\nIdeas:\n\n- faster\n", "unknown");
	CHECK(m.releases.n == 0);
	re_arena_free(a);
}

static const char sib_skill[] =
"---\nname: enrich-release-roadmap\ndescription: \"x\"\n---\n\n# Enrich\n\n"
"## Inputs to Gather First\n\n1. `ROADMAP.md` — the target\n2. `CHANGELOG.md` — shipped\n\n"
"### Pillar 1 — CORRECTNESS\n\nGuiding question: *\"Could a SPARQL query return wrong solutions?\"*\n\n"
"Focus areas:\n- SPARQL property path evaluation (`*`, `+`, `?` operators)\n- Datalog stratified negation and recursive rules\n\n"
"---\n\n### Pillar 5 — EASE OF USE\n\nGuiding question: *\"Ten minutes?\"*\n\nFocus areas:\n- Documentation gaps (SPARQL reference)\n\n"
"### Step 3 — Write the Theme\n\n- not an area\n\n"
"```markdown\n### Correctness\n- not an area either\n```\n\n"
"## Constraints (Always Respect)\n\n- Never load triples outside a transaction\n- Ids are stable\n";

static void
test_focus(void)
{
	ReArena    *a = re_arena_new();
	MdDoc		d = parse(a, sib_skill);
	ReSkill		s;
	ReFocusSet	fs;
	char		err[256];
	const char *m[3];
	char	   *t;

	re_skill_parse(a, sib_skill, &d, shipped_pillars, N_SHIPPED_PILLARS, &s);
	CHECK_STR(s.name, "enrich-release-roadmap");
	CHECK(s.nareas == 3);
	if (s.nareas == 3)
	{
		CHECK_STR(s.areas[0].pillar, "correctness");
		CHECK_STR(s.areas[1].name, "Datalog stratified negation and recursive rules");
		CHECK(s.areas[1].ord == 2);
		CHECK_STR(s.areas[2].pillar, "ease_of_use");
		CHECK(s.areas[2].ord == 1);
	}
	CHECK(s.nquestions == 2);
	CHECK_STR(s.nquestions ? s.questions[0].text : NULL, "Could a SPARQL query return wrong solutions?");
	CHECK(s.nconstraints == 2);
	CHECK(s.ninputs == 2);

	/* derived terms: acronyms and code verbatim, long words stemmed, generic words dropped */
	CHECK_STR(re_focus_terms(a, "SPARQL property path evaluation (`*`, `+`, `?` operators)"),
			  "sparql|property|evalu|operator");
	CHECK_STR(re_focus_terms(a, "Datalog stratified negation and recursive rules"),
			  "datalog|stratifi|negat|recurs|rules");
	CHECK_STR(re_focus_terms(a, "Delta weight / `__pgt_count` accounting errors"),
			  "delta|weight|__pgt_count|account|error");
	CHECK_STR(re_focus_terms(a, "Turtle and JSON-LD import tutorials"), "turtle|json\\-ld|import|tutorial");
	CHECK_STR(re_focus_terms(a, "Test coverage"), "test\\ coverage");
	CHECK_STR(re_focus_norm_name(a, "Documentation gaps (SPARQL reference)", true), "documentation gaps");
	CHECK_STR(re_focus_norm_name(a, "Delta weight / `__pgt_count`  accounting", false), "delta weight / __pgt_count accounting");

	/* matching: case-insensitive, at word starts only, like \m(?:…) with ~* */
	m[0] = "cte|lateral";
	m[1] = re_focus_terms(a, "Datalog stratified negation and recursive rules");
	m[2] = "null.{0,20}(join|key)";
	CHECK(re_focus_compile(&fs, m, 3, err, sizeof(err)) == -1);
	CHECK(re_focus_match(&fs, 0, "Recursive CTEs", 14));
	CHECK(!re_focus_match(&fs, 0, "affected rows", 13));
	CHECK(re_focus_match(&fs, 1, "Stratification of rules", 23));
	CHECK(re_focus_match(&fs, 1, "NEGATION as failure", 19));
	CHECK(!re_focus_match(&fs, 1, "SPARQL paths", 12));
	CHECK(re_focus_match(&fs, 2, "NULL\nin a join", 14));	/* . spans lines, as in ~* */
	{
		size_t		at = 0;

		CHECK(re_focus_match_at(&fs, 0, "no match here; a recursive CTE", 30, &at) && at == 27);
		CHECK(!re_focus_match_at(&fs, 0, "affected", 8, &at));
	}
	re_focus_free(&fs);
	m[0] = "broken(";
	CHECK(re_focus_compile(&fs, m, 1, err, sizeof(err)) == 0);
	re_focus_free(&fs);

	/* the description-length rule */
	t = re_cut_list(a, "alpha, beta, gamma, delta, epsilon", 20);
	CHECK_STR(t, "alpha, beta, gamma \xE2\x80\xA6 and 2 more");
	CHECK_STR(re_cut_list(a, "a, b", 20), "a, b");
	CHECK(re_desc_sentence_count("One `x.y` here. Two, e.g. Three. Verify: `a. B` reports nothing.") == 3);
	CHECK(re_desc_sentence_count("No period at the end") == 1);
	t = re_description_fit(a, "One. Two. Three. Four. Five.", 4, 600);
	CHECK_STR(t, "One; two. Three. Four. Five.");
	{
		char		big[2000];
		char	   *f;

		snprintf(big, sizeof(big), "Probe counts 3. Missing: %s. It matters. Verify: `cmd` reports nothing.",
				 "name_one, name_two, name_three, name_four, name_five, name_six, name_seven, name_eight, "
				 "name_nine, name_ten, name_eleven, name_twelve, name_thirteen, name_fourteen, name_fifteen, "
				 "name_sixteen, name_seventeen, name_eighteen, name_nineteen, name_twenty, name_twenty_one, "
				 "name_twenty_two, name_twenty_three, name_twenty_four, name_twenty_five, name_twenty_six, "
				 "name_twenty_seven, name_twenty_eight, name_twenty_nine, name_thirty, name_thirty_one");
		f = re_description_fit(a, big, 4, 300);
		CHECK(strlen(f) <= 300);
		CHECK(re_desc_sentence_count(f) == 4);
		CHECK(strstr(f, "Verify: `cmd` reports nothing.") != NULL);
	}
	re_arena_free(a);
}
