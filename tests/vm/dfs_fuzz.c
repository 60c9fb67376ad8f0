// SPDX-License-Identifier: GPL-2.0
/*
 * dfs_fuzz - several processes write valid and invalid lines to the
 * module's writable debugfs files at the same time, for a fixed time, and
 * check each answer against docs/interface.md ("Writing"):
 *
 *   - a valid line is accepted whole (the write returns its length);
 *   - an invalid one fails with a documented errno: EINVAL, E2BIG (longer
 *     than the file accepts) or ENOENT (cgroup=PATH of no cgroup);
 *   - a write at a file offset other than 0 is not a line: EINVAL, or
 *     ESPIPE from pwrite() on enable and filter (seq_file files, which
 *     take no positioned writes: the VFS refuses before the module).
 *
 * What the lines are: the accepted forms (with and without a newline),
 * random bytes of random lengths, valid lines with one byte changed, known
 * bad forms, huge writes (up to 1 MiB), a line split over two write()s on
 * one descriptor, a write at an offset (pwrite), and a write after a read
 * on the same descriptor.  Whether a line is valid is decided by a model of
 * the documented syntax (model_line()); where the documentation leaves it
 * open (leading zeros, non-ASCII bytes in a comm, a cgroup path that may or
 * may not exist at that moment) either answer passes, but an error must
 * still be a documented one.
 *
 * With --cgroup NAME a further process creates and removes the cgroup v2
 * directory /sys/fs/cgroup/NAME all the time, while the writers set filters
 * on it.
 *
 * Afterwards, with every writer stopped: `enable` and `filter` must read
 * back the last line that one of the writers had accepted (the state is
 * that of the last write the module took; each writer's later writes were
 * refused, or there were none).
 *
 * Usage: dfs_fuzz [--seconds S] [--writers N] [--debugfs DIR] [--pid PID]
 *                 [--cgroup NAME] [--seed N]
 * Prints per file the writes tried, accepted and refused (by errno), the
 * unexpected answers (the first ones in full), the final values; exits 1
 * if any answer or final value is wrong, 2 if it could not run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_WRITERS	16
#define FILTER_MAX	4096		/* docs: filter takes 4096 bytes */
#define HUGE_MAX	(1 << 20)
#define PID_MAX_LIMIT	4194304
#define REPORT_MAX	8		/* unexpected answers printed per writer */
#define CGROUP_ROOT	"/sys/fs/cgroup"
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

enum file_id { F_ENABLE, F_RESET, F_FILTER, NR_FILES };

static const char * const file_names[NR_FILES] = {
	[F_ENABLE] = "enable",
	[F_RESET] = "reset",
	[F_FILTER] = "filter",
};

/* What the documentation says a write must do. */
enum expect { MUST_ACCEPT, MUST_REFUSE, MAY_EITHER };

enum answer { A_EINVAL, A_E2BIG, A_ENOENT, A_ESPIPE, A_OTHER, NR_ANSWERS };

enum mode { M_WHOLE, M_SPLIT, M_OFFSET, M_AFTER_READ, NR_MODES };

static const char * const mode_names[NR_MODES] = {
	[M_WHOLE] = "whole",
	[M_SPLIT] = "split",
	[M_OFFSET] = "offset",
	[M_AFTER_READ] = "after-read",
};

struct file_counts {
	unsigned long tried, accepted, refused;
	unsigned long answers[NR_ANSWERS];
	unsigned long unexpected;
};

/* One per writer, in memory shared with the parent. */
struct writer_state {
	struct file_counts files[NR_FILES];
	unsigned long modes[NR_MODES];
	unsigned long reported;
	bool has_last[NR_FILES];
	char last[NR_FILES][FILTER_MAX + 2];	/* last accepted line */
};

static struct {
	const char *dir;
	const char *cgroup;		/* NAME under CGROUP_ROOT, or NULL */
	int seconds;
	int writers;
	unsigned long pid;		/* a live task for pid=/tgid=, or 0 */
	uint64_t seed;
} opt = { .dir = "/sys/kernel/debug/schedscope", .seconds = 5, .writers = 4 };

static struct writer_state *states;
static uint64_t rng;
static char *huge;

static void die(const char *what)
{
	perror(what);
	exit(2);
}

