// SPDX-License-Identifier: GPL-2.0
/*
 * The command line of every command, read one way: getopt_long() over the
 * command's table, the shared options (--debugfs, the filter, --help) and
 * the bad ones handled here, the command's own handed to it.
 */
#include <getopt.h>
#include <stdlib.h>

#include "cli/cli.h"

/* 1 if opt is a shared option (taken into c), 0 if not; or the exit code. */
static int set_common_option(const struct cli_command_options *co,
			     struct cli_common_params *c, int opt,
			     const char *arg)
{
	int ret;

	switch (opt) {
	case OPT_DEBUGFS:
		c->debugfs = arg;
		return 1;
	case OPT_PID:
	case OPT_TGID:
	case OPT_COMM:
	case OPT_CGROUP:
		ret = cli_filter_option(co->cmd, &c->filter, opt, arg);
		return ret ? ret : 1;
	case 'h':
		co->usage(stdout);
		return -1;
	default:
		return 0;
	}
}

int cli_parse_options(const struct cli_command_options *co, int argc,
		      char **argv, struct cli_common_params *common,
		      void *params)
{
	int opt, ret;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, co->optstring, co->options,
				  NULL)) != -1) {
		ret = set_common_option(co, common, opt, optarg);
		if (ret == 1)
			continue;
		if (ret)
			return ret;
		/* getopt_long() says '?' or ':' for what the table lacks. */
		if (opt == '?' || opt == ':' || !co->take)
			return cli_bad_option(co->cmd, opt, argv);
		ret = co->take(params, opt, optarg);
		if (ret)
			return ret;
	}
	return 0;
}

int cli_no_arguments(const char *cmd, int argc, char **argv)
{
	if (optind < argc)
		return cli_unexpected_argument(cmd, argv[optind]);
	return 0;
}

const char *cli_debugfs_dir(const char *option)
{
	const char *env = getenv(SS_DEBUGFS_ENV);

	if (option)
		return option;
	if (env && *env)
		return env;
	return SS_DEBUGFS_DEFAULT;
}
