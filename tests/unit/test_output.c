// SPDX-License-Identifier: GPL-2.0
/*
 * The printers of `schedscope show` on the fixture directory, against
 * golden files; and, for the bpftrace layout, against the module-format
 * fixture files themselves.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "check.h"
#include "output/hist_summary.h"
#include "test_util.h"

#define FIXTURE "../fixtures/debugfs/basic"

static bool read_fixture(struct ss_snapshot *s, bool percpu)
{
	struct ss_snapshot_opts opts = { .percpu = percpu };
	char err[512];

	if (!CHECK_MSG(!ss_snapshot_read(test_path(FIXTURE), &opts, s, err,
					 sizeof(err)), "%s", err))
		return false;
	/* A fixed time, so that JSON and CSV are reproducible. */
	s->when.tv_sec = 1733140800;
	s->when.tv_nsec = 123456789;
	return true;
}

static struct out_opts defaults(enum out_format f)
{
	struct out_opts o = {
		.format = f, .unit = HIST_UNIT_NS, .summary = true,
		.stats = true, .csv_header = true,
	};
	return o;
}

/*
 * The module's numbers drawn in bpftrace's layout: what the module itself
 * printed in its files up to interface 2 (the goldens are those files).
 */
static void test_bpftrace_layout(void)
{
	struct ss_snapshot s;
	struct out_opts o = defaults(OUT_BPFTRACE);
	char *text;
	size_t len;

	o.stats = false;
	o.summary = false;
	if (!read_fixture(&s, true))
		return;
	CAPTURE(text, len, CHECK_EQ_INT(out_snapshot(&s, &o, out), 0));
	CHECK_GOLDEN(text, len, "module_hist_bpftrace.txt");
	free(text);
	o.per_cpu = true;
	CAPTURE(text, len, CHECK_EQ_INT(out_snapshot(&s, &o, out), 0));
	CHECK_GOLDEN(text, len, "module_hist_percpu_bpftrace.txt");
	free(text);
	ss_snapshot_free(&s);
}

static void golden(bool percpu, struct out_opts o, const char *name)
{
	struct ss_snapshot s;
	char *text;
	size_t len;

	if (!read_fixture(&s, percpu))
		return;
	CAPTURE(text, len, CHECK_EQ_INT(out_snapshot(&s, &o, out), 0));
	CHECK_GOLDEN(text, len, name);
	free(text);
	ss_snapshot_free(&s);
}

/* Exact means from the module's sums, signed ones too. */
static void test_exact_mean(void)
{
	struct ss_snapshot_opts sopts = { 0 };
	struct out_opts o = defaults(OUT_BPFTRACE);
	struct ss_snapshot s;
	struct out_hist *h = malloc(sizeof(*h));
	char dir[512], *stats, err[512];
	size_t len;

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("exact"));
	test_copy_dir(FIXTURE, dir);
	stats = test_file(FIXTURE "/stats", &len);
	stats = realloc(stats, len + 200);
	strcat(stats, "lag_pick_count 44\nlag_pick_sum_pos_vns 3000\n"
	       "lag_pick_sum_neg_vns 47000\n");
	test_write(dir, "stats", stats);
	free(stats);
	if (!CHECK_MSG(!ss_snapshot_read(dir, &sopts, &s, err, sizeof(err)),
		       "%s", err))
		return;
	out_hist_prepare(h, &s.hist[0].total, &s.stats, false, &o);
	CHECK(h->mean_exact && h->exact_mean == -1000.0);
	o.unit = HIST_UNIT_US;
	out_hist_prepare(h, &s.hist[0].total, &s.stats, false, &o);
	CHECK(h->mean_exact && h->exact_mean == -1.0);
	CHECK_STR_EQ(h->name, "lag_pick_vus");
	/* wakeup_lat: wakeup_lat_sum_ns / wakeup_lat_count */
	out_hist_prepare(h, &s.hist[3].total, &s.stats, false, &o);
	CHECK(h->mean_exact && fabs(h->exact_mean - 1255680.0 / 164 / 1000) < 1e-9);
	/* A count that differs from the buckets' (read at another moment). */
	h->src = NULL;
	s.hist[3].total.u.buckets[11]++;
	out_hist_prepare(h, &s.hist[3].total, &s.stats, false, &o);
	CHECK(!h->mean_exact);
	ss_snapshot_free(&s);
	free(h);
}

void test_output(void)
{
	struct out_opts o;

	test_exact_mean();

	test_bpftrace_layout();
	golden(false, defaults(OUT_BPFTRACE), "show_bpftrace.txt");
	golden(false, defaults(OUT_BCC), "show_bcc.txt");
	o = defaults(OUT_LIBBPF);
	o.unit = HIST_UNIT_US;
	o.stats = false;
	golden(false, o, "show_libbpf_us.txt");
	golden(false, defaults(OUT_JSON), "show.json");
	golden(false, defaults(OUT_CSV), "show.csv");
	golden(false, defaults(OUT_OPENMETRICS), "show.prom");
	golden(false, defaults(OUT_PROMETHEUS), "show_prometheus.prom");
	o = defaults(OUT_BPFTRACE);
	o.per_cpu = true;
	o.unit = HIST_UNIT_US;
	golden(true, o, "show_percpu_us.txt");
	o = defaults(OUT_JSON);
	o.per_cpu = true;
	golden(true, o, "show_percpu.json");
	o = defaults(OUT_CSV);
	o.per_cpu = true;
	o.csv_header = false;
	golden(true, o, "show_percpu.csv");
	o = defaults(OUT_OPENMETRICS);
	o.per_cpu = true;
	golden(true, o, "show_percpu.prom");
	o = defaults(OUT_PROMETHEUS);
	o.per_cpu = true;
	golden(true, o, "show_percpu_prometheus.prom");
}
