// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a debugfs directory: the fixture in fixtures/debugfs/basic (two
 * CPUs, three latency histograms and a signed one), and copies of it with
 * one file broken in every way we could think of: always an error naming
 * the file, never a crash (the sanitizers watch).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "kmod/snapshot.h"
#include "test_util.h"

#define FIXTURE "../fixtures/debugfs/basic"

static void test_read_fixture(void)
{
	struct ss_snapshot_opts opts = { .percpu = true };
	struct ss_snapshot s;
	char err[512];
	uint64_t v;
	size_t i, c;
	int k;

	CHECK_EQ_INT(ss_snapshot_read(test_path(FIXTURE), &opts, &s, err,
				      sizeof(err)), 0);
	CHECK_EQ_U64(s.nhist, 4);
	CHECK_STR_EQ(s.hist[0].total.file, "lag_pick");
	CHECK_STR_EQ(s.hist[3].total.file, "wakeup_lat");
	CHECK(s.hist[0].total.is_signed && !s.hist[3].total.is_signed);
	CHECK_STR_EQ(snapshot_hist_name(&s.hist[3].total), "wakeup_lat_ns");
	CHECK_EQ_INT(kv_stats_get(&s.stats, "switches", &v), 0);
	CHECK_EQ_U64(v, 252);
	CHECK(s.have_percpu);
	for (i = 0; i < s.nhist; i++) {
		const struct snapshot_hist_set *set = &s.hist[i];

		CHECK_EQ_U64(set->ncpu, 2);
		CHECK(!set->percpu_missing);
		/* per-CPU buckets add up to the totals */
		for (k = 0; k < LOG2_HIST_BUCKETS; k++) {
			uint64_t sum = 0, want;

			for (c = 0; c < set->ncpu; c++)
				sum += set->total.is_signed ?
				       set->cpu[c].s.pos[k] + set->cpu[c].s.neg[k] :
				       set->cpu[c].u.buckets[k];
			want = set->total.is_signed ?
			       set->total.s.pos[k] + set->total.s.neg[k] :
			       set->total.u.buckets[k];
			CHECK_MSG(sum == want, "%s bucket %d: %llu vs %llu",
				  set->total.file, k, (unsigned long long)sum,
				  (unsigned long long)want);
		}
		CHECK_EQ_INT(set->cpu[1].cpu, 1);
	}
	ss_snapshot_free(&s);

	opts.percpu = false;
	opts.only_hist = "preempt_lat";
	CHECK_EQ_INT(ss_snapshot_read(test_path(FIXTURE), &opts, &s, err,
				      sizeof(err)), 0);
	CHECK_EQ_U64(s.nhist, 1);
	CHECK(!s.have_percpu && s.hist[0].ncpu == 0);
	ss_snapshot_free(&s);
	opts.only_hist = "nosuch";
	CHECK_EQ_INT(ss_snapshot_read(test_path(FIXTURE), &opts, &s, err,
				      sizeof(err)), -ENOENT);
	CHECK_STR_HAS(err, "nosuch");
}

/* A copy of the fixture with one file replaced; returns the read's result. */
static int read_broken(const char *relpath, const char *data, bool percpu,
		       char *err, size_t errlen)
{
	struct ss_snapshot_opts opts = { .percpu = percpu };
	struct ss_snapshot s;
	const char *dir = test_tmpdir("broken");
	int ret;

	test_copy_dir(FIXTURE, dir);
	if (data) {
		test_write(dir, relpath, data);
	} else {
		char path[PATH_MAX];

		snprintf(path, sizeof(path), "%s/%s", dir, relpath);
		unlink(path);
	}
	ret = ss_snapshot_read(dir, &opts, &s, err, errlen);
	if (!ret)
		ss_snapshot_free(&s);
	return ret;
}