static uint64_t next_rand(void)
{
	/* xorshift64* */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ULL;
}

static unsigned long rand_below(unsigned long n)
{
	return n ? next_rand() % n : 0;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool is_digits(const char *s, size_t len)
{
	size_t i;

	if (!len)
		return false;
	for (i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

static bool has_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !memcmp(s, prefix, n);
}

/* pid=N, tgid=N: N in [1, PID_MAX_LIMIT], decimal, nothing else. */
static enum expect model_id(const char *s, size_t len)
{
	unsigned long long v = 0;
	size_t i;

	if (!is_digits(s, len))
		return MUST_REFUSE;
	for (i = 0; i < len && v <= PID_MAX_LIMIT; i++)
		v = v * 10 + (s[i] - '0');
	if (!v || v > PID_MAX_LIMIT)
		return MUST_REFUSE;
	return s[0] == '0' ? MAY_EITHER : MUST_ACCEPT;	/* leading zeros: not said */
}

/* comm=NAME: 1 to 15 printable bytes (ASCII; others are not said). */
static enum expect model_comm(const char *s, size_t len)
{
	enum expect e = MUST_ACCEPT;
	size_t i;

	if (!len || len > 15)
		return MUST_REFUSE;
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c < 0x20 || c == 0x7f)
			return MUST_REFUSE;
		if (c >= 0x80)
			e = MAY_EITHER;
	}
	return e;
}

/* cgroup=PATH: the paths we know exist are valid; others may exist. */
static enum expect model_cgroup(const char *s, size_t len)
{
	static const char * const always[] = { "/", CGROUP_ROOT };
	size_t i;

	if (!len || s[0] != '/')
		return MUST_REFUSE;
	for (i = 0; i < ARRAY_SIZE(always); i++)
		if (len == strlen(always[i]) && !memcmp(s, always[i], len))
			return MUST_ACCEPT;
	return MAY_EITHER;
}

/*
 * What a write of @len bytes at file offset @off must do, from the
 * documented syntax: one line, one trailing newline allowed.
 */
static enum expect model_line(enum file_id f, const char *buf, size_t len,
			      off_t off)
{
	if (off)
		return MUST_REFUSE;
	if (len && buf[len - 1] == '\n')
		len--;
	if (!len || memchr(buf, '\0', len) || memchr(buf, '\n', len))
		return MUST_REFUSE;
	switch (f) {
	case F_ENABLE:
		return len == 1 && (buf[0] == '0' || buf[0] == '1') ?
		       MUST_ACCEPT : MUST_REFUSE;
	case F_RESET:
		return len == 1 && buf[0] == '1' ? MUST_ACCEPT : MUST_REFUSE;
	default:
		break;
	}
	if (len + 1 > FILTER_MAX)	/* a valid filter is shorter anyway */
		return has_prefix(buf, len, "cgroup=") ? MAY_EITHER : MUST_REFUSE;
	if (len == 4 && !memcmp(buf, "none", 4))
		return MUST_ACCEPT;
	if (has_prefix(buf, len, "pid="))
		return model_id(buf + 4, len - 4);
	if (has_prefix(buf, len, "tgid="))
		return model_id(buf + 5, len - 5);
	if (has_prefix(buf, len, "comm="))
		return model_comm(buf + 5, len - 5);
	if (has_prefix(buf, len, "cgroup="))
		return model_cgroup(buf + 7, len - 7);
	return MUST_REFUSE;
}

/* Is errno @err a documented answer to this refused write? */
static bool documented(enum file_id f, enum mode m, int err, const char *buf,
		       size_t len)
{
	switch (err) {
	case ESPIPE:
		return m == M_OFFSET && f != F_RESET;
	case EINVAL:
		return true;
	case E2BIG:
		/* longer than the longest valid line of the file */
		return f == F_FILTER ? len >= FILTER_MAX : len > 2;
	case ENOENT:
		return f == F_FILTER && has_prefix(buf, len, "cgroup=");
	default:
		return false;
	}
}

static enum answer answer_of(int err)
{
	switch (err) {
	case EINVAL:
		return A_EINVAL;
	case E2BIG:
		return A_E2BIG;
	case ENOENT:
		return A_ENOENT;
	case ESPIPE:
		return A_ESPIPE;
	default:
		return A_OTHER;
	}
}

