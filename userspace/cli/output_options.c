// SPDX-License-Identifier: GPL-2.0
/* The output options of show and watch (cli/output_options.h). */
#include <string.h>

#include "cli/cli.h"
#include "cli/output_options.h"
#include "hist/unit.h"

void output_params_init(struct output_params *p)
{
	memset(p, 0, sizeof(*p));
	p->out.format = OUT_BPFTRACE;
	p->out.unit = HIST_UNIT_NS;
	p->out.summary = true;
	p->out.stats = true;
	p->out.csv_header = true;
}

static int set_format(const char *cmd, struct output_params *p,
		      enum out_format f, const char *opt)
{
	if (p->format_opt && p->out.format != f)
		return cli_usage_error(cmd, "%s conflicts with %s: choose one "
				       "output format", opt, p->format_opt);
	p->out.format = f;
	p->format_opt = opt;
	return 0;
}

/* --format NAME: the option as the conflict message names it. */
static const struct {
	const char *name;
	enum out_format format;
	const char *opt;
} format_names[] = {
	{ "bpftrace", OUT_BPFTRACE, "--format bpftrace" },
	{ "bcc", OUT_BCC, "--format bcc" },
	{ "libbpf-tools", OUT_LIBBPF, "--format libbpf-tools" },
	{ "json", OUT_JSON, "--format json" },
	{ "csv", OUT_CSV, "--format csv" },
	{ "openmetrics", OUT_OPENMETRICS, "--format openmetrics" },
	{ "prometheus", OUT_PROMETHEUS, "--format prometheus" },
};

static int set_format_name(const char *cmd, struct output_params *p,
			   const char *arg)
{
	size_t i;

	for (i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++)
		if (!strcmp(arg, format_names[i].name))
			return set_format(cmd, p, format_names[i].format,
					  format_names[i].opt);
	return cli_usage_error(cmd, "--format: unknown format '%s' (bpftrace, "
			       "bcc, libbpf-tools, json, csv, openmetrics, "
			       "prometheus)",
			       arg);
}

int output_option(const char *cmd, struct output_params *p, int opt,
		  const char *arg)
{
	p->detailed = true;
	switch (opt) {
	case OPT_ALL:
		return 0;
	case OPT_FORMAT:
		return set_format_name(cmd, p, arg);
	case OPT_JSON:
		return set_format(cmd, p, OUT_JSON, "--json");
	case OPT_CSV:
		return set_format(cmd, p, OUT_CSV, "--csv");
	case OPT_OPENMETRICS:
		return set_format(cmd, p, OUT_OPENMETRICS, "--openmetrics");
	case OPT_PER_CPU:
		p->out.per_cpu = true;
		return 0;
	case OPT_UNIT:
		if (hist_unit_parse(arg, &p->out.unit))
			return cli_usage_error(cmd, "--unit: '%s' is not ns, "
					       "us or ms", arg);
		return 0;
	case OPT_HIST:
		if (!*arg || strchr(arg, '/') || !strcmp(arg, ".") ||
		    !strcmp(arg, ".."))
			return cli_usage_error(cmd, "--hist: '%s' is not a "
					       "histogram name", arg);
		p->hist = arg;
		p->out.stats = false;
		return 0;
	default:		/* OPT_NO_SUMMARY */
		p->out.summary = false;
		return 0;
	}
}
