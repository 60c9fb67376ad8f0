// SPDX-License-Identifier: GPL-2.0
/* The table of subcommands and the dispatch to them (main is in schedscope.c). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cmd/commands.h"

#define SCHEDSCOPE_VERSION	"0.1.0"

static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} commands[] = {
	{ "load", cmd_load, "load the module, with the cfs_rq layout from BTF" },
	{ "unload", cmd_unload, "remove the module" },
	{ "status", cmd_status, "module version, kernel, filter, live metrics" },
	{ "enable", cmd_enable, "start measuring" },
	{ "disable", cmd_disable, "stop measuring (the counts stay readable)" },
	{ "reset", cmd_reset, "zero every counter and histogram" },
	{ "show", cmd_show, "counters and histograms (text, bcc, JSON, CSV, "
	  "OpenMetrics)" },
	{ "watch", cmd_watch, "what happened per interval, with timestamps" },
	{ "export", cmd_export, "Prometheus text for node_exporter's textfile "
	  "collector" },
	{ "record", cmd_record, "the module's trace events into CSV" },
	{ "slow", cmd_slow, "every long wait for a CPU: who ran meanwhile, "
	  "and why" },
	{ "sweep", cmd_sweep, "run a workload under sched_feat settings, "
	  "keep every run" },
	{ "plot", cmd_plot, "gnuplot charts of a sweep (PNG, SVG)" },
	{ "report", cmd_report, "tables of a sweep: means, % change, "
	  "significance" },
	{ "restore", cmd_restore, "the sched features a killed sweep left "
	  "changed, put back" },
};

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "Usage: schedscope COMMAND [OPTIONS]\n\n"
		"Shows what the Linux fair scheduler decides and what it costs, "
		"from the\nschedscope module's debugfs files.\n\nCommands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\n'schedscope COMMAND --help' describes a command; "
		"see also schedscope(8).\nExit status: 0 success, 1 failure, "
		"2 bad command line.\n");
}

int schedscope_run(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("schedscope %s\n", SCHEDSCOPE_VERSION);
		return 0;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
}