/* Prints @len bytes of @buf, escaped, the first @max of them. */
static void print_escaped(const char *buf, size_t len, size_t max)
{
	size_t i;

	for (i = 0; i < len && i < max; i++) {
		unsigned char c = buf[i];

		if (c >= 0x21 && c < 0x7f && c != '\\')
			putchar(c);
		else
			printf("\\x%02x", c);
	}
	if (len > max)
		printf("... (%zu bytes)", len);
}

static const char *expect_name(enum expect e)
{
	return e == MUST_ACCEPT ? "valid" : e == MUST_REFUSE ? "invalid" : "either";
}

/* Counts one write and its answer (@ret, @err); false if unexpected. */
static bool account(struct writer_state *w, int id, enum file_id f,
		    enum mode m, const char *buf, size_t len, off_t off,
		    ssize_t ret, int err)
{
	struct file_counts *c = &w->files[f];
	enum expect e = model_line(f, buf, len, off);
	const char *why = NULL;

	c->tried++;
	w->modes[m]++;
	if (ret >= 0) {
		c->accepted++;
		if ((size_t)ret != len)
			why = "short write";
		else if (e == MUST_REFUSE)
			why = "accepted";
		if (!why && f != F_RESET) {
			size_t n = len && buf[len - 1] == '\n' ? len - 1 : len;

			memcpy(w->last[f], buf, n);
			w->last[f][n] = '\0';
			w->has_last[f] = true;
		}
	} else {
		c->refused++;
		c->answers[answer_of(err)]++;
		if (!documented(f, m, err, buf, len))
			why = "undocumented errno";
		else if (e == MUST_ACCEPT)
			why = "refused";
	}
	if (!why)
		return true;
	c->unexpected++;
	if (w->reported++ < REPORT_MAX) {
		printf("FAIL writer %d: %s: %s write of %zu bytes at offset %lld, %s by the docs: ",
		       id, file_names[f], mode_names[m], len, (long long)off,
		       expect_name(e));
		if (ret >= 0)
			printf("returned %zd", ret);
		else
			printf("%s", strerrorname_np(err));
		printf(" (%s): '", why);
		print_escaped(buf, len, 48);
		printf("'\n");
		fflush(stdout);
	}
	return false;
}

