// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kmod/btf_layout.h"
#include "lib/btf_load.h"
#include "lib/error_msg.h"

/* A member of struct/union type_id by name, looking into anonymous ones. */
static bool find_member(const struct btf *btf, __u32 type_id, const char *name,
			__u32 base_bits, __u32 *bit_off, __u32 *member_type,
			bool *bitfield)
{
	const struct btf_type *t = btf__type_by_id(btf, type_id);
	const struct btf_member *m;
	int i, n;

	if (!t || !btf_is_composite(t))
		return false;
	m = btf_members(t);
	n = btf_vlen(t);
	for (i = 0; i < n; i++, m++) {
		const char *mname = btf__name_by_offset(btf, m->name_off);
		__u32 off = base_bits + btf_member_bit_offset(t, i);

		if (mname && *mname) {
			if (strcmp(mname, name))
				continue;
			*bit_off = off;
			*member_type = m->type;
			*bitfield = btf_member_bitfield_size(t, i) != 0;
			return true;
		}
		/* Anonymous struct or union: its members are cfs_rq's. */
		int inner = btf__resolve_type(btf, m->type);

		if (inner > 0 && find_member(btf, inner, name, off, bit_off,
					     member_type, bitfield))
			return true;
	}
	return false;
}

enum want { WANT_U64, WANT_S64, WANT_PTR, WANT_U32 };

/* Is the member an 8-byte integer (signed for WANT_S64), a 4-byte one, or a pointer? */
static bool kind_ok(const struct btf *btf, __u32 type_id, enum want want)
{
	int id = btf__resolve_type(btf, type_id);
	const struct btf_type *t = id > 0 ? btf__type_by_id(btf, id) : NULL;

	if (!t)
		return false;
	if (want == WANT_PTR)
		return btf_is_ptr(t);
	if (want == WANT_U32)
		return btf_is_int(t) && t->size == 4;
	if (!btf_is_int(t) || t->size != 8)
		return false;
	return want == WANT_U64 || (btf_int_encoding(t) & BTF_INT_SIGNED);
}

/*
 * The first of names[] that cfs_rq has with the wanted kind: 1 and its
 * byte offset; 0 if none is there; -1 if one is there of another kind.
 */
static int lookup(const struct btf *btf, __u32 cfs_rq, const char *const *names,
		  enum want want, unsigned int *offset, const char **found,
		  const char **wrong)
{
	__u32 bits, type;
	bool bitfield;
	int i;

	*wrong = NULL;
	for (i = 0; names[i]; i++) {
		if (!find_member(btf, cfs_rq, names[i], 0, &bits, &type, &bitfield))
			continue;
		if (bitfield || bits % 8 || !kind_ok(btf, type, want)) {
			if (!*wrong)
				*wrong = names[i];
			continue;
		}
		*offset = bits / 8;
		*found = names[i];
		return 1;
	}
	return *wrong ? -1 : 0;
}

/* Byte offset of cfs_rq.load.weight, or 0 with *ok false. */
static unsigned int load_weight_offset(const struct btf *btf, __u32 cfs_rq,
				       bool *ok)
{
	__u32 bits, type, wbits, wtype;
	bool bitfield;
	int inner;

	*ok = false;
	if (!find_member(btf, cfs_rq, "load", 0, &bits, &type, &bitfield) ||
	    bitfield)
		return 0;
	inner = btf__resolve_type(btf, type);
	if (inner <= 0 ||
	    !find_member(btf, inner, "weight", bits, &wbits, &wtype, &bitfield) ||
	    bitfield || wbits % 8 || !kind_ok(btf, wtype, WANT_U64))
		return 0;
	*ok = true;
	return wbits / 8;
}

/*
 * Byte offset of cfs_rq.tasks_timeline, the struct rb_root_cached that
 * pick_eevdf() searches, or 0 with *ok false.
 */
