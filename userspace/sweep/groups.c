// SPDX-License-Identifier: GPL-2.0
/* --group NAME=COMMAND, cpu.stat, and the groups' shares of a run. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <wordexp.h>

#include "lib/error_msg.h"
#include "lib/kv_stats.h"
#include "sweep/groups.h"

static const char *wordexp_error(int ret)
{
	switch (ret) {
	case WRDE_BADCHAR:
		return "an unquoted | & ; < > ( ) { } or newline (quote it; "
		       "the command is not run by a shell)";
	case WRDE_BADVAL:
		return "an unset variable";
	case WRDE_CMDSUB:
		return "a command substitution $(...) or `...`";
	case WRDE_NOSPACE:
		return "out of memory";
	default:
		return "a syntax error (an unbalanced quote?)";
	}
}

int sweep_group_parse(const char *arg, struct sweep_group_spec *g, char *err,
		      size_t errlen)
{
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : 0;
	wordexp_t we;
	size_t i;
	int ret;

	memset(g, 0, sizeof(*g));
	if (!eq) {
		error_msg(err, errlen, "'%s': not NAME=COMMAND", arg);
		return -EINVAL;
	}
	if (len <= SWEEP_GROUP_NAME_MAX) {
		memcpy(g->name, arg, len);
		g->name[len] = '\0';
	}
	if (len > SWEEP_GROUP_NAME_MAX || !sweep_group_name_ok(g->name)) {
		error_msg(err, errlen, "'%.*s': a group name is 1 to %d of "
			  "a-z, 0-9 and _, the first a letter", (int)len, arg,
			  SWEEP_GROUP_NAME_MAX);
		return -EINVAL;
	}
	ret = wordexp(eq + 1, &we, WRDE_NOCMD | WRDE_UNDEF);
	if (ret) {
		if (ret == WRDE_NOSPACE)
			wordfree(&we);
		error_msg(err, errlen, "%s: '%s': %s", g->name, eq + 1,
			  wordexp_error(ret));
		return -EINVAL;
	}
	if (!we.we_wordc || !we.we_wordv[0][0] ||
	    we.we_wordc > SWEEP_GROUP_MAX_ARGS) {
		error_msg(err, errlen, "%s: %s", g->name, we.we_wordc ?
			  "a command of 1 to 255 words, the first not empty" :
			  "no command");
		wordfree(&we);
		return -EINVAL;
	}
	/* Copied out: wordexp's vector cannot be told apart from ours later. */
	g->argv = calloc(we.we_wordc + 1, sizeof(*g->argv));
	for (i = 0; g->argv && i < we.we_wordc; i++) {
		g->argv[i] = strdup(we.we_wordv[i]);
		if (!g->argv[i])
			break;
	}
	g->argc = i;
	wordfree(&we);
	if (!g->argv || g->argc != we.we_wordc) {
		sweep_group_free(g);
		error_msg(err, errlen, "out of memory");
		return -ENOMEM;
	}
	g->command = eq + 1;
	return 0;
}

void sweep_group_free(struct sweep_group_spec *g)
{
	size_t i;

	for (i = 0; g->argv && i < g->argc; i++)
		free(g->argv[i]);
	free(g->argv);
	g->argv = NULL;
	g->argc = 0;
}

int cgroup_cpu_stat_parse(const char *text, struct cgroup_cpu_usage *u)
{
	static const char *const keys[] = { "usage_usec", "user_usec",
					    "system_usec" };
	uint64_t *val[] = { &u->usage_usec, &u->user_usec, &u->system_usec };
	struct kv_stats st;
	int ret = 0;
	size_t i;

	if (kv_stats_parse(&st, text, strlen(text), NULL, 0))
		return -EINVAL;
	for (i = 0; i < 3 && !ret; i++)
		if (kv_stats_get(&st, keys[i], val[i]))
			ret = -EINVAL;
	kv_stats_free(&st);
	return ret;
}

void sweep_group_shares(const struct cgroup_cpu_usage *before,
			const struct cgroup_cpu_usage *after, size_t n,
			double window_s, unsigned int cpus,
			struct sweep_group_share *out)
{
	uint64_t total = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		out[i].usage_usec = after[i].usage_usec >= before[i].usage_usec ?
				    after[i].usage_usec - before[i].usage_usec : 0;
		total += out[i].usage_usec;
	}
	for (i = 0; i < n; i++) {
		out[i].share_of_cpus = window_s > 0 && cpus ?
			out[i].usage_usec / (window_s * 1e6 * cpus) : 0;
		out[i].share_of_groups = total ?
			(double)out[i].usage_usec / total : 0;
	}
}
