// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <event-parse.h>

#include "lib/error_msg.h"
#include "kmod/trace_event.h"

const char *const record_event_names[] = { "pick", "dequeue", "place", NULL };

int record_csv_header(FILE *out)
{
	fputs("time_ns,event,cpu,pid,comm,depth,lag,vruntime,deadline,"
	      "avg_vruntime,slice,weight,eligible,delayed\n", out);
	return ferror(out) ? -EIO : 0;
}

static void csv_field(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

int record_csv_row(FILE *out, const struct ss_event *e)
{
	fprintf(out, "%" PRIu64 ",", e->time_ns);
	csv_field(out, e->event);
	fprintf(out, ",%d,%d,", e->cpu, e->pid);
	csv_field(out, e->comm);
	fprintf(out, ",%d,%" PRId64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%"
		PRIu64 ",%" PRIu64 ",%d,%d\n", e->depth, e->lag, e->vruntime,
		e->deadline, e->avg_vruntime, e->slice, e->weight, e->eligible,
		e->delayed);
	return ferror(out) ? -EIO : 0;
}

static struct tep_format_field *field(struct tep_event *ev,
				      struct tep_record *rec, const char *name,
				      char *err, size_t errlen, int *ret)
{
	struct tep_format_field *f = tep_find_field(ev, name);

	if (!f) {
		error_msg(err, errlen, "%s:%s has no field '%s'", ev->system,
			  ev->name, name);
		*ret = -ENOENT;
		return NULL;
	}
	if (f->offset < 0 || f->size <= 0 || f->offset + f->size > rec->size) {
		error_msg(err, errlen, "%s:%s record of %d bytes is shorter than "
			  "field '%s'", ev->system, ev->name, rec->size, name);
		*ret = -EINVAL;
		return NULL;
	}
	return f;
}

/* A number field, sign-extended when the format says it is signed. */
static int number(struct tep_event *ev, struct tep_record *rec,
		  const char *name, uint64_t *value, char *err, size_t errlen)
{
	unsigned long long v;
	struct tep_format_field *f;
	int ret = 0;

	f = field(ev, rec, name, err, errlen, &ret);
	if (!f)
		return ret;
	if (f->size > 8 || tep_read_number_field(f, rec->data, &v)) {
		error_msg(err, errlen, "%s:%s field '%s' is not a number",
			  ev->system, ev->name, name);
		return -EINVAL;
	}
	if ((f->flags & TEP_FIELD_IS_SIGNED) && f->size < 8 &&
	    (v & (1ull << (f->size * 8 - 1))))
		v |= ~0ull << (f->size * 8);
	*value = v;
	return 0;
}

int record_event_parse(struct tep_event *ev, struct tep_record *rec,
		       struct ss_event *e, char *err, size_t errlen)
{
	static const char *const names[] = {
		"cpu", "pid", "depth", "lag", "vruntime", "deadline",
		"avg_vruntime", "slice", "weight", "eligible", "delayed",
	};
	struct {
		uint64_t v;
	} n[sizeof(names) / sizeof(names[0])];
	struct tep_format_field *comm;
	size_t i, len;
	int ret = 0;

	memset(e, 0, sizeof(*e));
	for (i = 0; i < sizeof(n) / sizeof(n[0]); i++) {
		ret = number(ev, rec, names[i], &n[i].v, err, errlen);
		if (ret)
			return ret;
	}
	comm = field(ev, rec, "comm", err, errlen, &ret);
	if (!comm)
		return ret;
	len = strnlen((const char *)rec->data + comm->offset, comm->size);
	if (len > sizeof(e->comm) - 1)
		len = sizeof(e->comm) - 1;
	memcpy(e->comm, (const char *)rec->data + comm->offset, len);
	snprintf(e->event, sizeof(e->event), "%s", ev->name);
	e->time_ns = rec->ts;
	e->cpu = (int)n[0].v;
	e->pid = (int)n[1].v;
	e->depth = (int)n[2].v;
	e->lag = (int64_t)n[3].v;
	e->vruntime = n[4].v;
	e->deadline = n[5].v;
	e->avg_vruntime = n[6].v;
	e->slice = n[7].v;
	e->weight = n[8].v;
	e->eligible = n[9].v != 0;
	e->delayed = n[10].v != 0;
	return 0;
}