/* A valid line for @f, with or without its newline, into @buf. */
static size_t make_valid(enum file_id f, char *buf)
{
	static const char comm_chars[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-:";
	size_t len, i, n;

	switch (f) {
	case F_ENABLE:
		len = sprintf(buf, "%lu", rand_below(2));
		break;
	case F_RESET:
		len = sprintf(buf, "1");
		break;
	default:
		switch (rand_below(8)) {
		case 0:
			len = sprintf(buf, "none");
			break;
		case 1:
		case 2:
			len = sprintf(buf, "%s=%lu", rand_below(2) ? "pid" : "tgid",
				      opt.pid && rand_below(2) ? opt.pid :
				      1 + rand_below(PID_MAX_LIMIT));
			break;
		case 3:
		case 4:
			n = 1 + rand_below(15);
			len = sprintf(buf, "comm=");
			for (i = 0; i < n; i++)
				buf[len++] = comm_chars[rand_below(sizeof(comm_chars) - 1)];
			buf[len] = '\0';
			break;
		case 5:
			len = sprintf(buf, "cgroup=%s", rand_below(2) ? "/" : CGROUP_ROOT);
			break;
		default:
			/* the cgroup that comes and goes: may be ENOENT */
			if (opt.cgroup)
				len = sprintf(buf, "cgroup=%s/%s",
					      rand_below(2) ? CGROUP_ROOT : "",
					      opt.cgroup);
			else
				len = sprintf(buf, "none");
			break;
		}
	}
	if (rand_below(2))
		buf[len++] = '\n';
	return len;
}

/* Forms the documentation names as bad, for any of the files. */
static const char * const bad_forms[] = {
	"", "\n", "\n\n", "1\n\n", " 1", "1 ", "01", "2", "-1", "0x1", "true",
	"none ", " none", "NONE", "nonee", "pid", "pid=", "pid=0", "pid=-1",
	"pid=+5", "pid= 5", "pid=5 ", "pid=5x", "pid=4194305",
	"pid=99999999999999999999", "tgid=", "tgid=-7", "PID=5", "comm=",
	"comm=0123456789abcdef", "comm=a\tb", "comm=a\nb", "cgroup=",
	"cgroup=relative/path", "cgroup=/no/such/cgroup", "pid=5\nx",
};

/* The line to write to @f, into @buf (HUGE_MAX bytes); its length. */
static size_t make_line(enum file_id f, char *buf)
{
	size_t len, i;
	const char *s;

	switch (rand_below(10)) {
	case 0:
	case 1:
	case 2:
	case 3:
		return make_valid(f, buf);
	case 4:	/* random bytes, random length */
		len = rand_below(rand_below(4) ? 24 : 300);
		for (i = 0; i < len; i++)
			buf[i] = next_rand();
		return len;
	case 5:	/* a valid line with one byte changed, added or removed */
		len = make_valid(f, buf);
		i = rand_below(len + 1);
		switch (i < len ? rand_below(3) : 1) {
		case 0:
			buf[i] = next_rand();
			break;
		case 1:
			memmove(buf + i + 1, buf + i, len - i);
			buf[i] = next_rand();
			len++;
			break;
		default:
			memmove(buf + i, buf + i + 1, len - i - 1);
			len--;
			break;
		}
		return len;
	case 6:
	case 7:	/* a known bad form, maybe with an embedded NUL */
		s = bad_forms[rand_below(ARRAY_SIZE(bad_forms))];
		len = strlen(s);
		memcpy(buf, s, len);
		if (!rand_below(5))
			buf[len++] = '\0';
		return len;
	case 8:	/* around the filter's limit: a long cgroup path */
		len = FILTER_MAX - 4 + rand_below(9);
		memcpy(buf, "cgroup=/", 8);
		memset(buf + 8, 'a' + rand_below(26), len - 8);
		return len;
	default:	/* huge: beyond every limit, up to 1 MiB */
		len = FILTER_MAX + 1 + rand_below(HUGE_MAX - FILTER_MAX);
		if (rand_below(2)) {
			memset(buf, '1', len);
		} else {
			memcpy(buf, "comm=", 5);
			for (i = 5; i < len; i++)
				buf[i] = 'a' + (i & 15);
		}
		return len;
	}
}

static off_t position(int fd)
{
	off_t off = lseek(fd, 0, SEEK_CUR);

	return off < 0 ? 0 : off;
}

/* One write of @len bytes of @buf in mode @m; false if unexpected. */
static bool one_write(struct writer_state *w, int id, enum file_id f,
		      const char *buf, size_t len)
{
	char path[512], rbuf[64];
	enum mode m = rand_below(NR_MODES);
	ssize_t ret;
	size_t first;
	off_t off;
	bool ok;
	int fd;

	if (f == F_RESET && m == M_AFTER_READ)
		m = M_WHOLE;	/* write-only */
	snprintf(path, sizeof(path), "%s/%s", opt.dir, file_names[f]);
	fd = open(path, m == M_AFTER_READ ? O_RDWR : O_WRONLY);
	if (fd < 0)
		die(path);
	switch (m) {
	case M_SPLIT:
		/* two write()s: each must stand alone, at the position then */
		first = len > 1 ? 1 + rand_below(len - 1) : len;
		off = position(fd);
		ret = write(fd, buf, first);
		ok = account(w, id, f, m, buf, first, off, ret, errno);
		if (first < len) {
			off = position(fd);
			ret = write(fd, buf + first, len - first);
			ok &= account(w, id, f, m, buf + first, len - first, off,
				      ret, errno);
		}
		break;
	case M_OFFSET:
		off = 1 + rand_below(64);
		ret = pwrite(fd, buf, len, off);
		ok = account(w, id, f, m, buf, len, off, ret, errno);
		break;
	case M_AFTER_READ:
		if (read(fd, rbuf, 1 + rand_below(sizeof(rbuf))) < 0)
			die(path);
		off = position(fd);
		ret = write(fd, buf, len);
		ok = account(w, id, f, m, buf, len, off, ret, errno);
		break;
	default:
		ret = write(fd, buf, len);
		ok = account(w, id, f, m, buf, len, 0, ret, errno);
		break;
	}
	close(fd);
	return ok;
}

static void writer(int id)
{
	struct writer_state *w = &states[id];
	double end = now_s() + opt.seconds;
	enum file_id f;
	size_t len;

	rng = opt.seed + 0x9e3779b97f4a7c15ULL * (id + 1);
	huge = malloc(HUGE_MAX + 1);
	if (!huge)
		die("malloc");
	while (now_s() < end) {
		/* enable is slow (probes attach and detach): fewer of those */
		f = rand_below(10);
		f = f < 2 ? F_ENABLE : f < 4 ? F_RESET : F_FILTER;
		len = make_line(f, huge);
		one_write(w, id, f, huge, len);
	}
	exit(0);
}

/* Creates and removes CGROUP_ROOT/NAME until killed. */
static void cgroup_churn(void)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", CGROUP_ROOT, opt.cgroup);
	for (;;) {
		if (mkdir(path, 0755) && errno != EEXIST)
			die(path);
		usleep(2000);
		if (rmdir(path) && errno != ENOENT)
			die(path);
		usleep(2000);
	}
}

