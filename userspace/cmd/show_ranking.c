// SPDX-License-Identifier: GPL-2.0
/* schedscope show --by (cmd/show_ranking.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/module_access.h"
#include "cmd/show_ranking.h"
#include "kmod/ranking.h"
#include "lib/cgroup_names.h"
#include "lib/cgroup_path.h"
#include "lib/read_file.h"
#include "output/ranking.h"

#define RANKING_DEFAULT_SECONDS	5.0

static const char *cgroup_of(void *ctx, uint64_t id)
{
	return cgroup_name(ctx, id);
}

static int read_ranking(const char *cmd, const char *dir, struct ranking *r)
{
	char path[PATH_MAX], err[512];
	char *text;
	size_t len;
	int ret;

	memset(r, 0, sizeof(*r));
	snprintf(path, sizeof(path), "%s/ranking", dir);
	ret = read_file(path, &text, &len, err, sizeof(err));
	if (ret == -ENOENT) {
		cli_error(cmd, "%s: no such file: the loaded module predates "
			  "show --by; load this version", path);
		return -1;
	}
	if (!ret) {
		ret = ranking_parse(text, len, r, err, sizeof(err));
		free(text);
	}
	if (ret)
		cli_error(cmd, "%s", err);
	return ret ? -1 : 0;
}

static int print_ranking(const char *cmd, const struct ranking *r,
			 const struct show_ranking_params *p, double seconds)
{
	struct cgroup_names *names = NULL;
	struct ranking_row *rows;
	int ret;

	if (!strcmp(r->by, "cgroup")) {
		names = calloc(1, sizeof(*names));
		if (!names) {
			cli_error(cmd, "%s", strerror(errno));
			return 1;
		}
		names->root = CGROUP2_MOUNT;
	}
	rows = ranking_rows(r, names ? cgroup_of : NULL, names);
	if (!rows) {
		free(names);
		cli_error(cmd, "%s", strerror(ENOMEM));
		return 1;
	}
	ret = p->json ? ranking_print_json(stdout, r, rows, seconds) :
			ranking_print(stdout, r, rows, p->top, seconds);
	free(rows);
	free(names);
	if (ret || fflush(stdout)) {
		cli_error(cmd, "writing the output: %s", strerror(errno));
		return 1;
	}
	return 0;
}

/* The module's ranking printed; the exit status. */
static int read_and_print(const char *cmd, const char *dir,
			  const struct show_ranking_params *p, double seconds)
{
	struct ranking r;
	int ret;

	if (read_ranking(cmd, dir, &r))
		return 1;
	ret = print_ranking(cmd, &r, p, seconds);
	ranking_free(&r);
	return ret;
}

/* rank_by set to by for the duration, then set back; 0 or -1. */
static int measure(const char *cmd, const char *dir,
		   const struct show_ranking_params *p, double seconds)
{
	struct timespec left = { (time_t)seconds,
				 (long)((seconds - (time_t)seconds) * 1e9) };
	struct ss_session session = { 0 };
	char old[32], err[512];
	int ret = -1;

	if (ss_session_begin(&session, cmd, dir, p->filter))
		return -1;
	if (ss_require_group(cmd, dir, "latency"))
		goto end;
	if (ss_ctl_read(dir, "rank_by", old, sizeof(old), err, sizeof(err)) ||
	    ss_ctl_write(dir, "rank_by", "off", err, sizeof(err)) ||
	    ss_ctl_write(dir, "rank_by", p->by, err, sizeof(err))) {
		cli_error(cmd, "%s", err);
		goto end;
	}
	cli_stop_on_signals();
	while (!cli_stop_requested && nanosleep(&left, &left) && errno == EINTR)
		;
	cli_stop_signals_default();
	/* read before rank_by is set back, which empties the tables */
	ret = read_and_print(cmd, dir, p, seconds) ? -1 : 0;
	if (ss_ctl_write(dir, "rank_by", old, err, sizeof(err)))
		cli_error(cmd, "setting rank_by back to %s: %s", old, err);
end:
	ss_session_end(&session, cmd);
	return ret;
}

int show_ranking(const char *cmd, const char *dir,
		 const struct show_ranking_params *p)
{
	char now[32], err[512];
	int ret;

	ret = ss_ctl_read(dir, "rank_by", now, sizeof(now), err, sizeof(err));
	if (ret == -ENOENT) {
		cli_error(cmd, "%s/rank_by: no such file: the loaded module "
			  "predates show --by; load this version", dir);
		return 1;
	}
	if (ret) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	/* a filter asked for: only a measurement of its own has it */
	if (p->duration > 0 || (p->filter && *p->filter) || strcmp(now, p->by))
		return measure(cmd, dir, p, p->duration > 0 ? p->duration :
			       RANKING_DEFAULT_SECONDS) ? 1 : 0;
	return read_and_print(cmd, dir, p, 0);
}