static unsigned int timeline_offset(const struct btf *btf, __u32 cfs_rq,
				    bool *ok)
{
	const struct btf_type *t;
	const char *name;
	__u32 bits, type;
	bool bitfield;
	int id;

	*ok = false;
	if (!find_member(btf, cfs_rq, "tasks_timeline", 0, &bits, &type,
			 &bitfield) || bitfield || bits % 64)
		return 0;
	id = btf__resolve_type(btf, type);
	t = id > 0 ? btf__type_by_id(btf, id) : NULL;
	if (!t || !btf_is_struct(t) || t->size != 16)
		return 0;
	name = btf__name_by_offset(btf, t->name_off);
	if (!name || strcmp(name, "rb_root_cached"))
		return 0;
	*ok = true;
	return bits / 8;
}

/*
 * Where struct rq keeps next_class (7.x), as a byte offset from its cfs
 * member, the root cfs_rq: the module finds a CPU's rq from that.  0 with
 * *ok false where struct rq has no such pointer.
 */
static int rq_next_class_offset(const struct btf *btf, bool *ok)
{
	int rq = btf__find_by_name_kind(btf, "rq", BTF_KIND_STRUCT);
	__u32 cfs_bits, next_bits, type;
	const struct btf_type *t;
	const char *name;
	bool bitfield;
	int id;

	*ok = false;
	if (rq <= 0 ||
	    !find_member(btf, rq, "cfs", 0, &cfs_bits, &type, &bitfield) ||
	    bitfield || cfs_bits % 64)
		return 0;
	id = btf__resolve_type(btf, type);
	t = id > 0 ? btf__type_by_id(btf, id) : NULL;
	name = t && btf_is_struct(t) ? btf__name_by_offset(btf, t->name_off) : NULL;
	if (!name || strcmp(name, "cfs_rq") ||
	    !find_member(btf, rq, "next_class", 0, &next_bits, &type, &bitfield) ||
	    bitfield || next_bits % 64 || !kind_ok(btf, type, WANT_PTR))
		return 0;
	*ok = true;
	return (int)(next_bits / 8) - (int)(cfs_bits / 8);
}

/* Does struct sched_entity have a member NAME? */
static bool entity_has(const struct btf *btf, const char *name)
{
	int id = btf__find_by_name_kind(btf, "sched_entity", BTF_KIND_STRUCT);
	__u32 bits, type;
	bool bitfield;

	return id > 0 && find_member(btf, id, name, 0, &bits, &type, &bitfield);
}

/*
 * How V weighs entities (module/eevdf.h): sum_shift in cfs_rq came with the
 * full weights of 7.1; h_load in sched_entity with the flat tree of 7.3.
 */
static void find_model(const struct btf *btf, __u32 cfs_rq, struct btf_layout *l)
{
	static const char *const shift_names[] = { "sum_shift", NULL };
	static const char *const idle_names[] = { "idle", NULL };
	static const char *const next_names[] = { "next", NULL };
	const char *found, *wrong;

	l->load_ok = false;
	l->load = load_weight_offset(btf, cfs_rq, &l->load_ok);
	l->sum_shift_ok = lookup(btf, cfs_rq, shift_names, WANT_U32,
				 &l->sum_shift, &found, &wrong) == 1;
	/* a group's cpu.idle: an int, read as 4 bytes */
	l->idle_ok = lookup(btf, cfs_rq, idle_names, WANT_U32, &l->idle,
			    &found, &wrong) == 1;
	/* the next buddy, which pick_eevdf() takes first under PICK_BUDDY */
	l->next_ok = lookup(btf, cfs_rq, next_names, WANT_PTR, &l->next,
			    &found, &wrong) == 1;
	if (!l->sum_shift_ok)
		l->model = BTF_MODEL_SCALED;
	else if (entity_has(btf, "h_load"))
		l->model = BTF_MODEL_FLAT;
	else
		l->model = BTF_MODEL_FULL;
}

