// SPDX-License-Identifier: GPL-2.0
/* cgroup ids to paths, the recent ones kept (lib/cgroup_names.h). */
#include "lib/cgroup_names.h"
#include "lib/cgroup_path.h"

const char *cgroup_name(struct cgroup_names *names, uint64_t id)
{
	struct cgroup_name *e;
	unsigned int i;

	if (!id)
		return NULL;
	for (i = 0; i < CGROUP_NAMES_KEPT; i++) {
		e = &names->kept[i];
		if (e->id == id)
			return e->found ? e->path : NULL;
	}
	e = &names->kept[names->next++ % CGROUP_NAMES_KEPT];
	e->id = id;
	e->found = !cgroup_path_of_id(names->root, id, e->path,
				      sizeof(e->path));
	return e->found ? e->path : NULL;
}
