// SPDX-License-Identifier: GPL-2.0
/*
 * What every section of `schedscope report` uses: titles, the tables and
 * their ratio cells; and the report's header.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/cpu_info.h"
#include "report/report.h"

void report_title(struct report *r, const char *text)
{
	size_t n = strlen(text);

	if (r->md) {
		fprintf(r->out, "## %s\n\n", text);
		return;
	}
	fprintf(r->out, "%s\n", text);
	while (n--)
		fputc('-', r->out);
	fputs("\n\n", r->out);
}

void report_print_table(struct report *r, struct report_table *t)
{
	if (report_table_print(t, r->md, r->out) && !r->error)
		r->error = -ENOMEM;
	report_table_free(t);
}

void report_set_ratio(struct report_table *t, size_t row, size_t col,
		      const struct summary_stats *st,
		      const struct summary_stats *base)
{
	if (st->n && base->n && base->mean > 0)
		report_table_set(t, row, col, "%.3f", st->mean / base->mean);
	else
		report_table_set(t, row, col, "-");
}

void report_field(struct report *r, bool note, const char *name,
		  const char *fmt, ...)
{
	va_list ap;

	if (r->md)
		fprintf(r->out, note ? "- **%s**: " : "- %s: ", name);
	else
		fprintf(r->out, "%s:%*s", name, (int)(12 - strlen(name)), "");
	va_start(ap, fmt);
	vfprintf(r->out, fmt, ap);
	va_end(ap);
	fputc('\n', r->out);
}

/* Has an earlier run than runs[upto] the same note? */
static bool note_seen(const struct sweep_results *res, size_t upto,
		      const char *note)
{
	json_t *n;
	size_t i, j;

	for (i = 0; i < upto; i++)
		json_array_foreach(res->runs[i].notes, j, n)
			if (!strcmp(json_string_value(n), note))
				return true;
	return false;
}

/* Each distinct note of the runs (what was not found in the output), once. */
static void report_notes(struct report *r)
{
	const struct sweep_results *res = r->res;
	size_t i, j, k, runs;
	json_t *n, *m;

	for (i = 0; i < res->nruns; i++) {
		json_array_foreach(res->runs[i].notes, j, n) {
			const char *note = json_string_value(n);

			if (note_seen(res, i, note))
				continue;
			for (runs = 0, k = i; k < res->nruns; k++) {
				size_t x;

				json_array_foreach(res->runs[k].notes, x, m)
					if (!strcmp(json_string_value(m), note)) {
						runs++;
						break;
					}
			}
			report_field(r, true, "note", "%s (%zu of %zu runs)", note, runs,
			      res->nruns);
		}
	}
}

/*
 * The machine the runs were on (sweep.json "machine", from /proc/cpuinfo),
 * and what an emulated or virtual CPU means for the times of the report.
 */
static void report_machine(struct report *r)
{
	json_t *machine = json_object_get(r->res->sweep, "machine");
	const char *model = json_string_value(json_object_get(machine,
							       "cpu_model"));
	bool hypervisor = json_is_true(json_object_get(machine, "hypervisor"));

	if (!model || !*model)
		return;
	if (cpu_info_model_emulated(model)) {
		report_field(r, false, "machine", "%s (QEMU emulating the CPU: "
			     "TCG)", model);
		/* translated code; the guest's clock runs while unrun */
		report_field(r, true, "emulated", "times are an emulator's, "
			     "several times a real CPU's and with the host's "
			     "pauses in them: compare settings, not machines");
	} else {
		report_field(r, false, "machine", "%s%s", model, hypervisor ?
			     " (a virtual machine: times include the host's "
			     "scheduling of its CPUs)" : "");
	}
}

/*
 * What measuring cost in these runs, as the module timed its own probes
 * (its "cost" of each run): the mean over the runs that have it.
 */