const char *btf_layout_model_name(enum btf_model model)
{
	switch (model) {
	case BTF_MODEL_FULL:
		return "full";
	case BTF_MODEL_FLAT:
		return "flat";
	default:
		return "scaled";
	}
}

int btf_layout_from_btf(const struct btf *btf, struct btf_layout *l,
			char *err, size_t errlen)
{
	static const char *const v0_names[] = { "zero_vruntime", "min_vruntime", NULL };
	static const char *const sum_names[] = { "sum_w_vruntime", "avg_vruntime", NULL };
	static const char *const weight_names[] = { "sum_weight", "avg_load", NULL };
	static const char *const curr_names[] = { "curr", NULL };
	const char *v0 = NULL, *sum = NULL, *weight = NULL, *curr = NULL, *wrong;
	const struct btf_type *t;
	int id, r;

	memset(l, 0, sizeof(*l));
	id = btf__find_by_name_kind(btf, "cfs_rq", BTF_KIND_STRUCT);
	if (id <= 0) {
		error_msg(err, errlen, "no struct cfs_rq in the BTF");
		return -ENOENT;
	}
	t = btf__type_by_id(btf, id);
	l->size = t->size;

	r = lookup(btf, id, sum_names, WANT_S64, &l->sum_w_vruntime, &sum, &wrong);
	if (r == 0) {
		snprintf(l->reason, sizeof(l->reason), "this kernel's cfs_rq has "
			 "no avg_vruntime (CFS)");
		return 0;
	}
	if (r < 0) {
		snprintf(l->reason, sizeof(l->reason), "this kernel's cfs_rq "
			 "member %s is not an s64 sum", wrong);
		return 0;
	}
	r = lookup(btf, id, weight_names, WANT_U64, &l->sum_weight, &weight,
		   &wrong);
	if (r <= 0) {
		snprintf(l->reason, sizeof(l->reason), "this kernel's cfs_rq has "
			 "%s%s", r ? "a member that is not a 64-bit weight sum: " :
			 "no avg_load or sum_weight", r ? wrong : "");
		return 0;
	}
	r = lookup(btf, id, v0_names, WANT_U64, &l->v0, &v0, &wrong);
	if (r <= 0) {
		snprintf(l->reason, sizeof(l->reason), "this kernel's cfs_rq has "
			 "%s%s", r ? "a v0 that is not a u64: " :
			 "no zero_vruntime or min_vruntime", r ? wrong : "");
		return 0;
	}
	r = lookup(btf, id, curr_names, WANT_PTR, &l->curr, &curr, &wrong);
	if (r <= 0) {
		snprintf(l->reason, sizeof(l->reason), "this kernel's cfs_rq has "
			 "no curr pointer");
		return 0;
	}
	snprintf(l->v0_name, sizeof(l->v0_name), "%s", v0);
	snprintf(l->sum_name, sizeof(l->sum_name), "%s", sum);
	snprintf(l->weight_name, sizeof(l->weight_name), "%s", weight);
	find_model(btf, id, l);
	l->timeline = timeline_offset(btf, id, &l->timeline_ok);
	l->rq_next_class = rq_next_class_offset(btf, &l->rq_next_class_ok);
	l->eevdf = true;
	return 0;
}

int btf_layout_read(const char *path, struct btf_layout *l, char *err,
		    size_t errlen)
{
	struct btf *btf;
	int ret;

	memset(l, 0, sizeof(*l));
	btf = btf_load_quiet(path);
	if (!btf) {
		ret = errno ? -errno : -EINVAL;
		error_msg(err, errlen, "%s: cannot read BTF: %s",
			  path ? path : BTF_LAYOUT_VMLINUX, strerror(-ret));
		return ret;
	}
	ret = btf_layout_from_btf(btf, l, err, errlen);
	if (ret)
		error_msg_prefix(err, errlen, path ? path : BTF_LAYOUT_VMLINUX);
	btf__free(btf);
	return ret;
}

