// SPDX-License-Identifier: GPL-2.0
/* The record of who changes the sched features (features/owner.h). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "features/owner.h"
#include "lib/atomic_file.h"
#include "lib/error_msg.h"
#include "lib/read_file.h"

#define BOOT_ID_PATH	"/proc/sys/kernel/random/boot_id"

const char *feature_owner_dir(void)
{
	const char *dir = getenv("SCHEDSCOPE_RUN_DIR");

	return dir && *dir ? dir : "/run/schedscope";
}

int feature_dir_make(const char *dir, char *err, size_t errlen)
{
	int ret;

	if (mkdir(dir, 0755) && errno != EEXIST) {
		ret = -errno;
		error_msg(err, errlen, "cannot create %s: %s", dir, strerror(-ret));
		return ret;
	}
	return 0;
}

void feature_boot_id(char *buf, size_t len)
{
	FILE *f = fopen(BOOT_ID_PATH, "r");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/* Field 22 of /proc/PID/stat, when PID started; 0 when it is not there. */
static unsigned long long start_ticks(int pid)
{
	char path[64], *buf, *p, err[256];
	unsigned long long ticks = 0;
	size_t len;
	int field;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (read_file(path, &buf, &len, err, sizeof(err)))
		return 0;
	/* the comm in parentheses may hold blanks: fields count after it */
	p = strrchr(buf, ')');
	for (field = 2; p && field < 22; field++)
		p = strchr(p + 1, ' ');
	if (p)
		ticks = strtoull(p + 1, NULL, 10);
	free(buf);
	return ticks;
}

static void record_path(const char *dir, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", dir, FEATURE_OWNER_FILE);
}

/* One "key value" line of the record into o; -EINVAL when bad. */
static int parse_line(const char *key, const char *value,
		      struct feature_owner *o, char *boot, size_t bootlen,
		      char *err, size_t errlen)
{
	char *end;

	if (!strcmp(key, "pid") || !strcmp(key, "start_ticks") ||
	    !strcmp(key, "since")) {
		long long v;

		errno = 0;
		v = strtoll(value, &end, 10);
		if (errno || end == value || *end || v < 0) {
			error_msg(err, errlen, "bad %s \"%s\"", key, value);
			return -EINVAL;
		}
		if (key[0] == 'p')
			o->pid = (int)v;
		else if (key[1] == 't')
			o->start_ticks = (unsigned long long)v;
		else
			o->since = v;
		return 0;
	}
	if (!strcmp(key, "command"))
		snprintf(o->command, sizeof(o->command), "%s", value);
	else if (!strcmp(key, "path"))
		snprintf(o->path, sizeof(o->path), "%s", value);
	else if (!strcmp(key, "boot"))
		snprintf(boot, bootlen, "%s", value);
	else if (!strcmp(key, "features"))
		return sched_features_parse(value, &o->original, err, errlen);
	return 0;	/* a later version's key */
}

/* The record's text into o; the boot id it names into boot. */
static int parse_record(char *text, struct feature_owner *o, char *boot,
			size_t bootlen, char *err, size_t errlen)
{
	char *line, *save = NULL;
	int ret;

	memset(o, 0, sizeof(*o));
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' ');

		if (line[0] == '#')
			continue;
		if (!sp) {
			error_msg(err, errlen, "line \"%.40s\" is not \"key value\"",
				  line);
			return -EINVAL;
		}
		*sp = '\0';
		ret = parse_line(line, sp + 1, o, boot, bootlen, err, errlen);
		if (ret)
			return ret;
	}
	if (o->pid <= 0 || !o->path[0] || !o->original.n) {
		error_msg(err, errlen, "it lacks %s", o->pid <= 0 ? "a pid" :
			  !o->path[0] ? "the features file" : "the features");
		return -EINVAL;
	}
	return 0;
}

/* Whether the record's process still runs (the same one, not a reused pid). */
static bool owner_alive(const struct feature_owner *o)
{
	if (kill(o->pid, 0) && errno == ESRCH)
		return false;
	return start_ticks(o->pid) == o->start_ticks;
}

int feature_owner_read(const char *dir, struct feature_owner *o,
		       enum feature_owner_state *state, char *err,
		       size_t errlen)
{
	char path[4200], boot[FEATURE_BOOT_ID_MAX], now[FEATURE_BOOT_ID_MAX];
	size_t len;
	char *buf;
	int ret;

	*state = FEATURE_OWNER_NONE;
	record_path(dir, path, sizeof(path));
	ret = read_file(path, &buf, &len, err, errlen);
	if (ret == -ENOENT) {
		error_msg(err, errlen, "%s", "");	/* none: no error */
		return 0;
	}
	if (ret)
		return ret;
	boot[0] = '\0';
	ret = parse_record(buf, o, boot, sizeof(boot), err, errlen);
	free(buf);
	if (ret) {
		error_msg_prefix(err, errlen, path);
		return ret;
	}
	feature_boot_id(now, sizeof(now));
	if (strcmp(boot, now))
		return 0;	/* features start as the kernel's defaults */
	*state = owner_alive(o) ? FEATURE_OWNER_LIVE : FEATURE_OWNER_GONE;
	return 0;
}

struct record_args {
	const char *command, *path;
	const struct sched_features *original;
};

static int write_record(FILE *f, void *arg)
{
	char list[SCHED_FEATURES_MAX * (SCHED_FEATURE_NAME_MAX + 4)];
	const struct record_args *a = arg;
	char boot[FEATURE_BOOT_ID_MAX];

	feature_boot_id(boot, sizeof(boot));
	sched_features_format(a->original, list, sizeof(list));
	return fprintf(f, "# the sched features as found before pid %d "
		       "(schedscope %s) changed them\npid %d\nstart_ticks %llu\n"
		       "since %lld\ncommand %s\nboot %s\npath %s\nfeatures %s\n",
		       (int)getpid(), a->command, (int)getpid(),
		       start_ticks(getpid()), (long long)time(NULL), a->command,
		       boot, a->path, list) < 0 ? -EIO : 0;
}

int feature_owner_claim(const char *dir, const char *command,
			const char *path,
			const struct sched_features *original,
			char *err, size_t errlen)
{
	struct record_args a = { command, path, original };
	char rec[4200];
	int ret;

	ret = feature_dir_make(dir, err, errlen);
	if (ret)
		return ret;
	record_path(dir, rec, sizeof(rec));
	/* created whole or not at all: of two claims one gets it */
	ret = atomic_file_create(rec, write_record, &a, err, errlen);
	return ret == -EEXIST ? -EBUSY : ret;
}

int feature_owner_release(const char *dir, char *err, size_t errlen)
{
	char rec[4200];
	int ret;

	record_path(dir, rec, sizeof(rec));
	if (unlink(rec) && errno != ENOENT) {
		ret = -errno;
		error_msg(err, errlen, "cannot remove %s: %s", rec, strerror(-ret));
		return ret;
	}
	return 0;
}

void feature_owner_name(const struct feature_owner *o, char *buf, size_t len)
{
	time_t t = (time_t)o->since;
	char when[32] = "?";
	struct tm tm;

	if (localtime_r(&t, &tm))
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
	snprintf(buf, len, "schedscope %s (pid %d, since %s)",
		 o->command[0] ? o->command : "?", o->pid, when);
}
