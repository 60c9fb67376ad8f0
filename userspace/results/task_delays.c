// SPDX-License-Identifier: GPL-2.0
/* A run's per-task delays: the rows per command, and their JSON. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "results/task_delays.h"

struct task_delay_row *task_delays_row(struct task_delays *td, const char *comm)
{
	struct task_delay_row *grown;
	size_t i;

	for (i = 0; i < td->n; i++)
		if (!strcmp(td->rows[i].comm, comm))
			return &td->rows[i];
	grown = realloc(td->rows, (td->n + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	td->rows = grown;
	memset(&grown[td->n], 0, sizeof(grown[td->n]));
	snprintf(grown[td->n].comm, sizeof(grown[td->n].comm), "%s", comm);
	return &grown[td->n++];
}

void task_delay_row_add(struct task_delay_row *to,
			const struct task_delay_row *from)
{
	to->tasks += from->tasks;
	to->runtime_ns += from->runtime_ns;
	to->runs += from->runs;
	to->delay_ns += from->delay_ns;
	if (from->delay_max_ns > to->delay_max_ns)
		to->delay_max_ns = from->delay_max_ns;
	to->voluntary += from->voluntary;
	to->involuntary += from->involuntary;
}

/* The most time waiting first, then the longest wait; then by name. */
static int most_waiting_first(const void *a, const void *b)
{
	const struct task_delay_row *x = a, *y = b;

	if (x->delay_ns != y->delay_ns)
		return x->delay_ns < y->delay_ns ? 1 : -1;
	if (x->delay_max_ns != y->delay_max_ns)
		return x->delay_max_ns < y->delay_max_ns ? 1 : -1;
	return strcmp(x->comm, y->comm);
}

void task_delays_sort(struct task_delays *td)
{
	if (td->n)
		qsort(td->rows, td->n, sizeof(*td->rows), most_waiting_first);
}

void task_delays_free(struct task_delays *td)
{
	free(td->rows);
	memset(td, 0, sizeof(*td));
}

static json_t *row_json(const struct task_delay_row *r, bool have_max)
{
	return json_pack("{s:s, s:I, s:I, s:I, s:I, s:o, s:I, s:I}",
			 "comm", r->comm,
			 "tasks", (json_int_t)r->tasks,
			 "runtime_ns", (json_int_t)r->runtime_ns,
			 "runs", (json_int_t)r->runs,
			 "delay_ns", (json_int_t)r->delay_ns,
			 "delay_max_ns", have_max ?
				json_integer((json_int_t)r->delay_max_ns) :
				json_null(),
			 "switches_voluntary", (json_int_t)r->voluntary,
			 "switches_involuntary", (json_int_t)r->involuntary);
}

json_t *task_delays_json(const struct task_delays *td)
{
	json_t *rows = json_array(), *row;
	size_t i;

	if (!rows)
		return NULL;
	for (i = 0; i < td->n; i++) {
		row = row_json(&td->rows[i], td->have_delay_max);
		if (!row || json_array_append_new(rows, row)) {
			json_decref(rows);
			return NULL;
		}
	}
	return json_pack("{s:s, s:I, s:o}", "source", "taskstats",
			 "overflows", (json_int_t)td->overflows, "tasks", rows);
}

/* A count or a time in ns: a JSON integer from 0 up. */
static bool get_count(json_t *obj, const char *key, uint64_t *v)
{
	json_t *j = json_object_get(obj, key);

	if (!json_is_integer(j) || json_integer_value(j) < 0)
		return false;
	*v = (uint64_t)json_integer_value(j);
	return true;
}

/* Row i of "tasks"; false names the bad member in err. */
static bool row_from_json(json_t *j, size_t i, bool have_max,
			  struct task_delay_row *r, char *err, size_t errlen)
{
	static const char *const keys[] = {
		"tasks", "runtime_ns", "runs", "delay_ns",
		"switches_voluntary", "switches_involuntary",
	};
	uint64_t tasks, *dest[] = {
		&tasks, &r->runtime_ns, &r->runs, &r->delay_ns,
		&r->voluntary, &r->involuntary,
	};
	json_t *comm = json_object_get(j, "comm");
	size_t k;

	if (!json_is_string(comm) ||
	    json_string_length(comm) >= sizeof(r->comm)) {
		error_msg(err, errlen, "tasks[%zu].comm is not a task name", i);
		return false;
	}
	strcpy(r->comm, json_string_value(comm));
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (!get_count(j, keys[k], dest[k])) {
			error_msg(err, errlen, "tasks[%zu].%s is not a count", i,
				  keys[k]);
			return false;
		}
	r->tasks = tasks;
	if (have_max ? !get_count(j, "delay_max_ns", &r->delay_max_ns) :
		       !json_is_null(json_object_get(j, "delay_max_ns"))) {
		error_msg(err, errlen, "tasks[%zu].delay_max_ns is not %s", i,
			  have_max ? "a count, as tasks[0]'s" :
				     "null, as tasks[0]'s");
		return false;
	}
	return true;
}

int task_delays_from_json(json_t *json, struct task_delays *td, char *err,
			  size_t errlen)
{
	json_t *rows = json_object_get(json, "tasks"), *first;
	uint64_t overflows;
	size_t i;

	memset(td, 0, sizeof(*td));
	if (!json_is_array(rows) || !get_count(json, "overflows", &overflows)) {
		error_msg(err, errlen, "not an object with a \"tasks\" array "
			  "and an \"overflows\" count");
		return -EINVAL;
	}
	td->overflows = overflows;
	first = json_array_get(rows, 0);
	td->have_delay_max = first &&
			     !json_is_null(json_object_get(first, "delay_max_ns"));
	td->rows = calloc(json_array_size(rows) + 1, sizeof(*td->rows));
	if (!td->rows)
		return -ENOMEM;
	for (i = 0; i < json_array_size(rows); i++, td->n++)
		if (!row_from_json(json_array_get(rows, i), i, td->have_delay_max,
				   &td->rows[i], err, errlen)) {
			task_delays_free(td);
			return -EINVAL;
		}
	return 0;
}