static void report_cost(struct report *r)
{
	const struct sweep_results *res = r->res;
	double sw = 0, wk = 0;
	size_t i, nsw = 0, nwk = 0;
	unsigned int sample_min = 0, sample_max = 0;
	char wakeup[64] = ", no wakeup timed";

	for (i = 0; i < res->nruns; i++) {
		const struct run_module *m = res->runs[i].module;

		if (!m || !sweep_run_used(&res->runs[i]))
			continue;
		if (!sample_min || m->sample < sample_min)
			sample_min = m->sample;
		if (m->sample > sample_max)
			sample_max = m->sample;
		if (!isnan(m->cost_switch_ns)) {
			sw += m->cost_switch_ns;
			nsw++;
		}
		if (!isnan(m->cost_wakeup_ns)) {
			wk += m->cost_wakeup_ns;
			nwk++;
		}
	}
	if (sample_max > 1 && sample_min == sample_max)
		report_field(r, true, "sampled", "the eevdf, delayed_dequeue, "
			     "decisions and pick_order groups recorded 1 switch "
			     "and 1 wakeup in %u: their counts are estimates",
			     sample_max);
	else if (sample_max > 1)
		report_field(r, true, "sampled", "runs sampled the eevdf, "
			     "delayed_dequeue, decisions and pick_order groups "
			     "differently (1 in %u to 1 in %u): their counts are "
			     "estimates", sample_min, sample_max);
	if (!nsw)
		return;
	/* the latency group alone may attach nothing at sched_wakeup */
	if (nwk)
		snprintf(wakeup, sizeof(wakeup), " and %.0f ns a wakeup",
			 wk / nwk);
	report_field(r, false, "measuring", "the module's probes took %.0f ns "
		     "a switch%s (their own timing of some calls, mean of %zu "
		     "runs)", sw / nsw, wakeup, nsw);
}

void report_header(struct report *r)
{
	const struct sweep_results *res = r->res;
	json_t *cpus = json_object_get(res->sweep, "cpus");
	const char *q = r->md ? "`" : "";
	char list[2048] = "", ncpus[32] = "";
	size_t s, i, used = 0, failed = 0;

	for (s = 0; s < res->nruns; s++)
		failed += !sweep_run_used(&res->runs[s]);
	for (s = 0; s < res->nsettings && used < sizeof(list); s++)
		used += snprintf(list + used, sizeof(list) - used, "%s%s",
				 s ? ", " : "", res->settings[s].name);
	if (json_is_integer(cpus))
		snprintf(ncpus, sizeof(ncpus), ", %" JSON_INTEGER_FORMAT " CPUs",
			 json_integer_value(cpus));
	fputs(r->md ? "# schedscope report\n\n" : "schedscope report\n\n", r->out);
	report_field(r, false, "kernel", "%s%s%s%s", q, res->kernel, q, ncpus);
	report_machine(r);
	report_field(r, false, "workload", "%s%s%s", q, res->workload, q);
	report_field(r, false, "repetitions", "%u", res->repetitions);
	report_field(r, false, "settings", "%s%s%s%s", list,
	      res->preset[0] ? " (preset " : "", res->preset,
	      res->preset[0] ? ")" : "");
	report_field(r, false, "baseline", "%s", res->settings[r->base].name);
	report_features(r);
	report_cost(r);
	if (!res->complete || res->stopped_by[0])
		report_field(r, true, "incomplete", "stopped by %s, %zu of %zu runs taken",
		      res->stopped_by[0] ? res->stopped_by : "(not recorded)",
		      res->nruns, res->nsettings * res->repetitions);
	if (failed)
		report_field(r, true, "failed", "%zu run%s with a non-zero exit status, "
		      "left out", failed, failed > 1 ? "s" : "");
	for (i = 0; i < res->nbad; i++)
		report_field(r, true, "unreadable", "%s; left out", res->bad[i]);
	report_notes(r);
	fputc('\n', r->out);
}
