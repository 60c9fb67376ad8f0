// SPDX-License-Identifier: GPL-2.0
/*
 * The whole of `schedscope report`: its sections in order, to a stream or
 * into the result directory's report.txt and report.md (report/report.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "report/report.h"

int report_write(struct report *r, FILE *out, bool md)
{
	r->out = out;
	r->md = md;
	r->error = 0;
	report_header(r);
	section_means(r);
	section_comparison(r);
	section_tool_metrics(r);
	section_decisions(r);
	section_ratios(r);
	section_share(r);
	section_group_share(r);
	section_task_delays(r);
	section_module_hists(r);
	section_latency_summary(r);
	section_workload_hists(r);
	if (!r->error && ferror(out))
		r->error = -EIO;
	return r->error;
}

void report_failure(const struct report *r, int ret, const char *what,
		    char *err, size_t errlen)
{
	if (ret == -EINVAL)
		error_msg(err, errlen, "%s", r->msg);
	else
		error_msg(err, errlen, "%s: %s", what, strerror(-ret));
}

/* One format into path, written only once it is whole. */
static int write_file(struct report *r, const char *path, bool md, char *err,
		      size_t errlen)
{
	char *text = NULL;
	size_t len;
	FILE *mem, *f;
	int ret;

	mem = open_memstream(&text, &len);
	if (!mem) {
		report_failure(r, -errno, path, err, errlen);
		return -1;
	}
	ret = report_write(r, mem, md);
	if (fclose(mem) && !ret)
		ret = -EIO;
	if (ret) {
		report_failure(r, ret, path, err, errlen);
		free(text);
		return -1;
	}
	f = fopen(path, "w");
	if (!f) {
		error_msg(err, errlen, "%s: %s", path, strerror(errno));
		free(text);
		return -1;
	}
	if (fwrite(text, 1, len, f) != len || fclose(f)) {
		error_msg(err, errlen, "%s: write failed", path);
		free(text);
		return -1;
	}
	free(text);
	return 0;
}

int report_write_files(struct report *r, char *err, size_t errlen)
{
	static const char *const names[] = { "report.txt", "report.md" };
	char path[sizeof(r->res->dir) + 16];
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/%s", r->res->dir, names[i]);
		if (write_file(r, path, i == 1, err, errlen))
			return -1;
	}
	return 0;
}