/* Byte offset of a member of struct @type of the wanted kind, or -1. */
static int struct_member(const struct btf *btf, const char *type,
			 const char *name, enum want want)
{
	int id = btf__find_by_name_kind(btf, type, BTF_KIND_STRUCT);
	__u32 bits, member_type;
	bool bitfield;

	if (id <= 0 ||
	    !find_member(btf, id, name, 0, &bits, &member_type, &bitfield) ||
	    bitfield || bits % 8 || !kind_ok(btf, member_type, want))
		return -1;
	return bits / 8;
}

int btf_rq_clock_param(const struct btf *btf, char *buf, size_t len,
		       char *why, size_t whylen)
{
	int rq = struct_member(btf, "cfs_rq", "rq", WANT_PTR);
	int clock = struct_member(btf, "rq", "clock", WANT_U64);
	int cpu = struct_member(btf, "rq", "cpu", WANT_U32);
	int n;

	if (rq < 0 || clock < 0 || cpu < 0) {
		error_msg(why, whylen, "no %s in this kernel's BTF",
			  rq < 0 ? "struct rq pointer in struct cfs_rq" :
			  clock < 0 ? "u64 clock in struct rq" :
			  "int cpu in struct rq");
		return -ENOENT;
	}
	n = snprintf(buf, len, "rq=%d,clock=%d,cpu=%d", rq, clock, cpu);
	return n < 0 || (size_t)n >= len ? -ENOSPC : 0;
}

int btf_rq_clock_read(const char *path, char *buf, size_t len, char *why,
		      size_t whylen)
{
	struct btf *btf = btf_load_quiet(path);
	int ret;

	if (!btf) {
		ret = errno ? -errno : -EINVAL;
		error_msg(why, whylen, "%s: cannot read BTF: %s",
			  path ? path : BTF_LAYOUT_VMLINUX, strerror(-ret));
		return ret;
	}
	ret = btf_rq_clock_param(btf, buf, len, why, whylen);
	btf__free(btf);
	return ret;
}

int btf_layout_param(const struct btf_layout *l, const char *path, char *buf,
		     size_t len)
{
	char source[256];
	size_t i;
	int n;

	snprintf(source, sizeof(source), "%s", path ? path : BTF_LAYOUT_VMLINUX);
	for (i = 0; source[i]; i++) {
		char c = source[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || strchr(":/._-", c)))
			source[i] = '_';
	}
	n = snprintf(buf, len, "size=%u,v0=%u,sum_w_vruntime=%u,sum_weight=%u,"
		     "curr=%u,", l->size, l->v0, l->sum_w_vruntime,
		     l->sum_weight, l->curr);
	if (n >= 0 && (size_t)n < len && l->load_ok)
		n += snprintf(buf + n, len - n, "load=%u,", l->load);
	if (n >= 0 && (size_t)n < len && l->sum_shift_ok)
		n += snprintf(buf + n, len - n, "sum_shift=%u,", l->sum_shift);
	if (n >= 0 && (size_t)n < len && l->timeline_ok)
		n += snprintf(buf + n, len - n, "timeline=%u,", l->timeline);
	if (n >= 0 && (size_t)n < len && l->idle_ok)
		n += snprintf(buf + n, len - n, "idle=%u,", l->idle);
	if (n >= 0 && (size_t)n < len && l->next_ok)
		n += snprintf(buf + n, len - n, "next=%u,", l->next);
	if (n >= 0 && (size_t)n < len && l->rq_next_class_ok)
		n += snprintf(buf + n, len - n, "rq_next_class=%d,",
			      l->rq_next_class);
	if (n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - n, "model=%s,names=%s/%s/%s,source=btf:%s",
			      btf_layout_model_name(l->model), l->v0_name,
			      l->sum_name, l->weight_name, source);
	return n < 0 || (size_t)n >= len ? -ENOSPC : 0;
}
