/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fields of a trace event record read by name from its format
 * (libtraceevent): numbers sign-extended as the format says, char arrays as
 * strings, and elements of arrays. Every read checks that the field lies
 * inside the record; a missing field is -ENOENT, a record too short or a
 * field of another kind -EINVAL, err saying which.
 */
#ifndef SCHEDSCOPE_KMOD_TRACE_FIELDS_H
#define SCHEDSCOPE_KMOD_TRACE_FIELDS_H

#include <stddef.h>
#include <stdint.h>

struct tep_event;
struct tep_record;

int trace_field_number(struct tep_event *ev, struct tep_record *rec,
		       const char *name, uint64_t *value, char *err,
		       size_t errlen);
/* A char array into buf (cut to size - 1, NUL-terminated). */
int trace_field_text(struct tep_event *ev, struct tep_record *rec,
		     const char *name, char *buf, size_t size, char *err,
		     size_t errlen);
/* Element i of a number array ("pid_t ran_pid[3]"). */
int trace_field_element(struct tep_event *ev, struct tep_record *rec,
			const char *name, unsigned int i, uint64_t *value,
			char *err, size_t errlen);
/* The i-th string of a char array holding strings of width bytes each. */
int trace_field_text_at(struct tep_event *ev, struct tep_record *rec,
			const char *name, unsigned int i, unsigned int width,
			char *buf, size_t size, char *err, size_t errlen);

#endif