static void test_broken_files(void)
{
	static const struct {
		const char *file, *data, *why;
		int ret;
		int percpu;
	} cases[] = {
		{ "stats", "switches 12", "newline", -EINVAL, 0 },
		{ "stats", "", "empty", -EINVAL, 0 },
		{ "stats", "switches 1\nswitches 2\n", "duplicate", -EINVAL, 0 },
		{ "stats", "switches x\n", "line 1", -EINVAL, 0 },
		{ "stats", NULL, "stats", -ENOENT, 0 },
		{ "stats_percpu", "0 switches 1\n0 switches 1\n", "duplicate", -EINVAL, 1 },
		{ "stats_percpu", "0 switches", "newline", -EINVAL, 1 },
		{ "stats_percpu", "0 switches 1\n", "cpu 0 has no switches_voluntary", -EINVAL, 1 },
		{ "hist_percpu/new_lat", "# new_lat_ns: lo hi count, per cpu\ncpu 0\n",
		  "1 CPUs, where stats_percpu has 2", -EINVAL, 1 },
		{ "hist/wakeup_lat", "# wakeup_lat_ns: lo hi count\n1024 2047 1",
		  "no end of line (truncated?)", -EINVAL, 0 },
		{ "hist/wakeup_lat", "garbage\n", "line 1: not \"# NAME: lo hi count\"",
		  -EINVAL, 0 },
		{ "hist/wakeup_lat", "@wakeup_lat_ns: \n\n", "a module of interface 2",
		  -EINVAL, 0 },
		{ "hist/lag_pick", "# lag_pick_vns: lo hi count\n1024 2047 1\n-1 -1 1\n",
		  "line 3: \"-1 -1\" is not a bucket", -EINVAL, 0 },
		{ "hist_percpu/wakeup_lat", "# wakeup_lat_ns: lo hi count, per cpu\n"
		  "cpu 0\ncpu 0\n", "line 3: not \"cpu N\" with N above", -EINVAL, 1 },
		{ "hist_percpu/wakeup_lat", "# wakeup_lat_ns: lo hi count\n",
		  "a total, not a per-CPU histogram", -EINVAL, 1 },
		{ "hist_percpu/wakeup_lat", "", "line 1: not", -EINVAL, 1 },
		{ "hist_percpu/wakeup_lat", "# wakeup_lat_ns: lo hi count, per cpu\n"
		  "cpu 0\n1024 2000 1\n", "line 3: \"1024 2000\" is not a bucket",
		  -EINVAL, 1 },
	};
	char err[512];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int ret;

		err[0] = '\0';
		ret = read_broken(cases[i].file, cases[i].data, cases[i].percpu,
				  err, sizeof(err));
		CHECK_MSG(ret == cases[i].ret && strstr(err, cases[i].file) &&
			  strstr(err, cases[i].why),
			  "case %zu (%s): got %d \"%s\", want %d naming the file "
			  "and \"%s\"", i, cases[i].file, ret, err, cases[i].ret,
			  cases[i].why);
	}

	/* Every prefix of every file of the fixture: an error or, for a cut
	 * that ends at a line end, a shorter valid file. */
	static const char *const files[] = {
		"hist/wakeup_lat", "hist/lag_pick", "hist_percpu/preempt_lat",
		"hist_percpu/lag_pick", "stats_percpu",
	};
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char rel[256], *text;
		size_t len, cut;
		unsigned int crashes = 0, accepted = 0;

		snprintf(rel, sizeof(rel), FIXTURE "/%s", files[i]);
		text = test_file(rel, &len);
		for (cut = 0; cut < len; cut++) {
			char saved = text[cut];
			int ret;

			text[cut] = '\0';
			ret = read_broken(files[i], text, true, err, sizeof(err));
			text[cut] = saved;
			if (ret == 0 && cut && text[cut - 1] != '\n')
				accepted++;
			else if (ret != 0 && ret != -EINVAL)
				crashes++;
		}
		/* A cut inside a line is caught; at a line end it is a shorter file. */
		CHECK_MSG(crashes == 0 && accepted == 0,
			  "%s: %u prefixes accepted, %u odd errors", files[i],
			  accepted, crashes);
		free(text);
	}
}

