// SPDX-License-Identifier: GPL-2.0
/*
 * cfs_rq layouts from BTF: small fixtures built with gcc -gbtf
 * (fixtures/btf/), and the real vmlinux of 6.12 and 6.1 where
 * scripts/vm-run has unpacked them (build/vm/<release>/vmlinux).
 */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <string.h>

#include "kmod/btf_layout.h"
#include "check.h"

static int layout_of(const char *fixture, struct btf_layout *l, char *err,
		     size_t errlen)
{
	char rel[256];

	snprintf(rel, sizeof(rel), FIXTURE_BUILD_DIR "/btf/%s.o", fixture);
	return btf_layout_read(test_path(rel), l, err, errlen);
}

static void test_fixtures(void)
{
	struct btf_layout l;
	char err[512], param[1024];

	CHECK_EQ_INT(layout_of("cfs_rq_612", &l, err, sizeof(err)), 0);
	CHECK(l.eevdf);
	CHECK_EQ_INT(l.sum_w_vruntime, 40);
	CHECK_EQ_INT(l.sum_weight, 48);
	CHECK_EQ_INT(l.v0, 56);
	CHECK_EQ_INT(l.curr, 80);
	CHECK_EQ_INT(l.size, 320);
	CHECK_STR_EQ(l.v0_name, "zero_vruntime");
	CHECK_STR_EQ(l.sum_name, "avg_vruntime");
	CHECK_STR_EQ(l.weight_name, "avg_load");
	CHECK_EQ_INT(btf_layout_param(&l, "/tmp/my btf", param, sizeof(param)), 0);
	CHECK(l.load_ok);
	CHECK(!l.sum_shift_ok);
	CHECK_EQ_INT(l.load, 0);
	CHECK_EQ_INT(l.model, BTF_MODEL_SCALED);
	CHECK(l.timeline_ok);
	CHECK_EQ_INT(l.timeline, 64);
	CHECK(!l.idle_ok && !l.rq_next_class_ok);
	CHECK_STR_EQ(param, "size=320,v0=56,sum_w_vruntime=40,sum_weight=48,"
		     "curr=80,load=0,timeline=64,next=88,model=scaled,"
		     "names=zero_vruntime/avg_vruntime/avg_load,"
		     "source=btf:/tmp/my_btf");

	/* 7.1+ weights (sum_shift), then the flat tree (h_load) */
	CHECK_EQ_INT(layout_of("cfs_rq_72", &l, err, sizeof(err)), 0);
	CHECK(l.eevdf && l.load_ok && l.sum_shift_ok);
	CHECK_EQ_INT(l.sum_w_vruntime, 32);
	CHECK_EQ_INT(l.sum_weight, 40);
	CHECK_EQ_INT(l.v0, 48);
	CHECK_EQ_INT(l.sum_shift, 56);
	CHECK_EQ_INT(l.curr, 80);
	CHECK_EQ_INT(l.model, BTF_MODEL_FULL);
	CHECK_EQ_INT(btf_layout_param(&l, "x", param, sizeof(param)), 0);
	CHECK(l.idle_ok);
	CHECK(!l.rq_next_class_ok);
	CHECK_EQ_INT(l.idle, 320);
	CHECK_STR_HAS(param, ",load=0,sum_shift=56,timeline=64,idle=320,next=88,model=full,names=zero_vruntime/sum_w_vruntime/sum_weight,");
	CHECK_EQ_INT(layout_of("cfs_rq_73", &l, err, sizeof(err)), 0);
	CHECK(l.eevdf && l.sum_shift_ok);
	CHECK_EQ_INT(l.model, BTF_MODEL_FLAT);
	CHECK_EQ_INT(btf_layout_param(&l, "x", param, sizeof(param)), 0);
	/* struct rq's next_class 8 bytes before its cfs */
	CHECK(l.rq_next_class_ok);
	CHECK_EQ_INT(l.rq_next_class, -8);
	CHECK(l.next_ok);
	CHECK_EQ_INT(l.next, 88);
	CHECK_STR_HAS(param, ",sum_shift=56,timeline=64,next=88,rq_next_class=-8,model=flat,");
	CHECK_STR_EQ(btf_layout_model_name(BTF_MODEL_FLAT), "flat");
	CHECK_EQ_INT(btf_layout_param(&l, NULL, param, 20), -ENOSPC);

	CHECK_EQ_INT(layout_of("cfs_rq_61", &l, err, sizeof(err)), 0);
	CHECK(!l.eevdf);
	CHECK_STR_EQ(l.reason, "this kernel's cfs_rq has no avg_vruntime (CFS)");

	/* Newer names, inside anonymous unions and structs. */
	CHECK_EQ_INT(layout_of("cfs_rq_anon", &l, err, sizeof(err)), 0);
	CHECK(l.eevdf);
	CHECK_EQ_INT(l.sum_w_vruntime, 8);
	CHECK_EQ_INT(l.sum_weight, 16);
	CHECK_EQ_INT(l.v0, 40);		/* anonymous struct at 32, + 8 */
	CHECK_EQ_INT(l.curr, 48);
	CHECK(!l.timeline_ok);	/* none there: pick_order stays off */
	CHECK_STR_EQ(l.sum_name, "sum_w_vruntime");
	CHECK_STR_EQ(l.weight_name, "sum_weight");
	CHECK_STR_EQ(l.v0_name, "min_vruntime");

	CHECK_EQ_INT(layout_of("cfs_rq_badsum", &l, err, sizeof(err)), 0);
	CHECK(!l.eevdf);
	CHECK_STR_HAS(l.reason, "avg_vruntime is not an s64 sum");

	CHECK_EQ_INT(layout_of("no_cfs_rq", &l, err, sizeof(err)), -ENOENT);
	CHECK_STR_HAS(err, "no struct cfs_rq");
	CHECK(btf_layout_read(test_path("nosuch.btf"), &l, err, sizeof(err)) < 0);
	CHECK_STR_HAS(err, "nosuch.btf");
	/* Not BTF at all. */
	CHECK(btf_layout_read(test_path("Makefile"), &l, err, sizeof(err)) < 0);
}

