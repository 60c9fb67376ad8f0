// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "lib/parse_u64.h"
#include "lib/proc_task.h"
#include "lib/read_file.h"

static int read_task_file(const char *proc_root, pid_t pid, pid_t tid,
			  const char *name, char *path, size_t path_len,
			  char **buf, size_t *len, char *err, size_t errlen)
{
	if (!proc_root)
		proc_root = "/proc";
	if ((size_t)snprintf(path, path_len, "%s/%d/task/%d/%s", proc_root,
			     (int)pid, (int)tid, name) >= path_len) {
		error_msg(err, errlen, "%s/...: path too long", proc_root);
		return -ENAMETOOLONG;
	}
	return read_file(path, buf, len, err, errlen);
}

/* Field of status: "<name>:" at the start of a line, tabs, number, newline. */
struct status_field {
	const char *name;
	uint64_t *value;
	unsigned int line;		/* where it was found, 0 if not yet */
};

static int parse_status_line(const char *line, size_t len, unsigned int lineno,
			     struct status_field *fields, size_t nfields,
			     char *err, size_t errlen)
{
	size_t i, name_len, pos;

	for (i = 0; i < nfields; i++) {
		name_len = strlen(fields[i].name);
		if (len > name_len && line[name_len] == ':' &&
		    !memcmp(line, fields[i].name, name_len))
			break;
	}
	if (i == nfields)
		return 0;
	if (fields[i].line) {
		error_msg(err, errlen, "line %u: %s again (first on line %u)",
			  lineno, fields[i].name, fields[i].line);
		return -EINVAL;
	}
	pos = name_len + 1;
	while (pos < len && (line[pos] == '\t' || line[pos] == ' '))
		pos++;
	if (pos == name_len + 1 || parse_u64(line + pos, len - pos, fields[i].value)) {
		error_msg(err, errlen, "line %u: %s: \"%.*s\" is not a number",
			  lineno, fields[i].name, (int)(len - pos < 24 ? len - pos : 24),
			  line + pos);
		return -EINVAL;
	}
	fields[i].line = lineno;
	return 0;
}

static int parse_status(const char *buf, size_t len, struct proc_task *task,
			char *err, size_t errlen)
{
	struct status_field fields[] = {
		{ "voluntary_ctxt_switches", &task->switches_voluntary, 0 },
		{ "nonvoluntary_ctxt_switches", &task->switches_involuntary, 0 },
	};
	unsigned int lineno = 0;
	size_t pos = 0, i;
	int ret;

	if (memchr(buf, '\0', len)) {
		error_msg(err, errlen, "NUL byte in the file");
		return -EINVAL;
	}
	while (pos < len) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t line_len = nl ? (size_t)(nl - (buf + pos)) : len - pos;

		lineno++;
		if (!nl) {
			error_msg(err, errlen, "line %u: no newline at the end "
				  "(truncated?)", lineno);
			return -EINVAL;
		}
		ret = parse_status_line(buf + pos, line_len, lineno, fields, 2,
					err, errlen);
		if (ret)
			return ret;
		pos += line_len + 1;
	}
	for (i = 0; i < 2; i++) {
		if (!fields[i].line) {
			error_msg(err, errlen, "no %s line", fields[i].name);
			return -EINVAL;
		}
	}
	return 0;
}

/* Exactly "run wait slices\n", as the kernel's proc_pid_schedstat() prints. */
static int parse_schedstat(const char *buf, size_t len, struct proc_task *task,
			   char *err, size_t errlen)
{
	uint64_t *values[] = { &task->run_ns, &task->wait_ns, &task->timeslices };
	size_t pos = 0, i;

	for (i = 0; i < 3; i++) {
		size_t n = digits_span(buf + pos, len - pos);
		char end = i < 2 ? ' ' : '\n';

		if (pos + n >= len || buf[pos + n] != end ||
		    parse_u64(buf + pos, n, values[i])) {
			error_msg(err, errlen, "not \"run_ns wait_ns timeslices\": "
				  "field %zu is not a number followed by %s",
				  i + 1, i < 2 ? "one space" : "a newline");
			return -EINVAL;
		}
		pos += n + 1;
	}
	if (pos != len) {
		error_msg(err, errlen, "more than one line");
		return -EINVAL;
	}
	return 0;
}

static int read_part(const char *proc_root, pid_t pid, pid_t tid,
		     const char *name, struct proc_task *task, char *err,
		     size_t errlen,
		     int (*parse)(const char *, size_t, struct proc_task *,
				  char *, size_t))
{
	struct proc_task parsed = *task;
	char path[PATH_MAX];
	size_t len;
	char *buf;
	int ret;

	ret = read_task_file(proc_root, pid, tid, name, path, sizeof(path),
			     &buf, &len, err, errlen);
	if (ret)
		return ret;
	ret = parse(buf, len, &parsed, err, errlen);
	free(buf);
	if (ret) {
		error_msg_prefix(err, errlen, path);
		return ret;
	}
	*task = parsed;
	return 0;
}

int proc_task_read_status(const char *proc_root, pid_t pid, pid_t tid,
			  struct proc_task *task, char *err, size_t errlen)
{
	return read_part(proc_root, pid, tid, "status", task, err, errlen,
			 parse_status);
}

int proc_task_read_schedstat(const char *proc_root, pid_t pid, pid_t tid,
			     struct proc_task *task, char *err, size_t errlen)
{
	return read_part(proc_root, pid, tid, "schedstat", task, err, errlen,
			 parse_schedstat);
}

int proc_task_read(const char *proc_root, pid_t pid, pid_t tid,
		   struct proc_task *task, char *err, size_t errlen)
{
	struct proc_task both = { 0 };
	int ret;

	ret = proc_task_read_status(proc_root, pid, tid, &both, err, errlen);
	if (!ret)
		ret = proc_task_read_schedstat(proc_root, pid, tid, &both, err,
					       errlen);
	if (!ret)
		*task = both;
	return ret;
}

void proc_task_delta(const struct proc_task *after, const struct proc_task *before,
		     struct proc_task *delta)
{
	delta->switches_voluntary = after->switches_voluntary -
				    before->switches_voluntary;
	delta->switches_involuntary = after->switches_involuntary -
				      before->switches_involuntary;
	delta->run_ns = after->run_ns - before->run_ns;
	delta->wait_ns = after->wait_ns - before->wait_ns;
	delta->timeslices = after->timeslices - before->timeslices;
}