static void test_percpu_missing(void)
{
	struct ss_snapshot_opts opts = { .percpu = true };
	struct ss_snapshot s;
	const char *dir = test_tmpdir("nopercpu");
	char err[512], path[PATH_MAX];

	test_copy_dir(FIXTURE, dir);
	snprintf(path, sizeof(path), "%s/hist_percpu/new_lat", dir);
	unlink(path);
	CHECK_EQ_INT(ss_snapshot_read(dir, &opts, &s, err, sizeof(err)), 0);
	CHECK(s.hist[1].percpu_missing && s.hist[1].ncpu == 0);
	CHECK(!s.hist[0].percpu_missing);
	ss_snapshot_free(&s);
}

static void test_diff(void)
{
	struct ss_snapshot_opts opts = { .percpu = true };
	struct ss_snapshot before, after, delta;
	const char *dir = test_tmpdir("diff");
	char err[512];
	bool reset;
	uint64_t v;

	test_copy_dir(FIXTURE, dir);
	test_write(dir, "stats", "switches 200\nwakeups 100\n");
	test_write(dir, "stats_percpu", "0 switches 150\n0 wakeups 60\n"
		   "1 switches 50\n1 wakeups 40\n");
	test_write(dir, "hist/wakeup_lat", "# wakeup_lat_ns: lo hi count\n"
		   "1024 2047 20\n");
	CHECK_EQ_INT(ss_snapshot_read(dir, &opts, &before, err, sizeof(err)), 0);
	test_write(dir, "stats", "switches 252\nwakeups 164\n");
	test_write(dir, "stats_percpu", "0 switches 170\n0 wakeups 70\n"
		   "1 switches 82\n1 wakeups 94\n");
	test_write(dir, "hist/wakeup_lat", "# wakeup_lat_ns: lo hi count\n"
		   "1024 2047 70\n2048 4095 7\n");
	CHECK_EQ_INT(ss_snapshot_read(dir, &opts, &after, err, sizeof(err)), 0);
	CHECK_EQ_INT(ss_snapshot_diff(&after, &before, &delta, &reset, err,
				      sizeof(err)), 0);
	CHECK(!reset);
	CHECK_EQ_INT(kv_stats_get(&delta.stats, "switches", &v), 0);
	CHECK_EQ_U64(v, 52);
	CHECK_EQ_INT(kv_stats_get_percpu(&delta.percpu, 1, "wakeups", &v), 0);
	CHECK_EQ_U64(v, 54);
	CHECK_EQ_U64(delta.hist[3].total.u.buckets[11], 50);
	CHECK_EQ_U64(delta.hist[3].total.u.buckets[12], 7);
	ss_snapshot_free(&delta);

	/* Backwards: someone reset the module in between. */
	CHECK_EQ_INT(ss_snapshot_diff(&before, &after, &delta, &reset, err,
				      sizeof(err)), 0);
	CHECK(reset);
	CHECK_EQ_INT(kv_stats_get(&delta.stats, "switches", &v), 0);
	CHECK_EQ_U64(v, 200);
	ss_snapshot_free(&delta);

	/* A key that appears only later: an error, not a wrong number. */
	ss_snapshot_free(&after);
	test_write(dir, "stats", "switches 252\nmigrations 1\n");
	test_write(dir, "stats_percpu", "0 switches 170\n0 migrations 1\n"
		   "1 switches 82\n1 migrations 0\n");
	CHECK_EQ_INT(ss_snapshot_read(dir, &opts, &after, err, sizeof(err)), 0);
	CHECK_EQ_INT(ss_snapshot_diff(&after, &before, &delta, &reset, err,
				      sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "migrations");
	ss_snapshot_free(&after);
	ss_snapshot_free(&before);
}

void test_snapshot(void)
{
	test_read_fixture();
	test_broken_files();
	test_percpu_missing();
	test_diff();
}