/* The rq_layout parameter (clock=rq) from the fixtures. */
static void test_rq_clock(void)
{
	char buf[96], why[256], rel[256];

	snprintf(rel, sizeof(rel), FIXTURE_BUILD_DIR "/btf/rq_clock.o");
	CHECK_EQ_INT(btf_rq_clock_read(test_path(rel), buf, sizeof(buf), why,
				       sizeof(why)), 0);
	/* cfs_rq: load 0, pad 8..303, rq 304; rq: nr_running 0, cfs 8..319,
	 * the anonymous struct's clock 328, cpu 336 */
	CHECK_STR_EQ(buf, "rq=304,clock=328,cpu=336");
	CHECK_EQ_INT(btf_rq_clock_read(test_path(rel), buf, 10, why,
				       sizeof(why)), -ENOSPC);
	snprintf(rel, sizeof(rel), FIXTURE_BUILD_DIR "/btf/rq_clock_u32.o");
	CHECK_EQ_INT(btf_rq_clock_read(test_path(rel), buf, sizeof(buf), why,
				       sizeof(why)), -ENOENT);
	CHECK_STR_HAS(why, "u64 clock in struct rq");
	snprintf(rel, sizeof(rel), FIXTURE_BUILD_DIR "/btf/cfs_rq_612.o");
	CHECK_EQ_INT(btf_rq_clock_read(test_path(rel), buf, sizeof(buf), why,
				       sizeof(why)), -ENOENT);
	CHECK_STR_HAS(why, "struct rq pointer in struct cfs_rq");
	CHECK(btf_rq_clock_read(test_path("nosuch.btf"), buf, sizeof(buf), why,
				sizeof(why)) < 0);
	CHECK_STR_HAS(why, "nosuch.btf");
}

/*
 * The rq_layout of a real kernel, against pahole -C cfs_rq and -C rq of
 * Debian's 6.1.0-57, 6.12.118+deb12, 7.2.12+deb13 and 7.3.4+deb13.
 */