/* The file's content without its newline, into @buf. */
static void read_back(enum file_id f, char *buf, size_t size)
{
	char path[512];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", opt.dir, file_names[f]);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		die(path);
	n = read(fd, buf, size - 1);
	if (n < 0)
		die(path);
	close(fd);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
}

/* pid=007 reads back as pid=7; everything else as written. */
static void canonical(const char *line, char *out, size_t size)
{
	const char *eq = strchr(line, '=');

	if (eq && (!strncmp(line, "pid=", 4) || !strncmp(line, "tgid=", 5)) &&
	    is_digits(eq + 1, strlen(eq + 1)))
		snprintf(out, size, "%.*s%lu", (int)(eq + 1 - line), line,
			 strtoul(eq + 1, NULL, 10));
	else
		snprintf(out, size, "%s", line);
}

/* The final value of @f is the last accepted line of one writer. */
static bool check_final(enum file_id f, const char *before)
{
	char now[FILTER_MAX + 64], want[FILTER_MAX + 64];
	bool any = false;
	int i;

	read_back(f, now, sizeof(now));
	for (i = 0; i < opt.writers; i++) {
		if (!states[i].has_last[f])
			continue;
		any = true;
		canonical(states[i].last[f], want, sizeof(want));
		if (!strcmp(now, want)) {
			printf("ok   final %s '", file_names[f]);
			print_escaped(now, strlen(now), 64);
			printf("': the last accepted write of writer %d\n", i);
			return true;
		}
	}
	if (!any && !strcmp(now, before)) {
		printf("ok   final %s '", file_names[f]);
		print_escaped(now, strlen(now), 64);
		printf("': as before, no write accepted\n");
		return true;
	}
	printf("FAIL final %s '", file_names[f]);
	print_escaped(now, strlen(now), 64);
	printf("': not the last accepted write of any writer (");
	for (i = 0; i < opt.writers; i++) {
		const char *last = states[i].has_last[f] ? states[i].last[f] : "-";

		printf("%s%d: '", i ? ", " : "", i);
		print_escaped(last, strlen(last), 64);
		printf("'");
	}
	printf(")\n");
	return false;
}

static void print_usage(int status)
{
	fprintf(status ? stderr : stdout,
		"Usage: dfs_fuzz [--seconds S] [--writers N] [--debugfs DIR] [--pid PID]\n"
		"                [--cgroup NAME] [--seed N]\n");
	exit(status);
}

