// SPDX-License-Identifier: GPL-2.0
/* Fields of a trace event record by name (kmod/trace_fields.h). */
#include <errno.h>
#include <string.h>

#include <event-parse.h>

#include "lib/error_msg.h"
#include "kmod/trace_fields.h"

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

/* size bytes at data as the record's byte order says, sign-extended if signed */
static uint64_t value_at(struct tep_event *ev, const void *data, int size,
			 bool is_signed)
{
	uint64_t v = tep_read_number(ev->tep, data, size);

	if (is_signed && size < 8 && (v & (1ull << (size * 8 - 1))))
		v |= ~0ull << (size * 8);
	return v;
}

static int not_a(struct tep_event *ev, const char *name, const char *what,
		 char *err, size_t errlen)
{
	return error_ret(err, errlen, -EINVAL, "%s:%s field '%s' is not %s",
			 ev->system, ev->name, name, what);
}

int trace_field_number(struct tep_event *ev, struct tep_record *rec,
		       const char *name, uint64_t *value, char *err,
		       size_t errlen)
{
	struct tep_format_field *f;
	int ret = 0;

	f = field(ev, rec, name, err, errlen, &ret);
	if (!f)
		return ret;
	if (f->size > 8 || (f->size & (f->size - 1)))
		return not_a(ev, name, "a number", err, errlen);
	*value = value_at(ev, (const char *)rec->data + f->offset, f->size,
			  f->flags & TEP_FIELD_IS_SIGNED);
	return 0;
}

static void copy_text(const char *src, size_t max, char *buf, size_t size)
{
	size_t len = strnlen(src, max);

	if (len > size - 1)
		len = size - 1;
	memcpy(buf, src, len);
	buf[len] = '\0';
}

int trace_field_text(struct tep_event *ev, struct tep_record *rec,
		     const char *name, char *buf, size_t size, char *err,
		     size_t errlen)
{
	struct tep_format_field *f;
	int ret = 0;

	f = field(ev, rec, name, err, errlen, &ret);
	if (!f)
		return ret;
	copy_text((const char *)rec->data + f->offset, f->size, buf, size);
	return 0;
}

int trace_field_element(struct tep_event *ev, struct tep_record *rec,
			const char *name, unsigned int i, uint64_t *value,
			char *err, size_t errlen)
{
	struct tep_format_field *f;
	int ret = 0, es;

	f = field(ev, rec, name, err, errlen, &ret);
	if (!f)
		return ret;
	es = f->elementsize;
	if (!(f->flags & TEP_FIELD_IS_ARRAY) || es <= 0 || es > 8 ||
	    (es & (es - 1)) || (unsigned int)f->size / es <= i)
		return not_a(ev, name, "a number array that long", err, errlen);
	*value = value_at(ev, (const char *)rec->data + f->offset + i * es,
			  es, f->flags & TEP_FIELD_IS_SIGNED);
	return 0;
}

int trace_field_text_at(struct tep_event *ev, struct tep_record *rec,
			const char *name, unsigned int i, unsigned int width,
			char *buf, size_t size, char *err, size_t errlen)
{
	struct tep_format_field *f;
	int ret = 0;

	f = field(ev, rec, name, err, errlen, &ret);
	if (!f)
		return ret;
	if (!width || (unsigned int)f->size / width <= i)
		return not_a(ev, name, "an array of that many strings", err,
			     errlen);
	copy_text((const char *)rec->data + f->offset + i * width, width, buf,
		  size);
	return 0;
}