static void check_real_rq_clock(const char *path)
{
	static const struct {
		const char *release, *param;
	} known[] = {
		{ "/6.1.0-57-amd64/", "rq=304,clock=2448,cpu=2672" },
		{ "/6.12.118+deb12-amd64/", "rq=312,clock=2736,cpu=2920" },
		{ "/7.2.12+deb13-amd64/", "rq=312,clock=3728,cpu=3880" },
		{ "/7.3.4+deb13-amd64/", "rq=320,clock=3984,cpu=4136" },
	};
	char buf[96], why[256];
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (!strstr(path, known[i].release))
			continue;
		CHECK_MSG(!btf_rq_clock_read(path, buf, sizeof(buf), why,
					     sizeof(why)) &&
			  !strcmp(buf, known[i].param), "%s: %s (%s)", path,
			  buf, why);
	}
}

/* The real kernels, when their vmlinux is there (after a VM run). */
static void test_real_kernels(void)
{
	glob_t g;
	size_t i;
	int found = 0;

	if (glob(TEST_DIR "/../../build/vm/*/vmlinux", 0, NULL, &g)) {
		printf("btf_layout: no build/vm/*/vmlinux (run scripts/vm-run "
		       "once): real-kernel checks skipped\n");
		return;
	}
	for (i = 0; i < g.gl_pathc; i++) {
		const char *path = g.gl_pathv[i];
		struct btf_layout l;
		char err[512];

		check_real_rq_clock(path);
		if (strstr(path, "/6.12.")) {
			found++;
			CHECK_MSG(!btf_layout_read(path, &l, err, sizeof(err)) &&
				  l.eevdf, "%s: %s", path, err);
			/* pahole -C cfs_rq: avg_vruntime 40, avg_load 48,
			 * zero_vruntime 56, curr 80 in 6.12.117+deb12 */
			CHECK_MSG(l.sum_w_vruntime == 40 && l.sum_weight == 48 &&
				  l.v0 == 56 && l.curr == 80 &&
				  l.timeline_ok && l.timeline == 64 &&
				  !strcmp(l.v0_name, "zero_vruntime"),
				  "%s: %u %u %u %u %s", path, l.sum_w_vruntime,
				  l.sum_weight, l.v0, l.curr, l.v0_name);
		} else if (strstr(path, "/7.2.") || strstr(path, "/7.3.")) {
			found++;
			CHECK_MSG(!btf_layout_read(path, &l, err, sizeof(err)) &&
				  l.eevdf, "%s: %s", path, err);
			/* pahole -C cfs_rq: load 0, sum_w_vruntime 32,
			 * sum_weight 40, zero_vruntime 48, sum_shift 56,
			 * curr 80 in 7.2.12+deb13 and 7.3.4+deb13 */
			CHECK_MSG(l.load_ok && l.load == 0 && l.sum_w_vruntime == 32 &&
				  l.sum_weight == 40 && l.v0 == 48 &&
				  l.sum_shift_ok && l.sum_shift == 56 && l.curr == 80 &&
				  l.timeline_ok && l.timeline == 64,
				  "%s: %u %u %u %u %u", path, l.load,
				  l.sum_w_vruntime, l.sum_weight, l.v0, l.sum_shift);
			CHECK_MSG(l.model == (strstr(path, "/7.3.") ?
					      BTF_MODEL_FLAT : BTF_MODEL_FULL),
				  "%s: model %s", path, btf_layout_model_name(l.model));
		} else if (strstr(path, "/6.1.")) {
			found++;
			CHECK_MSG(!btf_layout_read(path, &l, err, sizeof(err)) &&
				  !l.eevdf && strstr(l.reason, "no avg_vruntime (CFS)"),
				  "%s: %s %s", path, err, l.reason);
		}
	}
	globfree(&g);
	if (!found)
		printf("btf_layout: no 6.1/6.12/7.x vmlinux in build/vm: skipped\n");
}

void test_btf_layout(void)
{
	test_fixtures();
	test_rq_clock();
	test_real_kernels();
}