static void parse_args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seconds", required_argument, NULL, 's' },
		{ "writers", required_argument, NULL, 'w' },
		{ "debugfs", required_argument, NULL, 'd' },
		{ "pid", required_argument, NULL, 'p' },
		{ "cgroup", required_argument, NULL, 'c' },
		{ "seed", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c;

	opt.seed = time(NULL) ^ ((uint64_t)getpid() << 32);
	while ((c = getopt_long(argc, argv, "s:w:d:p:c:S:h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			opt.seconds = atoi(optarg);
			break;
		case 'w':
			opt.writers = atoi(optarg);
			break;
		case 'd':
			opt.dir = optarg;
			break;
		case 'p':
			opt.pid = strtoul(optarg, NULL, 10);
			break;
		case 'c':
			opt.cgroup = optarg;
			break;
		case 'S':
			opt.seed = strtoull(optarg, NULL, 0);
			break;
		case 'h':
			print_usage(0);
			break;
		default:
			print_usage(2);
		}
	}
	if (optind != argc || opt.seconds < 1 || opt.seconds > 86400 ||
	    opt.writers < 1 || opt.writers > MAX_WRITERS ||
	    (opt.cgroup && (!*opt.cgroup || strchr(opt.cgroup, '/'))))
		print_usage(2);
	if (!opt.seed)
		opt.seed = 1;
}

int main(int argc, char **argv)
{
	char enable_before[64], filter_before[FILTER_MAX + 64];
	unsigned long total_unexpected = 0, modes[NR_MODES] = { 0 };
	pid_t pids[MAX_WRITERS], churn = 0;
	int i, m, status, failed = 0;
	double start;
	enum file_id f;

	parse_args(argc, argv);
	setvbuf(stdout, NULL, _IOLBF, 0);
	states = mmap(NULL, sizeof(*states) * opt.writers, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (states == MAP_FAILED)
		die("mmap");
	read_back(F_ENABLE, enable_before, sizeof(enable_before));
	read_back(F_FILTER, filter_before, sizeof(filter_before));
	printf("# dfs_fuzz: %d writers, %d s, seed %llu%s%s\n", opt.writers,
	       opt.seconds, (unsigned long long)opt.seed,
	       opt.cgroup ? ", cgroup churn on " CGROUP_ROOT "/" : "",
	       opt.cgroup ? opt.cgroup : "");

	if (opt.cgroup) {
		churn = fork();
		if (churn < 0)
			die("fork");
		if (!churn)
			cgroup_churn();
	}
	start = now_s();
	for (i = 0; i < opt.writers; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			die("fork");
		if (!pids[i])
			writer(i);
	}
	for (i = 0; i < opt.writers; i++) {
		if (waitpid(pids[i], &status, 0) < 0)
			die("waitpid");
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			printf("FAIL writer %d ended with status %#x\n", i, status);
			failed = 1;
		}
	}
	if (churn) {
		char path[512];

		kill(churn, SIGKILL);
		waitpid(churn, NULL, 0);
		snprintf(path, sizeof(path), "%s/%s", CGROUP_ROOT, opt.cgroup);
		rmdir(path);
	}

	printf("# %.1f s; refused: (EINVAL E2BIG ENOENT ESPIPE other)\n",
	       now_s() - start);
	for (f = 0; f < NR_FILES; f++) {
		struct file_counts sum = { 0 };
		int a;

		for (i = 0; i < opt.writers; i++) {
			const struct file_counts *c = &states[i].files[f];

			sum.tried += c->tried;
			sum.accepted += c->accepted;
			sum.refused += c->refused;
			for (a = 0; a < NR_ANSWERS; a++)
				sum.answers[a] += c->answers[a];
			sum.unexpected += c->unexpected;
		}
		printf("%-4s %-6s tried %5lu accepted %5lu refused %5lu (%lu %lu %lu %lu %lu) unexpected %lu\n",
		       sum.unexpected || !sum.accepted || !sum.refused ? "FAIL" : "ok",
		       file_names[f], sum.tried, sum.accepted, sum.refused,
		       sum.answers[A_EINVAL], sum.answers[A_E2BIG],
		       sum.answers[A_ENOENT], sum.answers[A_ESPIPE],
		       sum.answers[A_OTHER], sum.unexpected);
		if (!sum.accepted || !sum.refused)
			failed = 1;
		total_unexpected += sum.unexpected;
	}
	for (i = 0; i < opt.writers; i++)
		for (m = 0; m < NR_MODES; m++)
			modes[m] += states[i].modes[m];
	printf("#    writes by mode:");
	for (m = 0; m < NR_MODES; m++)
		printf(" %s %lu", mode_names[m], modes[m]);
	printf("\n");
	if (total_unexpected)
		failed = 1;
	if (!check_final(F_ENABLE, enable_before))
		failed = 1;
	if (!check_final(F_FILTER, filter_before))
		failed = 1;
	return failed;
}
