// SPDX-License-Identifier: GPL-2.0
/*
 * A counter added through the catalogue alone: built with
 * -DSS_CATALOGUE_EXTRA, module/metrics.h has one more counter
 * (catalogue_extra) and one more report column for it, and nothing else
 * of the CLI is edited. A module's stats holding it must then show it in
 * show's text, JSON, CSV and OpenMetrics (with its own HELP text), and a
 * sweep's run files holding it in the report's module means and
 * comparison. Run by the unit suite catalogue_extra (test_catalogue_extra.c),
 * which counts its checks; the last line is "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stdarg.h>

#include "check.h"
#include "lib/read_file.h"
#include "test_util.h"

static char *out_text, *err_text;

/* A whole file, or "" */
static char *slurp(const char *path)
{
	char *text = NULL, err[256];
	size_t len;

	return read_file(path, &text, &len, err, sizeof(err)) ? strdup("") :
	       text;
}

/* The CLI on argv (NULL-ended); its exit status, its output in out_text. */
static int run(const char *first, ...)
{
	const char *dir = test_tmpdir("catalogue_extra_out");
	char out[4096], err[4096], *argv[17];
	va_list ap;
	int argc = 0, ret;

	argv[argc++] = "schedscope";
	va_start(ap, first);
	for (argv[argc++] = (char *)first; argc < 15 &&
	     (argv[argc] = va_arg(ap, char *)); argc++)
		;
	va_end(ap);
	argv[argc] = NULL;
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(err, sizeof(err), "%s/err", dir);
	ret = test_run_cli(argc, argv, NULL, out, err);
	free(out_text);
	free(err_text);
	out_text = slurp(out);
	err_text = slurp(err);
	if (ret)
		printf("# schedscope %s: exit %d: %s", first, ret, err_text);
	return ret;
}

static void extra_in_show(void)
{
	char dir[4096], stats[4096 + 8];
	FILE *f;

	/* test_tmpdir()'s buffer is its next call's too */
	snprintf(dir, sizeof(dir), "%s", test_tmpdir("catalogue_extra_debugfs"));
	test_copy_dir("../fixtures/debugfs/basic", dir);
	snprintf(stats, sizeof(stats), "%s/stats", dir);
	f = fopen(stats, "a");
	if (!CHECK(f))
		return;
	fputs("catalogue_extra 42\n", f);
	fclose(f);

	CHECK_EQ_INT(run("show", "--all", "--debugfs", dir, NULL), 0);
	CHECK_STR_HAS(out_text, "\ncatalogue_extra                           42\n");
	CHECK_EQ_INT(run("show", "--json", "--debugfs", dir, NULL), 0);
	CHECK_STR_HAS(out_text, "\"catalogue_extra\":42");
	CHECK_EQ_INT(run("show", "--csv", "--debugfs", dir, NULL), 0);
	CHECK_STR_HAS(out_text, ",catalogue_extra,,,42\n");
	CHECK_EQ_INT(run("show", "--openmetrics", "--debugfs", dir, NULL), 0);
	CHECK_STR_HAS(out_text, "# HELP schedscope_catalogue_extra A counter "
		      "only the catalogue test adds\n");
	CHECK_STR_HAS(out_text, "schedscope_catalogue_extra_total 42\n");
}

static void extra_in_report(void)
{
	char dir[4096], rel[64];
	int s, r;

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("catalogue_extra_sweep"));
	test_copy_dir("../fixtures/sweep/basic", dir);
	for (s = 0; s < 2; s++) {
		for (r = 0; r < 3; r++) {
			snprintf(rel, sizeof(rel), "runs/%d-%d.json", s, r);
			test_patch(dir, rel, "\"stats\": {", s ?
				   "\"stats\": {\"catalogue_extra\": 30, " :
				   "\"stats\": {\"catalogue_extra\": 10, ");
		}
	}
	CHECK_EQ_INT(run("report", dir, NULL), 0);
	CHECK_STR_HAS(out_text, "  extra\n");
	CHECK_STR_HAS(out_text, "Amean catalogue-extra");
	CHECK_STR_HAS(out_text, "+200.00%");
}

int main(void)
{
	extra_in_show();
	extra_in_report();
	free(out_text);
	free(err_text);
	printf("%u passed, %u failed\n", checks_passed, checks_failed);
	return checks_failed ? 1 : 0;
}
